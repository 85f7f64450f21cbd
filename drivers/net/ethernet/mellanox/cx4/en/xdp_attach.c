// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: attaching XDP programs (ndo_bpf XDP_SETUP_PROG).
 *
 * A program changes the receive buffers: every frame gets an order-0
 * page to itself with XDP_PACKET_HEADROOM before it and skb_shared_info
 * after it (cx4_en_rx_layout_xdp()), mapped both ways for XDP_TX.  So
 * attaching the first program or detaching the last builds a new channel
 * set with the new buffers while the old one runs, then swaps them
 * (cx4_en_reconfigure(), as for an MTU change): the link stays up and
 * traffic stops only for the swap.  Replacing a program by another only
 * exchanges the pointer each RQ reads once per NAPI poll: the old
 * program is put at once, and freed by BPF after an RCU grace period,
 * which every NAPI poll that may still run it is inside.
 *
 * Refused, with a message in extack: an MTU whose frame does not fit the
 * page (cx4_en_xdp_max_mtu(): 3,498 bytes with 4 KB pages), LRO on
 * (merged frames would not fit either; ethtool -K IF lro off first; LRO
 * cannot be turned on while a program is attached, cx4_en_fix_features()),
 * and programs that take multi-buffer frames (frags): cx4 does not build
 * them.  Everything runs under RTNL.
 */

#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/netdevice.h>

#include "../compat.h"
#include "en.h"
#include "txrx.h"

/* Is @mtu possible with an XDP program?  extack says why not. */
static bool cx4_en_xdp_mtu_ok(struct cx4_en_priv *priv, u32 mtu,
			      struct netlink_ext_ack *extack)
{
	u32 max = cx4_en_xdp_max_mtu(PAGE_SIZE);

	if (mtu <= max)
		return true;
	NL_SET_ERR_MSG_FMT_MOD(extack,
			       "MTU %u too large for XDP: at most %u (a page a frame)",
			       mtu, max);
	return false;
}

/* ndo_change_mtu with a program attached: the page's limit holds. */
int cx4_en_xdp_check_mtu(struct cx4_en_priv *priv, u32 mtu)
{
	if (!priv->params.xdp_prog || mtu <= cx4_en_xdp_max_mtu(PAGE_SIZE))
		return 0;
	netdev_err(priv->netdev, "MTU %u too large with an XDP program: at most %u\n",
		   mtu, cx4_en_xdp_max_mtu(PAGE_SIZE));
	return -EINVAL;
}

/* Same buffers, another program: each RQ takes it at its next poll. */
static void cx4_en_xdp_swap(struct cx4_en_priv *priv, struct bpf_prog *prog)
{
	struct cx4_en_chs *chs = priv->chs;
	u32 i;

	for (i = 0; chs && i < chs->num; i++)
		WRITE_ONCE(chs->ch[i]->rq.xdp_prog, prog);
	if (chs)
		chs->params.xdp_prog = prog;
	priv->params.xdp_prog = prog;
}

static int cx4_en_xdp_set(struct net_device *netdev, struct bpf_prog *prog,
			  struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct bpf_prog *old = priv->params.xdp_prog;
	struct cx4_en_params params;
	int err;

	ASSERT_RTNL();
	if (prog) {
		if (prog->aux->xdp_has_frags) {
			NL_SET_ERR_MSG_MOD(extack,
					   "multi-buffer XDP programs (frags) are not supported");
			return -EOPNOTSUPP;
		}
		if (priv->params.lro) {
			NL_SET_ERR_MSG_MOD(extack,
					   "LRO is on: turn it off first (ethtool -K IF lro off)");
			return -EINVAL;
		}
		if (!cx4_en_xdp_mtu_ok(priv, priv->params.mtu, extack))
			return -EINVAL;
	}
	if (!!old == !!prog) {
		cx4_en_xdp_swap(priv, prog);
	} else {
		params = priv->params;
		params.xdp_prog = prog;
		err = cx4_en_reconfigure(priv, &params, NULL);
		if (err) {
			NL_SET_ERR_MSG_MOD(extack,
					   "cannot build channels for the new receive buffers");
			return err;
		}
		netdev_update_features(netdev);	/* LRO possible again, or not */
		/* XDP SQs, and so ndo_xdp_xmit, come and go with a program. */
		cx4_xdp_features_set(netdev, !!prog);
	}
	/* The reference the stack gave for @prog is priv->params' now. */
	if (old)
		bpf_prog_put(old);
	return 0;
}

int cx4_en_xdp(struct net_device *netdev, struct netdev_bpf *bpf)
{
	switch (bpf->command) {
	case XDP_SETUP_PROG:
		return cx4_en_xdp_set(netdev, bpf->prog, bpf->extack);
	default:
		return -EINVAL;
	}
}
