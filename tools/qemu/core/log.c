/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Bottom layer: trace lines, guest-error accounting and command rejection
 * (status + syndrome).  Calls nothing else in the model.
 *
 * Every guest mistake goes through cx4dev_guest_error(): it is counted,
 * traced as "guest-error: ..." and followed by the line
 * "cx4: guest_errors=N" the VM runner greps for (README "Log contract").
 * What the model does not implement (a command, a register, a feature of
 * one) is not the guest's mistake: cx4dev_limitation() refuses it, counts
 * it apart and traces "model limitation: ..." followed by
 * "cx4: model_limitations=N".
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cx4dev_int.h"

#define CX4DEV_LINE_MAX	512

static void cx4dev_vlog(struct cx4dev *dev, const char *prefix, const char *fmt, va_list ap)
{
	char line[CX4DEV_LINE_MAX];
	int n = snprintf(line, sizeof(line), "%s", prefix);

	if (n < 0 || (size_t)n >= sizeof(line))
		n = 0;
	vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	if (dev->ops->log)
		dev->ops->log(dev->opaque, line);
}

void cx4dev_logf(struct cx4dev *dev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cx4dev_vlog(dev, "cx4: ", fmt, ap);
	va_end(ap);
}

void cx4dev_log_error_count(struct cx4dev *dev)
{
	char line[64];

	snprintf(line, sizeof(line), "cx4: guest_errors=%llu",
		 (unsigned long long)dev->guest_errors);
	if (dev->ops->log)
		dev->ops->log(dev->opaque, line);
}

/* Is a guest error now a reaction (cx4dev_guest_error)?  Counts it if so. */
static bool cx4dev_log_excused(struct cx4dev *dev)
{
	if (!dev->hostile.excusing)
		return false;
	dev->hostile.excused++;
	return true;
}

void cx4dev_guest_error(struct cx4dev *dev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (cx4dev_log_excused(dev)) {
		/* The guest reacting to a hostile action (hostile.c): not its error. */
		cx4dev_vlog(dev, "cx4: guest-error (hostile reaction): ", fmt, ap);
		va_end(ap);
		return;
	}
	if (dev->expect_errors) {
		dev->expect_errors--;
		dev->expected_errors++;
		cx4dev_vlog(dev, "cx4: guest-error (expected): ", fmt, ap);
		va_end(ap);
		return;
	}
	dev->guest_errors++;
	cx4dev_vlog(dev, "cx4: guest-error: ", fmt, ap);
	va_end(ap);
	cx4dev_log_error_count(dev);
}

void cx4dev_dma_fault(struct cx4dev *dev, bool write, uint64_t addr, size_t len)
{
	/* A hostile action's DMA: hostile.c counts it as a hostile DMA fault. */
	if (dev->hostile.in_dma || dev->hostile.in_extra)
		return;
	dev->dma_faults++;
	cx4dev_guest_error(dev, "DMA %s of %zu bytes at 0x%llx refused by the bus "
			   "(no IOMMU mapping, or not memory)", write ? "write" : "read", len,
			   (unsigned long long)addr);
}

struct cx4dev_name {
	uint32_t val;
	const char *name;
};

static const char *cx4dev_lookup(const struct cx4dev_name *t, size_t n, uint32_t val)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].val == val)
			return t[i].name;
	return "?";
}

#define CX4DEV_N(x) { CX4_CMD_##x, #x }
static const struct cx4dev_name cx4dev_opcodes[] = {
	CX4DEV_N(QUERY_HCA_CAP), CX4DEV_N(QUERY_ADAPTER), CX4DEV_N(INIT_HCA),
	CX4DEV_N(TEARDOWN_HCA), CX4DEV_N(ENABLE_HCA), CX4DEV_N(DISABLE_HCA),
	CX4DEV_N(QUERY_PAGES), CX4DEV_N(MANAGE_PAGES), CX4DEV_N(SET_HCA_CAP),
	CX4DEV_N(QUERY_ISSI), CX4DEV_N(SET_ISSI), CX4DEV_N(SET_DRIVER_VERSION),
	CX4DEV_N(CREATE_MKEY), CX4DEV_N(QUERY_MKEY), CX4DEV_N(DESTROY_MKEY),
	CX4DEV_N(QUERY_SPECIAL_CONTEXTS), CX4DEV_N(CREATE_EQ), CX4DEV_N(DESTROY_EQ),
	CX4DEV_N(QUERY_EQ), CX4DEV_N(GEN_EQE), CX4DEV_N(CREATE_CQ), CX4DEV_N(DESTROY_CQ),
	CX4DEV_N(QUERY_CQ), CX4DEV_N(MODIFY_CQ), CX4DEV_N(QUERY_VPORT_STATE),
	CX4DEV_N(MODIFY_VPORT_STATE), CX4DEV_N(QUERY_NIC_VPORT_CONTEXT),
	CX4DEV_N(MODIFY_NIC_VPORT_CONTEXT), CX4DEV_N(QUERY_VNIC_ENV), CX4DEV_N(QUERY_VPORT_COUNTER),
	CX4DEV_N(ALLOC_PD), CX4DEV_N(DEALLOC_PD), CX4DEV_N(ALLOC_UAR), CX4DEV_N(DEALLOC_UAR),
	CX4DEV_N(CONFIG_INT_MODERATION), CX4DEV_N(ACCESS_REG), CX4DEV_N(NOP),
	CX4DEV_N(ALLOC_TRANSPORT_DOMAIN), CX4DEV_N(DEALLOC_TRANSPORT_DOMAIN),
	CX4DEV_N(SET_L2_TABLE_ENTRY), CX4DEV_N(QUERY_L2_TABLE_ENTRY),
	CX4DEV_N(DELETE_L2_TABLE_ENTRY), CX4DEV_N(CREATE_TIR), CX4DEV_N(MODIFY_TIR),
	CX4DEV_N(DESTROY_TIR), CX4DEV_N(QUERY_TIR), CX4DEV_N(CREATE_SQ), CX4DEV_N(MODIFY_SQ),
	CX4DEV_N(DESTROY_SQ), CX4DEV_N(QUERY_SQ), CX4DEV_N(CREATE_RQ), CX4DEV_N(MODIFY_RQ),
	CX4DEV_N(DESTROY_RQ), CX4DEV_N(QUERY_RQ), CX4DEV_N(CREATE_RMP), CX4DEV_N(MODIFY_RMP),
	CX4DEV_N(DESTROY_RMP), CX4DEV_N(QUERY_RMP), CX4DEV_N(CREATE_TIS), CX4DEV_N(MODIFY_TIS),
	CX4DEV_N(DESTROY_TIS), CX4DEV_N(QUERY_TIS), CX4DEV_N(CREATE_RQT), CX4DEV_N(MODIFY_RQT),
	CX4DEV_N(DESTROY_RQT), CX4DEV_N(QUERY_RQT), CX4DEV_N(SET_FLOW_TABLE_ROOT),
	CX4DEV_N(CREATE_FLOW_TABLE), CX4DEV_N(DESTROY_FLOW_TABLE), CX4DEV_N(QUERY_FLOW_TABLE),
	CX4DEV_N(CREATE_FLOW_GROUP), CX4DEV_N(DESTROY_FLOW_GROUP), CX4DEV_N(QUERY_FLOW_GROUP),
	CX4DEV_N(SET_FLOW_TABLE_ENTRY), CX4DEV_N(QUERY_FLOW_TABLE_ENTRY),
	CX4DEV_N(DELETE_FLOW_TABLE_ENTRY), CX4DEV_N(ALLOC_FLOW_COUNTER),
	CX4DEV_N(DEALLOC_FLOW_COUNTER), CX4DEV_N(QUERY_FLOW_COUNTER), CX4DEV_N(MODIFY_FLOW_TABLE),
	CX4DEV_N(ALLOC_Q_COUNTER), CX4DEV_N(DEALLOC_Q_COUNTER), CX4DEV_N(QUERY_Q_COUNTER),
};
#undef CX4DEV_N

#define CX4DEV_N(x) { CX4_CMD_STAT_##x, #x }
static const struct cx4dev_name cx4dev_statuses[] = {
	CX4DEV_N(OK), CX4DEV_N(INTERNAL_ERR), CX4DEV_N(BAD_OP), CX4DEV_N(BAD_PARAM),
	CX4DEV_N(BAD_SYS_STATE), CX4DEV_N(BAD_RESOURCE), CX4DEV_N(RESOURCE_BUSY),
	CX4DEV_N(EXCEED_LIM), CX4DEV_N(BAD_RES_STATE), CX4DEV_N(BAD_INDEX),
	CX4DEV_N(NO_RESOURCES), CX4DEV_N(BAD_RESOURCE_STATE), CX4DEV_N(BAD_SIZE),
	CX4DEV_N(BAD_INPUT_LEN), CX4DEV_N(BAD_OUTPUT_LEN),
};
#undef CX4DEV_N

#define CX4DEV_N(x) { CX4_CMDQ_DS_##x, #x }
static const struct cx4dev_name cx4dev_delivery[] = {
	CX4DEV_N(OK), CX4DEV_N(SIGNATURE_ERR), CX4DEV_N(TOKEN_ERR), CX4DEV_N(BAD_BLOCK_NUMBER),
	CX4DEV_N(BAD_OUTPUT_POINTER), CX4DEV_N(BAD_INPUT_POINTER), CX4DEV_N(INTERNAL_ERR),
	CX4DEV_N(INPUT_LEN_ERR), CX4DEV_N(OUTPUT_LEN_ERR), CX4DEV_N(RESERVED_NOT_ZERO),
	CX4DEV_N(BAD_COMMAND_TYPE),
};
#undef CX4DEV_N

#define CX4DEV_COUNT(t) (sizeof(t) / sizeof((t)[0]))

const char *cx4dev_opcode_name(uint16_t opcode)
{
	return cx4dev_lookup(cx4dev_opcodes, CX4DEV_COUNT(cx4dev_opcodes), opcode);
}

const char *cx4dev_status_name(uint8_t status)
{
	return cx4dev_lookup(cx4dev_statuses, CX4DEV_COUNT(cx4dev_statuses), status);
}

const char *cx4dev_delivery_name(uint8_t ds)
{
	return cx4dev_lookup(cx4dev_delivery, CX4DEV_COUNT(cx4dev_delivery), ds);
}

const char *cx4dev_state_name(enum cx4dev_hca_state st)
{
	switch (st) {
	case CX4DEV_ST_DISABLED:	return "disabled";
	case CX4DEV_ST_ENABLED:		return "enabled";
	case CX4DEV_ST_INITIALIZED:	return "initialized";
	case CX4DEV_ST_TORN_DOWN:	return "torn-down";
	}
	return "?";
}

/*
 * The model cannot serve a request real firmware would (an opcode or a
 * register it does not implement, a feature of a command it lacks): not
 * a guest error, counted apart (debug page MODEL_LIMITATIONS); the status
 * and syndrome go to the output as for a rejection.
 */
uint8_t cx4dev_limitation(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint8_t status,
			  uint32_t syndrome, const char *fmt, ...)
{
	char msg[256], line[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	dev->model_limitations++;
	cx4dev_logf(dev, "model limitation: %s -> %s syndrome 0x%08x", msg,
		    cx4dev_status_name(status), syndrome);
	snprintf(line, sizeof(line), "cx4: model_limitations=%llu",
		 (unsigned long long)dev->model_limitations);
	if (dev->ops->log)
		dev->ops->log(dev->opaque, line);
	cmd->status = status;
	cmd->syndrome = syndrome;
	return status;
}

/* Reject the command: guest error + status/syndrome in the output. */
uint8_t cx4dev_reject(struct cx4dev *dev, struct cx4dev_cmd *cmd, uint8_t status,
		      uint32_t syndrome, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	const char *name = cx4dev_opcode_name(cmd->opcode);
	char op[16];
	bool excusing;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!strcmp(name, "?")) {
		snprintf(op, sizeof(op), "opcode 0x%x", cmd->opcode);
		name = op;
	}
	excusing = dev->hostile.excusing;
	if ((status == CX4_CMD_STAT_BAD_RES_STATE && dev->hostile.in_use_ok) ||
	    (status == CX4_CMD_STAT_BAD_RESOURCE && dev->hostile.missing_ok))
		dev->hostile.excusing = true;
	cx4dev_guest_error(dev, "%s: %s -> %s syndrome 0x%08x", name, msg,
			   cx4dev_status_name(status), syndrome);
	dev->hostile.excusing = excusing;
	cmd->status = status;
	cmd->syndrome = syndrome;
	return status;
}
