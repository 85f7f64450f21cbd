// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: the loopback self-test of ethtool -t offline.
 *
 * Every frame the function transmits is also offered to its own receive
 * steering (local loopback, PRM 3.4); a TIR of the sending TIS's
 * transport domain takes it only if its self_lb_en allows that kind of
 * frame (Table 45), which the driver normally leaves off so that the
 * stack does not see its own frames.  The test opens the direct TIR to
 * unicast self-loopback (MODIFY_TIR), sends CX4_EN_LB_FRAMES frames of
 * the local experimental ethertype to the interface's own address (the
 * traffic-type classifier sends non-IP frames to the direct TIR), and
 * waits for all of them, each checked for the test's cookie and its
 * sequence number, through the normal receive path (RQ, CQ, NAPI) to a
 * packet handler bound to the interface.  self_lb_en is then closed.
 */

#include <linux/completion.h>
#include <linux/etherdevice.h>
#include <linux/if_ether.h>
#include <linux/netdevice.h>
#include <linux/random.h>
#include <linux/skbuff.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "fs.h"

#define CX4_EN_LB_FRAMES	16
#define CX4_EN_LB_MAGIC		0x63783474	/* "cx4t" */
#define CX4_EN_LB_TIMEOUT	(2 * HZ)

/* The payload of a test frame, after the Ethernet header. */
struct cx4_en_lb_hdr {
	__be32 magic;
	__be32 cookie;
	__be32 seq;
} __packed;

struct cx4_en_lb {
	struct packet_type pt;
	struct net_device *netdev;
	u32 cookie;
	/* Sequence numbers received (bit i: frame i); the RX path sets them. */
	unsigned long seen;
	atomic_t received;
	atomic_t bad;		/* ours by ethertype, wrong content */
	struct completion done;
};

static_assert(CX4_EN_LB_FRAMES <= BITS_PER_LONG);

/* Packet handler (NAPI, softirq): one of the test's frames? */
static int cx4_en_lb_rcv(struct sk_buff *skb, struct net_device *dev,
			 struct packet_type *pt, struct net_device *orig_dev)
{
	struct cx4_en_lb *lb = container_of(pt, struct cx4_en_lb, pt);
	const struct cx4_en_lb_hdr *h;
	u32 seq;

	if (dev != lb->netdev || !pskb_may_pull(skb, sizeof(*h)))
		goto out;
	h = (const struct cx4_en_lb_hdr *)skb->data;
	seq = be32_to_cpu(h->seq);
	if (be32_to_cpu(h->magic) != CX4_EN_LB_MAGIC ||
	    be32_to_cpu(h->cookie) != lb->cookie || seq >= CX4_EN_LB_FRAMES ||
	    test_and_set_bit(seq, &lb->seen)) {
		atomic_inc(&lb->bad);
		goto out;
	}
	if (atomic_inc_return(&lb->received) == CX4_EN_LB_FRAMES)
		complete(&lb->done);
out:
	consume_skb(skb);
	return NET_RX_SUCCESS;
}

static struct sk_buff *cx4_en_lb_frame(struct cx4_en_lb *lb, u32 seq)
{
	struct net_device *netdev = lb->netdev;
	struct cx4_en_lb_hdr *h;
	struct ethhdr *eth;
	struct sk_buff *skb;

	skb = netdev_alloc_skb(netdev, ETH_ZLEN + sizeof(*h));
	if (!skb)
		return NULL;
	eth = skb_put(skb, ETH_HLEN);
	ether_addr_copy(eth->h_dest, netdev->dev_addr);
	ether_addr_copy(eth->h_source, netdev->dev_addr);
	eth->h_proto = htons(ETH_P_802_EX1);
	h = skb_put_zero(skb, ETH_ZLEN - ETH_HLEN);
	h->magic = cpu_to_be32(CX4_EN_LB_MAGIC);
	h->cookie = cpu_to_be32(lb->cookie);
	h->seq = cpu_to_be32(seq);
	skb_reset_mac_header(skb);
	skb->protocol = eth->h_proto;
	skb->dev = netdev;
	skb->ip_summed = CHECKSUM_NONE;
	return skb;
}

/* self_lb_en of the direct TIR (unicast loopback). */
static int cx4_en_lb_enable(struct cx4_en_priv *priv, bool on)
{
	return cx4_en_tir_modify_self_lb(priv, priv->tirn, on);
}

static bool cx4_en_lb_supported(struct cx4_en_priv *priv)
{
	const void *eth = cx4_core_cap(priv->core, CX4_CAP_ETH_OFFLOAD);

	return eth && CX4_GET(ETH_CAP, eth, SELF_LB_EN_MODIFIABLE) &&
	       CX4_GET(ETH_CAP, eth, SELF_LB_UC);
}

/* Send the frames and wait for them; 0 when all came back intact. */
static int cx4_en_lb_run(struct cx4_en_priv *priv, struct cx4_en_lb *lb)
{
	struct net_device *netdev = priv->netdev;
	struct sk_buff *skb;
	u32 i;

	for (i = 0; i < CX4_EN_LB_FRAMES; i++) {
		skb = cx4_en_lb_frame(lb, i);
		if (!skb)
			return -ENOMEM;
		/* A drop (qdisc, ring) shows as a missing frame below. */
		dev_queue_xmit(skb);
	}
	if (!wait_for_completion_timeout(&lb->done, CX4_EN_LB_TIMEOUT)) {
		netdev_err(netdev, "self-test loopback: %d of %u frames came back (%d bad)\n",
			   atomic_read(&lb->received), CX4_EN_LB_FRAMES,
			   atomic_read(&lb->bad));
		return -ETIMEDOUT;
	}
	if (atomic_read(&lb->bad)) {
		netdev_err(netdev, "self-test loopback: %d frames came back altered\n",
			   atomic_read(&lb->bad));
		return -EIO;
	}
	return 0;
}

int cx4_en_test_loopback(struct cx4_en_priv *priv)
{
	struct net_device *netdev = priv->netdev;
	struct cx4_en_lb *lb;
	int err, err2;

	ASSERT_RTNL();
	if (!netif_running(netdev) || !priv->channels)
		return -ENETDOWN;
	if (!netif_carrier_ok(netdev))
		return -ENOLINK;
	if (!cx4_en_lb_supported(priv))
		return -EOPNOTSUPP;
	lb = kzalloc(sizeof(*lb), GFP_KERNEL);
	if (!lb)
		return -ENOMEM;
	lb->netdev = netdev;
	lb->cookie = get_random_u32();
	init_completion(&lb->done);
	lb->pt.type = htons(ETH_P_802_EX1);
	lb->pt.dev = netdev;
	lb->pt.func = cx4_en_lb_rcv;
	err = cx4_en_lb_enable(priv, true);
	if (err)
		goto free;
	dev_add_pack(&lb->pt);
	err = cx4_en_lb_run(priv, lb);
	/* Waits for running handlers (synchronize_net). */
	dev_remove_pack(&lb->pt);
	err2 = cx4_en_lb_enable(priv, false);
	if (err2)
		netdev_err(netdev, "self-test loopback: cannot close self_lb_en: %d\n",
			   err2);
	err = err ?: err2;
free:
	kfree(lb);
	return err;
}
