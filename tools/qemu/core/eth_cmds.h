/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Command table rows of the Ethernet objects (PRM 12.8-12.14), included
 * in the dispatch table of cmd_init.c: designated initializers of
 * struct cx4dev_cmd_desc (cmd_init.c); a field left out is false or 0.
 * The field lists are in eth_cmd.c.
 */
#ifndef CX4DEV_ETH_CMDS_H
#define CX4DEV_ETH_CMDS_H

extern const uint32_t cx4dev_create_tis_fields[], cx4dev_modify_tis_fields[],
	cx4dev_tisn_fields[], cx4dev_create_tir_fields[], cx4dev_modify_tir_fields[],
	cx4dev_tirn_fields[], cx4dev_create_sq_fields[], cx4dev_modify_sq_fields[],
	cx4dev_sqn_fields[], cx4dev_create_rq_fields[], cx4dev_modify_rq_fields[],
	cx4dev_rqn_fields[], cx4dev_create_rqt_fields[], cx4dev_modify_rqt_fields[],
	cx4dev_rqtn_fields[], cx4dev_create_ft_fields[], cx4dev_modify_ft_fields[],
	cx4dev_ft_fields[], cx4dev_create_fg_fields[], cx4dev_fg_fields[],
	cx4dev_set_fte_fields[], cx4dev_fte_fields[], cx4dev_fc_fields[],
	cx4dev_query_fc_fields[], cx4dev_eth_no_fields[], cx4dev_dealloc_qc_fields[],
	cx4dev_query_qc_fields[], cx4dev_query_vc_fields[], cx4dev_query_vnic_env_fields[];

#define CX4DEV_ETH_CMDS \
	{ .opcode = CX4_CMD_CREATE_TIS, .in_size = CX4_CREATE_TIS_IN_SIZE, \
	  .out_size = CX4_CREATE_TIS_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_create_tis_fields, .exec = cx4dev_exec_create_tis }, \
	{ .opcode = CX4_CMD_MODIFY_TIS, .in_size = CX4_MODIFY_TIS_IN_SIZE, \
	  .out_size = CX4_MODIFY_TIS_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_modify_tis_fields, .exec = cx4dev_exec_modify_tis }, \
	{ .opcode = CX4_CMD_DESTROY_TIS, .in_size = CX4_DESTROY_TIS_IN_SIZE, \
	  .out_size = CX4_DESTROY_TIS_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_tisn_fields, .exec = cx4dev_exec_destroy_tis }, \
	{ .opcode = CX4_CMD_QUERY_TIS, .in_size = CX4_QUERY_TIS_IN_SIZE, \
	  .out_size = CX4_QUERY_TIS_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_tisn_fields, .exec = cx4dev_exec_query_tis }, \
	{ .opcode = CX4_CMD_CREATE_TIR, .in_size = CX4_CREATE_TIR_IN_SIZE, \
	  .out_size = CX4_CREATE_TIR_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_create_tir_fields, .exec = cx4dev_exec_create_tir }, \
	{ .opcode = CX4_CMD_MODIFY_TIR, .in_size = CX4_MODIFY_TIR_IN_SIZE, \
	  .out_size = CX4_MODIFY_TIR_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_modify_tir_fields, .exec = cx4dev_exec_modify_tir }, \
	{ .opcode = CX4_CMD_DESTROY_TIR, .in_size = CX4_DESTROY_TIR_IN_SIZE, \
	  .out_size = CX4_DESTROY_TIR_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_tirn_fields, .exec = cx4dev_exec_destroy_tir }, \
	{ .opcode = CX4_CMD_QUERY_TIR, .in_size = CX4_QUERY_TIR_IN_SIZE, \
	  .out_size = CX4_QUERY_TIR_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_tirn_fields, .exec = cx4dev_exec_query_tir }, \
	{ .opcode = CX4_CMD_CREATE_SQ, .in_size = CX4_CREATE_SQ_IN_OFF_PAS, \
	  .out_size = CX4_CREATE_SQ_OUT_SIZE, .variable_in = true, \
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_create_sq_fields, \
	  .exec = cx4dev_exec_create_sq }, \
	{ .opcode = CX4_CMD_MODIFY_SQ, .in_size = CX4_MODIFY_SQ_IN_SIZE, \
	  .out_size = CX4_MODIFY_SQ_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_modify_sq_fields, .exec = cx4dev_exec_modify_sq }, \
	{ .opcode = CX4_CMD_DESTROY_SQ, .in_size = CX4_DESTROY_SQ_IN_SIZE, \
	  .out_size = CX4_DESTROY_SQ_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_sqn_fields, .exec = cx4dev_exec_destroy_sq }, \
	{ .opcode = CX4_CMD_QUERY_SQ, .in_size = CX4_QUERY_SQ_IN_SIZE, \
	  .out_size = CX4_QUERY_SQ_OUT_OFF_PAS, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_sqn_fields, .exec = cx4dev_exec_query_sq }, \
	{ .opcode = CX4_CMD_CREATE_RQ, .in_size = CX4_CREATE_RQ_IN_OFF_PAS, \
	  .out_size = CX4_CREATE_RQ_OUT_SIZE, .variable_in = true, \
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_create_rq_fields, \
	  .exec = cx4dev_exec_create_rq }, \
	{ .opcode = CX4_CMD_MODIFY_RQ, .in_size = CX4_MODIFY_RQ_IN_SIZE, \
	  .out_size = CX4_MODIFY_RQ_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_modify_rq_fields, .exec = cx4dev_exec_modify_rq }, \
	{ .opcode = CX4_CMD_DESTROY_RQ, .in_size = CX4_DESTROY_RQ_IN_SIZE, \
	  .out_size = CX4_DESTROY_RQ_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_rqn_fields, .exec = cx4dev_exec_destroy_rq }, \
	{ .opcode = CX4_CMD_QUERY_RQ, .in_size = CX4_QUERY_RQ_IN_SIZE, \
	  .out_size = CX4_QUERY_RQ_OUT_OFF_PAS, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_rqn_fields, .exec = cx4dev_exec_query_rq }, \
	{ .opcode = CX4_CMD_CREATE_RQT, .in_size = CX4_OBJ_CMD_OFF_CTX + CX4_RQTC_OFF_RQ_NUM, \
	  .out_size = CX4_CREATE_RQT_OUT_SIZE, .variable_in = true, \
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_create_rqt_fields, \
	  .exec = cx4dev_exec_create_rqt }, \
	{ .opcode = CX4_CMD_MODIFY_RQT, .in_size = CX4_OBJ_CMD_OFF_CTX + CX4_RQTC_OFF_RQ_NUM, \
	  .out_size = CX4_MODIFY_RQT_OUT_SIZE, .variable_in = true, \
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_modify_rqt_fields, \
	  .exec = cx4dev_exec_modify_rqt }, \
	{ .opcode = CX4_CMD_DESTROY_RQT, .in_size = CX4_DESTROY_RQT_IN_SIZE, \
	  .out_size = CX4_DESTROY_RQT_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_rqtn_fields, .exec = cx4dev_exec_destroy_rqt }, \
	{ .opcode = CX4_CMD_QUERY_RQT, .in_size = CX4_QUERY_RQT_IN_SIZE, \
	  .out_size = CX4_OBJ_CMD_OFF_CTX + CX4_RQTC_OFF_RQ_NUM, \
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_rqtn_fields, \
	  .exec = cx4dev_exec_query_rqt }, \
	{ .opcode = CX4_CMD_CREATE_FLOW_TABLE, .in_size = CX4_CREATE_FLOW_TABLE_IN_SIZE, \
	  .out_size = CX4_CREATE_FLOW_TABLE_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_create_ft_fields, .exec = cx4dev_exec_create_ft }, \
	{ .opcode = CX4_CMD_MODIFY_FLOW_TABLE, .in_size = CX4_MODIFY_FLOW_TABLE_IN_SIZE, \
	  .out_size = CX4_MODIFY_FLOW_TABLE_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_modify_ft_fields, .exec = cx4dev_exec_modify_ft }, \
	{ .opcode = CX4_CMD_DESTROY_FLOW_TABLE, .in_size = CX4_DESTROY_FLOW_TABLE_IN_SIZE, \
	  .out_size = CX4_DESTROY_FLOW_TABLE_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_ft_fields, .exec = cx4dev_exec_destroy_ft }, \
	{ .opcode = CX4_CMD_QUERY_FLOW_TABLE, .in_size = CX4_QUERY_FLOW_TABLE_IN_SIZE, \
	  .out_size = CX4_QUERY_FLOW_TABLE_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_ft_fields, .exec = cx4dev_exec_query_ft }, \
	{ .opcode = CX4_CMD_SET_FLOW_TABLE_ROOT, .in_size = CX4_SET_FLOW_TABLE_ROOT_IN_SIZE, \
	  .out_size = CX4_SET_FLOW_TABLE_ROOT_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_ft_fields, .exec = cx4dev_exec_set_ft_root }, \
	{ .opcode = CX4_CMD_CREATE_FLOW_GROUP, .in_size = CX4_CREATE_FLOW_GROUP_IN_SIZE, \
	  .out_size = CX4_CREATE_FLOW_GROUP_OUT_SIZE, \
	  .payload_off = CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA, \
	  .payload_end = CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA + CX4_FTE_MATCH_PARAM_SIZE, \
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_create_fg_fields, \
	  .exec = cx4dev_exec_create_fg }, \
	{ .opcode = CX4_CMD_DESTROY_FLOW_GROUP, .in_size = CX4_DESTROY_FLOW_GROUP_IN_SIZE, \
	  .out_size = CX4_DESTROY_FLOW_GROUP_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_fg_fields, .exec = cx4dev_exec_destroy_fg }, \
	{ .opcode = CX4_CMD_QUERY_FLOW_GROUP, .in_size = CX4_QUERY_FLOW_GROUP_IN_SIZE, \
	  .out_size = CX4_QUERY_FLOW_GROUP_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_fg_fields, .exec = cx4dev_exec_query_fg }, \
	{ .opcode = CX4_CMD_SET_FLOW_TABLE_ENTRY, \
	  .in_size = CX4_FTE_OFF_FLOW_CTX + CX4_FLOWC_OFF_DEST, \
	  .out_size = CX4_SET_FTE_OUT_SIZE, .has_opmod = true, .variable_in = true, \
	  .payload_off = CX4_FTE_OFF_FLOW_CTX + CX4_FLOWC_OFF_MATCH_VALUE, \
	  .payload_end = CX4_FTE_OFF_FLOW_CTX + CX4_FLOWC_OFF_MATCH_VALUE + CX4_FTE_MATCH_PARAM_SIZE, \
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_set_fte_fields, \
	  .exec = cx4dev_exec_set_fte }, \
	{ .opcode = CX4_CMD_QUERY_FLOW_TABLE_ENTRY, .in_size = CX4_QUERY_FTE_IN_SIZE, \
	  .out_size = CX4_FTE_OFF_FLOW_CTX + CX4_FLOWC_OFF_DEST, \
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_fte_fields, \
	  .exec = cx4dev_exec_query_fte }, \
	{ .opcode = CX4_CMD_DELETE_FLOW_TABLE_ENTRY, .in_size = CX4_DELETE_FTE_IN_SIZE, \
	  .out_size = CX4_DELETE_FTE_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_fte_fields, .exec = cx4dev_exec_delete_fte }, \
	{ .opcode = CX4_CMD_ALLOC_FLOW_COUNTER, .in_size = CX4_ALLOC_FLOW_COUNTER_IN_SIZE, \
	  .out_size = CX4_ALLOC_FLOW_COUNTER_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_eth_no_fields, .exec = cx4dev_exec_alloc_fc }, \
	{ .opcode = CX4_CMD_DEALLOC_FLOW_COUNTER, .in_size = CX4_DEALLOC_FLOW_COUNTER_IN_SIZE, \
	  .out_size = CX4_DEALLOC_FLOW_COUNTER_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_fc_fields, .exec = cx4dev_exec_dealloc_fc }, \
	{ .opcode = CX4_CMD_QUERY_FLOW_COUNTER, .in_size = CX4_QUERY_FLOW_COUNTER_IN_SIZE, \
	  .out_size = CX4_QUERY_FLOW_COUNTER_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_query_fc_fields, .exec = cx4dev_exec_query_fc }, \
	{ .opcode = CX4_CMD_ALLOC_Q_COUNTER, .in_size = CX4_ALLOC_Q_COUNTER_IN_SIZE, \
	  .out_size = CX4_ALLOC_Q_COUNTER_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_eth_no_fields, .exec = cx4dev_exec_alloc_q_counter }, \
	{ .opcode = CX4_CMD_DEALLOC_Q_COUNTER, .in_size = CX4_DEALLOC_Q_COUNTER_IN_SIZE, \
	  .out_size = CX4_DEALLOC_Q_COUNTER_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_dealloc_qc_fields, .exec = cx4dev_exec_dealloc_q_counter }, \
	{ .opcode = CX4_CMD_QUERY_Q_COUNTER, .in_size = CX4_QUERY_Q_COUNTER_IN_SIZE, \
	  .out_size = CX4_QUERY_Q_COUNTER_OUT_SIZE, .states = CX4DEV_ST_INITIALIZED, \
	  .fields = cx4dev_query_qc_fields, .exec = cx4dev_exec_query_q_counter }, \
	{ .opcode = CX4_CMD_QUERY_VPORT_COUNTER, .in_size = CX4_QUERY_VPORT_COUNTER_IN_SIZE, \
	  .out_size = CX4_QUERY_VPORT_COUNTER_OUT_SIZE, .has_opmod = true, \
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_query_vc_fields, \
	  .exec = cx4dev_exec_query_vport_counter }, \
	{ .opcode = CX4_CMD_QUERY_VNIC_ENV, .in_size = CX4_QUERY_VNIC_ENV_IN_SIZE, \
	  .out_size = CX4_QUERY_VNIC_ENV_OUT_SIZE, .has_opmod = true, \
	  .states = CX4DEV_ST_INITIALIZED, .fields = cx4dev_query_vnic_env_fields, \
	  .exec = cx4dev_exec_query_vnic_env }

#endif /* CX4DEV_ETH_CMDS_H */
