// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: ethtool ntuple flow rules (ethtool -N IF flow-type
 * tcp4|udp4|tcp6|udp6|ip4|ip6|ether ... action Q|-1 [context N] [loc N],
 * -n, -N delete N) in a NIC RX flow table (PRM 7.11) between the L2 table and
 * the traffic-type classifier:
 *
 *   VLAN (level 0) -> L2 (1) -> rules (2) -> TTC (3, rss.c)
 *
 * Rule N is flow N of the rules table, alone in a flow group of its own
 * criteria (the fields and masks it matches).  The device takes the
 * first flow that matches, in flow index order (PRM 7.11.2): the lowest
 * location wins.  A frame no rule matches goes on to the TTC table (the
 * table's identified miss, PRM Table 387).  Action Q forwards to a
 * direct TIR of channel Q's RQ (one TIR per queue some rule names,
 * shared by its rules); action -1 drops (flow action DROP, counted by
 * the device as a steering discard).  With "context N" (FLOW_RSS) an IP
 * rule forwards to RSS context N's indirect TIR of the rule's traffic
 * type (tcp4 -> its IPv4 TCP TIR, ip4 -> its IPv4 TIR, ...; rss_ctx.c),
 * so the context's table spreads the rule's flows; an ether rule cannot
 * name a context (no TIR hashes every ethertype), and a context with
 * rules is not deleted.  Rules are checked against the
 * fields the device matches fully or partially (ft_field_support,
 * ft_field_bitmask_support, PRM Table 152).
 *
 * The rules live as long as the netdev: ethtool may add and delete them
 * while the interface is down; open installs them, close removes them;
 * a channel rebuild (ethtool -L, -G, MTU change) moves them to the new
 * RQs: new direct TIRs, an FTE modify per rule, then the old TIRs go.
 * ethtool -L below a queue some rule names is refused (here, and by the
 * ethtool core).  NETIF_F_NTUPLE (ethtool -K IF ntuple on|off, on by
 * default) says whether the rules are applied: off takes them out of
 * the device and keeps them (ethtool -n still lists them, delete works),
 * on installs them again; a new rule needs it on.  Everything runs under
 * RTNL.
 */

#include <linux/bitmap.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <linux/cx4/core.h>

#include "en.h"
#include "fs.h"
#include "txrx.h"

static_assert(CX4_EN_NT_MAX == 1u << CX4_EN_NT_LOG_MAX);

/*
 * One rule: what ethtool gave (the flow spec and the RSS context, 0 for
 * none), and its flow group while installed.
 */
struct cx4_en_nt_rule {
	struct ethtool_rx_flow_spec spec;
	u32 ctx;
	u32 group_id;
	bool installed;
};

/* --- rule -> match criteria and value (pure) -------------------------------- */

/* @len bytes of a field: mask @m into @crit, @v under @m into @val. */
static void cx4_en_nt_bytes(u8 *crit, u8 *val, const void *v, const void *m,
			    u32 len)
{
	const u8 *vb = v, *mb = m;
	u32 i;

	for (i = 0; i < len; i++) {
		crit[i] = mb[i];
		val[i] = vb[i] & mb[i];
	}
}

/* Ethertype and IP protocol of an L3/L4 flow type: matched in full. */
static void cx4_en_nt_l3l4(u8 *c, u8 *v, u16 ethertype, u8 proto)
{
	CX4_SET(FTE, c, ETHERTYPE, 0xffff);
	CX4_SET(FTE, v, ETHERTYPE, ethertype);
	CX4_SET(FTE, c, IP_PROTOCOL, 0xff);
	CX4_SET(FTE, v, IP_PROTOCOL, proto);
}

/* Source and destination ports (network order) of TCP or UDP. */
static void cx4_en_nt_ports(u8 *c, u8 *v, bool tcp, __be16 psrc, __be16 msrc,
			    __be16 pdst, __be16 mdst)
{
	if (tcp) {
		CX4_SET(FTE, c, TCP_SPORT, ntohs(msrc));
		CX4_SET(FTE, v, TCP_SPORT, ntohs(psrc & msrc));
		CX4_SET(FTE, c, TCP_DPORT, ntohs(mdst));
		CX4_SET(FTE, v, TCP_DPORT, ntohs(pdst & mdst));
	} else {
		CX4_SET(FTE, c, UDP_SPORT, ntohs(msrc));
		CX4_SET(FTE, v, UDP_SPORT, ntohs(psrc & msrc));
		CX4_SET(FTE, c, UDP_DPORT, ntohs(mdst));
		CX4_SET(FTE, v, UDP_DPORT, ntohs(pdst & mdst));
	}
}

/* IPv4 TOS / IPv6 traffic class: DSCP (upper six bits) and ECN. */
static void cx4_en_nt_tos(u8 *c, u8 *v, u8 tos, u8 mask)
{
	CX4_SET(FTE, c, IP_DSCP, mask >> 2);
	CX4_SET(FTE, v, IP_DSCP, (tos & mask) >> 2);
	CX4_SET(FTE, c, IP_ECN, mask);
	CX4_SET(FTE, v, IP_ECN, tos & mask);
}

static void cx4_en_nt_ip4(u8 *c, u8 *v, const struct ethtool_rx_flow_spec *fs,
			  bool tcp)
{
	const struct ethtool_tcpip4_spec *s = &fs->h_u.tcp_ip4_spec;
	const struct ethtool_tcpip4_spec *m = &fs->m_u.tcp_ip4_spec;
	u32 off = CX4_FTE_OFF_IPV4_IN_IP;

	cx4_en_nt_l3l4(c, v, ETH_P_IP, tcp ? IPPROTO_TCP : IPPROTO_UDP);
	cx4_en_nt_bytes(c + CX4_FTE_OFF_SRC_IP + off,
			v + CX4_FTE_OFF_SRC_IP + off, &s->ip4src, &m->ip4src,
			sizeof(s->ip4src));
	cx4_en_nt_bytes(c + CX4_FTE_OFF_DST_IP + off,
			v + CX4_FTE_OFF_DST_IP + off, &s->ip4dst, &m->ip4dst,
			sizeof(s->ip4dst));
	cx4_en_nt_ports(c, v, tcp, s->psrc, m->psrc, s->pdst, m->pdst);
	cx4_en_nt_tos(c, v, s->tos, m->tos);
}

static void cx4_en_nt_ip6(u8 *c, u8 *v, const struct ethtool_rx_flow_spec *fs,
			  bool tcp)
{
	const struct ethtool_tcpip6_spec *s = &fs->h_u.tcp_ip6_spec;
	const struct ethtool_tcpip6_spec *m = &fs->m_u.tcp_ip6_spec;

	static_assert(sizeof(s->ip6src) == CX4_FTE_IP_LEN);
	cx4_en_nt_l3l4(c, v, ETH_P_IPV6, tcp ? IPPROTO_TCP : IPPROTO_UDP);
	cx4_en_nt_bytes(c + CX4_FTE_OFF_SRC_IP, v + CX4_FTE_OFF_SRC_IP,
			s->ip6src, m->ip6src, CX4_FTE_IP_LEN);
	cx4_en_nt_bytes(c + CX4_FTE_OFF_DST_IP, v + CX4_FTE_OFF_DST_IP,
			s->ip6dst, m->ip6dst, CX4_FTE_IP_LEN);
	cx4_en_nt_ports(c, v, tcp, s->psrc, m->psrc, s->pdst, m->pdst);
	cx4_en_nt_tos(c, v, s->tclass, m->tclass);
}

/* The IP protocol of an ip4/ip6 (user) rule, under its mask. */
static void cx4_en_nt_proto(u8 *c, u8 *v, u8 proto, u8 mask)
{
	CX4_SET(FTE, c, IP_PROTOCOL, mask);
	CX4_SET(FTE, v, IP_PROTOCOL, proto & mask);
}

static int cx4_en_nt_usr4(u8 *c, u8 *v, const struct ethtool_rx_flow_spec *fs,
			  const char **why)
{
	const struct ethtool_usrip4_spec *s = &fs->h_u.usr_ip4_spec;
	const struct ethtool_usrip4_spec *m = &fs->m_u.usr_ip4_spec;
	u32 off = CX4_FTE_OFF_IPV4_IN_IP;

	if (m->l4_4_bytes) {
		*why = "l4data (the first L4 bytes) is not matched";
		return -EOPNOTSUPP;
	}
	if (m->ip_ver || s->ip_ver != ETH_RX_NFC_IP4) {
		*why = "ip4 rule without IP version 4";
		return -EINVAL;
	}
	CX4_SET(FTE, c, ETHERTYPE, 0xffff);
	CX4_SET(FTE, v, ETHERTYPE, ETH_P_IP);
	cx4_en_nt_proto(c, v, s->proto, m->proto);
	cx4_en_nt_bytes(c + CX4_FTE_OFF_SRC_IP + off,
			v + CX4_FTE_OFF_SRC_IP + off, &s->ip4src, &m->ip4src,
			sizeof(s->ip4src));
	cx4_en_nt_bytes(c + CX4_FTE_OFF_DST_IP + off,
			v + CX4_FTE_OFF_DST_IP + off, &s->ip4dst, &m->ip4dst,
			sizeof(s->ip4dst));
	cx4_en_nt_tos(c, v, s->tos, m->tos);
	return 0;
}

static int cx4_en_nt_usr6(u8 *c, u8 *v, const struct ethtool_rx_flow_spec *fs,
			  const char **why)
{
	const struct ethtool_usrip6_spec *s = &fs->h_u.usr_ip6_spec;
	const struct ethtool_usrip6_spec *m = &fs->m_u.usr_ip6_spec;

	if (m->l4_4_bytes) {
		*why = "l4data (the first L4 bytes) is not matched";
		return -EOPNOTSUPP;
	}
	CX4_SET(FTE, c, ETHERTYPE, 0xffff);
	CX4_SET(FTE, v, ETHERTYPE, ETH_P_IPV6);
	cx4_en_nt_proto(c, v, s->l4_proto, m->l4_proto);
	cx4_en_nt_bytes(c + CX4_FTE_OFF_SRC_IP, v + CX4_FTE_OFF_SRC_IP,
			s->ip6src, m->ip6src, CX4_FTE_IP_LEN);
	cx4_en_nt_bytes(c + CX4_FTE_OFF_DST_IP, v + CX4_FTE_OFF_DST_IP,
			s->ip6dst, m->ip6dst, CX4_FTE_IP_LEN);
	cx4_en_nt_tos(c, v, s->tclass, m->tclass);
	return 0;
}

static void cx4_en_nt_ether(u8 *c, u8 *v,
			    const struct ethtool_rx_flow_spec *fs)
{
	const struct ethhdr *s = &fs->h_u.ether_spec;
	const struct ethhdr *m = &fs->m_u.ether_spec;

	cx4_en_nt_bytes(c + CX4_FTE_OFF_DMAC, v + CX4_FTE_OFF_DMAC, s->h_dest,
			m->h_dest, ETH_ALEN);
	cx4_en_nt_bytes(c + CX4_FTE_OFF_SMAC, v + CX4_FTE_OFF_SMAC, s->h_source,
			m->h_source, ETH_ALEN);
	CX4_SET(FTE, c, ETHERTYPE, ntohs(m->h_proto));
	CX4_SET(FTE, v, ETHERTYPE, ntohs(s->h_proto & m->h_proto));
}

/*
 * FLOW_EXT: the VLAN tag's VID and priority, each in full or not at all
 * (the frame must then carry a C-VLAN tag); FLOW_MAC_EXT: the
 * destination MAC of an L3/L4 flow.
 */
static int cx4_en_nt_ext(u8 *c, u8 *v, const struct ethtool_rx_flow_spec *fs,
			 const char **why)
{
	u16 tci = ntohs(fs->h_ext.vlan_tci), mtci = ntohs(fs->m_ext.vlan_tci);
	u16 vid = mtci & VLAN_VID_MASK, prio = mtci & VLAN_PRIO_MASK;

	if (fs->flow_type & FLOW_EXT) {
		if (fs->m_ext.vlan_etype || fs->m_ext.data[0] ||
		    fs->m_ext.data[1]) {
			*why = "vlan-etype and user-def are not matched";
			return -EOPNOTSUPP;
		}
		if ((vid && vid != VLAN_VID_MASK) ||
		    (prio && prio != VLAN_PRIO_MASK) || (mtci & VLAN_CFI_MASK)) {
			*why = "vlan mask: the VID (0x0fff) and/or priority (0xe000) in full";
			return -EOPNOTSUPP;
		}
		if (mtci) {
			CX4_SET(FTE, c, CVLAN_TAG, 1);
			CX4_SET(FTE, v, CVLAN_TAG, 1);
			CX4_SET(FTE, c, FIRST_VID, vid);
			CX4_SET(FTE, v, FIRST_VID, tci & vid);
			CX4_SET(FTE, c, FIRST_PRIO, prio >> VLAN_PRIO_SHIFT);
			CX4_SET(FTE, v, FIRST_PRIO, (tci & prio) >> VLAN_PRIO_SHIFT);
		}
	}
	if (fs->flow_type & FLOW_MAC_EXT) {
		if ((fs->flow_type & ~(FLOW_EXT | FLOW_MAC_EXT | FLOW_RSS)) ==
		    ETHER_FLOW) {
			*why = "dst-mac of an ether rule goes in the rule itself";
			return -EINVAL;
		}
		cx4_en_nt_bytes(c + CX4_FTE_OFF_DMAC, v + CX4_FTE_OFF_DMAC,
				fs->h_ext.h_dest, fs->m_ext.h_dest, ETH_ALEN);
	}
	return 0;
}

/**
 * cx4_en_nt_parse() - the match of an ethtool flow rule
 * @fs: the rule
 * @crit: zeroed match parameter (PRM Table 408): the criteria (masks)
 * @value: zeroed match parameter: the value, inside @crit
 * @why: set to the reason of a refusal
 *
 * Outer headers only: tcp4, udp4, tcp6, udp6 (addresses, ports, TOS /
 * traffic class, each with its mask), ip4 and ip6 (addresses, protocol,
 * TOS / traffic class; not the first L4 bytes) and ether (MACs,
 * ethertype), with FLOW_EXT (VLAN) and FLOW_MAC_EXT.  FLOW_RSS (an RSS
 * context as the destination) does not change the match.
 *
 * Return: 0, -EOPNOTSUPP (a flow type or field the device or cx4 does
 * not match) or -EINVAL.
 */
int cx4_en_nt_parse(const struct ethtool_rx_flow_spec *fs, void *crit,
		    void *value, const char **why)
{
	u8 *c = CX4_ADDR(FTE_MATCH, crit, OUTER);
	u8 *v = CX4_ADDR(FTE_MATCH, value, OUTER);
	u32 type = fs->flow_type & ~(FLOW_EXT | FLOW_MAC_EXT | FLOW_RSS);
	int err = 0;

	switch (type) {
	case TCP_V4_FLOW:
	case UDP_V4_FLOW:
		cx4_en_nt_ip4(c, v, fs, type == TCP_V4_FLOW);
		break;
	case TCP_V6_FLOW:
	case UDP_V6_FLOW:
		cx4_en_nt_ip6(c, v, fs, type == TCP_V6_FLOW);
		break;
	case IP_USER_FLOW:
		err = cx4_en_nt_usr4(c, v, fs, why);
		break;
	case IPV6_USER_FLOW:
		err = cx4_en_nt_usr6(c, v, fs, why);
		break;
	case ETHER_FLOW:
		cx4_en_nt_ether(c, v, fs);
		break;
	default:
		*why = "flow types: tcp4, udp4, tcp6, udp6, ip4, ip6, ether";
		return -EOPNOTSUPP;
	}
	return err ?: cx4_en_nt_ext(c, v, fs, why);
}

/* --- device field support (pure) -------------------------------------------- */

/* A field of the outer headers and its bit in Table 152. */
static const struct {
	u32 fte;		/* field of the match set */
	u32 cap;		/* its ft_field_support bit */
} cx4_en_nt_caps[] = {
	{ CX4_FTE_ETHERTYPE,	CX4_FT_FIELD_OUTER_ETHER_TYPE },
	{ CX4_FTE_FIRST_PRIO,	CX4_FT_FIELD_OUTER_FIRST_PRIO },
	{ CX4_FTE_FIRST_VID,	CX4_FT_FIELD_OUTER_FIRST_VID },
	{ CX4_FTE_IP_PROTOCOL,	CX4_FT_FIELD_OUTER_IP_PROTOCOL },
	{ CX4_FTE_IP_DSCP,	CX4_FT_FIELD_OUTER_IP_DSCP },
	{ CX4_FTE_IP_ECN,	CX4_FT_FIELD_OUTER_IP_ECN },
	{ CX4_FTE_TCP_SPORT,	CX4_FT_FIELD_OUTER_TCP_SPORT },
	{ CX4_FTE_TCP_DPORT,	CX4_FT_FIELD_OUTER_TCP_DPORT },
	{ CX4_FTE_UDP_SPORT,	CX4_FT_FIELD_OUTER_UDP_SPORT },
	{ CX4_FTE_UDP_DPORT,	CX4_FT_FIELD_OUTER_UDP_DPORT },
};

/* Masks of byte-string fields: MACs and IP addresses. */
static const struct {
	u32 off, len;
	u32 cap;
} cx4_en_nt_byte_caps[] = {
	{ CX4_FTE_OFF_DMAC,	ETH_ALEN,	CX4_FT_FIELD_OUTER_DMAC },
	{ CX4_FTE_OFF_SMAC,	ETH_ALEN,	CX4_FT_FIELD_OUTER_SMAC },
	{ CX4_FTE_OFF_SRC_IP,	CX4_FTE_IP_LEN,	CX4_FT_FIELD_OUTER_SIP },
	{ CX4_FTE_OFF_DST_IP,	CX4_FTE_IP_LEN,	CX4_FT_FIELD_OUTER_DIP },
};

/* Is the byte field @m (@len bytes) a full mask?  An IPv4 one counts. */
static bool cx4_en_nt_bytes_full(const u8 *m, u32 len)
{
	u32 v4 = CX4_FTE_OFF_IPV4_IN_IP;

	if (!memchr_inv(m, 0xff, len))
		return true;
	return len == CX4_FTE_IP_LEN && !memchr_inv(m, 0, v4) &&
	       !memchr_inv(m + v4, 0xff, len - v4);
}

/* A field masked @full in full or partly: is the device able to? */
static bool cx4_en_nt_cap_ok(bool full, u32 cap, const void *fsup,
			     const void *psup)
{
	return full ? cx4_get(fsup, cap) : cx4_get(psup, cap);
}

/**
 * cx4_en_nt_fields_ok() - can the device match these criteria?
 * @crit: match parameter (cx4_en_nt_parse())
 * @fsup: ft_field_support of the NIC RX table properties (Table 152)
 * @psup: ft_field_bitmask_support (partial masks)
 * @why: set to the reason of a refusal
 *
 * C-VLAN tag presence has no bit in the table (always matched).
 *
 * Return: true when every field with a mask is supported.
 */
bool cx4_en_nt_fields_ok(const void *crit, const void *fsup, const void *psup,
			 const char **why)
{
	const u8 *c = CX4_CADDR(FTE_MATCH, crit, OUTER);
	u32 i, m;

	for (i = 0; i < ARRAY_SIZE(cx4_en_nt_caps); i++) {
		m = cx4_get(c, cx4_en_nt_caps[i].fte);
		if (m && !cx4_en_nt_cap_ok(m == cx4_fld_mask(cx4_en_nt_caps[i].fte),
					   cx4_en_nt_caps[i].cap, fsup, psup))
			goto refuse;
	}
	for (i = 0; i < ARRAY_SIZE(cx4_en_nt_byte_caps); i++) {
		const u8 *f = c + cx4_en_nt_byte_caps[i].off;
		u32 len = cx4_en_nt_byte_caps[i].len;

		if (memchr_inv(f, 0, len) &&
		    !cx4_en_nt_cap_ok(cx4_en_nt_bytes_full(f, len),
				      cx4_en_nt_byte_caps[i].cap, fsup, psup))
			goto refuse;
	}
	return true;

refuse:
	*why = "a field or partial mask the device does not match";
	return false;
}

/**
 * cx4_en_nt_action() - the queue of a rule
 * @fs: the rule
 * @nch: channels in use
 * @drop: set when the rule drops (action -1)
 * @why: set to the reason of a refusal
 *
 * Return: the queue (0 when dropping), -EOPNOTSUPP for a VF or a wake-up
 * action, -EINVAL for a queue beyond the channels.
 */
int cx4_en_nt_action(const struct ethtool_rx_flow_spec *fs, u32 nch,
		     bool *drop, const char **why)
{
	u64 q = ethtool_get_flow_spec_ring(fs->ring_cookie);

	*drop = fs->ring_cookie == RX_CLS_FLOW_DISC;
	if (*drop)
		return 0;
	if (ethtool_get_flow_spec_ring_vf(fs->ring_cookie)) {
		*why = "actions: a queue of this function or -1 (drop)";
		return -EOPNOTSUPP;
	}
	if (q >= nch) {
		*why = "queue beyond the channels in use";
		return -EINVAL;
	}
	return q;
}

/**
 * cx4_en_nt_ctx_tt() - the traffic type of a rule into an RSS context
 * @fs: the rule, with FLOW_RSS
 * @why: set to the reason of a refusal
 *
 * The rule forwards to the context's indirect TIR of this type.
 *
 * Return: the traffic type (enum cx4_en_tt below CX4_EN_TT_NUM_INDIR),
 * -EINVAL for a drop or a queue offset (the context's table picks the
 * queue), -EOPNOTSUPP for a flow type without such a TIR (ether).
 */
int cx4_en_nt_ctx_tt(const struct ethtool_rx_flow_spec *fs, const char **why)
{
	if (fs->ring_cookie == RX_CLS_FLOW_DISC) {
		*why = "a rule into an RSS context cannot drop";
		return -EINVAL;
	}
	if (fs->ring_cookie) {
		*why = "a rule into an RSS context gets its queue from the context's table";
		return -EINVAL;
	}
	switch (fs->flow_type & ~(FLOW_EXT | FLOW_MAC_EXT | FLOW_RSS)) {
	case TCP_V4_FLOW:
		return CX4_EN_TT_IPV4_TCP;
	case UDP_V4_FLOW:
		return CX4_EN_TT_IPV4_UDP;
	case TCP_V6_FLOW:
		return CX4_EN_TT_IPV6_TCP;
	case UDP_V6_FLOW:
		return CX4_EN_TT_IPV6_UDP;
	case IP_USER_FLOW:
		return CX4_EN_TT_IPV4;
	case IPV6_USER_FLOW:
		return CX4_EN_TT_IPV6;
	default:
		*why = "rules into an RSS context: tcp4, udp4, tcp6, udp6, ip4, ip6";
		return -EOPNOTSUPP;
	}
}

/**
 * cx4_en_nt_loc() - where a new rule goes
 * @loc: the location asked (RX_CLS_LOC_ANY/FIRST/LAST: the driver picks)
 * @used: locations taken, @max bits
 * @max: the table's size
 *
 * Return: the location, -EINVAL beyond the table, -EEXIST taken,
 * -ENOSPC when the table is full.
 */
int cx4_en_nt_loc(u32 loc, const unsigned long *used, u32 max)
{
	u32 i;

	switch (loc) {
	case RX_CLS_LOC_ANY:
	case RX_CLS_LOC_FIRST:
		i = find_first_zero_bit(used, max);
		return i < max ? i : -ENOSPC;
	case RX_CLS_LOC_LAST:
		for (i = max; i--;)
			if (!test_bit(i, used))
				return i;
		return -ENOSPC;
	}
	if (loc >= max)
		return -EINVAL;
	return test_bit(loc, used) ? -EEXIST : loc;
}

/* --- device support ----------------------------------------------------------- */

/* The NIC RX flow table properties (Table 150), or NULL. */
static const u8 *cx4_en_nt_props(const struct cx4_en_priv *priv)
{
	const u8 *ft = cx4_core_cap(priv->core, CX4_CAP_FLOW_TABLE);

	return ft ? ft + CX4_FT_CAP_OFF_NIC_RX : NULL;
}

/*
 * The rules table needs a table between L2 and TTC that misses into the
 * TTC table (identified miss), entries changed in place, the levels and
 * the size.
 */
static bool cx4_en_nt_device_ok(const struct cx4_en_priv *priv)
{
	const u8 *p = cx4_en_nt_props(priv);

	return p && CX4_GET(FT_PROP, p, FT_SUPPORT) &&
	       CX4_GET(FT_PROP, p, IDENTIFIED_MISS_TABLE) &&
	       CX4_GET(FT_PROP, p, FLOW_MODIFY_EN) &&
	       CX4_GET(FT_PROP, p, MAX_FT_LEVEL) >= CX4_EN_TTC_LEVEL &&
	       CX4_GET(FT_PROP, p, LOG_MAX_FT_SIZE) >= CX4_EN_NT_LOG_MAX;
}

bool cx4_en_nt_supported(const struct cx4_en_priv *priv)
{
	return priv->nt.supported;
}

/* --- direct TIRs of the queues rules name --------------------------------- */

/* The direct TIR of queue @q of @chs, created with the first rule. */
static int cx4_en_nt_qtir_get(struct cx4_en_priv *priv,
			      struct cx4_en_channel **chs, u32 q)
{
	struct cx4_en_nt *nt = &priv->nt;
	int err;

	if (!nt->qref[q]) {
		err = cx4_en_tir_create_direct(priv, chs[q]->rq.rqn,
					       &nt->qtir[q]);
		if (err)
			return err;
	}
	nt->qref[q]++;
	return 0;
}

static void cx4_en_nt_qtir_put(struct cx4_en_priv *priv, u32 q)
{
	struct cx4_en_nt *nt = &priv->nt;

	if (--nt->qref[q])
		return;
	cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_TIR, nt->qtir[q]);
	nt->qtir[q] = 0;
}

/* --- install / remove --------------------------------------------------------- */

/* Criteria and value of @r: two match parameters in one buffer. */
static u8 *cx4_en_nt_match(const struct cx4_en_nt_rule *r)
{
	const char *why;
	u8 *buf = kzalloc(2 * CX4_FTE_MATCH_PARAM_SIZE, GFP_KERNEL);

	if (buf && cx4_en_nt_parse(&r->spec, buf,
				   buf + CX4_FTE_MATCH_PARAM_SIZE, &why)) {
		kfree(buf);
		return ERR_PTR(-EINVAL);	/* refused when added */
	}
	return buf ?: ERR_PTR(-ENOMEM);
}

static u32 cx4_en_nt_queue(const struct cx4_en_nt_rule *r)
{
	return r->spec.ring_cookie == RX_CLS_FLOW_DISC ? 0 :
	       ethtool_get_flow_spec_ring(r->spec.ring_cookie);
}

static bool cx4_en_nt_drops(const struct cx4_en_nt_rule *r)
{
	return r->spec.ring_cookie == RX_CLS_FLOW_DISC;
}

/* Does @r forward to its queue's direct TIR (not drop, no context)? */
static bool cx4_en_nt_direct(const struct cx4_en_nt_rule *r)
{
	return !cx4_en_nt_drops(r) && !r->ctx;
}

/* The destination TIR of a rule into an RSS context, 0 if none. */
static u32 cx4_en_nt_ctx_tirn(struct cx4_en_priv *priv,
			      const struct cx4_en_nt_rule *r)
{
	const char *why;
	int tt = cx4_en_nt_ctx_tt(&r->spec, &why);

	return tt < 0 ? 0 : cx4_en_rss_ctx_tirn(priv, r->ctx, tt);
}

/*
 * Flow group and entry of rule @r at its location, forwarding to its
 * queue's direct TIR (of @chs) or dropping.  On failure nothing of it
 * stays.
 */
static int cx4_en_nt_install(struct cx4_en_priv *priv, struct cx4_en_nt_rule *r,
			     struct cx4_en_channel **chs)
{
	struct cx4_en_nt *nt = &priv->nt;
	u32 loc = r->spec.location, q = cx4_en_nt_queue(r);
	struct cx4_en_dest d = { CX4_FLOW_DEST_TIR, 0 };
	u8 *m;
	int err;

	m = cx4_en_nt_match(r);
	if (IS_ERR(m))
		return PTR_ERR(m);
	if (r->ctx) {
		d.id = cx4_en_nt_ctx_tirn(priv, r);
		err = d.id ? 0 : -ENOENT;
		if (err)
			goto err_free;
	} else if (!cx4_en_nt_drops(r)) {
		err = cx4_en_nt_qtir_get(priv, chs, q);
		if (err)
			goto err_free;
		d.id = nt->qtir[q];
	}
	err = cx4_en_fg_create_raw(priv, &nt->ft, loc, loc, m, &r->group_id);
	if (err)
		goto err_put_tir;
	err = cx4_en_fte_set_raw(priv, &nt->ft, CX4_SET_FTE_NEW, r->group_id,
				 loc, m + CX4_FTE_MATCH_PARAM_SIZE,
				 cx4_en_nt_drops(r) ? NULL : &d);
	if (err)
		goto err_destroy_group;
	kfree(m);
	r->installed = true;
	return 0;

err_destroy_group:
	cx4_en_fg_destroy_raw(priv, &nt->ft, r->group_id);
err_put_tir:
	if (cx4_en_nt_direct(r))
		cx4_en_nt_qtir_put(priv, q);
err_free:
	kfree(m);
	return err;
}

static void cx4_en_nt_remove(struct cx4_en_priv *priv, struct cx4_en_nt_rule *r)
{
	if (!r->installed)
		return;
	cx4_en_fte_del(priv, &priv->nt.ft, r->spec.location);
	cx4_en_fg_destroy_raw(priv, &priv->nt.ft, r->group_id);
	if (cx4_en_nt_direct(r))
		cx4_en_nt_qtir_put(priv, cx4_en_nt_queue(r));
	r->installed = false;
}

static void cx4_en_nt_remove_all(struct cx4_en_priv *priv)
{
	u32 i;

	for (i = 0; i < CX4_EN_NT_MAX; i++)
		if (priv->nt.rule[i])
			cx4_en_nt_remove(priv, priv->nt.rule[i]);
}

/*
 * Every rule into the table; a rule naming a queue beyond @nch (only
 * after a recovery to a function with fewer vectors) stays out, with a
 * warning.  On failure none is installed.
 */
static int cx4_en_nt_install_all(struct cx4_en_priv *priv,
				 struct cx4_en_channel **chs, u32 nch)
{
	struct cx4_en_nt_rule *r;
	u32 i;
	int err;

	for (i = 0; i < CX4_EN_NT_MAX; i++) {
		r = priv->nt.rule[i];
		if (!r)
			continue;
		if (cx4_en_nt_direct(r) && cx4_en_nt_queue(r) >= nch) {
			netdev_warn(priv->netdev, "ntuple rule %u: queue %u beyond the %u channels: not applied\n",
				    i, cx4_en_nt_queue(r), nch);
			continue;
		}
		err = cx4_en_nt_install(priv, r, chs);
		if (err) {
			cx4_en_nt_remove_all(priv);
			return err;
		}
	}
	return 0;
}

/* --- table ---------------------------------------------------------------------- */

u32 cx4_en_nt_entry_table(const struct cx4_en_priv *priv)
{
	return priv->nt.ft.created ? priv->nt.ft.id : priv->fs.ttc.id;
}

/**
 * cx4_en_nt_create() - the rules table, its rules applied
 * @priv: the function
 * @chs: the channels being opened
 * @nch: their number
 * @next_id: the TTC table, where frames no rule matches go
 *
 * Without device support, nothing (L2 forwards to @next_id).  Under RTNL.
 *
 * Return: 0 or -errno, nothing created.
 */
int cx4_en_nt_create(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
		     u32 nch, u32 next_id)
{
	struct cx4_en_nt *nt = &priv->nt;
	int err;

	ASSERT_RTNL();
	if (!nt->supported)
		return 0;
	err = cx4_en_ft_create_miss(priv, &nt->ft, CX4_EN_NT_LEVEL,
				    CX4_EN_NT_LOG_MAX, next_id);
	if (err)
		return err;
	if (!nt->on)
		return 0;
	err = cx4_en_nt_install_all(priv, chs, nch);
	if (err)
		cx4_en_ft_destroy(priv, &nt->ft);
	return err;
}

void cx4_en_nt_destroy(struct cx4_en_priv *priv)
{
	ASSERT_RTNL();
	if (!priv->nt.ft.created)
		return;
	cx4_en_nt_remove_all(priv);
	cx4_en_ft_destroy(priv, &priv->nt.ft);
}

/* --- channel switch ------------------------------------------------------------- */

/* Installed forwarding rules [0, @end) to the TIRs @tirs of their queues. */
static int cx4_en_nt_point(struct cx4_en_priv *priv, const u32 *tirs, u32 end,
			   u32 *done)
{
	struct cx4_en_nt *nt = &priv->nt;
	struct cx4_en_dest d = { CX4_FLOW_DEST_TIR, 0 };
	struct cx4_en_nt_rule *r;
	u8 *m;
	int err = 0;

	for (*done = 0; *done < end; (*done)++) {
		r = nt->rule[*done];
		if (!r || !r->installed || !cx4_en_nt_direct(r))
			continue;
		m = cx4_en_nt_match(r);
		if (IS_ERR(m))
			return PTR_ERR(m);
		d.id = tirs[cx4_en_nt_queue(r)];
		err = cx4_en_fte_set_raw(priv, &nt->ft, CX4_SET_FTE_MODIFY,
					 r->group_id, *done,
					 m + CX4_FTE_MATCH_PARAM_SIZE, &d);
		kfree(m);
		if (err)
			return err;
	}
	return 0;
}

static void cx4_en_nt_tirs_destroy(struct cx4_en_priv *priv, const u32 *tirs)
{
	u32 q;

	for (q = 0; q < priv->max_channels; q++)
		if (tirs[q])
			cx4_en_obj_destroy(priv, CX4_CMD_DESTROY_TIR, tirs[q]);
}

/*
 * New direct TIRs into @tirs (zeroed, max_channels) for the queues in
 * use, on the RQs of @chs (@nch channels).
 */
static int cx4_en_nt_tirs_create(struct cx4_en_priv *priv,
				 struct cx4_en_channel **chs, u32 nch,
				 u32 *tirs)
{
	u32 q;
	int err;

	for (q = 0; q < priv->max_channels; q++) {
		if (!priv->nt.qref[q])
			continue;
		err = q < nch ? cx4_en_tir_create_direct(priv, chs[q]->rq.rqn,
							 &tirs[q]) : -EINVAL;
		if (err) {
			cx4_en_nt_tirs_destroy(priv, tirs);
			return err;
		}
	}
	return 0;
}

/**
 * cx4_en_nt_switch() - move the rules to the RQs of other channels
 * @priv: the function, rules installed
 * @chs: the channels the rules go to
 * @nch: their number (every queue a rule names is below it)
 *
 * New direct TIRs for the queues in use, each rule's entry modified in
 * place (no window without it), then the old TIRs destroyed.  On failure
 * the entries already moved go back and the old TIRs stay.  Under RTNL.
 *
 * Return: 0 or -errno.
 */
int cx4_en_nt_switch(struct cx4_en_priv *priv, struct cx4_en_channel **chs,
		     u32 nch)
{
	struct cx4_en_nt *nt = &priv->nt;
	u32 *tirs, done, undone;
	int err;

	ASSERT_RTNL();
	if (!nt->ft.created)
		return 0;
	tirs = kcalloc(priv->max_channels, sizeof(*tirs), GFP_KERNEL);
	if (!tirs)
		return -ENOMEM;
	err = cx4_en_nt_tirs_create(priv, chs, nch, tirs);
	if (err)
		goto out_free;
	err = cx4_en_nt_point(priv, tirs, CX4_EN_NT_MAX, &done);
	if (err) {
		if (cx4_en_nt_point(priv, nt->qtir, done, &undone))
			netdev_err(priv->netdev, "cannot move ntuple rules back to their queues\n");
		cx4_en_nt_tirs_destroy(priv, tirs);
		goto out_free;
	}
	cx4_en_nt_tirs_destroy(priv, nt->qtir);
	memcpy(nt->qtir, tirs, priv->max_channels * sizeof(*tirs));
out_free:
	kfree(tirs);
	return err;
}

/* The highest queue a rule names, or -1. */
int cx4_en_nt_max_queue(const struct cx4_en_priv *priv)
{
	const struct cx4_en_nt_rule *r;
	int max = -1;
	u32 i;

	for (i = 0; i < CX4_EN_NT_MAX; i++) {
		r = priv->nt.rule[i];
		if (r && cx4_en_nt_direct(r))
			max = max_t(int, max, cx4_en_nt_queue(r));
	}
	return max;
}

/* --- ethtool -N / -n ------------------------------------------------------------ */

static void cx4_en_nt_used(const struct cx4_en_priv *priv, unsigned long *used)
{
	u32 i;

	bitmap_zero(used, CX4_EN_NT_MAX);
	for (i = 0; i < CX4_EN_NT_MAX; i++)
		if (priv->nt.rule[i])
			__set_bit(i, used);
}

/* Can the device take the rule's match?  @why on a refusal. */
static int cx4_en_nt_check(struct cx4_en_priv *priv,
			   const struct ethtool_rx_flow_spec *fs,
			   const char **why)
{
	const u8 *p = cx4_en_nt_props(priv);
	bool drop;
	u8 *m;
	int err;

	err = cx4_en_nt_action(fs, priv->num_channels, &drop, why);
	if (err < 0)
		return err;
	if (fs->flow_type & FLOW_RSS) {
		err = cx4_en_nt_ctx_tt(fs, why);
		if (err < 0)
			return err;
	}
	m = kzalloc(2 * CX4_FTE_MATCH_PARAM_SIZE, GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	err = cx4_en_nt_parse(fs, m, m + CX4_FTE_MATCH_PARAM_SIZE, why);
	if (!err && !cx4_en_nt_fields_ok(m, p + CX4_FT_PROP_OFF_FIELD_SUPPORT,
					 p + CX4_FT_PROP_OFF_FIELD_BITMASK_SUPPORT,
					 why))
		err = -EOPNOTSUPP;
	kfree(m);
	return err;
}

static int cx4_en_nt_insert(struct cx4_en_priv *priv,
			    struct ethtool_rxnfc *info)
{
	struct ethtool_rx_flow_spec *fs = &info->fs;
	u32 ctx = fs->flow_type & FLOW_RSS ? info->rss_context : 0;
	DECLARE_BITMAP(used, CX4_EN_NT_MAX);
	struct cx4_en_nt *nt = &priv->nt;
	const char *why = "";
	struct cx4_en_nt_rule *r;
	int loc, err;

	if (!nt->on) {
		netdev_err(priv->netdev, "ntuple rules are off: ethtool -K %s ntuple on\n",
			   priv->netdev->name);
		return -EOPNOTSUPP;
	}
	err = cx4_en_nt_check(priv, fs, &why);
	if (err) {
		netdev_err(priv->netdev, "ntuple rule refused: %s\n", why);
		return err;
	}
	cx4_en_nt_used(priv, used);
	loc = cx4_en_nt_loc(fs->location, used, CX4_EN_NT_MAX);
	if (loc < 0) {
		netdev_err(priv->netdev, "ntuple rule location %u: %s (table of %u rules)\n",
			   fs->location, loc == -EEXIST ? "taken" :
			   loc == -ENOSPC ? "table full" : "beyond the table",
			   CX4_EN_NT_MAX);
		return loc;
	}
	if (ctx && cx4_en_rss_ctx_hold(priv, ctx)) {
		netdev_err(priv->netdev, "ntuple rule: no RSS context %u (ethtool -X %s context new)\n",
			   ctx, priv->netdev->name);
		return -ENOENT;
	}
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		err = -ENOMEM;
		goto err_put_ctx;
	}
	r->spec = *fs;
	r->spec.location = loc;
	r->ctx = ctx;
	if (nt->ft.created) {
		err = cx4_en_nt_install(priv, r, priv->channels);
		if (err) {
			netdev_err(priv->netdev, "ntuple rule %d: device refused it: %d\n",
				   loc, err);
			kfree(r);
			goto err_put_ctx;
		}
	}
	nt->rule[loc] = r;
	nt->nrules++;
	fs->location = loc;
	return 0;

err_put_ctx:
	if (ctx)
		cx4_en_rss_ctx_put(priv, ctx);
	return err;
}

static int cx4_en_nt_delete(struct cx4_en_priv *priv, u32 loc)
{
	struct cx4_en_nt *nt = &priv->nt;

	if (loc >= CX4_EN_NT_MAX || !nt->rule[loc])
		return -ENOENT;
	cx4_en_nt_remove(priv, nt->rule[loc]);
	if (nt->rule[loc]->ctx)
		cx4_en_rss_ctx_put(priv, nt->rule[loc]->ctx);
	kfree(nt->rule[loc]);
	nt->rule[loc] = NULL;
	nt->nrules--;
	return 0;
}

/* ETHTOOL_SRXCLSRLINS / SRXCLSRLDEL (ethtool.c dispatches); RTNL. */
int cx4_en_nt_set_rxnfc(struct cx4_en_priv *priv, struct ethtool_rxnfc *info)
{
	ASSERT_RTNL();
	if (!priv->nt.supported)
		return -EOPNOTSUPP;
	if (info->cmd == ETHTOOL_SRXCLSRLINS)
		return cx4_en_nt_insert(priv, info);
	return cx4_en_nt_delete(priv, info->fs.location);
}

static int cx4_en_nt_get_all(struct cx4_en_priv *priv,
			     struct ethtool_rxnfc *info, u32 *locs)
{
	u32 i, n = 0;

	for (i = 0; i < CX4_EN_NT_MAX; i++) {
		if (!priv->nt.rule[i])
			continue;
		if (n == info->rule_cnt)
			return -EMSGSIZE;
		locs[n++] = i;
	}
	info->rule_cnt = n;
	info->data = CX4_EN_NT_MAX;
	return 0;
}

/* ETHTOOL_GRXCLSRLCNT / GRXCLSRULE / GRXCLSRLALL (ethtool.c dispatches). */
int cx4_en_nt_get_rxnfc(struct cx4_en_priv *priv, struct ethtool_rxnfc *info,
			u32 *rule_locs)
{
	struct cx4_en_nt *nt = &priv->nt;

	if (!nt->supported)
		return -EOPNOTSUPP;
	switch (info->cmd) {
	case ETHTOOL_GRXCLSRLCNT:
		info->rule_cnt = nt->nrules;
		/* The driver picks the location of a rule without one. */
		info->data = CX4_EN_NT_MAX | RX_CLS_LOC_SPECIAL;
		return 0;
	case ETHTOOL_GRXCLSRULE:
		if (info->fs.location >= CX4_EN_NT_MAX ||
		    !nt->rule[info->fs.location])
			return -ENOENT;
		info->fs = nt->rule[info->fs.location]->spec;
		info->rss_context = nt->rule[info->fs.location]->ctx;
		return 0;
	default:
		return cx4_en_nt_get_all(priv, info, rule_locs);
	}
}

/**
 * cx4_en_nt_set_feature() - NETIF_F_NTUPLE: apply the rules or not
 * @priv: the function
 * @on: the new state
 *
 * Open: on installs every rule (none if one fails), off removes them
 * from the device; the rules stay either way.  Under RTNL.
 *
 * Return: 0 or -errno (the old state kept).
 */
int cx4_en_nt_set_feature(struct cx4_en_priv *priv, bool on)
{
	struct cx4_en_nt *nt = &priv->nt;
	int err;

	ASSERT_RTNL();
	if (nt->on == on)
		return 0;
	if (nt->ft.created) {
		if (on) {
			err = cx4_en_nt_install_all(priv, priv->channels,
						    priv->num_channels);
			if (err) {
				netdev_err(priv->netdev, "cannot apply the ntuple rules: %d\n",
					   err);
				return err;
			}
		} else {
			cx4_en_nt_remove_all(priv);
		}
	}
	nt->on = on;
	return 0;
}

/* --- attach / detach ------------------------------------------------------------ */

int cx4_en_nt_init(struct cx4_en_priv *priv)
{
	struct cx4_en_nt *nt = &priv->nt;

	memset(nt, 0, sizeof(*nt));
	nt->supported = cx4_en_nt_device_ok(priv);
	nt->on = nt->supported;
	nt->qtir = kcalloc(priv->max_channels, sizeof(*nt->qtir), GFP_KERNEL);
	nt->qref = kcalloc(priv->max_channels, sizeof(*nt->qref), GFP_KERNEL);
	if (!nt->qtir || !nt->qref) {
		cx4_en_nt_cleanup(priv);
		return -ENOMEM;
	}
	return 0;
}

/* After the channels closed for good: the rules go. */
void cx4_en_nt_cleanup(struct cx4_en_priv *priv)
{
	struct cx4_en_nt *nt = &priv->nt;
	u32 i;

	for (i = 0; i < CX4_EN_NT_MAX; i++) {
		kfree(nt->rule[i]);
		nt->rule[i] = NULL;
	}
	nt->nrules = 0;
	kfree(nt->qtir);
	kfree(nt->qref);
	nt->qtir = NULL;
	nt->qref = NULL;
}
