/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Large receive offload (PRM 3.3.6) on TIRs with lro_enable_mask set.
 *
 * One session per RQ: a TCP segment that may open a session (3.3.6.2) is
 * scattered as is into the RQ's next WQE and no CQE is written; following
 * segments of the same flow (VLAN, addresses, ports) that may merge
 * (3.3.6.4) add only their TCP payload behind it.  The session ends
 * (3.3.6.3) on the TIR's timer, when the next segment does not fit the
 * WQE or the TIR's maximum, on a segment that may not merge, when another
 * frame arrives on the RQ (keeps CQEs in WQE order), on TIR modify/destroy
 * and RQ state changes; its CQE carries the LRO fields of Table 5.  The
 * TCP/IP headers in memory are the first segment's: software fixes them.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

#define TCP_FIN		0x001
#define TCP_SYN		0x002
#define TCP_RST		0x004
#define TCP_PSH		0x008
#define TCP_ACK		0x010
#define TCP_URG		0x020
#define TCP_ECE		0x040
#define TCP_CWR		0x080
#define TCP_NS		0x100
#define TCP_BAD_FLAGS	(TCP_FIN | TCP_SYN | TCP_RST | TCP_URG | TCP_NS | 0xe00)

/* TCP options: only NOP, EOL and one timestamp allowed; -1 otherwise. */
static int cx4dev_tcp_ts(const uint8_t *tcp, uint32_t hlen, uint32_t *val, uint32_t *ecr)
{
	int has = 0;

	for (uint32_t o = 20; o < hlen;) {
		uint32_t kind = tcp[o], len;

		if (kind == 0)
			break;
		if (kind == 1) {
			o++;
			continue;
		}
		if (o + 1 >= hlen)
			return -1;
		len = tcp[o + 1];
		if (kind != 8 || len != 10 || o + len > hlen || has)
			return -1;
		*val = cx4dev_get_be32(tcp + o + 2);
		*ecr = cx4dev_get_be32(tcp + o + 6);
		has = 1;
		o += len;
	}
	return has;
}

/* May this segment open or join a session (3.3.6.2)?  Fills @ts. */
static bool cx4dev_lro_eligible(struct cx4dev *dev, const struct cx4dev_tir *t,
				const struct cx4dev_pkt *p, const uint8_t *f, int *ts,
				uint32_t *tsval, uint32_t *tsecr)
{
	const uint8_t *ecap = dev->caps.cur[CX4DEV_CAPI_ETH];
	uint32_t want = p->l3 == CX4_CQE_L3_IPV4 ? CX4_TIR_LRO_IPV4 : CX4_TIR_LRO_IPV6;
	uint32_t flags = cx4dev_get_be16(f + p->l4_off + 12) & 0xfff;
	uint32_t payload = p->l3_off + p->l3_len - p->l4_off - p->l4_hlen;

	if (!(t->lro_mask & want) || p->l3 == CX4_CQE_L3_NONE || p->l4 != CX4_CQE_L4_TCP ||
	    p->llc || !p->l3_ok || !p->l4_ok || p->ip_opts || p->ip_frag || t->lro_timeout < 8)
		return false;
	if ((flags & TCP_BAD_FLAGS) ||
	    ((flags & TCP_PSH) && !CX4_GET(ETH_CAP, ecap, LRO_PSH_FLAG)))
		return false;
	*ts = cx4dev_tcp_ts(f + p->l4_off, p->l4_hlen, tsval, tsecr);
	if (*ts < 0 || (*ts && !CX4_GET(ETH_CAP, ecap, LRO_TIME_STAMP)))
		return false;
	return payload && payload >= CX4_GET(ETH_CAP, ecap, LRO_MIN_MSS_SIZE);
}

/* Flow identity: VLAN, addresses, ports (3.3.6.1). */
static uint32_t cx4dev_lro_key(const struct cx4dev_pkt *p, const uint8_t *f, uint8_t *key)
{
	uint32_t alen = p->l3 == CX4_CQE_L3_IPV4 ? 8 : 32;

	key[0] = (uint8_t)(p->vlan_tci >> 8 & 0x0f);
	key[1] = (uint8_t)p->vlan_tci;
	memcpy(key + 2, f + p->l3_off + (p->l3 == CX4_CQE_L3_IPV4 ? 12 : 8), alen);
	memcpy(key + 2 + alen, f + p->l4_off, 4);
	return 6 + alen;
}

/* IP header bytes that must match, TTL/length/ID/checksum masked. */
static void cx4dev_lro_ipfix(const struct cx4dev_pkt *p, const uint8_t *f, uint8_t *out)
{
	memcpy(out, f + p->l3_off, 40);
	if (p->l3 == CX4_CQE_L3_IPV4) {
		memset(out + 2, 0, 4);		/* total length, ID */
		out[8] = 0;			/* TTL */
		memset(out + 10, 0, 2);		/* checksum */
		memset(out + 20, 0, 20);
	} else {
		memset(out + 4, 0, 2);		/* payload length */
		out[7] = 0;			/* hop limit */
	}
}

static uint32_t cx4dev_lro_ttl(const struct cx4dev_pkt *p, const uint8_t *f)
{
	return f[p->l3_off + (p->l3 == CX4_CQE_L3_IPV4 ? 8 : 7)];
}

/* Add @n bytes at stream offset @at to a one's complement sum. */
static uint32_t cx4dev_lro_sum(uint32_t sum, uint32_t at, const uint8_t *b, uint32_t n)
{
	uint32_t s = cx4dev_csum_fold(cx4dev_csum_add(0, b, n));

	if (at & 1)
		s = (s >> 8 | s << 8) & 0xffff;
	return cx4dev_csum_fold(sum + s);
}

void cx4dev_lro_flush(struct cx4dev *dev, struct cx4dev_rq *rq, uint32_t abrt)
{
	struct cx4dev_lro *s = rq->lro;
	uint8_t cqe[CX4_CQE_SIZE] = { 0 };

	if (!s || !s->active)
		return;
	s->active = false;
	CX4_SET(CQE, cqe, OPCODE, CX4_CQE_OP_RESP_SEND);
	CX4_SET(CQE, cqe, BYTE_CNT, s->len);
	CX4_SET(CQE, cqe, WQE_COUNTER, s->wqe_index);
	CX4_SET(CQE, cqe, L2_OK, 1);
	CX4_SET(CQE, cqe, L3_OK, 1);
	CX4_SET(CQE, cqe, L4_OK, 1);
	CX4_SET(CQE, cqe, L3_HDR_TYPE, s->l3);
	CX4_SET(CQE, cqe, L4_HDR_TYPE, s->ack ? (s->tcp_bytes > s->tcp_hlen ?
						    CX4_CQE_L4_TCP_ACK :
						    CX4_CQE_L4_TCP_EMPTY_ACK) : CX4_CQE_L4_TCP);
	CX4_SET(CQE, cqe, CHECKSUM, s->tcp_sum);
	CX4_SET(CQE, cqe, LRO_NUM_SEG, s->nseg);
	CX4_SET(CQE, cqe, LRO_TCP_PSH, s->psh);
	CX4_SET(CQE, cqe, LRO_ABRT, abrt);
	CX4_SET(CQE, cqe, LRO_MIN_TTL, s->min_ttl);
	CX4_SET(CQE, cqe, LRO_TCP_WIN, s->win);
	CX4_SET(CQE, cqe, LRO_ACK_SEQ_NUM, s->ack_seq);
	if (s->has_ts) {
		CX4_SET(CQE, cqe, LRO_TIMESTAMP_IS_VALID, 1);
		CX4_SET(CQE, cqe, LRO_TIMESTAMP_VALUE, s->tsval);
		CX4_SET(CQE, cqe, LRO_TIMESTAMP_ECHO, s->tsecr);
	} else {
		/* Only a session without TCP timestamps carries the timer (7.12.10). */
		CX4_SET64(CQE, cqe, TIMESTAMP, cx4dev_internal_timer(dev));
	}
	if (s->stripped) {
		CX4_SET(CQE, cqe, CV, 1);
		CX4_SET(CQE, cqe, VLAN_TCI, s->tci);
	}
	if (s->htype) {
		CX4_SET(CQE, cqe, RX_HASH_TYPE, s->htype);
		CX4_SET(CQE, cqe, RX_HASH_RESULT, s->hash);
	}
	CX4_SET(CQE, cqe, FLOW_TAG, s->flow_tag);
	CX4_SET(CQE, cqe, RX_DROP_COUNTER, rq->drops_since_cqe > 0xff ? 0xff :
					       rq->drops_since_cqe);
	rq->drops_since_cqe = 0;
	rq->packets++;
	rq->bytes += s->len;
	dev->eth->cnt[CX4DEV_ETH_RX_PACKETS]++;
	dev->eth->cnt[CX4DEV_ETH_RX_BYTES] += s->len;
	dev->eth->cnt[CX4DEV_ETH_RX_LRO_SEGMENTS] += s->nseg;
	if (s->nseg > 1)
		dev->eth->cnt[CX4DEV_ETH_RX_LRO_SESSIONS]++;
	cx4dev_wq_post_cqe(dev, &rq->wq, cqe);
}

/* Flush the sessions of the RQs TIR @t delivers to (TIR modify/destroy). */
void cx4dev_lro_flush_tir(struct cx4dev *dev, uint32_t tirn)
{
	for (uint32_t i = 0; i < CX4DEV_MAX_RQ; i++) {
		struct cx4dev_rq *rq = dev->eth->rq[i];

		if (rq && rq->lro && rq->lro->active && rq->lro->tirn == tirn)
			cx4dev_lro_flush(dev, rq, CX4_CQE_LRO_ABRT_EXCEPTION);
	}
}

/* Nearest supported period <= the TIR's (3.3.6.1, Table 45). */
static uint64_t cx4dev_lro_period_ns(struct cx4dev *dev, uint32_t us)
{
	const uint8_t *e = dev->caps.cur[CX4DEV_CAPI_ETH];
	uint32_t best = 0;

	for (uint32_t i = 0; i < 4; i++) {
		uint32_t p = cx4_rd32(e, CX4_ETH_CAP_OFF_LRO_TIMER_PERIODS + 4 * i);

		if (p && p <= us && p > best)
			best = p;
	}
	return (uint64_t)(best ? best : us) * 1000;
}

uint64_t cx4dev_lro_next_deadline(const struct cx4dev *dev)
{
	uint64_t next = CX4DEV_NO_DEADLINE;

	if (!dev->eth)
		return next;
	for (uint32_t i = 0; i < CX4DEV_MAX_RQ; i++) {
		struct cx4dev_rq *rq = dev->eth->rq[i];

		if (rq && rq->lro && rq->lro->active && rq->lro->deadline < next)
			next = rq->lro->deadline;
	}
	return next;
}

void cx4dev_lro_timer(struct cx4dev *dev, uint64_t now)
{
	for (uint32_t i = 0; dev->eth && i < CX4DEV_MAX_RQ; i++) {
		struct cx4dev_rq *rq = dev->eth->rq[i];

		if (rq && rq->lro && rq->lro->active && rq->lro->deadline <= now)
			cx4dev_lro_flush(dev, rq, CX4_CQE_LRO_ABRT_TIMEOUT);
	}
}

/* Write @n bytes at byte @off of the session's WQE scatter list. */
static int cx4dev_lro_write(struct cx4dev *dev, struct cx4dev_rq *rq, uint32_t off,
			    const uint8_t *b, uint32_t n)
{
	struct cx4dev_lro *s = rq->lro;

	for (uint32_t o = 0; o < s->stride && n; o += CX4_RX_DSEG_SIZE) {
		const uint8_t *d = s->wqe + o;
		uint32_t lkey = CX4_GET(RX_DSEG, d, LKEY);
		uint64_t va = CX4_GET64(RX_DSEG, d, ADDR), bc = CX4_GET(RX_DSEG, d, BYTE_COUNT);

		if (!bc && lkey == CX4_RX_DSEG_NULL_LKEY)
			break;
		if (!bc)
			bc = 0x80000000u;	/* 0 means 2 GB (7.4.4.1.5), as in the room */
		if (off >= bc) {
			off -= (uint32_t)bc;
			continue;
		}
		va += off;
		bc -= off;
		off = 0;
		while (bc && n) {
			const char *why;
			uint64_t pa, c = cx4dev_mkey_translate(dev, lkey, rq->wq.pd, va,
							       bc < n ? bc : n, true, &pa, &why);

			if (!c || dev->ops->dma_write(dev->opaque, pa, b, c))
				return -1;
			b += c;
			va += c;
			bc -= c;
			n -= (uint32_t)c;
		}
	}
	return n ? -1 : 0;
}

/* Room of the session's WQE (sum of its scatter entries). */
static uint64_t cx4dev_lro_room(const struct cx4dev_lro *s)
{
	uint64_t room = 0;

	for (uint32_t o = 0; o < s->stride; o += CX4_RX_DSEG_SIZE) {
		uint32_t bc = CX4_GET(RX_DSEG, s->wqe + o, BYTE_COUNT);

		if (!bc && CX4_GET(RX_DSEG, s->wqe + o, LKEY) == CX4_RX_DSEG_NULL_LKEY)
			break;
		room += bc ? bc : 0x80000000u;
	}
	return room;
}

static bool cx4dev_lro_merge(struct cx4dev *dev, struct cx4dev_rq *rq,
			     const struct cx4dev_tir *t, const struct cx4dev_pkt *p,
			     const uint8_t *f, int ts, uint32_t tsval, uint32_t tsecr,
			     bool *reopen)
{
	struct cx4dev_lro *s = rq->lro;
	const uint8_t *tcp = f + p->l4_off;
	uint32_t payload = p->l3_off + p->l3_len - p->l4_off - p->l4_hlen;
	uint32_t flags = cx4dev_get_be16(tcp + 12) & 0xfff, ecn;
	uint8_t fix[40];

	ecn = p->l3 == CX4_CQE_L3_IPV4 ? f[p->l3_off + 1] & 3 : (f[p->l3_off + 1] >> 4) & 3;
	cx4dev_lro_ipfix(p, f, fix);
	*reopen = false;
	if (cx4dev_get_be32(tcp + 4) != s->next_seq || memcmp(fix, s->ipfix, 40) || s->l3 != p->l3)
		return false;
	/* The (*) cases of 3.3.6.3: the segment may start a new session. */
	*reopen = true;
	if ((ts && (!s->has_ts || tsval < s->tsval)) || (!ts && s->has_ts) ||
	    (flags & (TCP_ECE | TCP_CWR)) != s->tcp_ecn || ecn != s->ip_ecn) {
		cx4dev_lro_flush(dev, rq, CX4_CQE_LRO_ABRT_EXCEPTION);
		return false;
	}
	if (s->tcp_bytes + payload > t->lro_max_msg * CX4_TIRC_LRO_MAX_MSG_SZ_UNIT) {
		cx4dev_lro_flush(dev, rq, CX4_CQE_LRO_ABRT_MAX_PAYLOAD);
		return false;
	}
	*reopen = false;
	if (s->len + payload > cx4dev_lro_room(s) ||
	    cx4dev_lro_write(dev, rq, s->len, tcp + p->l4_hlen, payload))
		return false;
	s->tcp_sum = cx4dev_lro_sum(s->tcp_sum, s->tcp_bytes, tcp + p->l4_hlen, payload);
	s->len += payload;
	s->tcp_bytes += payload;
	s->next_seq += payload;
	s->nseg++;
	s->ack |= !!(flags & TCP_ACK);
	s->psh |= !!(flags & TCP_PSH);
	s->ack_seq = cx4dev_get_be32(tcp + 8);
	s->win = cx4dev_get_be16(tcp + 14);
	if (cx4dev_lro_ttl(p, f) < s->min_ttl)
		s->min_ttl = cx4dev_lro_ttl(p, f);
	if (ts) {
		s->tsval = tsval;
		s->tsecr = tsecr;
	}
	return true;
}

static bool cx4dev_lro_open(struct cx4dev *dev, uint32_t tirn, const struct cx4dev_tir *t,
			    struct cx4dev_rq *rq, const struct cx4dev_lro_frame *fr, int ts,
			    uint32_t tsval, uint32_t tsecr)
{
	const struct cx4dev_pkt *p = fr->p;
	const uint8_t *f = fr->f, *tcp = f + p->l4_off;
	uint32_t size = 1u << rq->wq.log_size, stride = 1u << rq->wq.log_stride;
	struct cx4dev_lro *s = rq->lro;

	if (!s) {
		s = calloc(1, sizeof(*s) + stride);
		if (!s)
			return false;
		rq->lro = s;
	}
	s->stride = stride;
	if (!fr->have_wqe ||
	    cx4dev_wq_read(dev, &rq->wq, (rq->wq.hw_counter & (size - 1)) << rq->wq.log_stride,
			   s->wqe, stride))
		return false;
	if (p->len > cx4dev_lro_room(s) || cx4dev_lro_write(dev, rq, 0, f, p->len))
		return false;
	s->active = true;
	s->tirn = tirn;
	s->keylen = cx4dev_lro_key(p, f, s->key);
	cx4dev_lro_ipfix(p, f, s->ipfix);
	s->wqe_index = rq->wq.hw_counter++;
	s->len = p->len;
	s->l3 = p->l3;
	s->tcp_hlen = p->l4_hlen;
	s->tcp_bytes = p->l3_off + p->l3_len - p->l4_off;
	s->tcp_sum = cx4dev_lro_sum(0, 0, tcp, s->tcp_bytes);
	s->next_seq = cx4dev_get_be32(tcp + 4) + s->tcp_bytes - p->l4_hlen;
	s->nseg = 1;
	s->ack = !!(cx4dev_get_be16(tcp + 12) & TCP_ACK);
	s->psh = !!(cx4dev_get_be16(tcp + 12) & TCP_PSH);
	s->tcp_ecn = cx4dev_get_be16(tcp + 12) & (TCP_ECE | TCP_CWR);
	s->ip_ecn = p->l3 == CX4_CQE_L3_IPV4 ? f[p->l3_off + 1] & 3 : (f[p->l3_off + 1] >> 4) & 3;
	s->ack_seq = cx4dev_get_be32(tcp + 8);
	s->win = cx4dev_get_be16(tcp + 14);
	s->min_ttl = cx4dev_lro_ttl(p, f);
	s->has_ts = ts > 0;
	s->tsval = tsval;
	s->tsecr = tsecr;
	s->stripped = fr->stripped;
	s->tci = fr->tci;
	s->hash = fr->hash;
	s->htype = fr->htype;
	s->flow_tag = dev->eth->flow_tag;
	s->deadline = cx4dev_now(dev) + cx4dev_lro_period_ns(dev, t->lro_timeout);
	cx4dev_timer_update(dev);
	return true;
}

/*
 * LRO handling of a frame for @rq through TIR @tirn; true if the frame was
 * consumed (merged or opened a session).  Any open session not taking the
 * frame is flushed first.
 */
bool cx4dev_lro_rx(struct cx4dev *dev, uint32_t tirn, const struct cx4dev_tir *t,
		   struct cx4dev_rq *rq, const struct cx4dev_lro_frame *fr)
{
	const struct cx4dev_pkt *p = fr->p;
	uint32_t tsval = 0, tsecr = 0;
	uint8_t key[40];
	bool eligible, reopen = false;
	int ts = 0;

	eligible = cx4dev_lro_eligible(dev, t, p, fr->f, &ts, &tsval, &tsecr);
	if (rq->lro && rq->lro->active) {
		struct cx4dev_lro *s = rq->lro;
		bool same = p->l4 == CX4_CQE_L4_TCP && s->tirn == tirn &&
			    cx4dev_lro_key(p, fr->f, key) == s->keylen &&
			    !memcmp(key, s->key, s->keylen);

		if (same && eligible &&
		    cx4dev_lro_merge(dev, rq, t, p, fr->f, ts, tsval, tsecr, &reopen))
			return true;
		cx4dev_lro_flush(dev, rq, CX4_CQE_LRO_ABRT_EXCEPTION);
		if (same && !reopen)
			return false;	/* standalone completion (3.3.6.3) */
	}
	if (!eligible)
		return false;
	return cx4dev_lro_open(dev, tirn, t, rq, fr, ts, tsval, tsecr);
}

const struct cx4dev_engine cx4dev_lro_engine = {
	.name		= "lro",
	.next_deadline	= cx4dev_lro_next_deadline,
	.timer		= cx4dev_lro_timer,
};
