// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: receive (PRM 7.4.1.2, 7.12.1.1).
 *
 * The RQ is cyclic; each WQE is a list of 16-byte scatter entries (PRM
 * 7.4.4.3) over page_pool memory laid out by cx4_en_rx_layout(): a head
 * fragment sized for headroom, frame and skb_shared_info (two or more a
 * page), and for jumbo frames whole order-0 pages behind it.  A frame
 * becomes an skb with napi_build_skb() over the head and
 * skb_add_rx_frag() for each page it reached, each page with its own
 * truesize; the entries it did not reach stay posted.  A frame of up to
 * CX4_EN_RX_COPYBREAK bytes is copied into a page_pool fragment of its
 * own size instead and its buffer is posted again at once.  Only the bytes the
 * device wrote are synced for the CPU (and, for a buffer posted again,
 * back for the device).  The device completes WQEs in order: a CQE is
 * checked (opcode, format, wqe_counter == consumer counter, byte_cnt
 * within the WQE's buffers) before any of it is used; a bad one is
 * counted, logged (rate-limited) and skipped without touching a buffer,
 * and the RQ is reset (recover.c).
 * Checksum: CHECKSUM_UNNECESSARY when the device says L3 and L4 are good
 * for a TCP/UDP frame; the RX hash with its L3/L4 type when the device
 * computed one; a tag the device stripped (RQ vsd 0, CQE cv) goes to
 * the skb's hardware-accelerated tag.  Everything runs in the channel's
 * NAPI poll.
 * CQE compression (private flag rx_cqe_compress, RX CQ created with
 * cqe_compression_en): a title CQE (cqe_format 3) stands for a session of
 * N completions in N CQ entries, N checked against the CQ size and the
 * capability's cqe_compression_max_num (a bad N is counted, logged and
 * the RQ reset, like any bad CQE); each member is expanded from the
 * title's copy and its mini CQE (byte count, RX hash result; each mini
 * CQE array copied once) into an ordinary CQE and goes the same way as
 * one, checks included.  A session the NAPI budget cuts short goes on in
 * the next poll; its entries go back to the device once all are taken.
 * XDP (xdp_attach.c): with a program every frame has a page to itself
 * (cx4_en_rx_layout_xdp()) and the program runs on it before any skb
 * exists: XDP_PASS builds the skb over the page as the program left the
 * frame (head, tail, metadata), XDP_DROP and XDP_ABORTED give the page
 * back to the pool, XDP_REDIRECT hands it to xdp_do_redirect() (flushed
 * once at the end of the poll), XDP_TX sends it from the page on the
 * channel's XDP SQ (xdp.c).
 */

#include <linux/bpf_trace.h>
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/filter.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/string.h>

#include "../compat.h"
#include "en.h"
#include "lro.h"
#include "txrx.h"

static void *cx4_en_rq_wqe(struct cx4_en_rq *rq, u16 i)
{
	return rq->wq.buf + ((u32)(i & rq->mask) << rq->log_stride);
}

/* The buffers of WQE @i: lay.nsegs scatter entries. */
static struct cx4_en_rx_buf *cx4_en_rq_bufs(struct cx4_en_rq *rq, u16 i)
{
	return &rq->bufs[(u32)(i & rq->mask) * rq->lay.nsegs];
}

static dma_addr_t cx4_en_rx_buf_dma(const struct cx4_en_rx_buf *b)
{
	return page_pool_get_dma_addr(b->page) + b->offset;
}

/* A buffer for scatter entry @seg: the head fragment or a whole page. */
static int cx4_en_rx_buf_alloc(struct cx4_en_rq *rq, struct cx4_en_rx_buf *b,
			       u32 seg)
{
	unsigned int off = 0;
	struct page *page;

	if (!seg && rq->lay.head_size < PAGE_SIZE) {
		page = page_pool_dev_alloc_frag(rq->pool, &off,
						rq->lay.head_size);
	} else {
		page = page_pool_dev_alloc_pages(rq->pool);
		/*
		 * A later entry, or the head of an XDP layout (a page to
		 * itself).  The pool also hands out fragments: give the page
		 * the one fragment reference its release takes (before 6.7
		 * the count is not set for a whole page).
		 */
		if (page)
			page_pool_fragment_page(page, 1);
	}
	if (!page)
		return -ENOMEM;
	b->page = page;
	b->offset = off;
	return 0;
}

/*
 * Post buffers in every free WQE (entries whose buffer was not used, or
 * whose CQE was skipped, keep theirs), then hand them over through the
 * doorbell record.
 * Return: 0, or -ENOMEM if some could not be posted (counted).
 */
int cx4_en_rq_fill(struct cx4_en_rq *rq)
{
	struct cx4_en_priv *priv = netdev_priv(rq->netdev);
	u32 slots = 1u << (rq->log_stride - CX4_EN_RQ_LOG_STRIDE);
	int err = 0;

	/* debugfs fail_rx_alloc: the first allocation fails. */
	if (unlikely(atomic_read(&priv->fail_rx_alloc))) {
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_ALLOC_FAIL, 1);
		return -ENOMEM;
	}
	while ((u16)(rq->pc - rq->cc) <= rq->mask) {
		struct cx4_en_rx_buf *b = cx4_en_rq_bufs(rq, rq->pc);
		void *dseg = cx4_en_rq_wqe(rq, rq->pc);
		u32 s;

		for (s = 0; s < rq->lay.nsegs; s++, dseg += CX4_RX_DSEG_SIZE) {
			if (!b[s].page && cx4_en_rx_buf_alloc(rq, &b[s], s)) {
				cx4_en_rq_stat_add(rq->stats,
						   CX4_EN_RQ_ALLOC_FAIL, 1);
				err = -ENOMEM;
				goto out;
			}
			CX4_SET(RX_DSEG, dseg, BYTE_COUNT,
				s ? rq->lay.seg_size : rq->lay.head_len);
			CX4_SET(RX_DSEG, dseg, LKEY, rq->lkey);
			CX4_SET64(RX_DSEG, dseg, ADDR, cx4_en_rx_buf_dma(&b[s]) +
				  (s ? 0 : rq->lay.headroom));
		}
		/* A stride with room left ends with the Null scatter entry. */
		if (rq->lay.nsegs < slots) {
			CX4_SET(RX_DSEG, dseg, BYTE_COUNT, 0);
			CX4_SET(RX_DSEG, dseg, LKEY, CX4_RX_DSEG_NULL_LKEY);
		}
		rq->pc++;
	}
out:
	/* The WQEs before the record that hands them over (PRM 7.4.2). */
	dma_wmb();
	WRITE_ONCE(rq->wq.dbr[CX4_WQ_DBR_RCV_IDX], cpu_to_be32(rq->pc));
	return err;
}

/* After DESTROY_RQ: give every posted buffer back to the pool. */
void cx4_en_rq_free_pages(struct cx4_en_rq *rq)
{
	u32 i, n = (rq->mask + 1) * rq->lay.nsegs;

	for (i = 0; i < n; i++) {
		if (rq->bufs[i].page)
			page_pool_put_full_page(rq->pool, rq->bufs[i].page,
						false);
		rq->bufs[i].page = NULL;
	}
}

static void cx4_en_rx_csum(struct cx4_en_rq *rq, const void *cqe,
			   struct sk_buff *skb)
{
	u32 l4 = CX4_GET(CQE, cqe, L4_HDR_TYPE);

	if ((rq->netdev->features & NETIF_F_RXCSUM) &&
	    CX4_GET(CQE, cqe, L3_OK) && CX4_GET(CQE, cqe, L4_OK) &&
	    l4 != CX4_CQE_L4_NONE && !CX4_GET(CQE, cqe, IP_FRAG)) {
		skb->ip_summed = CHECKSUM_UNNECESSARY;
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_CSUM_UNNECESSARY, 1);
		return;
	}
	skb->ip_summed = CHECKSUM_NONE;
	cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_CSUM_NONE, 1);
}

static void cx4_en_rx_hash(struct cx4_en_rq *rq, const void *cqe,
			   struct sk_buff *skb)
{
	u32 type = CX4_GET(CQE, cqe, RX_HASH_TYPE);
	u32 l4 = (type >> CX4_CQE_HASH_L4_SRC_SHIFT) & 3;

	if (!(rq->netdev->features & NETIF_F_RXHASH) || !type)
		return;
	skb_set_hash(skb, CX4_GET(CQE, cqe, RX_HASH_RESULT),
		     l4 == CX4_CQE_HASH_L4_TCP || l4 == CX4_CQE_HASH_L4_UDP ?
		     PKT_HASH_TYPE_L4 : PKT_HASH_TYPE_L3);
}

/*
 * Copy-break: the frame into a page_pool fragment of its own size
 * (truesize as small as the frame allows); the head buffer stays posted
 * and goes back to the device as it is.  The copy's page comes back to
 * the pool when its last fragment is freed, like a head buffer's, and is
 * used again without going through the page allocator: a page from
 * napi_alloc_frag() is a new one each time the frames of the last one
 * are still queued, and a new page is zeroed (init_on_alloc, on in
 * Debian's kernels): as many bytes cleared as the frames' truesize.
 */
static struct sk_buff *cx4_en_rx_copy(struct cx4_en_rq *rq,
				      const struct cx4_en_rx_buf *b, u32 len)
{
	u32 size = cx4_en_rx_copy_size(len);
	struct sk_buff *skb = NULL;
	unsigned int off = 0;
	struct page *page;

	page = page_pool_dev_alloc_frag(rq->pool, &off, size);
	if (page) {
		skb = napi_build_skb(page_address(page) + off, size);
		if (!skb)
			page_pool_put_full_page(rq->pool, page, true);
	}
	if (skb) {
		skb_mark_for_recycle(skb);
		skb_reserve(skb, NET_SKB_PAD + NET_IP_ALIGN);
		skb_put_data(skb, page_address(b->page) + b->offset +
			     rq->lay.headroom, len);
	}
	dma_sync_single_range_for_device(rq->dev, page_pool_get_dma_addr(b->page),
					 b->offset + rq->lay.headroom, len,
					 rq->dma_dir);
	return skb;
}

/*
 * The frame in place: napi_build_skb() over the head fragment, a page
 * fragment for each further entry it reached (@len is within the WQE's
 * buffers: cx4_en_rx_cqe_check()).  The buffers the skb took leave the
 * WQE; the refill replaces them.
 */
static struct sk_buff *cx4_en_rx_build(struct cx4_en_rq *rq,
				       struct cx4_en_rx_buf *b, u32 len)
{
	u32 nsegs = cx4_en_rx_segs_used(&rq->lay, len), s;
	u32 head = min(len, rq->lay.head_len);
	struct sk_buff *skb;

	skb = napi_build_skb(page_address(b[0].page) + b[0].offset,
			     rq->lay.head_size);
	if (unlikely(!skb)) {
		/* Posted again as it is: the device's again. */
		dma_sync_single_range_for_device(rq->dev,
						 page_pool_get_dma_addr(b[0].page),
						 b[0].offset + rq->lay.headroom,
						 head, rq->dma_dir);
		return NULL;
	}
	skb_mark_for_recycle(skb);
	skb_reserve(skb, rq->lay.headroom);
	skb_put(skb, head);
	b[0].page = NULL;
	len -= head;
	for (s = 1; s < nsegs; s++) {
		u32 n = min(len, rq->lay.seg_size);

		dma_sync_single_range_for_cpu(rq->dev, cx4_en_rx_buf_dma(&b[s]),
					      0, n, rq->dma_dir);
		skb_add_rx_frag(skb, s - 1, b[s].page, b[s].offset, n,
				rq->lay.seg_size);
		b[s].page = NULL;
		len -= n;
	}
	return skb;
}

/* xdp: the buffer of @b leaves the WQE for the pool (drop, failure). */
static void cx4_en_rx_recycle(struct cx4_en_rq *rq, struct cx4_en_rx_buf *b)
{
	page_pool_put_full_page(rq->pool, b->page, true);
	b->page = NULL;
}

/*
 * xdp: run @prog on the frame of @len bytes in @b's page.  Return true
 * if the program took the frame (dropped, redirected, sent back): the
 * page left the WQE; false for XDP_PASS, with @xdp as the program left
 * the frame.
 */
static bool cx4_en_rx_xdp(struct cx4_en_rq *rq, struct bpf_prog *prog,
			  struct cx4_en_rx_buf *b, u32 len,
			  struct xdp_buff *xdp)
{
	bool sent = false;
	u32 act;

	xdp_init_buff(xdp, rq->lay.head_size, &rq->xdp_rxq);
	xdp_prepare_buff(xdp, page_address(b->page) + b->offset,
			 rq->lay.headroom, len, true);
	act = bpf_prog_run_xdp(prog, xdp);
	switch (act) {
	case XDP_PASS:
		return false;
	case XDP_TX:
		sent = cx4_en_xdp_tx_page(rq, b->page, xdp);
		break;
	case XDP_REDIRECT:
		sent = !xdp_do_redirect(rq->netdev, xdp, prog);
		rq->xdp_redirected |= sent;
		break;
	case XDP_DROP:
	case XDP_ABORTED:
		break;
	default:
		bpf_warn_invalid_xdp_action(rq->netdev, prog, act);
		break;
	}
	if (sent) {
		b->page = NULL;		/* the send or the redirect has it */
	} else {
		/* A failed XDP_TX or XDP_REDIRECT is an exception too. */
		if (act != XDP_DROP)
			trace_xdp_exception(rq->netdev, prog, act);
		cx4_en_rx_recycle(rq, b);
	}
	cx4_en_rq_stat_add(rq->stats, cx4_en_xdp_act_stat(act, sent), 1);
	return true;
}

/* xdp: XDP_PASS, an skb over the page as the program left the frame. */
static struct sk_buff *cx4_en_rx_build_xdp(struct cx4_en_rq *rq,
					   struct cx4_en_rx_buf *b,
					   const struct xdp_buff *xdp)
{
	u32 meta = xdp->data - xdp->data_meta;
	struct sk_buff *skb;

	skb = napi_build_skb(xdp->data_hard_start, rq->lay.head_size);
	if (unlikely(!skb)) {
		cx4_en_rx_recycle(rq, b);
		return NULL;
	}
	skb_mark_for_recycle(skb);
	skb_reserve(skb, xdp->data - xdp->data_hard_start);
	skb_put(skb, xdp->data_end - xdp->data);
	if (meta)
		skb_metadata_set(skb, meta);
	b->page = NULL;
	return skb;
}

/*
 * @ptp: hardware timestamps on (read once per poll), else NULL.  An LRO
 * session whose segments carried TCP timestamps has no timer sample.
 * @prog: the XDP program (read once per poll), else NULL.
 */
static void cx4_en_rx_frame(struct cx4_en_rq *rq, const void *cqe,
			    struct cx4_en_ptp *ptp, struct bpf_prog *prog)
{
	struct cx4_en_rx_buf *b = cx4_en_rq_bufs(rq, rq->cc);
	u32 len = CX4_GET(CQE, cqe, BYTE_CNT);
	struct xdp_buff xdp;
	struct sk_buff *skb;

	dma_sync_single_range_for_cpu(rq->dev, page_pool_get_dma_addr(b[0].page),
				      b[0].offset + rq->lay.headroom,
				      min(len, rq->lay.head_len),
				      rq->dma_dir);
	if (prog) {
		if (cx4_en_rx_xdp(rq, prog, b, len, &xdp))
			return;
		len = xdp.data_end - xdp.data;
		skb = cx4_en_rx_build_xdp(rq, b, &xdp);
	} else if (cx4_en_rx_copybreak(len, rq->lay.head_len)) {
		skb = cx4_en_rx_copy(rq, b, len);
	} else {
		skb = cx4_en_rx_build(rq, b, len);
	}
	if (unlikely(!skb)) {
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_DROPPED, 1);
		return;
	}
	if (CX4_GET(CQE, cqe, LRO_NUM_SEG) > 1 &&
	    !cx4_en_rx_lro(rq, cqe, skb)) {
		kfree_skb(skb);
		return;
	}
	skb->protocol = eth_type_trans(skb, rq->netdev);
	/* cv: the device stripped a C-VLAN tag (PRM 3.3.7, Table 68). */
	if (CX4_GET(CQE, cqe, CV)) {
		__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q),
				       CX4_GET(CQE, cqe, VLAN_TCI));
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_VLAN_STRIP, 1);
	}
	cx4_en_rx_csum(rq, cqe, skb);
	cx4_en_rx_hash(rq, cqe, skb);
	if (ptp && !(CX4_GET(CQE, cqe, LRO_NUM_SEG) &&
		     CX4_GET(CQE, cqe, LRO_TIMESTAMP_IS_VALID)))
		skb_hwtstamps(skb)->hwtstamp =
			cx4_en_ptp_cyc2time(ptp, CX4_GET64(CQE, cqe, TIMESTAMP));
	skb_record_rx_queue(skb, rq->ix);
	cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_PACKETS, 1);
	cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_BYTES, len);
	napi_gro_receive(rq->napi, skb);
}

static const char * const cx4_en_rx_verdict_names[] = {
	[CX4_EN_RX_BAD_OPCODE]	= "bad opcode/format",
	[CX4_EN_RX_BAD_COUNTER]	= "bad wqe_counter",
	[CX4_EN_RX_BAD_LEN]	= "bad byte_cnt",
};

/*
 * One receive CQE, @cqe a copy (read once from the ring, or a member of a
 * compressed session): its frame, or the error or bad CQE handled.
 * Return: false for a bad CQE (the RQ is to be reset).
 */
static bool cx4_en_rx_cqe(struct cx4_en_rq *rq, const u8 *cqe,
			  struct cx4_en_ptp *ptp, struct bpf_prog *prog)
{
	enum cx4_en_rx_verdict v;

	v = cx4_en_rx_cqe_check(cqe, rq->cc, rq->pc, rq->buf_len);
	switch (v) {
	case CX4_EN_RX_OK:
		cx4_en_rx_frame(rq, cqe, ptp, prog);
		rq->cc++;
		return true;
	case CX4_EN_RX_ERR_CQE:
		/* The buffer stays posted for the WQE's next use. */
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_ERR_CQE, 1);
		/*
		 * The RQ is in ERR: reset it.  The flush CQEs that follow
		 * (one per posted WQE) are only counted.
		 */
		if (CX4_GET(ERR_CQE, cqe, SYNDROME) != CX4_CQE_SYN_WR_FLUSH_ERR) {
			cx4_en_request_recover(container_of(rq, struct cx4_en_channel, rq),
					       CX4_EN_RECOVER_RQ);
			cx4_en_warn_rl(rq->netdev, rx_err,
				       "RQ 0x%x: error CQE syndrome 0x%x vendor 0x%x\n",
				       rq->rqn, CX4_GET(ERR_CQE, cqe, SYNDROME),
				       CX4_GET(ERR_CQE, cqe, VENDOR_ERR_SYNDROME));
		}
		rq->cc++;
		return true;
	default:
		/*
		 * The RQ and the device disagree about the ring (a skipped
		 * CQE leaves its WQE uncompleted for good): reset the RQ,
		 * which starts both over at 0.
		 */
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_BAD_CQE, 1);
		cx4_en_request_recover(container_of(rq, struct cx4_en_channel, rq),
				       CX4_EN_RECOVER_RQ);
		cx4_en_warn_rl(rq->netdev, hw,
			       "RQ 0x%x: %s CQE (opcode 0x%x wqe_counter 0x%x byte_cnt %u, cc 0x%x) ignored, RQ to be reset\n",
			       rq->rqn, cx4_en_rx_verdict_names[v],
			       CX4_GET(CQE, cqe, OPCODE),
			       CX4_GET(CQE, cqe, WQE_COUNTER),
			       CX4_GET(CQE, cqe, BYTE_CNT), rq->cc);
		return false;
	}
}

/*
 * A title CQE (@cqe, a copy): open its session if the count is within
 * the CQ and the capability's maximum, else count and log it, and reset
 * the RQ (the caller pops the one entry: where the session ends is
 * unknown).  Return: true if the session is open.
 */
static bool cx4_en_rx_cqz_open(struct cx4_en_rq *rq, const u8 *cqe)
{
	u32 n = cx4_en_cqz_count(cqe, rq->cqz_max);

	if (likely(n)) {
		cx4_en_cqz_start(&rq->cqz, cqe, n);
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_CQE_COMPRESS_BLKS, 1);
		cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_CQE_COMPRESS_PKTS, n);
		return true;
	}
	cx4_en_rq_stat_add(rq->stats, CX4_EN_RQ_BAD_CQE, 1);
	cx4_en_request_recover(container_of(rq, struct cx4_en_channel, rq),
			       CX4_EN_RECOVER_RQ);
	cx4_en_warn_rl(rq->netdev, hw,
		       "RQ 0x%x: compressed CQE of %u completions (2..%u taken) ignored, RQ to be reset\n",
		       rq->rqn, CX4_GET(CQE, cqe, COMPRESSED_COUNT), rq->cqz_max);
	return false;
}

/*
 * Up to @budget members of the open session, each mini CQE array copied
 * once; the session's entries go back to the device once all are done
 * (a bad member ends it: the rest would disagree with the ring too).
 * Return: the members taken.
 */
static int cx4_en_rx_cqz_poll(struct cx4_en_rq *rq, int budget,
			      struct cx4_en_ptp *ptp, struct bpf_prog *prog)
{
	struct cx4_en_cqz *z = &rq->cqz;
	int done = 0;

	while (done < budget && z->i < z->n) {
		u32 e = cx4_en_cqz_array(z);

		if (e)
			memcpy(z->mini, cx4_cq_peek_at(rq->cq, e),
			       sizeof(z->mini));
		cx4_en_cqz_member(z);
		z->i++;
		done++;
		if (!cx4_en_rx_cqe(rq, z->cqe, ptp, prog))
			z->i = z->n;
	}
	if (z->i == z->n) {
		cx4_cq_pop_n(rq->cq, z->n);
		z->n = 0;
	}
	return done;
}

int cx4_en_rx_poll(struct cx4_en_rq *rq, int budget)
{
	struct cx4_en_priv *priv = netdev_priv(rq->netdev);
	struct cx4_en_ptp *ptp = READ_ONCE(priv->hwts_rx) ? &priv->ptp : NULL;
	struct bpf_prog *prog = READ_ONCE(rq->xdp_prog);
	u8 cqe[CX4_CQE_SIZE] __aligned(8);
	const void *hw;
	int done = 0;

	while (done < budget) {
		/* A session left open by the last poll's budget first. */
		if (rq->cqz.n) {
			done += cx4_en_rx_cqz_poll(rq, budget - done, ptp, prog);
			continue;
		}
		hw = cx4_cq_peek(rq->cq);
		if (!hw)
			break;
		/*
		 * One read of the CQE (after the owner check and dma_rmb()
		 * in cx4_cq_peek()): everything below uses only the copy,
		 * so a field checked is the field used.
		 */
		memcpy(cqe, hw, sizeof(cqe));
		if (CX4_GET(CQE, cqe, FORMAT) == CX4_CQE_FORMAT_COMPRESSED &&
		    CX4_GET(CQE, cqe, OPCODE) == CX4_CQE_OP_RESP_SEND) {
			if (cx4_en_rx_cqz_open(rq, cqe))
				continue;
		} else {
			cx4_en_rx_cqe(rq, cqe, ptp, prog);
		}
		cx4_cq_pop(rq->cq);
		done++;
	}
	if (done)
		cx4_cq_update_ci(rq->cq);
	/* The frames XDP_REDIRECT queued this poll go out together. */
	if (rq->xdp_redirected) {
		xdp_do_flush();
		rq->xdp_redirected = false;
	}
	cx4_en_xdp_sq_flush(rq);
	/*
	 * Refill whenever WQEs are missing, not only after completions: a
	 * ring emptied by allocation failures gets none.  If it is still
	 * empty, no completion will bring NAPI back: the timer will.  Not
	 * while a session is open (the budget ended this poll, the next
	 * one comes): its CQ entries are still ours, and a WQE posted for
	 * each member taken could complete into a CQ without room for it.
	 */
	if (!rq->cqz.n && (u16)(rq->pc - rq->cc) <= rq->mask &&
	    cx4_en_rq_fill(rq) && rq->pc == rq->cc)
		mod_timer(&rq->refill_timer,
			  jiffies + msecs_to_jiffies(CX4_EN_RQ_REFILL_MS));
	return done;
}

/* The refill retry of an empty RQ (softirq): poll, which refills. */
void cx4_en_rq_refill_timer(struct timer_list *t)
{
	struct cx4_en_rq *rq = from_timer(rq, t, refill_timer);

	napi_schedule(rq->napi);
}
