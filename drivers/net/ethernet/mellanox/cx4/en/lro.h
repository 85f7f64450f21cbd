/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cx4 Ethernet part: LRO header fix-up (PRM 3.3.6.5, 3.3.6.6), a pure
 * function the KUnit tests drive, and its use by the receive path.
 */
#ifndef _CX4_EN_LRO_H
#define _CX4_EN_LRO_H

#include <linux/types.h>

struct cx4_en_rq;
struct sk_buff;

/* What the fix-up found, for the skb's GSO fields. */
struct cx4_en_lro_hdr {
	u16 l4_off;		/* TCP header offset in the frame */
	u16 hdr_len;		/* L2 + L3 + TCP header bytes */
	bool ipv6;
};

/*
 * cx4_en_lro_fixup() - rewrite the first segment's headers of a
 * coalesced frame so they describe the whole of it
 * @frame: the frame as the device scattered it
 * @headlen: bytes of it at @frame (the headers must lie within them)
 * @len: its length (CQE byte_cnt, already checked against the buffer;
 *	 the bytes after @headlen are in other buffers)
 * @cqe: the receive CQE (lro_num_seg > 1)
 * @hdr: filled on success
 *
 * IPv4 total length, TTL (lro_min_ttl) and header checksum, or IPv6
 * payload length and hop limit; TCP ACK number (when the CQE says the
 * segments carried ACKs), window, PSH, timestamp option, and the TCP
 * checksum from the CQE's checksum of TCP header plus payload.
 *
 * Return: 0, or -EINVAL when the frame is not a TCP/IP frame the device
 * could have coalesced (nothing is written then).
 */
int cx4_en_lro_fixup(void *frame, u32 headlen, u32 len, const void *cqe,
		     struct cx4_en_lro_hdr *hdr);

/* Receive path: fix up @skb (data = frame) of CQE @cqe; false = drop. */
bool cx4_en_rx_lro(struct cx4_en_rq *rq, const void *cqe, struct sk_buff *skb);

#endif /* _CX4_EN_LRO_H */
