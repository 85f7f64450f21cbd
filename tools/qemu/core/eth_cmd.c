/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Defined input fields of the Ethernet object commands (PRM 12.8-12.14);
 * every other input bit is reserved and must be zero (checked by the
 * dispatcher in cmd_init.c, rows in eth_cmds.h).
 */
#include "cx4dev_int.h"
#include "eth_cmds.h"

#define AT(base, f)	CX4DEV_AT(base, f)
#define CTX		CX4_OBJ_CMD_OFF_CTX
#define BITMASK		CX4DEV_AT64(0, CX4_OBJ_CMD_MODIFY_BITMASK)
#define KEY(i)		AT(CTX, CX4_TIRC_RX_HASH_KEY_DW(i))
#define WQ(base, f)	AT((base) + CX4_SQC_OFF_WQ, CX4_WQ_##f)

const uint32_t cx4dev_eth_no_fields[] = { 0 };

const uint32_t cx4dev_create_tis_fields[] = {
	AT(CTX, CX4_TISC_PRIO), AT(CTX, CX4_TISC_TRANSPORT_DOMAIN), 0
};
const uint32_t cx4dev_modify_tis_fields[] = {
	CX4_MODIFY_TIS_IN_TISN, BITMASK, AT(CTX, CX4_TISC_PRIO), AT(CTX, CX4_TISC_TRANSPORT_DOMAIN),
	0
};
const uint32_t cx4dev_tisn_fields[] = { CX4_QUERY_TIS_IN_TISN, 0 };

#define TIR_FIELDS \
	AT(CTX, CX4_TIRC_DISP_TYPE), AT(CTX, CX4_TIRC_LRO_TIMEOUT_PERIOD_USECS), \
	AT(CTX, CX4_TIRC_LRO_ENABLE_MASK), AT(CTX, CX4_TIRC_LRO_MAX_MSG_SZ), \
	AT(CTX, CX4_TIRC_INLINE_RQN), AT(CTX, CX4_TIRC_RX_HASH_SYMMETRIC), \
	AT(CTX, CX4_TIRC_INDIRECT_TABLE), AT(CTX, CX4_TIRC_RX_HASH_FN), \
	AT(CTX, CX4_TIRC_SELF_LB_EN), AT(CTX, CX4_TIRC_TRANSPORT_DOMAIN), \
	KEY(0), KEY(1), KEY(2), KEY(3), KEY(4), KEY(5), KEY(6), KEY(7), KEY(8), KEY(9), \
	AT(CTX, CX4_TIRC_RX_HASH_FIELD_SEL_OUTER), AT(CTX, CX4_TIRC_RX_HASH_FIELD_SEL_INNER)
const uint32_t cx4dev_create_tir_fields[] = { TIR_FIELDS, 0 };
const uint32_t cx4dev_modify_tir_fields[] = { CX4_MODIFY_TIR_IN_TIRN, BITMASK, TIR_FIELDS, 0 };
const uint32_t cx4dev_tirn_fields[] = { CX4_QUERY_TIR_IN_TIRN, 0 };

#define WQ_FIELDS \
	WQ(CTX, TYPE), WQ(CTX, SIGNATURE), WQ(CTX, END_PADDING_MODE), WQ(CTX, PAGE_OFFSET), \
	WQ(CTX, LWM), WQ(CTX, PD), WQ(CTX, UAR_PAGE), \
	CX4DEV_AT64(CTX + CX4_SQC_OFF_WQ, CX4_WQ_DBR_ADDR), \
	WQ(CTX, LOG_WQ_STRIDE), WQ(CTX, LOG_WQ_PG_SZ), WQ(CTX, LOG_WQ_SZ)
const uint32_t cx4dev_create_sq_fields[] = {
	AT(CTX, CX4_SQC_RLKEY), AT(CTX, CX4_SQC_FRE), AT(CTX, CX4_SQC_FLUSH_IN_ERROR_EN),
	AT(CTX, CX4_SQC_MIN_WQE_INLINE_MODE), AT(CTX, CX4_SQC_STATE), AT(CTX, CX4_SQC_USER_INDEX),
	AT(CTX, CX4_SQC_CQN), AT(CTX, CX4_SQC_TIS_LST_SZ), AT(CTX, CX4_SQC_TIS_NUM_0), WQ_FIELDS,
	0
};
const uint32_t cx4dev_modify_sq_fields[] = {
	CX4_MODIFY_SQ_IN_SQ_STATE, CX4_MODIFY_SQ_IN_SQN, BITMASK, AT(CTX, CX4_SQC_STATE), 0
};
const uint32_t cx4dev_sqn_fields[] = { CX4_QUERY_SQ_IN_SQN, 0 };
const uint32_t cx4dev_create_rq_fields[] = {
	AT(CTX, CX4_RQC_RLKEY), AT(CTX, CX4_RQC_VSD), AT(CTX, CX4_RQC_MEM_RQ_TYPE),
	AT(CTX, CX4_RQC_STATE), AT(CTX, CX4_RQC_FLUSH_IN_ERROR_EN), AT(CTX, CX4_RQC_USER_INDEX),
	AT(CTX, CX4_RQC_CQN), AT(CTX, CX4_RQC_COUNTER_SET_ID), AT(CTX, CX4_RQC_RMPN), WQ_FIELDS, 0
};
const uint32_t cx4dev_modify_rq_fields[] = {
	CX4_MODIFY_RQ_IN_RQ_STATE, CX4_MODIFY_RQ_IN_RQN, BITMASK, AT(CTX, CX4_RQC_STATE),
	AT(CTX, CX4_RQC_VSD), 0
};
const uint32_t cx4dev_rqn_fields[] = { CX4_QUERY_RQ_IN_RQN, 0 };
const uint32_t cx4dev_create_rqt_fields[] = {
	AT(CTX, CX4_RQTC_RQT_MAX_SIZE), AT(CTX, CX4_RQTC_RQT_ACTUAL_SIZE), 0
};
const uint32_t cx4dev_modify_rqt_fields[] = {
	CX4_MODIFY_RQT_IN_RQTN, BITMASK, AT(CTX, CX4_RQTC_RQT_MAX_SIZE),
	AT(CTX, CX4_RQTC_RQT_ACTUAL_SIZE), 0
};
const uint32_t cx4dev_rqtn_fields[] = { CX4_QUERY_RQT_IN_RQTN, 0 };

#define FTC(f)	AT(CX4_FT_OFF_CTX, CX4_FTC_##f)
const uint32_t cx4dev_create_ft_fields[] = {
	CX4_FT_CMD_TABLE_TYPE, FTC(TABLE_MISS_ACTION), FTC(LEVEL), FTC(LOG_SIZE),
	FTC(TABLE_MISS_ID), 0
};
const uint32_t cx4dev_modify_ft_fields[] = {
	CX4_MODIFY_FLOW_TABLE_IN_FIELD_SELECT, CX4_FT_CMD_TABLE_TYPE, CX4_FT_CMD_TABLE_ID,
	FTC(TABLE_MISS_ACTION), FTC(LEVEL), FTC(LOG_SIZE), FTC(TABLE_MISS_ID), 0
};
const uint32_t cx4dev_ft_fields[] = { CX4_FT_CMD_TABLE_TYPE, CX4_FT_CMD_TABLE_ID, 0 };
const uint32_t cx4dev_create_fg_fields[] = {
	CX4_FT_CMD_TABLE_TYPE, CX4_FT_CMD_TABLE_ID, CX4_CREATE_FLOW_GROUP_IN_START_FLOW_INDEX,
	CX4_CREATE_FLOW_GROUP_IN_END_FLOW_INDEX, CX4_CREATE_FLOW_GROUP_IN_MATCH_CRITERIA_ENABLE, 0
};
const uint32_t cx4dev_fg_fields[] = {
	CX4_FT_CMD_TABLE_TYPE, CX4_FT_CMD_TABLE_ID, CX4_FG_CMD_GROUP_ID, 0
};
#define FLOWC(f)	AT(CX4_FTE_OFF_FLOW_CTX, CX4_FLOWC_##f)
const uint32_t cx4dev_set_fte_fields[] = {
	CX4_FT_CMD_TABLE_TYPE, CX4_FT_CMD_TABLE_ID, CX4_SET_FTE_IN_MODIFY_ENABLE_MASK,
	CX4_FTE_CMD_FLOW_INDEX, FLOWC(GROUP_ID), FLOWC(FLOW_TAG), FLOWC(ACTION),
	FLOWC(DESTINATION_LIST_SIZE), FLOWC(FLOW_COUNTER_LIST_SIZE), 0
};
const uint32_t cx4dev_fte_fields[] = {
	CX4_FT_CMD_TABLE_TYPE, CX4_FT_CMD_TABLE_ID, CX4_FTE_CMD_FLOW_INDEX, 0
};
const uint32_t cx4dev_fc_fields[] = { CX4_DEALLOC_FLOW_COUNTER_IN_ID, 0 };
const uint32_t cx4dev_query_fc_fields[] = {
	CX4_QUERY_FLOW_COUNTER_IN_CLEAR, CX4_QUERY_FLOW_COUNTER_IN_ID, 0
};
const uint32_t cx4dev_dealloc_qc_fields[] = { CX4_DEALLOC_Q_COUNTER_IN_COUNTER_SET_ID, 0 };
const uint32_t cx4dev_query_qc_fields[] = {
	CX4_QUERY_Q_COUNTER_IN_OTHER_VPORT, CX4_QUERY_Q_COUNTER_IN_CLEAR,
	CX4_QUERY_Q_COUNTER_IN_AGGREGATE, CX4_QUERY_Q_COUNTER_IN_COUNTER_SET_ID, 0
};
const uint32_t cx4dev_query_vc_fields[] = { CX4_QUERY_VPORT_COUNTER_IN_CLEAR, 0 };
const uint32_t cx4dev_query_vnic_env_fields[] = {
	CX4_QUERY_VNIC_ENV_IN_OTHER_VPORT, CX4_QUERY_VNIC_ENV_IN_VPORT_NUMBER, 0
};
