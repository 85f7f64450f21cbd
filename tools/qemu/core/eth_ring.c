/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The WQ ring helpers the SQ, RQ and LRO engines share (PRM 7.4, 7.7.2,
 * 7.9.2, 7.12.7): reads through a WQ's PAS list, its doorbell record's
 * counter, CQEs to its CQ (user_index set), error CQEs and the flush in
 * error.  Below the engines: calls the CQs, counters and the log only.
 */
#include "cx4dev_int.h"

int cx4dev_wq_read(struct cx4dev *dev, const struct cx4dev_wq *wq, uint32_t off, void *buf,
		   uint32_t len)
{
	uint64_t bytes = 1ull << (wq->log_size + wq->log_stride);
	uint64_t page = (uint64_t)CX4_PAGE_SIZE << wq->log_page_size;
	uint8_t *b = buf;

	while (len) {
		uint64_t o = off % bytes;
		uint64_t chunk = page - o % page;

		if (chunk > len)
			chunk = len;
		if (chunk > bytes - o)
			chunk = bytes - o;
		if (dev->ops->dma_read(dev->opaque, wq->pas[o / page] + o % page, b, chunk))
			return -1;
		b += chunk;
		off += (uint32_t)chunk;
		len -= (uint32_t)chunk;
	}
	return 0;
}

int cx4dev_wq_post_cqe(struct cx4dev *dev, const struct cx4dev_wq *wq, uint8_t *cqe)
{
	CX4_SET(CQE, cqe, USER_INDEX, wq->user_index);
	return cx4dev_cqe_post(dev, wq->cqn, cqe);
}

/* Counter of the doorbell record: send at +4, receive at +0 (Table 24). */
int cx4dev_wq_dbr(struct cx4dev *dev, const struct cx4dev_wq *wq, bool sq, uint16_t *ctr)
{
	uint8_t rec[CX4_WQ_DBR_SIZE];

	if (dev->ops->dma_read(dev->opaque, wq->dbr, rec, sizeof(rec)))
		return -1;
	*ctr = (uint16_t)cx4_get(rec, sq ? CX4_WQ_DBR_SND_COUNTER : CX4_WQ_DBR_RCV_COUNTER);
	return 0;
}

/* An error CQE (7.12.7) of the WQ; an SQ error other than a flush is counted. */
void cx4dev_wq_err_cqe(struct cx4dev *dev, struct cx4dev_wq *wq, bool sq, uint16_t counter,
		       uint32_t opcode, uint32_t syn, uint32_t vsyn)
{
	uint8_t cqe[CX4_CQE_SIZE] = { 0 };

	CX4_SET(CQE, cqe, OPCODE, sq ? CX4_CQE_OP_REQ_ERR : CX4_CQE_OP_RESP_ERR);
	CX4_SET(ERR_CQE, cqe, SYNDROME, syn);
	CX4_SET(ERR_CQE, cqe, VENDOR_ERR_SYNDROME, vsyn);
	CX4_SET(CQE, cqe, WQE_COUNTER, counter);
	if (sq)
		CX4_SET(CQE, cqe, S_WQE_OPCODE, opcode);
	dev->eth->cnt[sq ? CX4DEV_ETH_TX_ERR_CQES : CX4DEV_ETH_RX_ERR_CQES]++;
	if (sq && syn != CX4_CQE_SYN_WR_FLUSH_ERR) {
		cx4dev_vport_count_error(dev, true, 0);
		cx4dev_port_tx_error(dev);
	}
	cx4dev_wq_post_cqe(dev, wq, cqe);
}

/*
 * Flush posted WQEs in error (flush_in_error_en, 7.7.2 / 7.9.2): one
 * WR_FLUSH_ERR CQE each, up to the doorbell record's counter.
 */
void cx4dev_wq_flush(struct cx4dev *dev, uint32_t qn, struct cx4dev_wq *wq, bool sq)
{
	uint32_t size = 1u << wq->log_size, n = 0;
	uint16_t ctr;

	if (!wq->flush_in_error || cx4dev_wq_dbr(dev, wq, sq, &ctr))
		return;
	while (wq->hw_counter != ctr && n++ < size) {
		uint32_t step = 1;
		uint8_t ctrl[CX4_WQE_CTRL_SIZE];

		if (sq) {
			uint32_t ds;

			if (cx4dev_wq_read(dev, wq, (wq->hw_counter & (size - 1)) << wq->log_stride,
					   ctrl, sizeof(ctrl)))
				return;
			ds = CX4_GET(WQE_CTRL, ctrl, DS);
			step = ds ? (ds * CX4_WQE_OCTOWORD_SIZE + CX4_SEND_WQEBB_SIZE - 1) /
				    CX4_SEND_WQEBB_SIZE : 1;
		}
		cx4dev_wq_err_cqe(dev, wq, sq, wq->hw_counter,
			       sq ? CX4_GET(WQE_CTRL, ctrl, OPCODE) : 0,
			       CX4_CQE_SYN_WR_FLUSH_ERR, 0);
		wq->hw_counter = (uint16_t)(wq->hw_counter + step);
	}
	cx4dev_logf(dev, "%s 0x%x: %u WQEs flushed in error", sq ? "SQ" : "RQ", qn, n);
}
