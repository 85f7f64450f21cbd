/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Command table rows of the Ethernet objects (PRM 12.8-12.14), included
 * in the dispatch table of cmd_init.c.  Row layout: struct
 * cx4dev_cmd_desc (opcode, input and output sizes, op_mod, variable
 * input, opaque payload range, states, defined input fields, handler).
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
	cx4dev_query_qc_fields[], cx4dev_query_vc_fields[];

#define CX4DEV_ETH_ROW(op, in, out, opmod, var, poff, pend, fields, fn) \
	{ CX4_CMD_##op, in, out, opmod, var, poff, pend, CX4DEV_ST_INITIALIZED, fields, fn }

#define CX4DEV_ETH_CMDS \
	CX4DEV_ETH_ROW(CREATE_TIS, CX4_CREATE_TIS_IN_SIZE, CX4_CREATE_TIS_OUT_SIZE, false, false, \
		       0, 0, cx4dev_create_tis_fields, cx4dev_exec_create_tis), \
	CX4DEV_ETH_ROW(MODIFY_TIS, CX4_MODIFY_TIS_IN_SIZE, CX4_MODIFY_TIS_OUT_SIZE, false, false, \
		       0, 0, cx4dev_modify_tis_fields, cx4dev_exec_modify_tis), \
	CX4DEV_ETH_ROW(DESTROY_TIS, CX4_DESTROY_TIS_IN_SIZE, CX4_DESTROY_TIS_OUT_SIZE, false, \
		       false, 0, 0, cx4dev_tisn_fields, cx4dev_exec_destroy_tis), \
	CX4DEV_ETH_ROW(QUERY_TIS, CX4_QUERY_TIS_IN_SIZE, CX4_QUERY_TIS_OUT_SIZE, false, false, \
		       0, 0, cx4dev_tisn_fields, cx4dev_exec_query_tis), \
	CX4DEV_ETH_ROW(CREATE_TIR, CX4_CREATE_TIR_IN_SIZE, CX4_CREATE_TIR_OUT_SIZE, false, false, \
		       0, 0, cx4dev_create_tir_fields, cx4dev_exec_create_tir), \
	CX4DEV_ETH_ROW(MODIFY_TIR, CX4_MODIFY_TIR_IN_SIZE, CX4_MODIFY_TIR_OUT_SIZE, false, false, \
		       0, 0, cx4dev_modify_tir_fields, cx4dev_exec_modify_tir), \
	CX4DEV_ETH_ROW(DESTROY_TIR, CX4_DESTROY_TIR_IN_SIZE, CX4_DESTROY_TIR_OUT_SIZE, false, \
		       false, 0, 0, cx4dev_tirn_fields, cx4dev_exec_destroy_tir), \
	CX4DEV_ETH_ROW(QUERY_TIR, CX4_QUERY_TIR_IN_SIZE, CX4_QUERY_TIR_OUT_SIZE, false, false, \
		       0, 0, cx4dev_tirn_fields, cx4dev_exec_query_tir), \
	CX4DEV_ETH_ROW(CREATE_SQ, CX4_CREATE_SQ_IN_OFF_PAS, CX4_CREATE_SQ_OUT_SIZE, false, true, \
		       0, 0, cx4dev_create_sq_fields, cx4dev_exec_create_sq), \
	CX4DEV_ETH_ROW(MODIFY_SQ, CX4_MODIFY_SQ_IN_SIZE, CX4_MODIFY_SQ_OUT_SIZE, false, false, \
		       0, 0, cx4dev_modify_sq_fields, cx4dev_exec_modify_sq), \
	CX4DEV_ETH_ROW(DESTROY_SQ, CX4_DESTROY_SQ_IN_SIZE, CX4_DESTROY_SQ_OUT_SIZE, false, false, \
		       0, 0, cx4dev_sqn_fields, cx4dev_exec_destroy_sq), \
	CX4DEV_ETH_ROW(QUERY_SQ, CX4_QUERY_SQ_IN_SIZE, CX4_QUERY_SQ_OUT_OFF_PAS, false, false, \
		       0, 0, cx4dev_sqn_fields, cx4dev_exec_query_sq), \
	CX4DEV_ETH_ROW(CREATE_RQ, CX4_CREATE_RQ_IN_OFF_PAS, CX4_CREATE_RQ_OUT_SIZE, false, true, \
		       0, 0, cx4dev_create_rq_fields, cx4dev_exec_create_rq), \
	CX4DEV_ETH_ROW(MODIFY_RQ, CX4_MODIFY_RQ_IN_SIZE, CX4_MODIFY_RQ_OUT_SIZE, false, false, \
		       0, 0, cx4dev_modify_rq_fields, cx4dev_exec_modify_rq), \
	CX4DEV_ETH_ROW(DESTROY_RQ, CX4_DESTROY_RQ_IN_SIZE, CX4_DESTROY_RQ_OUT_SIZE, false, false, \
		       0, 0, cx4dev_rqn_fields, cx4dev_exec_destroy_rq), \
	CX4DEV_ETH_ROW(QUERY_RQ, CX4_QUERY_RQ_IN_SIZE, CX4_QUERY_RQ_OUT_OFF_PAS, false, false, \
		       0, 0, cx4dev_rqn_fields, cx4dev_exec_query_rq), \
	CX4DEV_ETH_ROW(CREATE_RQT, CX4_OBJ_CMD_OFF_CTX + CX4_RQTC_OFF_RQ_NUM, \
		       CX4_CREATE_RQT_OUT_SIZE, false, true, 0, 0, cx4dev_create_rqt_fields, \
		       cx4dev_exec_create_rqt), \
	CX4DEV_ETH_ROW(MODIFY_RQT, CX4_OBJ_CMD_OFF_CTX + CX4_RQTC_OFF_RQ_NUM, \
		       CX4_MODIFY_RQT_OUT_SIZE, false, true, 0, 0, cx4dev_modify_rqt_fields, \
		       cx4dev_exec_modify_rqt), \
	CX4DEV_ETH_ROW(DESTROY_RQT, CX4_DESTROY_RQT_IN_SIZE, CX4_DESTROY_RQT_OUT_SIZE, false, \
		       false, 0, 0, cx4dev_rqtn_fields, cx4dev_exec_destroy_rqt), \
	CX4DEV_ETH_ROW(QUERY_RQT, CX4_QUERY_RQT_IN_SIZE, CX4_OBJ_CMD_OFF_CTX + \
		       CX4_RQTC_OFF_RQ_NUM, false, false, 0, 0, cx4dev_rqtn_fields, \
		       cx4dev_exec_query_rqt), \
	CX4DEV_ETH_ROW(CREATE_FLOW_TABLE, CX4_CREATE_FLOW_TABLE_IN_SIZE, \
		       CX4_CREATE_FLOW_TABLE_OUT_SIZE, false, false, 0, 0, \
		       cx4dev_create_ft_fields, cx4dev_exec_create_ft), \
	CX4DEV_ETH_ROW(MODIFY_FLOW_TABLE, CX4_MODIFY_FLOW_TABLE_IN_SIZE, \
		       CX4_MODIFY_FLOW_TABLE_OUT_SIZE, false, false, 0, 0, \
		       cx4dev_modify_ft_fields, cx4dev_exec_modify_ft), \
	CX4DEV_ETH_ROW(DESTROY_FLOW_TABLE, CX4_DESTROY_FLOW_TABLE_IN_SIZE, \
		       CX4_DESTROY_FLOW_TABLE_OUT_SIZE, false, false, 0, 0, cx4dev_ft_fields, \
		       cx4dev_exec_destroy_ft), \
	CX4DEV_ETH_ROW(QUERY_FLOW_TABLE, CX4_QUERY_FLOW_TABLE_IN_SIZE, \
		       CX4_QUERY_FLOW_TABLE_OUT_SIZE, false, false, 0, 0, cx4dev_ft_fields, \
		       cx4dev_exec_query_ft), \
	CX4DEV_ETH_ROW(SET_FLOW_TABLE_ROOT, CX4_SET_FLOW_TABLE_ROOT_IN_SIZE, \
		       CX4_SET_FLOW_TABLE_ROOT_OUT_SIZE, false, false, 0, 0, cx4dev_ft_fields, \
		       cx4dev_exec_set_ft_root), \
	CX4DEV_ETH_ROW(CREATE_FLOW_GROUP, CX4_CREATE_FLOW_GROUP_IN_SIZE, \
		       CX4_CREATE_FLOW_GROUP_OUT_SIZE, false, false, \
		       CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA, \
		       CX4_CREATE_FLOW_GROUP_IN_OFF_MATCH_CRITERIA + CX4_FTE_MATCH_PARAM_SIZE, \
		       cx4dev_create_fg_fields, cx4dev_exec_create_fg), \
	CX4DEV_ETH_ROW(DESTROY_FLOW_GROUP, CX4_DESTROY_FLOW_GROUP_IN_SIZE, \
		       CX4_DESTROY_FLOW_GROUP_OUT_SIZE, false, false, 0, 0, cx4dev_fg_fields, \
		       cx4dev_exec_destroy_fg), \
	CX4DEV_ETH_ROW(QUERY_FLOW_GROUP, CX4_QUERY_FLOW_GROUP_IN_SIZE, \
		       CX4_QUERY_FLOW_GROUP_OUT_SIZE, false, false, 0, 0, cx4dev_fg_fields, \
		       cx4dev_exec_query_fg), \
	CX4DEV_ETH_ROW(SET_FLOW_TABLE_ENTRY, CX4_FTE_OFF_FLOW_CTX + CX4_FLOWC_OFF_DEST, \
		       CX4_SET_FTE_OUT_SIZE, true, true, \
		       CX4_FTE_OFF_FLOW_CTX + CX4_FLOWC_OFF_MATCH_VALUE, \
		       CX4_FTE_OFF_FLOW_CTX + CX4_FLOWC_OFF_MATCH_VALUE + CX4_FTE_MATCH_PARAM_SIZE, \
		       cx4dev_set_fte_fields, cx4dev_exec_set_fte), \
	CX4DEV_ETH_ROW(QUERY_FLOW_TABLE_ENTRY, CX4_QUERY_FTE_IN_SIZE, \
		       CX4_FTE_OFF_FLOW_CTX + CX4_FLOWC_OFF_DEST, false, false, 0, 0, \
		       cx4dev_fte_fields, cx4dev_exec_query_fte), \
	CX4DEV_ETH_ROW(DELETE_FLOW_TABLE_ENTRY, CX4_DELETE_FTE_IN_SIZE, CX4_DELETE_FTE_OUT_SIZE, \
		       false, false, 0, 0, cx4dev_fte_fields, cx4dev_exec_delete_fte), \
	CX4DEV_ETH_ROW(ALLOC_FLOW_COUNTER, CX4_ALLOC_FLOW_COUNTER_IN_SIZE, \
		       CX4_ALLOC_FLOW_COUNTER_OUT_SIZE, false, false, 0, 0, \
		       cx4dev_eth_no_fields, cx4dev_exec_alloc_fc), \
	CX4DEV_ETH_ROW(DEALLOC_FLOW_COUNTER, CX4_DEALLOC_FLOW_COUNTER_IN_SIZE, \
		       CX4_DEALLOC_FLOW_COUNTER_OUT_SIZE, false, false, 0, 0, cx4dev_fc_fields, \
		       cx4dev_exec_dealloc_fc), \
	CX4DEV_ETH_ROW(QUERY_FLOW_COUNTER, CX4_QUERY_FLOW_COUNTER_IN_SIZE, \
		       CX4_QUERY_FLOW_COUNTER_OUT_SIZE, false, false, 0, 0, \
		       cx4dev_query_fc_fields, cx4dev_exec_query_fc), \
	CX4DEV_ETH_ROW(ALLOC_Q_COUNTER, CX4_ALLOC_Q_COUNTER_IN_SIZE, \
		       CX4_ALLOC_Q_COUNTER_OUT_SIZE, false, false, 0, 0, cx4dev_eth_no_fields, \
		       cx4dev_exec_alloc_q_counter), \
	CX4DEV_ETH_ROW(DEALLOC_Q_COUNTER, CX4_DEALLOC_Q_COUNTER_IN_SIZE, \
		       CX4_DEALLOC_Q_COUNTER_OUT_SIZE, false, false, 0, 0, \
		       cx4dev_dealloc_qc_fields, cx4dev_exec_dealloc_q_counter), \
	CX4DEV_ETH_ROW(QUERY_Q_COUNTER, CX4_QUERY_Q_COUNTER_IN_SIZE, \
		       CX4_QUERY_Q_COUNTER_OUT_SIZE, false, false, 0, 0, \
		       cx4dev_query_qc_fields, cx4dev_exec_query_q_counter), \
	CX4DEV_ETH_ROW(QUERY_VPORT_COUNTER, CX4_QUERY_VPORT_COUNTER_IN_SIZE, \
		       CX4_QUERY_VPORT_COUNTER_OUT_SIZE, true, false, 0, 0, \
		       cx4dev_query_vc_fields, cx4dev_exec_query_vport_counter)

#endif /* CX4DEV_ETH_CMDS_H */
