/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * HCA capabilities (PRM 12.3.3 / 12.3.4): ConnectX-4 style defaults for
 * the general (Table 144/145), Ethernet offload (Table 146/147) and NIC
 * flow table (Tables 148-153) capabilities, the caps-off feature
 * switches, and SET_HCA_CAP of the general capabilities' RW fields.
 */
#include <stdio.h>
#include <string.h>

#include "cx4dev_int.h"

struct cx4dev_cap_val {
	uint32_t fld;
	uint32_t val;
};

/* General device capabilities, maximum == current after reset. */
static const struct cx4dev_cap_val cx4dev_general_defaults[] = {
	{ CX4_CAP_LOG_MAX_CQ_SZ, 22 },
	{ CX4_CAP_LOG_MAX_CQ, 24 },
	{ CX4_CAP_LOG_MAX_EQ_SZ, 22 },
	{ CX4_CAP_LOG_MAX_MKEY, 24 },
	{ CX4_CAP_LOG_MAX_EQ, 5 },
	{ CX4_CAP_MAX_INDIRECTION, 4 },
	{ CX4_CAP_LOG_MAX_MRW_SZ, 64 },
	{ CX4_CAP_LOG_MAX_KLM_LIST_SIZE, 16 },
	{ CX4_CAP_END_PAD, 1 },
	{ CX4_CAP_START_PAD, 1 },
	{ CX4_CAP_CACHE_LINE_128BYTE, 1 },
	{ CX4_CAP_VPORT_COUNTERS, 1 },
	{ CX4_CAP_VPORT_GROUP_MANAGER, 1 },
	{ CX4_CAP_MCAM_REG, 1 },		/* beyond rev 0.40: MCAM answers */
	{ CX4_CAP_PCAM_REG, 1 },		/* beyond rev 0.40: PCAM answers */
	{ CX4_CAP_NIC_FLOW_TABLE, 1 },
	{ CX4_CAP_PORT_TYPE, CX4_PORT_TYPE_ETH },
	{ CX4_CAP_NUM_PORTS, 1 },
	{ CX4_CAP_LOG_MAX_MSG, 30 },
	{ CX4_CAP_MAX_TC, 8 },
	{ CX4_CAP_TEMP_WARN_EVENT, 1 },
	{ CX4_CAP_CQE_VERSION, 1 },
	{ CX4_CAP_CMDIF_CHECKSUM, CX4_CMDIF_CSUM_ENABLED },
	{ CX4_CAP_WQ_SIGNATURE, 1 },
	{ CX4_CAP_SCTR_DATA_CQE, 1 },
	{ CX4_CAP_ETH_NET_OFFLOADS, 1 },
	{ CX4_CAP_CQ_OI, 1 },
	{ CX4_CAP_CQ_RESIZE, 1 },
	{ CX4_CAP_CQ_MODERATION, 1 },
	{ CX4_CAP_CQ_PERIOD_MODE_MODIFY, 1 },
	{ CX4_CAP_CQ_EQ_REMAP, 1 },
	{ CX4_CAP_SCQE_BREAK_MODERATION, 1 },
	{ CX4_CAP_CQ_PERIOD_START_FROM_CQE, 1 },
	{ CX4_CAP_UAR_SZ, 3 },		/* 8 MB of UARs */
	{ CX4_CAP_LOG_PG_SZ, 12 },
	{ CX4_CAP_BF, 1 },
	{ CX4_CAP_DRIVER_VERSION, 1 },
	{ CX4_CAP_PAD_TX_ETH_PACKET, 1 },
	{ CX4_CAP_LOG_BF_REG_SIZE, 9 },
	{ CX4_CAP_LOG_MAX_TRANSPORT_DOMAIN, 16 },
	{ CX4_CAP_LOG_MAX_PD, 24 },
	{ CX4_CAP_LOG_MAX_FLOW_COUNTER_BULK, 8 },
	{ CX4_CAP_MAX_FLOW_COUNTER, 0xffff },
	{ CX4_CAP_NIC_RECEIVE_STEERING_DISCARD, 1 },	/* QUERY_VNIC_ENV */
	{ CX4_CAP_MODIFY_TIS, 1 },
	{ CX4_CAP_LOG_MAX_RQ, 24 },
	{ CX4_CAP_LOG_MAX_SQ, 24 },
	{ CX4_CAP_LOG_MAX_TIR, 24 },
	{ CX4_CAP_LOG_MAX_TIS, 24 },
	{ CX4_CAP_BASIC_CYCLIC_RCV_WQE, 1 },
	{ CX4_CAP_LOG_MAX_RMP, 24 },
	{ CX4_CAP_LOG_MAX_RQT, 20 },
	{ CX4_CAP_LOG_MAX_RQT_SIZE, 16 },
	{ CX4_CAP_LOG_MAX_TIS_PER_SQ, 3 },
	{ CX4_CAP_LOG_MAX_STRIDE_SZ_RQ, 13 },
	{ CX4_CAP_LOG_MIN_STRIDE_SZ_RQ, 4 },	/* one scatter entry (7.4.1.2) */
	{ CX4_CAP_LOG_MAX_STRIDE_SZ_SQ, 13 },
	{ CX4_CAP_LOG_MIN_STRIDE_SZ_SQ, 6 },
	{ CX4_CAP_LOG_MAX_WQ_SZ, 16 },
	{ CX4_CAP_LOG_MAX_VLAN_LIST, 8 },
	{ CX4_CAP_LOG_MAX_CURRENT_MC_LIST, 12 },
	{ CX4_CAP_LOG_MAX_CURRENT_UC_LIST, 10 },
	{ CX4_CAP_MAX_WQE_SZ_SQ, 1024 },	/* beyond rev 0.40 (mlx5_core): 16 WQEBBs */
	{ CX4_CAP_LOG_MAX_L2_TABLE, 13 },
	/* internal timer (clock.c): 156.25 MHz, in whole MHz and in kHz */
	{ CX4_CAP_DEVICE_FREQUENCY_MHZ, CX4DEV_TIMER_KHZ / 1000 },
	{ CX4_CAP_DEVICE_FREQUENCY_KHZ, CX4DEV_TIMER_KHZ },	/* beyond rev 0.40 (mlx5_core) */
};

/*
 * caps-off=log_max: a function at the bottom of what the driver is built
 * to run on, each size limit at the smallest value a driver can still
 * run one channel with: rings and CQs of 64 entries (the smallest ring a
 * driver makes), EQs of 64, one completion EQ, one SQ and RQ (two, so
 * that a reconfiguration can build the new queue before freeing the old
 * one), CQ numbers below 4 (two CQs a channel, twice), an RQT of one
 * entry, one-entry UC/MC/VLAN lists of the NIC vport context, flow tables
 * of 8 entries (a traffic-type table needs them all) with one
 * destination each.  Enforced where the model checks the limit (CQ, EQ,
 * WQ sizes, CQ numbers, flow table sizes and destinations, lists).
 */
static const struct cx4dev_cap_val cx4dev_general_min[] = {
	{ CX4_CAP_LOG_MAX_CQ_SZ, 6 },
	{ CX4_CAP_LOG_MAX_CQ, 2 },
	{ CX4_CAP_LOG_MAX_EQ_SZ, 6 },
	{ CX4_CAP_LOG_MAX_EQ, 1 },
	{ CX4_CAP_LOG_MAX_WQ_SZ, 6 },
	{ CX4_CAP_LOG_MAX_SQ, 1 },
	{ CX4_CAP_LOG_MAX_RQ, 1 },
	{ CX4_CAP_LOG_MAX_RQT_SIZE, 0 },
	{ CX4_CAP_LOG_MAX_VLAN_LIST, 0 },
	{ CX4_CAP_LOG_MAX_CURRENT_MC_LIST, 0 },
	{ CX4_CAP_LOG_MAX_CURRENT_UC_LIST, 0 },
};

#define CX4DEV_FT_LOG_SIZE_MIN		3
#define CX4DEV_FT_LOG_DEST_MIN		0

/* Largest log_uar_page_sz SET_HCA_CAP accepts (maximum caps). */
#define CX4DEV_MAX_LOG_UAR_PAGE_SZ	4

static const struct cx4dev_cap_val cx4dev_eth_defaults[] = {
	{ CX4_ETH_CAP_CSUM_CAP, 1 },
	{ CX4_ETH_CAP_VLAN_CAP, 1 },
	{ CX4_ETH_CAP_LRO_CAP, 1 },
	{ CX4_ETH_CAP_LRO_PSH_FLAG, 1 },
	{ CX4_ETH_CAP_LRO_TIME_STAMP, 1 },
	{ CX4_ETH_CAP_LRO_MAX_MSG_SZ_MODE, 0 },
	{ CX4_ETH_CAP_SELF_LB_EN_MODIFIABLE, 1 },
	{ CX4_ETH_CAP_SELF_LB_MC, 1 },
	{ CX4_ETH_CAP_SELF_LB_UC, 1 },
	{ CX4_ETH_CAP_MAX_LSO_CAP, 18 },
	{ CX4_ETH_CAP_RSS_IND_TBL_CAP, 8 },
	{ CX4_ETH_CAP_LRO_MIN_MSS_SIZE, 1 },
};

static const uint32_t cx4dev_lro_periods_us[4] = { 8, 16, 32, 1024 };

static const uint32_t cx4dev_ft_fields[] = {
	CX4_FT_FIELD_OUTER_DMAC, CX4_FT_FIELD_OUTER_SMAC, CX4_FT_FIELD_OUTER_ETHER_TYPE,
	CX4_FT_FIELD_OUTER_FIRST_PRIO, CX4_FT_FIELD_OUTER_FIRST_CFI,
	CX4_FT_FIELD_OUTER_FIRST_VID, CX4_FT_FIELD_OUTER_SIP, CX4_FT_FIELD_OUTER_DIP,
	CX4_FT_FIELD_OUTER_FRAG, CX4_FT_FIELD_OUTER_IP_PROTOCOL, CX4_FT_FIELD_OUTER_IP_ECN,
	CX4_FT_FIELD_OUTER_IP_DSCP, CX4_FT_FIELD_OUTER_UDP_SPORT,
	CX4_FT_FIELD_OUTER_UDP_DPORT, CX4_FT_FIELD_OUTER_TCP_SPORT,
	CX4_FT_FIELD_OUTER_TCP_DPORT, CX4_FT_FIELD_OUTER_TCP_FLAGS,
};

static void cx4dev_cap_apply(uint8_t *cap, const struct cx4dev_cap_val *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		cx4_set(cap, v[i].fld, v[i].val);
}

#define CX4DEV_APPLY(cap, tbl) cx4dev_cap_apply(cap, tbl, sizeof(tbl) / sizeof(tbl[0]))

/* One flow table properties block (Table 150) at @p. */
static void cx4dev_ft_props(uint8_t *p, bool rx, bool min)
{
	CX4_SET(FT_PROP, p, FT_SUPPORT, 1);
	CX4_SET(FT_PROP, p, FLOW_TAG, rx);
	CX4_SET(FT_PROP, p, FLOW_COUNTER, 1);
	CX4_SET(FT_PROP, p, FLOW_MODIFY_EN, 1);
	CX4_SET(FT_PROP, p, MODIFY_ROOT, 1);
	CX4_SET(FT_PROP, p, IDENTIFIED_MISS_TABLE, 1);
	CX4_SET(FT_PROP, p, FLOW_TABLE_MODIFY, 1);
	CX4_SET(FT_PROP, p, RESET_ROOT_TO_DEFAULT, 1);
	CX4_SET(FT_PROP, p, LOG_MAX_FT_SIZE, 23);
	/* Levels 0..63 and as many from 64 on (7.11.3.3, multi-path). */
	CX4_SET(FT_PROP, p, MAX_FT_LEVEL, 127);
	CX4_SET(FT_PROP, p, LOG_MAX_FT_NUM, 8);
	CX4_SET(FT_PROP, p, LOG_MAX_FLOW_COUNTER, 0);
	CX4_SET(FT_PROP, p, LOG_MAX_DESTINATION, 6);
	CX4_SET(FT_PROP, p, LOG_MAX_FLOW, 23);
	if (min) {
		CX4_SET(FT_PROP, p, LOG_MAX_FT_SIZE, CX4DEV_FT_LOG_SIZE_MIN);
		CX4_SET(FT_PROP, p, LOG_MAX_DESTINATION, CX4DEV_FT_LOG_DEST_MIN);
	}
	for (size_t i = 0; i < sizeof(cx4dev_ft_fields) / sizeof(cx4dev_ft_fields[0]); i++) {
		cx4_set(p + CX4_FT_PROP_OFF_FIELD_SUPPORT, cx4dev_ft_fields[i], 1);
		cx4_set(p + CX4_FT_PROP_OFF_FIELD_BITMASK_SUPPORT, cx4dev_ft_fields[i], 1);
	}
}

static void cx4dev_caps_general(const struct cx4dev *dev, uint8_t *g)
{
	uint32_t off = dev->cfg.caps_off;

	CX4DEV_APPLY(g, cx4dev_general_defaults);
	CX4_SET(CAP, g, LOG_UAR_PAGE_SZ, 0);
	if (off & CX4DEV_OFF_DRIVER_VERSION)
		CX4_SET(CAP, g, DRIVER_VERSION, 0);
	if (off & CX4DEV_OFF_ETH_NET_OFFLOADS)
		CX4_SET(CAP, g, ETH_NET_OFFLOADS, 0);
	if (off & CX4DEV_OFF_NIC_FLOW_TABLE)
		CX4_SET(CAP, g, NIC_FLOW_TABLE, 0);
	if (off & CX4DEV_OFF_LOG_MAX)
		CX4DEV_APPLY(g, cx4dev_general_min);
	if (off & CX4DEV_OFF_CQ_MODERATION) {
		CX4_SET(CAP, g, CQ_MODERATION, 0);
		CX4_SET(CAP, g, CQ_PERIOD_START_FROM_CQE, 0);
		CX4_SET(CAP, g, CQ_PERIOD_MODE_MODIFY, 0);
	}
	if (dev->cfg.caps_on & CX4DEV_ON_CQE_COMPRESSION) {
		/* Sessions of up to CX4DEV_CQZ_MAX, written after 20 us at the latest. */
		CX4_SET(CAP, g, CQE_COMPRESSION, 1);
		CX4_SET(CAP, g, CQE_COMPRESSION_TIMEOUT, CX4DEV_CQZ_TIMEOUT_NS / 1000);
		CX4_SET(CAP, g, CQE_COMPRESSION_MAX_NUM, CX4DEV_CQZ_MAX);
	}
}

static void cx4dev_caps_eth(const struct cx4dev *dev, uint8_t *e)
{
	uint32_t off = dev->cfg.caps_off;

	CX4DEV_APPLY(e, cx4dev_eth_defaults);
	/* ConnectX-4 needs the L2 header inline; ConnectX-4 Lx does not. */
	CX4_SET(ETH_CAP, e, WQE_INLINE_MODE, dev->cfg.lx ? 2 : 0);
	for (unsigned i = 0; i < 4; i++)
		cx4_wr32(e, CX4_ETH_CAP_OFF_LRO_TIMER_PERIODS + 4 * i, cx4dev_lro_periods_us[i]);
	if (off & CX4DEV_OFF_CSUM)
		CX4_SET(ETH_CAP, e, CSUM_CAP, 0);
	if (off & CX4DEV_OFF_VLAN)
		CX4_SET(ETH_CAP, e, VLAN_CAP, 0);
	if (off & CX4DEV_OFF_LSO)
		CX4_SET(ETH_CAP, e, MAX_LSO_CAP, 0);
	if (off & CX4DEV_OFF_RSS)
		CX4_SET(ETH_CAP, e, RSS_IND_TBL_CAP, 0);
	if (off & CX4DEV_OFF_LRO) {
		CX4_SET(ETH_CAP, e, LRO_CAP, 0);
		CX4_SET(ETH_CAP, e, LRO_PSH_FLAG, 0);
		CX4_SET(ETH_CAP, e, LRO_TIME_STAMP, 0);
		CX4_SET(ETH_CAP, e, LRO_MIN_MSS_SIZE, 0);
		memset(e + CX4_ETH_CAP_OFF_LRO_TIMER_PERIODS, 0, 16);
	}
}

static void cx4dev_caps_flow(const struct cx4dev *dev, uint8_t *f)
{
	bool min = dev->cfg.caps_off & CX4DEV_OFF_LOG_MAX;

	CX4_SET(FT_CAP, f, NIC_RX_MULTI_PATH_TIRS, 1);
	CX4_SET(FT_CAP, f, NIC_RX_MULTI_PATH_TIRS_FTS, 0);
	cx4dev_ft_props(f + CX4_FT_CAP_OFF_NIC_RX, true, min);
	cx4dev_ft_props(f + CX4_FT_CAP_OFF_NIC_TX, false, min);
}

void cx4dev_caps_init(struct cx4dev *dev)
{
	struct cx4dev_caps *c = &dev->caps;

	memset(c, 0, sizeof(*c));
	cx4dev_caps_general(dev, c->max[CX4DEV_CAPI_GENERAL]);
	CX4_SET(CAP, c->max[CX4DEV_CAPI_GENERAL], LOG_UAR_PAGE_SZ, CX4DEV_MAX_LOG_UAR_PAGE_SZ);
	cx4dev_caps_general(dev, c->cur[CX4DEV_CAPI_GENERAL]);
	/*
	 * Table 145: the function starts in cmdif_checksum "initial_state"
	 * (1: input not checked, output signed); 3 (enabled) is the maximum,
	 * switched on by SET_HCA_CAP.
	 */
	CX4_SET(CAP, c->cur[CX4DEV_CAPI_GENERAL], CMDIF_CHECKSUM, CX4_CMDIF_CSUM_INITIAL);
	if (dev->cfg.caps_off & CX4DEV_OFF_CMDIF_CHECKSUM)
		CX4_SET(CAP, c->cur[CX4DEV_CAPI_GENERAL], CMDIF_CHECKSUM,
			CX4_CMDIF_CSUM_DISABLED);
	cx4dev_caps_eth(dev, c->max[CX4DEV_CAPI_ETH]);
	cx4dev_caps_eth(dev, c->cur[CX4DEV_CAPI_ETH]);
	cx4dev_caps_flow(dev, c->max[CX4DEV_CAPI_FLOW]);
	cx4dev_caps_flow(dev, c->cur[CX4DEV_CAPI_FLOW]);
}

int cx4dev_cap_index(uint32_t type)
{
	switch (type) {
	case CX4_CAP_GENERAL:		return CX4DEV_CAPI_GENERAL;
	case CX4_CAP_ETH_OFFLOAD:	return CX4DEV_CAPI_ETH;
	case CX4_CAP_FLOW_TABLE:	return CX4DEV_CAPI_FLOW;
	default:			return -1;
	}
}

bool cx4dev_cap_type_enabled(const struct cx4dev *dev, int idx)
{
	const uint8_t *g = dev->caps.cur[CX4DEV_CAPI_GENERAL];

	if (idx == CX4DEV_CAPI_ETH)
		return CX4_GET(CAP, g, ETH_NET_OFFLOADS);
	if (idx == CX4DEV_CAPI_FLOW)
		return CX4_GET(CAP, g, NIC_FLOW_TABLE);
	return true;
}

uint8_t cx4dev_cmdif_checksum(const struct cx4dev *dev)
{
	return (uint8_t)CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], CMDIF_CHECKSUM);
}

/*
 * SET_HCA_CAP, general type: apply the RW fields of Table 145
 * (cache_line_128byte, cmdif_checksum, log_max_sq, log_uar_page_sz);
 * every other field of the structure is read-only and ignored.
 * Returns 0, or a syndrome with *why set.
 */
uint32_t cx4dev_set_hca_cap(struct cx4dev *dev, const uint8_t *cap, const char **why)
{
	static const uint32_t limited[] = {
		CX4_CAP_CACHE_LINE_128BYTE, CX4_CAP_LOG_MAX_SQ, CX4_CAP_LOG_UAR_PAGE_SZ,
	};
	static const char *const names[] = {
		"cache_line_128byte beyond maximum", "log_max_sq beyond maximum",
		"log_uar_page_sz beyond maximum",
	};
	const uint8_t *max = dev->caps.max[CX4DEV_CAPI_GENERAL];
	uint8_t *cur = dev->caps.cur[CX4DEV_CAPI_GENERAL];
	uint32_t csum = CX4_GET(CAP, cap, CMDIF_CHECKSUM);

	for (size_t i = 0; i < sizeof(limited) / sizeof(limited[0]); i++) {
		if (cx4_get(cap, limited[i]) > cx4_get(max, limited[i])) {
			*why = names[i];
			return CX4DEV_SYN_SET_CAP_VALUE;
		}
	}
	if (csum != CX4_CMDIF_CSUM_DISABLED && csum != CX4_CMDIF_CSUM_INITIAL &&
	    csum != CX4_CMDIF_CSUM_ENABLED) {
		*why = "cmdif_checksum 0x2 is not a defined mode";
		return CX4DEV_SYN_SET_CAP_VALUE;
	}
	for (size_t i = 0; i < sizeof(limited) / sizeof(limited[0]); i++)
		cx4_set(cur, limited[i], cx4_get(cap, limited[i]));
	CX4_SET(CAP, cur, CMDIF_CHECKSUM, csum);
	cx4dev_logf(dev, "SET_HCA_CAP: cache_line_128byte %u cmdif_checksum %u log_max_sq %u "
		    "log_uar_page_sz %u", CX4_GET(CAP, cur, CACHE_LINE_128BYTE), csum,
		    CX4_GET(CAP, cur, LOG_MAX_SQ), CX4_GET(CAP, cur, LOG_UAR_PAGE_SZ));
	return 0;
}

static const struct {
	const char *name;
	uint32_t bit;
} cx4dev_off_names[] = {
	{ "driver_version", CX4DEV_OFF_DRIVER_VERSION },
	{ "eth_net_offloads", CX4DEV_OFF_ETH_NET_OFFLOADS },
	{ "nic_flow_table", CX4DEV_OFF_NIC_FLOW_TABLE },
	{ "csum", CX4DEV_OFF_CSUM },
	{ "lro", CX4DEV_OFF_LRO },
	{ "vlan", CX4DEV_OFF_VLAN },
	{ "lso", CX4DEV_OFF_LSO },
	{ "rss", CX4DEV_OFF_RSS },
	{ "cmdif_checksum", CX4DEV_OFF_CMDIF_CHECKSUM },
	{ "log_max", CX4DEV_OFF_LOG_MAX },
	{ "cq_moderation", CX4DEV_OFF_CQ_MODERATION },
};

struct cx4dev_cap_name {
	const char *name;
	uint32_t bit;
};

static const struct cx4dev_cap_name cx4dev_on_names[] = {
	{ "cqe_compression", CX4DEV_ON_CQE_COMPRESSION },
};

static int cx4dev_parse_caps(const char *what, const struct cx4dev_cap_name *names, size_t n,
			     const char *list, uint32_t *mask, char *err, size_t errlen)
{
	const char *p = list ? list : "";

	*mask = 0;
	while (*p) {
		size_t len = strcspn(p, ",");
		bool found = false;

		for (size_t i = 0; len && i < n; i++) {
			if (strlen(names[i].name) == len && !strncmp(p, names[i].name, len)) {
				*mask |= names[i].bit;
				found = true;
			}
		}
		if (len && !found) {
			if (err)
				snprintf(err, errlen, "%s: unknown feature '%.*s'", what, (int)len,
					 p);
			return -1;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

int cx4dev_parse_caps_on(const char *list, uint32_t *mask, char *err, size_t errlen)
{
	return cx4dev_parse_caps("caps-on", cx4dev_on_names,
				 sizeof(cx4dev_on_names) / sizeof(cx4dev_on_names[0]), list, mask,
				 err, errlen);
}

int cx4dev_parse_caps_off(const char *list, uint32_t *mask, char *err, size_t errlen)
{
	const char *p = list ? list : "";

	*mask = 0;
	while (*p) {
		size_t len = strcspn(p, ",");
		bool found = false;

		for (size_t i = 0; len && i < sizeof(cx4dev_off_names) / sizeof(cx4dev_off_names[0]);
		     i++) {
			if (strlen(cx4dev_off_names[i].name) == len &&
			    !strncmp(p, cx4dev_off_names[i].name, len)) {
				*mask |= cx4dev_off_names[i].bit;
				found = true;
			}
		}
		if (len && !found) {
			if (err)
				snprintf(err, errlen, "caps-off: unknown feature '%.*s'", (int)len, p);
			return -1;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}
