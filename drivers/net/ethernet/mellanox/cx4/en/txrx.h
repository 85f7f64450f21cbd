/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 Ethernet part: hot-path state (channels, send and receive queues)
 * and the pure WQE / CQE helpers the KUnit tests exercise.
 *
 * A channel is one completion vector: a CQ for TX and one for RX (core
 * CQ API), an SQ, an RQ and one NAPI context.  Queue buffers are DMA
 * coherent and physically contiguous; the 8-byte doorbell record (PRM
 * 7.4.2, receive counter then send counter) sits right after the ring.
 */
#ifndef _CX4_EN_TXRX_H
#define _CX4_EN_TXRX_H

#include <linux/dim.h>
#include <linux/log2.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/timer.h>
#include <net/xdp.h>
#include <linux/cx4/core.h>
#include <linux/cx4/cq.h>

#include "en.h"
#include "stats.h"

struct page_pool;

#define CX4_EN_LOG_SQ_SIZE	10	/* WQEBBs */
#define CX4_EN_LOG_RQ_SIZE	10	/* WQEs */
#define CX4_EN_RQ_LOG_STRIDE	4	/* one 16-byte scatter entry */
/*
 * Largest RQ stride cx4 uses (log_wq_stride is 4 bits, the device's
 * log_min/log_max_stride_sz_rq 5): 64 bytes, four scatter entries.  A
 * ring of CX4_EN_MAX_LOG_RING WQEs is then 512 KB at most.
 */
#define CX4_EN_RQ_MAX_LOG_STRIDE	6
#define CX4_EN_RX_MAX_SEGS	(1u << (CX4_EN_RQ_MAX_LOG_STRIDE - \
					CX4_EN_RQ_LOG_STRIDE))
/*
 * Copy-break: a frame of at most this many bytes is copied into a new
 * small skb (a page_pool fragment sized for it, rx.c) and its receive
 * buffer goes straight back into the ring.
 * 256 bytes are four cache lines: TCP ACKs, DNS, VoIP and 64-byte test
 * frames.  Below it the copy costs about what the stack's own reads of
 * the headers (eth_type_trans, GRO, IP, UDP/TCP) cost anyway, and it
 * saves the buffer's refill (the small fragment's round trip through
 * the pool is the same as the buffer's) and most of its truesize: the
 * copy's fragment is sized for the frame (cx4_en_rx_copy_size()), so a
 * 64-byte UDP datagram (106-byte frame) costs 768 bytes and a 256-byte
 * frame 896 instead of the buffer's 2,176 at MTU 1500 (x86-64, 6.12).
 * napi_alloc_skb() would round such a head up to 1 KB (truesize 1,280).
 * Above the threshold the copy grows with the frame while the saving
 * stays the same.
 */
#define CX4_EN_RX_COPYBREAK	256
#define CX4_EN_PAS_PAGE		4096	/* PAS entries are 4 KB pages */
#define CX4_EN_RX_HEADROOM	NET_SKB_PAD
/* An RQ left empty by allocation failures retries after this long. */
#define CX4_EN_RQ_REFILL_MS	10
/* Largest send WQE cx4 builds, in WQEBBs; a queue stops below this room. */
#define CX4_EN_MAX_WQEBBS	16
/* Inline bytes cx4 copies at most (L2..L4 headers of the inline modes). */
#define CX4_EN_MAX_INLINE	256
/* LSO segment size limit: the 14-bit mss field (PRM Table 28). */
#define CX4_EN_MAX_MSS		CX4_MAX(WQE_ETH, MSS)
/*
 * A queue whose reset failed is tried again after CX4_EN_RECOVER_RETRY_MS,
 * doubling, CX4_EN_RECOVER_TRIES attempts in all; then the channels are
 * rebuilt (recover.c).
 */
#define CX4_EN_RECOVER_TRIES	4
#define CX4_EN_RECOVER_RETRY_MS	100
/* CQEs a recovery drops from a reset queue's CQ at most. */
#define CX4_EN_CQ_DRAIN_MAX	65536
/* Data segments at most (linear part plus fragments). */
#define CX4_EN_MAX_DSEGS	(MAX_SKB_FRAGS + 1)

/* A queue's ring and doorbell record. */
struct cx4_en_wq_buf {
	void *buf;
	dma_addr_t dma;
	size_t size;		/* ring bytes, multiple of CX4_EN_PAS_PAGE */
	__be32 *dbr;		/* doorbell record after the ring */
	dma_addr_t dbr_dma;
};

/* What a posted send WQE holds, by the index of its first WQEBB. */
struct cx4_en_tx_wqe_info {
	struct sk_buff *skb;	/* NULL for NOP padding */
	u32 bytes;		/* cx4_en_tx_bytes(): BQL and counters */
	u32 pkts;		/* wire frames (LSO segments) */
	u16 num_wqebbs;		/* 0: not the start of a WQE */
	u8 num_dma;		/* DMA records of this WQE */
};

/* A DMA mapping of one send data segment, unmapped on completion. */
struct cx4_en_tx_dma {
	dma_addr_t addr;
	u32 len;
	bool page;		/* skb_frag_dma_map() vs dma_map_single() */
};

/*
 * xdp: what a WQE of an XDP SQ sends, by the index of its first WQEBB:
 * an XDP_TX frame in a page of the channel's RQ pool (still mapped by
 * the pool, given back to it on completion), or a frame of
 * ndo_xdp_xmit, mapped for the send (@dma, @len) and returned with
 * xdp_return_frame() on completion.
 */
struct cx4_en_xdp_wqe_info {
	struct page *page;
	struct xdp_frame *xdpf;
	dma_addr_t dma;
	u32 len;
};

struct cx4_en_sq {
	/* written by ndo_start_xmit (an XDP SQ: under @xdp_lock) */
	u16 pc;				/* sq_wqebb_counter of the next WQE */
	u16 dma_pc;
	u16 db_pc;			/* pc the last doorbell published */
	void *last_ctrl;		/* ctrl segment of the last WQE posted */
	/* written by NAPI */
	u16 cc ____cacheline_aligned_in_smp;
	u16 dma_cc;
	/* read-mostly */
	u32 sqn ____cacheline_aligned_in_smp;
	u16 mask;			/* WQEBBs - 1 */
	u16 dma_mask;
	u8 inline_mode;			/* enum cx4_inline_mode */
	u8 log_size;			/* WQEBBs */
	u32 lkey;
	void __iomem *db;		/* BlueFlame register 0, even buffer */
	struct device *dev;
	struct netdev_queue *txq;
	struct cx4_en_tx_wqe_info *info;
	struct cx4_en_tx_dma *dma;
	struct cx4_en_sq_stats *stats;
	struct cx4_en_wq_buf wq;
	struct cx4_cq *cq;
	bool created;
	bool dev_owned;			/* the device may still use the ring */
	u8 recover_fails;		/* failed resets in a row (RTNL) */
	/*
	 * xdp: an XDP SQ (cx4_en_channel.xdpsq, no TX queue, no stats of
	 * its own: its counts go to the channel's RQ counters).
	 * @xdp_lock serializes its producers -- the channel's NAPI
	 * (XDP_TX) and ndo_xdp_xmit on any CPU -- over pc, last_ctrl,
	 * @xdp_pending and the doorbell; NAPI's completions move cc alone.
	 */
	struct cx4_en_xdp_wqe_info *xdpi;	/* non-NULL: an XDP SQ */
	struct page_pool *pool;			/* the RQ's, for XDP_TX pages */
	spinlock_t xdp_lock;			/* see above */
	bool xdp_pending;			/* WQEs behind the doorbell */
	/* under @xdp_lock too: when the CQ is armed (cx4_en_xdp_sq_arm()) */
	u16 xmit_pc;			/* pc after ndo_xdp_xmit's last WQE */
	bool cq_idle;			/* NAPI left the CQ unarmed */
};

/*
 * Where a receive WQE's buffers sit (cx4_en_rx_layout()).  Scatter
 * entry 0 is a page_pool fragment of @head_size bytes: headroom, @head_len
 * bytes for the device, skb_shared_info (napi_build_skb() over it);
 * entries 1 .. @nsegs - 1 are whole order-0 pages, added to the skb as
 * page fragments.  At MTU <= ~1.6 KB (4 KB pages) one entry holds the
 * frame and two or more fragments share a page; jumbo frames take a
 * half-page head and one or more pages.
 */
struct cx4_en_rx_layout {
	u32 head_size;		/* the fragment's bytes (its truesize) */
	u32 head_len;		/* bytes the device may write into it */
	u32 seg_size;		/* bytes of each later entry: a page (2^n) */
	u32 nsegs;		/* scatter entries, 1 .. CX4_EN_RX_MAX_SEGS */
	u32 buf_len;		/* bytes a WQE takes in all */
	u32 headroom;		/* bytes before the frame in the head */
	u8 log_stride;		/* the RQ's WQE stride */
};

/* One scatter entry's buffer: a page_pool page or a fragment of one. */
struct cx4_en_rx_buf {
	struct page *page;	/* NULL: not posted */
	u32 offset;		/* of the fragment in @page */
};

/*
 * A compressed session being expanded (rx.c, one NAPI poll to the next):
 * the title's copy, turned into each member's CQE in turn
 * (cx4_en_cqz_member()), and a copy of the mini CQE array holding the
 * current member.
 */
struct cx4_en_cqz {
	u8 cqe[CX4_CQE_SIZE] __aligned(8);
	u8 mini[CX4_CQE_SIZE] __aligned(8);
	u16 wc;				/* the title's wqe_counter: member 0's */
	u16 n;				/* members; 0: no session open */
	u16 i;				/* the next member */
};

struct cx4_en_rq {
	u16 pc;				/* WQEs posted */
	u16 cc;				/* WQEs completed */
	u16 mask;
	u16 ix;				/* channel index = RX queue */
	u8 log_stride;			/* WQE stride, >= the device minimum */
	u8 log_size;			/* WQEs */
	bool vlan_strip;		/* created with vsd 0 */
	u32 rqn;
	u32 lkey;
	u32 buf_len;			/* bytes the device may write a WQE */
	struct cx4_en_rx_layout lay;
	struct cx4_en_rx_buf *bufs;	/* lay.nsegs per WQE */
	struct page_pool *pool;
	struct device *dev;
	struct net_device *netdev;
	struct napi_struct *napi;
	struct cx4_en_rq_stats *stats;
	struct cx4_en_wq_buf wq;
	struct cx4_cq *cq;
	/* CQE compression: longest session taken (0: off); the open one */
	u32 cqz_max;
	struct cx4_en_cqz cqz;
	/*
	 * xdp: the program the RQ runs (NULL: none), read once per NAPI
	 * poll; set under RTNL (xdp_attach.c).  Not a reference of its
	 * own: cx4_en_params.xdp_prog holds it while any RQ uses it, and
	 * a program is freed only after an RCU grace period.
	 */
	struct bpf_prog *xdp_prog;
	struct xdp_rxq_info xdp_rxq;
	bool xdp_redirected;		/* NAPI: xdp_do_flush() due */
	enum dma_data_direction dma_dir; /* the pool's: both ways with XDP */
	/* chan: NAPI's retry of an empty ring's refill (cx4_en_rx_poll()) */
	struct timer_list refill_timer;
	bool created;
	bool dev_owned;			/* the device may still use the ring */
	u8 recover_fails;		/* failed resets in a row (RTNL) */
};

/*
 * Recovery requests (cx4_en_channel.recover), set from NAPI or timeout,
 * and recover.c's own for a queue whose reset failed.
 */
enum {
	CX4_EN_RECOVER_SQ,		/* SQ error CQE or TX timeout */
	CX4_EN_RECOVER_RQ,		/* RQ error CQE */
	CX4_EN_RECOVER_SQ_CQ,		/* CQ error event on the SQ's CQ */
	CX4_EN_RECOVER_RQ_CQ,		/* CQ error event on the RQ's CQ */
	CX4_EN_RECOVER_SQ_RETRY,	/* SQ reset failed: again after a delay */
	CX4_EN_RECOVER_RQ_RETRY,	/* RQ reset failed: again after a delay */
	CX4_EN_RECOVER_SQ_LOST,		/* every SQ reset failed: rebuild */
	CX4_EN_RECOVER_RQ_LOST,		/* every RQ reset failed: rebuild */
	CX4_EN_RECOVER_XDPSQ,		/* XDP SQ error CQE or CQ error: rebuild */
};

struct cx4_en_channel {
	struct napi_struct napi;
	unsigned long recover;		/* CX4_EN_RECOVER_* bits */
	struct cx4_en_sq sq;
	struct cx4_en_rq rq;
	struct cx4_en_sq xdpsq;		/* xdp: created with a program */
	struct cx4_en_priv *priv;
	u32 ix;
	/*
	 * The RQ's counts while the channel is built (its first fill):
	 * channel ix of the running set may be counting into the netdev's
	 * set meanwhile.  Added to that set when the channel starts.
	 */
	struct cx4_en_rq_stats build_stats;
	/* chan: completion events (hard IRQ) and lib/dim per direction */
	u16 events;
	struct dim rx_dim;
	struct dim tx_dim;
};

/* A set of channels built from one cx4_en_params (channels.c). */
struct cx4_en_chs {
	struct cx4_en_channel **ch;
	u32 num;
	struct cx4_en_params params;
};

/* --- pure helpers (KUnit) --------------------------------------------- */

/* Inline header bytes for @mode: L2, L3 or L4 end, capped at @len. */
u32 cx4_en_inline_len(u8 mode, u32 len, u32 l3_end, u32 l4_end);
/* Counted bytes and wire frames of a (possibly LSO) send (mlx5_core's). */
u32 cx4_en_tx_bytes(u32 len, u32 ihs, u32 mss, u32 *pkts);
/*
 * The per-packet helpers below are inline: they run for every frame,
 * and a call to another file costs more than most of them do.
 */

/* Bytes of a send WQE: ctrl, eth segment with @inline_sz, @ndseg segs. */
static inline u32 cx4_en_tx_wqe_size(u32 inline_sz, u32 ndseg)
{
	return CX4_WQE_CTRL_SIZE + cx4_wqe_eth_seg_size(inline_sz) +
	       ndseg * CX4_WQE_DSEG_SIZE;
}

/* Field @f of a control segment dword holding @v, the other bits 0. */
static inline u32 cx4_en_ctrl_fv(u32 f, u32 v)
{
	return (v & cx4_fld_mask(f)) << CX4_FLD_LSB(f);
}

/*
 * Control segment (PRM Tables 25, 26); @ds in 16-byte units.  Written
 * as four whole dwords (opc_mod, signature, fm, se and the immediate
 * 0), not field by field: no read-modify-write of the ring.
 */
static inline void cx4_en_wqe_ctrl_build(void *ctrl, u16 pc, u8 opcode,
					 u32 sqn, u32 ds, bool signal)
{
	/* Each field shares its dword with those written beside it. */
	static_assert(CX4_FLD_OFF(CX4_WQE_CTRL_WQE_INDEX) == CX4_FLD_OFF(CX4_WQE_CTRL_OPCODE) &&
		      CX4_FLD_OFF(CX4_WQE_CTRL_SQN) == CX4_FLD_OFF(CX4_WQE_CTRL_DS) &&
		      CX4_FLD_OFF(CX4_WQE_CTRL_CE) == CX4_FLD_OFF(CX4_WQE_CTRL_SIGNATURE) &&
		      CX4_FLD_OFF(CX4_WQE_CTRL_CE) == CX4_FLD_OFF(CX4_WQE_CTRL_FM) &&
		      CX4_FLD_OFF(CX4_WQE_CTRL_CE) == CX4_FLD_OFF(CX4_WQE_CTRL_SE) &&
		      CX4_FLD_OFF(CX4_WQE_CTRL_IMM) + 4 == CX4_WQE_CTRL_SIZE);
	cx4_wr32(ctrl, CX4_FLD_OFF(CX4_WQE_CTRL_OPCODE),
		 cx4_en_ctrl_fv(CX4_WQE_CTRL_WQE_INDEX, pc) |
		 cx4_en_ctrl_fv(CX4_WQE_CTRL_OPCODE, opcode));
	cx4_wr32(ctrl, CX4_FLD_OFF(CX4_WQE_CTRL_SQN),
		 cx4_en_ctrl_fv(CX4_WQE_CTRL_SQN, sqn) |
		 cx4_en_ctrl_fv(CX4_WQE_CTRL_DS, ds));
	cx4_wr32(ctrl, CX4_FLD_OFF(CX4_WQE_CTRL_CE),
		 cx4_en_ctrl_fv(CX4_WQE_CTRL_CE, signal ? CX4_WQE_CE_CQE_ALWAYS :
							  CX4_WQE_CE_CQE_ON_ERR));
	cx4_wr32(ctrl, CX4_FLD_OFF(CX4_WQE_CTRL_IMM), 0);
}

/*
 * Is a send completion's wqe_counter @wc the start of a posted WQE?
 * @cc and @pc are the consumer and producer counters; @info the ring.
 */
static inline bool cx4_en_tx_wc_valid(u16 wc, u16 cc, u16 pc, u16 mask,
				      const struct cx4_en_tx_wqe_info *info)
{
	if ((u16)(wc - cc) >= (u16)(pc - cc))
		return false;
	return info[wc & mask].num_wqebbs != 0;
}

/*
 * Tell the device about the WQEs up to sq->pc, the TX and the XDP SQs
 * alike: the doorbell record, then the first 8 bytes of the last WQE
 * (sq->last_ctrl) to the BlueFlame register.
 */
static inline void cx4_en_sq_doorbell(struct cx4_en_sq *sq)
{
	dma_wmb();
	WRITE_ONCE(sq->wq.dbr[CX4_WQ_DBR_SND_IDX], cpu_to_be32(sq->pc));
	sq->db_pc = sq->pc;
	wmb();		/* the record before the MMIO doorbell */
#ifdef CONFIG_64BIT
	__raw_writeq(*(u64 *)sq->last_ctrl, sq->db);
#else
	__raw_writel(*(u32 *)sq->last_ctrl, sq->db);
	__raw_writel(*(u32 *)(sq->last_ctrl + CX4_SEND_DB_OFF_DW1),
		     sq->db + CX4_SEND_DB_OFF_DW1);
#endif
}

/* What one send CQE is (cx4_en_sq_cqe_read()). */
enum cx4_en_sq_cqe {
	CX4_EN_SQ_CQE_REQ,	/* completes the WQEs up to its wqe_counter */
	CX4_EN_SQ_CQE_ERR,	/* error CQE (copied whole): completes them too */
	CX4_EN_SQ_CQE_BAD_OP,	/* neither opcode: skipped, counted */
	CX4_EN_SQ_CQE_BAD_WC,	/* wqe_counter names no posted WQE: the same */
};

/* A send completion's fields (wqe_counter, opcode) are in its last dword. */
#define CX4_EN_SQ_CQE_TAIL	(CX4_CQE_SIZE - 4)
static_assert(CX4_FLD_OFF(CX4_CQE_OPCODE) == CX4_EN_SQ_CQE_TAIL &&
	      CX4_FLD_OFF(CX4_CQE_WQE_COUNTER) == CX4_EN_SQ_CQE_TAIL);

/*
 * Read the send CQE at @hw once into @cqe, for the TX and the XDP SQs
 * alike: its last dword, or all of it for an error CQE's syndromes; only
 * the copy is looked at (the device may rewrite @hw).  *@wc gets its
 * wqe_counter, checked against the ring (cx4_en_tx_wc_valid()).
 */
static inline enum cx4_en_sq_cqe
cx4_en_sq_cqe_read(const void *hw, u8 *cqe, u16 cc, u16 pc, u16 mask,
		   const struct cx4_en_tx_wqe_info *info, u16 *wc)
{
	u32 op;

	memcpy(cqe + CX4_EN_SQ_CQE_TAIL, hw + CX4_EN_SQ_CQE_TAIL,
	       CX4_CQE_SIZE - CX4_EN_SQ_CQE_TAIL);
	op = CX4_GET(CQE, cqe, OPCODE);
	*wc = CX4_GET(CQE, cqe, WQE_COUNTER);
	if (unlikely(op != CX4_CQE_OP_REQ))
		memcpy(cqe, hw, CX4_EN_SQ_CQE_TAIL);
	if (op != CX4_CQE_OP_REQ && op != CX4_CQE_OP_REQ_ERR)
		return CX4_EN_SQ_CQE_BAD_OP;
	if (!cx4_en_tx_wc_valid(*wc, cc, pc, mask, info))
		return CX4_EN_SQ_CQE_BAD_WC;
	return op == CX4_CQE_OP_REQ ? CX4_EN_SQ_CQE_REQ : CX4_EN_SQ_CQE_ERR;
}

/* The log word of a skipped send CQE's verdict. */
static inline const char *cx4_en_sq_cqe_bad_why(enum cx4_en_sq_cqe v)
{
	return v == CX4_EN_SQ_CQE_BAD_OP ? "bad opcode" : "bad wqe_counter";
}

/*
 * The RQ stride for @nsegs scatter entries a WQE from the device's
 * log_min/log_max_stride_sz_rq: the smallest power of two of entries
 * that holds them, or the minimum if larger; -EINVAL if above
 * CX4_EN_RQ_MAX_LOG_STRIDE or the device's maximum.
 */
int cx4_en_rq_log_stride(u32 nsegs, u32 log_min, u32 log_max);
/*
 * The receive buffers for frames of up to @frame_len bytes with pages of
 * @page_size bytes and the device's RQ stride range; -EINVAL if the
 * frame needs more scatter entries than the stride allows.
 */
int cx4_en_rx_layout(u32 frame_len, u32 page_size, u32 log_min, u32 log_max,
		     struct cx4_en_rx_layout *lay);
/*
 * xdp: the receive buffers with an XDP program: one order-0 page per
 * frame (@page_size bytes), XDP_PACKET_HEADROOM before the frame and
 * skb_shared_info after it, one scatter entry; -EINVAL if a frame of
 * @frame_len bytes does not fit.
 */
int cx4_en_rx_layout_xdp(u32 frame_len, u32 page_size, u32 log_min,
			 u32 log_max, struct cx4_en_rx_layout *lay);
/* xdp: the largest MTU whose frames fit cx4_en_rx_layout_xdp(). */
u32 cx4_en_xdp_max_mtu(u32 page_size);
/* The longest frame the largest WQE the device allows can take. */
u32 cx4_en_rx_max_frame(u32 page_size, u32 log_max);
/*
 * Scatter entries a frame of @len bytes fills (1 if it fits the head).
 * The later entries are pages: a shift, not a division.
 */
static inline u32 cx4_en_rx_segs_used(const struct cx4_en_rx_layout *lay,
				      u32 len)
{
	if (len <= lay->head_len)
		return 1;
	return 1 + ((len - lay->head_len + lay->seg_size - 1) >>
		    ilog2(lay->seg_size));
}

/*
 * Copy a frame of @len bytes into a new skb (and keep its buffer
 * posted)?  Only if it is short and within the head of @head_len bytes.
 */
static inline bool cx4_en_rx_copybreak(u32 len, u32 head_len)
{
	return len <= min_t(u32, CX4_EN_RX_COPYBREAK, head_len);
}

/* Bytes of the fragment a copied frame of @len bytes gets (its truesize). */
u32 cx4_en_rx_copy_size(u32 len);

/*
 * recover.c: the delay (ms) before the next reset of a queue whose last
 * @fails resets failed; 0: no retry (none failed, or the queue is lost).
 */
u32 cx4_en_recover_backoff_ms(u32 fails);
/*
 * recover.c: is a TX queue @stopped since its last send at @trans_start
 * stuck at @now by the TX watchdog's @timeo (all in jiffies)?
 */
bool cx4_en_txq_stuck(bool stopped, unsigned long trans_start,
		      unsigned long now, unsigned long timeo);

/* Verdict on a receive CQE before any of it is used. */
enum cx4_en_rx_verdict {
	CX4_EN_RX_OK,
	CX4_EN_RX_ERR_CQE,	/* error CQE: the WQE is consumed */
	CX4_EN_RX_BAD_OPCODE,
	CX4_EN_RX_BAD_COUNTER,	/* wqe_counter is not the next posted WQE */
	CX4_EN_RX_BAD_LEN,	/* byte_cnt too short or above the buffer */
};

enum cx4_en_rx_verdict cx4_en_rx_cqe_check(const void *cqe, u16 cc, u16 pc,
					   u32 buf_len);

/* --- CQE compression (rx.c; pure, KUnit) -------------------------------- */

/*
 * The longest session an RQ takes: the capability's
 * cqe_compression_max_num (0: not given) and the CQ's @cq_entries (a
 * session takes one entry per member).
 */
static inline u32 cx4_en_cqz_max(u32 cap_max, u32 cq_entries)
{
	return cap_max && cap_max < cq_entries ? cap_max : cq_entries;
}

/*
 * The members of the session whose title (a copy) is @cqe, or 0 when its
 * count is outside 2 .. @max (cx4_en_cqz_max(); 0: compression off).
 */
static inline u32 cx4_en_cqz_count(const void *cqe, u32 max)
{
	u32 n = CX4_GET(CQE, cqe, COMPRESSED_COUNT);

	return n >= 2 && n <= max ? n : 0;
}

/* Open a session of @n members from the title @title (a copy). */
static inline void cx4_en_cqz_start(struct cx4_en_cqz *z, const void *title,
				    u32 n)
{
	memcpy(z->cqe, title, CX4_CQE_SIZE);
	CX4_SET(CQE, z->cqe, FORMAT, CX4_CQE_FORMAT_NO_INLINE);
	z->wc = CX4_GET(CQE, title, WQE_COUNTER);
	z->n = n;
	z->i = 0;
}

/*
 * The entry (after the title) to copy into z->mini before member z->i
 * is expanded: the first of each mini CQE array; 0 while the current
 * copy holds it.  Always below z->n (z->n >= 2).
 */
static inline u32 cx4_en_cqz_array(const struct cx4_en_cqz *z)
{
	return z->i % CX4_MINI_CQE_PER_CQE ? 0 : cx4_mini_cqe_entry(z->i);
}

/*
 * Member z->i's CQE in z->cqe: the title's fields with its mini CQE's
 * byte count and RX hash result (mini_cqe_res_format 0) and the title's
 * wqe_counter plus its index.  The title's checksum and timestamp stay.
 */
static inline void cx4_en_cqz_member(struct cx4_en_cqz *z)
{
	const u8 *m = z->mini +
		      (z->i % CX4_MINI_CQE_PER_CQE) * CX4_MINI_CQE_SIZE;

	CX4_SET(CQE, z->cqe, BYTE_CNT, CX4_GET(MINI_CQE, m, BYTE_CNT));
	CX4_SET(CQE, z->cqe, RX_HASH_RESULT,
		CX4_GET(MINI_CQE, m, RX_HASH_RESULT));
	CX4_SET(CQE, z->cqe, WQE_COUNTER, (u16)(z->wc + z->i));
}

/* --- xdp.c: XDP_TX and the XDP SQ --------------------------------------- */

/*
 * xdp: the WQEBBs a WQE of @nbb WQEBBs takes when posted at producer
 * counter @pc of a ring of @mask + 1 WQEBBs with consumer counter @cc
 * -- the NOPs that pad to the ring's edge included when it would not
 * fit before it -- or 0 if the ring has no room for that.
 */
static inline u32 cx4_en_sq_wqe_slots(u16 pc, u16 cc, u16 mask, u32 nbb)
{
	u32 edge = mask + 1 - (pc & mask);
	u32 need = nbb + (nbb > edge ? edge : 0);
	u32 room = mask + 1 - (u16)(pc - cc);

	return need <= room ? need : 0;
}

/*
 * Inline header bytes of a frame of @len bytes at @data for inline mode
 * @mode: cx4_en_inline_len() with the ends of the IP and L4 headers
 * found in the frame itself (an XDP frame has no skb to say).
 */
u32 cx4_en_xdp_inline_len(u8 mode, const u8 *data, u32 len);
/* NAPI: send the frame @xdp in @page (the RQ's pool) back out. */
bool cx4_en_xdp_tx_page(struct cx4_en_rq *rq, struct page *page,
			const struct xdp_buff *xdp);
/* NAPI, end of the RX poll: ring the XDP SQ's doorbell if it has news. */
void cx4_en_xdp_sq_flush(struct cx4_en_rq *rq);
/* NAPI: the XDP SQ's completions; true if its CQ was drained. */
bool cx4_en_xdp_sq_poll(struct cx4_en_sq *sq, struct cx4_en_rq *rq);
/* NAPI, after napi_complete_done(): arm the XDP SQ's CQ if needed. */
void cx4_en_xdp_sq_arm(struct cx4_en_sq *sq);
/* What a posted XDP SQ WQE holds, given back (@napi: from NAPI). */
void cx4_en_xdp_wqe_release(struct cx4_en_sq *sq,
			    struct cx4_en_xdp_wqe_info *xi, bool napi);

/* --- tx.c / rx.c ------------------------------------------------------- */

netdev_tx_t cx4_en_start_xmit(struct sk_buff *skb, struct net_device *dev);
bool cx4_en_tx_poll(struct cx4_en_sq *sq, int budget);
void cx4_en_sq_drop_pending(struct cx4_en_sq *sq);
void cx4_en_sq_free_pending(struct cx4_en_sq *sq);
int cx4_en_rx_poll(struct cx4_en_rq *rq, int budget);
int cx4_en_rq_fill(struct cx4_en_rq *rq);
void cx4_en_rq_free_pages(struct cx4_en_rq *rq);
void cx4_en_rq_refill_timer(struct timer_list *t);
/*
 * From NAPI or the TX watchdog: recover @bit's queue of @ch later
 * (recover.c's work does it).
 */
static inline void cx4_en_request_recover(struct cx4_en_channel *ch, int bit)
{
	if (!test_and_set_bit(bit, &ch->recover))
		schedule_work(&ch->priv->recover_work);
}

#endif /* _CX4_EN_TXRX_H */
