/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The NIC vport (PRM 7.3, commands 12.16): QUERY/MODIFY_VPORT_STATE and
 * QUERY/MODIFY_NIC_VPORT_CONTEXT (permanent MAC from the device's `mac`
 * property, MTU, promiscuous flags, current UC/MC/VLAN lists), and the
 * per-vector interrupt moderation of CONFIG_INT_MODERATION (12.3.17).
 *
 * The vport is not an object the driver creates: its settings return to
 * their defaults at DISABLE_HCA and reset, without a guest error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

static const char *const cx4dev_list_name[CX4DEV_VPORT_NLISTS] = { "uc", "mc", "vlan" };

void cx4dev_vport_reset(struct cx4dev *dev)
{
	for (int i = 0; i < CX4DEV_VPORT_NLISTS; i++)
		free(dev->vport.list[i]);
	memset(&dev->vport, 0, sizeof(dev->vport));
	dev->vport.admin_up = true;
	memset(dev->int_mod, 0, sizeof(dev->int_mod));
	if (dev->eth)
		memset(dev->eth->vc, 0, sizeof(dev->eth->vc));	/* vport counters */
}

/* Effective vport state: the link (knob) and the admin state. */
static bool cx4dev_vport_up(const struct cx4dev *dev)
{
	return dev->port_oper && dev->vport.admin_up;
}

static uint32_t cx4dev_list_max(const struct cx4dev *dev, uint32_t type)
{
	static const uint32_t cap[CX4DEV_VPORT_NLISTS] = {
		CX4_CAP_LOG_MAX_CURRENT_UC_LIST, CX4_CAP_LOG_MAX_CURRENT_MC_LIST,
		CX4_CAP_LOG_MAX_VLAN_LIST,
	};
	uint32_t log = cx4_get(dev->caps.cur[CX4DEV_CAPI_GENERAL], cap[type]);
	uint32_t max = log >= 12 ? 4096u : 1u << log;

	/* allowed_list_size is 12 bits wide. */
	return max > cx4_fld_mask(CX4_NIC_VPORT_ALLOWED_LIST_SIZE) ?
	       cx4_fld_mask(CX4_NIC_VPORT_ALLOWED_LIST_SIZE) : max;
}

static void cx4dev_mac_str(uint64_t mac, char *s, size_t n)
{
	snprintf(s, n, "%02x:%02x:%02x:%02x:%02x:%02x", (unsigned)(mac >> 40) & 0xff,
		 (unsigned)(mac >> 32) & 0xff, (unsigned)(mac >> 24) & 0xff,
		 (unsigned)(mac >> 16) & 0xff, (unsigned)(mac >> 8) & 0xff, (unsigned)mac & 0xff);
}

/* ---- QUERY_VPORT_STATE / MODIFY_VPORT_STATE (12.16.1, 12.16.2) ---- */

uint8_t cx4dev_exec_query_vport_state(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	if (cmd->op_mod != CX4_VPORT_OP_MOD_NIC_VPORT)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod 0x%x (0: NIC vport)", cmd->op_mod);
	CX4_SET(QUERY_VPORT_STATE_OUT, cmd->out, ADMIN_STATE,
		dev->vport.admin_up ? CX4_VPORT_STATE_UP : CX4_VPORT_STATE_DOWN);
	CX4_SET(QUERY_VPORT_STATE_OUT, cmd->out, STATE,
		cx4dev_vport_up(dev) ? CX4_VPORT_STATE_UP : CX4_VPORT_STATE_DOWN);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_modify_vport_state(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t admin = cx4dev_in_get(cmd, CX4_MODIFY_VPORT_STATE_IN_ADMIN_STATE);

	if (cmd->op_mod != CX4_VPORT_OP_MOD_NIC_VPORT)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod 0x%x (0: NIC vport)", cmd->op_mod);
	if (admin != CX4_VPORT_STATE_DOWN && admin != CX4_VPORT_STATE_UP)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_VPORT_ADMIN_STATE,
				     "admin_state %u (0 down, 1 up)", admin);
	if (dev->vport.admin_up != (admin == CX4_VPORT_STATE_UP))
		cx4dev_logf(dev, "vport: admin state %s (link %s)", admin ? "up" : "down",
			    dev->port_up ? "up" : "down");
	dev->vport.admin_up = admin == CX4_VPORT_STATE_UP;
	return CX4_CMD_STAT_OK;
}

/* ---- QUERY_NIC_VPORT_CONTEXT (12.16.3) ---- */

uint8_t cx4dev_exec_query_nic_vport_ctx(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t type = cx4dev_in_get(cmd, CX4_QUERY_NIC_VPORT_CTX_IN_ALLOWED_LIST_TYPE);
	uint8_t *ctx = cmd->out + CX4_QUERY_NIC_VPORT_CTX_OUT_OFF_CTX;
	const uint8_t *mac = dev->cfg.mac;
	uint32_t n;

	if (type >= CX4DEV_VPORT_NLISTS)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_VPORT_LIST_TYPE,
				     "allowed_list_type %u (0 uc, 1 mc, 2 vlan)", type);
	n = dev->vport.n[type];
	CX4_SET(NIC_VPORT, ctx, MTU, dev->vport.mtu);
	CX4_SET(NIC_VPORT, ctx, PROMISC_UC, dev->vport.promisc_uc);
	CX4_SET(NIC_VPORT, ctx, PROMISC_MC, dev->vport.promisc_mc);
	CX4_SET(NIC_VPORT, ctx, PROMISC_ALL, dev->vport.promisc_all);
	CX4_SET(NIC_VPORT, ctx, ALLOWED_LIST_TYPE, type);
	CX4_SET(NIC_VPORT, ctx, ALLOWED_LIST_SIZE, n);
	CX4_SET(MAC_ADDR, CX4_ADDR(NIC_VPORT, ctx, PERMANENT_ADDRESS), 47_32,
		cx4dev_get_be16(mac));
	CX4_SET(MAC_ADDR, CX4_ADDR(NIC_VPORT, ctx, PERMANENT_ADDRESS), 31_0,
		cx4dev_get_be32(mac + 2));
	/*
	 * The list as far as the output holds it (the generic check gave at
	 * least the context): firmware answers a short output with what fits,
	 * allowed_list_size still telling the list's real size.
	 */
	for (uint32_t i = 0; i < n && cx4_query_nic_vport_ctx_out_size(i + 1) <= cmd->out_len;
	     i++)
		cx4_set64(ctx, cx4_nic_vport_list_off(i), dev->vport.list[type][i]);
	return CX4_CMD_STAT_OK;
}

/* ---- MODIFY_NIC_VPORT_CONTEXT (12.16.4) ---- */

/* Check the list entries of @ctx; 0 if all valid. */
static uint8_t cx4dev_list_check(struct cx4dev *dev, struct cx4dev_cmd *cmd, const uint8_t *ctx,
				 uint32_t type, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint64_t v = cx4_get64(ctx, cx4_nic_vport_list_off(i));
		bool vlan = type == CX4_NIC_VPORT_LIST_VLAN;
		uint64_t rsvd = vlan ? ~((uint64_t)cx4_fld_mask(CX4_VLAN_ENTRY_VLAN) << 32) :
				       ~0ull << 48;
		char s[24];

		cx4dev_mac_str(v, s, sizeof(s));
		if (v & rsvd)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_VPORT_LIST_ENTRY,
					     "%s list entry %u 0x%016llx has reserved bits set",
					     cx4dev_list_name[type], i, (unsigned long long)v);
		if (!vlan && (((v >> 40) & 1) != (type == CX4_NIC_VPORT_LIST_MC)))
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_VPORT_LIST_ENTRY,
					     "%s list entry %u %s is a %s address",
					     cx4dev_list_name[type], i, s,
					     (v >> 40) & 1 ? "multicast" : "unicast");
		for (uint32_t j = 0; j < i; j++)
			if (cx4_get64(ctx, cx4_nic_vport_list_off(j)) == v)
				return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
						     CX4DEV_SYN_VPORT_LIST_ENTRY,
						     "%s list entries %u and %u are equal",
						     cx4dev_list_name[type], j, i);
	}
	return CX4_CMD_STAT_OK;
}

static void cx4dev_list_trace(struct cx4dev *dev, uint32_t type)
{
	char line[200];
	size_t o = 0;
	uint32_t n = dev->vport.n[type];

	line[0] = 0;
	for (uint32_t i = 0; i < n && o + 24 < sizeof(line); i++) {
		uint64_t v = dev->vport.list[type][i];
		char s[24];

		if (type == CX4_NIC_VPORT_LIST_VLAN)
			snprintf(s, sizeof(s), "%u", (unsigned)(v >> 32));
		else
			cx4dev_mac_str(v, s, sizeof(s));
		o += (size_t)snprintf(line + o, sizeof(line) - o, " %s", s);
	}
	cx4dev_logf(dev, "vport: %s list, %u entries:%s%s", cx4dev_list_name[type], n, line,
		    o + 24 >= sizeof(line) ? " ..." : "");
}

uint8_t cx4dev_exec_modify_nic_vport_ctx(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t sel = cx4dev_in_get(cmd, CX4_MODIFY_NIC_VPORT_CTX_IN_FIELD_SELECT);
	const uint8_t *ctx = cmd->in + CX4_MODIFY_NIC_VPORT_CTX_IN_OFF_CTX;
	uint32_t known = CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST | CX4_MODIFY_NIC_VPORT_SEL_PROMISC |
			 CX4_MODIFY_NIC_VPORT_SEL_MTU;
	uint32_t mtu = CX4_GET(NIC_VPORT, ctx, MTU);
	uint32_t type = CX4_GET(NIC_VPORT, ctx, ALLOWED_LIST_TYPE);
	uint32_t n = CX4_GET(NIC_VPORT, ctx, ALLOWED_LIST_SIZE);
	uint8_t st;

	if (sel & ~known)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
				     CX4DEV_SYN_VPORT_FIELD_SELECT,
				     "field_select 0x%x: bits 0x%x undefined (2 list, 4 promisc, "
				     "6 mtu)", sel, sel & ~known);
	if ((sel & CX4_MODIFY_NIC_VPORT_SEL_MTU) && mtu &&
	    (mtu < CX4DEV_VPORT_MIN_MTU || mtu > CX4DEV_VPORT_MAX_MTU))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_VPORT_MTU,
				     "mtu %u (0: port MTU, else %u..%u)", mtu,
				     CX4DEV_VPORT_MIN_MTU, CX4DEV_VPORT_MAX_MTU);
	if (sel & CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST) {
		if (type >= CX4DEV_VPORT_NLISTS)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_VPORT_LIST_TYPE,
					     "allowed_list_type %u (0 uc, 1 mc, 2 vlan)", type);
		if (n > cx4dev_list_max(dev, type))
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_VPORT_LIST_SIZE,
					     "allowed_list_size %u > %u (HCA_CAP log_max list size)",
					     n, cx4dev_list_max(dev, type));
		if (cmd->in_len < cx4_modify_nic_vport_ctx_in_size(n))
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_INPUT_LEN,
					     CX4DEV_SYN_VPORT_LIST_IN_LEN,
					     "input_length 0x%x too short for %u list entries",
					     cmd->in_len, n);
		st = cx4dev_list_check(dev, cmd, ctx, type, n);
		if (st != CX4_CMD_STAT_OK)
			return st;
	}
	/* All checked: apply. */
	if ((sel & CX4_MODIFY_NIC_VPORT_SEL_MTU) && mtu != dev->vport.mtu) {
		cx4dev_logf(dev, "vport: mtu %u -> %u", dev->vport.mtu, mtu);
		dev->vport.mtu = mtu;
	}
	if (sel & CX4_MODIFY_NIC_VPORT_SEL_PROMISC) {
		bool uc = CX4_GET(NIC_VPORT, ctx, PROMISC_UC);
		bool mc = CX4_GET(NIC_VPORT, ctx, PROMISC_MC);
		bool all = CX4_GET(NIC_VPORT, ctx, PROMISC_ALL);

		if (uc != dev->vport.promisc_uc || mc != dev->vport.promisc_mc ||
		    all != dev->vport.promisc_all)
			cx4dev_logf(dev, "vport: promiscuous uc %d mc %d all %d", uc, mc, all);
		dev->vport.promisc_uc = uc;
		dev->vport.promisc_mc = mc;
		dev->vport.promisc_all = all;
	}
	if (sel & CX4_MODIFY_NIC_VPORT_SEL_ADDRESSES_LIST) {
		uint64_t *l = n ? calloc(n, sizeof(*l)) : NULL;

		if (n && !l)
			abort();
		for (uint32_t i = 0; i < n; i++)
			l[i] = cx4_get64(ctx, cx4_nic_vport_list_off(i));
		free(dev->vport.list[type]);
		dev->vport.list[type] = l;
		dev->vport.n[type] = n;
		cx4dev_list_trace(dev, type);
	}
	return CX4_CMD_STAT_OK;
}

/* ---- CONFIG_INT_MODERATION (12.3.17) ---- */

uint8_t cx4dev_exec_config_int_moderation(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t vec = cx4dev_in_get(cmd, CX4_CONFIG_INT_MOD_IN_INT_VECTOR);
	uint32_t delay = cx4dev_in_get(cmd, CX4_CONFIG_INT_MOD_IN_MIN_DELAY);

	if (cmd->op_mod != CX4_CONFIG_INT_MOD_WRITE && cmd->op_mod != CX4_CONFIG_INT_MOD_READ)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod 0x%x (0 write, 1 read)", cmd->op_mod);
	if (vec >= dev->cfg.msix_vectors || vec >= CX4DEV_MAX_MSIX)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_INT_MOD_VECTOR,
				     "int_vector %u beyond the %u MSI-X vectors", vec,
				     dev->cfg.msix_vectors);
	if (cmd->op_mod == CX4_CONFIG_INT_MOD_READ) {
		if (delay)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_RESERVED_NONZERO,
					     "min_delay %u in a read (op_mod 1)", delay);
	} else {
		if (delay != dev->int_mod[vec])
			cx4dev_logf(dev, "vector %u: interrupt moderation min_delay %u us "
				    "(model limitation: recorded, not applied)", vec, delay);
		dev->int_mod[vec] = (uint16_t)delay;
	}
	CX4_SET(CONFIG_INT_MOD_OUT, cmd->out, MIN_DELAY, dev->int_mod[vec]);
	CX4_SET(CONFIG_INT_MOD_OUT, cmd->out, INT_VECTOR, vec);
	return CX4_CMD_STAT_OK;
}
