/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Command syndromes returned by the emulated device.
 *
 * The PRM leaves syndrome values to the firmware; these are the model's
 * own, stable, and documented in Documentation/device-model.md ("Syndromes").
 * Layout: 0xC4AANNNN, AA = area, NNNN = check within the area.
 */
#ifndef CX4DEV_SYNDROME_H
#define CX4DEV_SYNDROME_H

/* X(name, value, status, description) */
#define CX4DEV_SYNDROMES(X) \
	X(BAD_OPCODE,		0xC4010001, BAD_OP,	"opcode unknown to the model (model limitation)") \
	X(NOT_IMPLEMENTED,	0xC4010002, BAD_OP,	"opcode not implemented by the model yet") \
	X(OPMOD_NONZERO,	0xC4010003, BAD_PARAM,	"op_mod non-zero for a command that defines none") \
	X(RESERVED_NONZERO,	0xC4010004, BAD_PARAM,	"reserved input field non-zero") \
	X(IN_LEN,		0xC4010005, BAD_INPUT_LEN, "input_length does not cover the input layout") \
	X(OUT_LEN,		0xC4010006, BAD_OUTPUT_LEN, "output_length does not cover the output layout") \
	X(BAD_OPMOD,		0xC4010007, BAD_PARAM,	"op_mod value not defined for this command") \
	X(STATE_DISABLED,	0xC4020001, BAD_SYS_STATE, "function not enabled (ENABLE_HCA first)") \
	X(STATE_ENABLED,	0xC4020002, BAD_SYS_STATE, "command needs INIT_HCA first, or ENABLE_HCA twice") \
	X(STATE_INITIALIZED,	0xC4020003, BAD_SYS_STATE, "not allowed after INIT_HCA (TEARDOWN_HCA first)") \
	X(STATE_TORN_DOWN,	0xC4020004, BAD_SYS_STATE, "not allowed after TEARDOWN_HCA (DISABLE_HCA first)") \
	X(SET_CAP_LATE,		0xC4020005, BAD_SYS_STATE, "SET_HCA_CAP after QUERY_PAGES(init)") \
	X(PAGES_LEAKED,		0xC4020006, BAD_SYS_STATE, "DISABLE_HCA while the device still owns pages") \
	X(PAGE_UNALIGNED,	0xC4030001, BAD_PARAM,	"PAS entry not 4 KB aligned (pa_l bits 11:0)") \
	X(PAGE_DUPLICATE,	0xC4030002, BAD_PARAM,	"page already owned by the device or listed twice") \
	X(PAGE_DMA,		0xC4030003, BAD_PARAM,	"page address not accessible by DMA") \
	X(PAGES_UNREQUESTED,	0xC4030004, BAD_PARAM,	"more pages given than the device requested") \
	X(PAGES_ZERO,		0xC4030005, BAD_PARAM,	"ALLOCATION_SUCCESS with input_num_entries 0") \
	X(PAGES_MISSING,	0xC4030006, NO_RESOURCES, "INIT_HCA before boot + init pages were given") \
	X(PAGES_IN_LEN,		0xC4030007, BAD_INPUT_LEN, "input_num_entries exceeds input_length") \
	X(PAGES_OUT_LEN,	0xC4030008, BAD_OUTPUT_LEN, "output_length too short for input_num_entries") \
	X(CAP_TYPE,		0xC4040001, BAD_PARAM,	"unknown capability type") \
	X(CAP_TYPE_OFF,		0xC4040002, BAD_PARAM,	"capability type not supported (general cap bit 0)") \
	X(SET_CAP_TYPE,		0xC4040003, BAD_PARAM,	"SET_HCA_CAP of a type other than general") \
	X(SET_CAP_OPMOD_BIT0,	0xC4040004, BAD_PARAM,	"SET_HCA_CAP op_mod bit 0 (reserved) set") \
	X(SET_CAP_VALUE,	0xC4040005, BAD_PARAM,	"SET_HCA_CAP RW field beyond maximum / invalid") \
	X(ISSI_UNSUPPORTED,	0xC4050001, BAD_PARAM,	"SET_ISSI with an unsupported ISSI") \
	X(TEARDOWN_PROFILE,	0xC4060001, BAD_PARAM,	"TEARDOWN_HCA profile not 0 or 1") \
	X(DRVVER_UNSUPPORTED,	0xC4070001, BAD_OP,	"SET_DRIVER_VERSION while HCA_CAP.driver_version is 0") \
	X(DRVVER_UNTERMINATED,	0xC4070002, BAD_PARAM,	"driver_version has no NUL within 64 bytes") \
	X(UAR_UNKNOWN,		0xC4080001, BAD_RESOURCE, "DEALLOC_UAR of a UAR that is not allocated") \
	X(UAR_IN_USE,		0xC4080002, BAD_RES_STATE, "DEALLOC_UAR of a UAR an EQ still uses") \
	X(UAR_EXHAUSTED,	0xC4080003, EXCEED_LIM,	"ALLOC_UAR with every UAR page allocated") \
	X(PD_UNKNOWN,		0xC4080004, BAD_RESOURCE, "DEALLOC_PD of a PD that is not allocated") \
	X(PD_EXHAUSTED,		0xC4080005, EXCEED_LIM,	"ALLOC_PD beyond 2^log_max_pd") \
	X(TD_UNKNOWN,		0xC4080006, BAD_RESOURCE, "DEALLOC_TRANSPORT_DOMAIN of one not allocated") \
	X(TD_EXHAUSTED,		0xC4080007, EXCEED_LIM,	"ALLOC_TRANSPORT_DOMAIN beyond 2^log_max_transport_domain") \
	X(EQ_EXHAUSTED,		0xC4090001, EXCEED_LIM,	"CREATE_EQ with 2^log_max_eq EQs in use") \
	X(EQ_LOG_SIZE,		0xC4090002, BAD_PARAM,	"log_eq_size above HCA_CAP.log_max_eq_sz") \
	X(EQ_PAGE_OFFSET,	0xC4090003, BAD_PARAM,	"EQ context page_offset non-zero (must be 0)") \
	X(EQ_COUNTERS,		0xC4090004, BAD_PARAM,	"EQ context consumer/producer counter non-zero at creation") \
	X(EQ_UAR,		0xC4090005, BAD_RESOURCE, "EQ context uar_page not allocated by ALLOC_UAR") \
	X(EQ_INTR,		0xC4090006, BAD_PARAM,	"EQ context intr beyond the MSI-X table size") \
	X(EQ_BITMASK,		0xC4090007, BAD_PARAM,	"event bitmask: bit 0 or an undefined event type set") \
	X(EQ_PAS_LEN,		0xC4090008, BAD_INPUT_LEN, "input_length too short for the EQ's PAS list") \
	X(EQ_PAS_ALIGN,		0xC4090009, BAD_PARAM,	"EQ PAS entry not aligned to the EQ page size") \
	X(EQ_PAS_BAD,		0xC409000A, BAD_PARAM,	"EQ PAS page not DMA-accessible or owned by the device") \
	X(EQ_CMDQ_BUSY,		0xC409000B, BAD_SYS_STATE, "CREATE_EQ mapping command completions while other commands are posted") \
	X(EQ_UNKNOWN,		0xC409000C, BAD_RESOURCE, "EQ number not in use") \
	X(EQ_IN_USE,		0xC409000D, BAD_RES_STATE, "DESTROY_EQ while a CQ reports completion events to it") \
	X(CQ_EXHAUSTED,		0xC40A0001, EXCEED_LIM,	"CREATE_CQ with the model's CQ limit reached") \
	X(CQ_LOG_SIZE,		0xC40A0002, BAD_PARAM,	"log_cq_size above HCA_CAP.log_max_cq_sz") \
	X(CQ_PAGE_OFFSET,	0xC40A0003, BAD_PARAM,	"CQ context page_offset non-zero (must be 0)") \
	X(CQ_UAR,		0xC40A0004, BAD_RESOURCE, "CQ context uar_page not allocated by ALLOC_UAR") \
	X(CQ_EQN,		0xC40A0005, BAD_RESOURCE, "CQ context c_eqn is not an existing EQ") \
	X(CQ_FEATURE,		0xC40A0006, BAD_PARAM,	"CQ feature whose capability is 0 or invalid cqe_sz / cq_period_mode") \
	X(CQ_DBR,		0xC40A0007, BAD_PARAM,	"dbr_addr not 8-byte aligned or not DMA-accessible") \
	X(CQ_PAS_LEN,		0xC40A0008, BAD_INPUT_LEN, "input_length too short for the CQ's PAS list") \
	X(CQ_PAS_ALIGN,		0xC40A0009, BAD_PARAM,	"CQ PAS entry not aligned to the CQ page size") \
	X(CQ_PAS_BAD,		0xC40A000A, BAD_PARAM,	"CQ PAS page not DMA-accessible or owned by the device") \
	X(CQ_UNKNOWN,		0xC40A000B, BAD_RESOURCE, "CQ number not in use") \
	X(CQ_MODIFY_FIELD,	0xC40A000C, BAD_PARAM,	"MODIFY_CQ field_select bit undefined or its capability is 0") \
	X(PD_IN_USE,		0xC4080008, BAD_RES_STATE, "DEALLOC_PD of a PD an MKey still uses") \
	X(MKEY_ACCESS_MODE,	0xC40B0001, BAD_PARAM,	"MKey access_mode undefined, or KLM (model limitation, not a guest error)") \
	X(MKEY_ACCESS,		0xC40B0002, BAD_PARAM,	"MKey lr clear, or free set without umr_en") \
	X(MKEY_QPN,		0xC40B0003, BAD_PARAM,	"MKey context qpn not 0xffffff") \
	X(MKEY_PD,		0xC40B0004, BAD_RESOURCE, "MKey context pd not allocated (ALLOC_PD)") \
	X(MKEY_LENGTH,		0xC40B0005, BAD_PARAM,	"MKey region wraps, len with length64, beyond log_max_mrw_sz, or length64 on an MTT key") \
	X(MKEY_TRANSLATION,	0xC40B0006, BAD_PARAM,	"PA MKey with translation size, entity size or pg_access set") \
	X(MKEY_ENTITY_SIZE,	0xC40B0007, BAD_PARAM,	"MTT MKey log_entity_size below 12 or above 30") \
	X(MKEY_OCTWORDS,	0xC40B0008, BAD_PARAM,	"translations_octword_size 0, not a multiple of 4, too small for the region, or below the actual size") \
	X(MKEY_MTT_LEN,		0xC40B0009, BAD_INPUT_LEN, "input_length too short for translations_octword_actual_size") \
	X(MKEY_MTT_ALIGN,	0xC40B000A, BAD_PARAM,	"MTT entry not aligned to the entity size (or rd_en/wr_en without pg_access)") \
	X(MKEY_EXHAUSTED,	0xC40B000B, EXCEED_LIM,	"CREATE_MKEY with the model's MKey limit reached") \
	X(MKEY_UNKNOWN,		0xC40B000C, BAD_RESOURCE, "mkey_index not in use") \
	X(MKEY_PG_ACCESS,	0xC40B000D, BAD_PARAM,	"QUERY_MKEY pg_access for a key created without it") \
	X(VPORT_ADMIN_STATE,	0xC40C0001, BAD_PARAM,	"MODIFY_VPORT_STATE admin_state not 0 or 1") \
	X(VPORT_FIELD_SELECT,	0xC40C0002, BAD_PARAM,	"MODIFY_NIC_VPORT_CONTEXT field_select bit undefined") \
	X(VPORT_MTU,		0xC40C0003, BAD_PARAM,	"NIC vport mtu not 0 and outside 64..10240") \
	X(VPORT_LIST_TYPE,	0xC40C0004, BAD_PARAM,	"allowed_list_type not 0 (uc), 1 (mc) or 2 (vlan)") \
	X(VPORT_LIST_SIZE,	0xC40C0005, BAD_PARAM,	"allowed_list_size above 2^log_max_current_uc/mc_list / log_max_vlan_list") \
	X(VPORT_LIST_IN_LEN,	0xC40C0006, BAD_INPUT_LEN, "input_length too short for allowed_list_size entries") \
	X(VPORT_LIST_ENTRY,	0xC40C0007, BAD_PARAM,	"list entry with reserved bits, wrong uc/mc kind, or duplicated") \
	X(INT_MOD_VECTOR,	0xC40D0001, BAD_PARAM,	"CONFIG_INT_MODERATION int_vector beyond the MSI-X table") \
	X(TIS_EXHAUSTED,	0xC4100001, EXCEED_LIM,	"CREATE_TIS with the model's TIS limit reached") \
	X(TIS_UNKNOWN,		0xC4100002, BAD_RESOURCE, "TIS number not in use") \
	X(TIS_TD,		0xC4100003, BAD_RESOURCE, "TIS transport_domain not allocated") \
	X(TIS_PRIO,		0xC4100004, BAD_PARAM,	"TIS prio bit 0 set (priority is prio[3:1])") \
	X(TIS_IN_USE,		0xC4100005, BAD_RES_STATE, "DESTROY_TIS while an SQ uses it") \
	X(TIS_MODIFY_FIELD,	0xC4100006, BAD_PARAM,	"MODIFY_TIS bitmask bit undefined (Table 51)") \
	X(TIR_EXHAUSTED,	0xC4110001, EXCEED_LIM,	"CREATE_TIR with the model's TIR limit reached") \
	X(TIR_UNKNOWN,		0xC4110002, BAD_RESOURCE, "TIR number not in use") \
	X(TIR_TD,		0xC4110003, BAD_RESOURCE, "TIR transport_domain not allocated") \
	X(TIR_DISP,		0xC4110004, BAD_PARAM,	"disp_type undefined, or hash function not matching it") \
	X(TIR_RQ,		0xC4110005, BAD_RESOURCE, "direct TIR inline_rqn is not an existing RQ") \
	X(TIR_RQT,		0xC4110006, BAD_RESOURCE, "indirect TIR indirect_table is not an existing RQT") \
	X(TIR_HASH,		0xC4110007, BAD_PARAM,	"rx_hash_fn undefined, or field selector invalid / inner selector set") \
	X(TIR_LRO,		0xC4110008, BAD_PARAM,	"LRO fields invalid or LRO without HCA_CAP.lro_cap") \
	X(TIR_SELF_LB,		0xC4110009, BAD_PARAM,	"self_lb_en bit without its capability") \
	X(TIR_IN_USE,		0xC411000A, BAD_RES_STATE, "DESTROY_TIR while a flow table entry forwards to it") \
	X(TIR_MODIFY_FIELD,	0xC411000B, BAD_PARAM,	"MODIFY_TIR bitmask bit undefined (Table 48) or not modifiable") \
	X(RQT_EXHAUSTED,	0xC4120001, EXCEED_LIM,	"CREATE_RQT with the model's RQT limit reached") \
	X(RQT_UNKNOWN,		0xC4120002, BAD_RESOURCE, "RQT number not in use") \
	X(RQT_SIZE,		0xC4120003, BAD_PARAM,	"rqt_max_size / rqt_actual_size 0, not a power of two, or too large") \
	X(RQT_RQ,		0xC4120004, BAD_RESOURCE, "RQT entry is not an existing RQ") \
	X(RQT_IN_LEN,		0xC4120005, BAD_INPUT_LEN, "input_length too short for rqt_actual_size entries") \
	X(RQT_IN_USE,		0xC4120006, BAD_RES_STATE, "DESTROY_RQT while a TIR uses it") \
	X(RQT_MODIFY_FIELD,	0xC4120007, BAD_PARAM,	"MODIFY_RQT bitmask bit undefined") \
	X(SQ_EXHAUSTED,		0xC4130001, EXCEED_LIM,	"CREATE_SQ with the model's SQ limit reached") \
	X(SQ_UNKNOWN,		0xC4130002, BAD_RESOURCE, "SQ number not in use") \
	X(SQ_STATE,		0xC4130003, BAD_PARAM,	"CREATE_SQ state not RST, or MODIFY_SQ to an undefined state") \
	X(SQ_CQ,		0xC4130004, BAD_RESOURCE, "SQ cqn is not an existing CQ") \
	X(SQ_TIS,		0xC4130005, BAD_RESOURCE, "tis_lst_sz not 1 or tis_num_0 not an existing TIS") \
	X(SQ_WQ,		0xC4130006, BAD_PARAM,	"SQ work queue invalid (type, stride, size, page_offset, signature, fre)") \
	X(SQ_PD,		0xC4130007, BAD_RESOURCE, "SQ wq pd not allocated") \
	X(SQ_UAR,		0xC4130008, BAD_RESOURCE, "SQ wq uar_page not allocated") \
	X(SQ_DBR,		0xC4130009, BAD_PARAM,	"SQ dbr_addr not 8-byte aligned or not DMA-accessible") \
	X(SQ_INLINE,		0xC413000A, BAD_PARAM,	"min_wqe_inline_mode undefined or below the NIC vport's") \
	X(SQ_PAS_LEN,		0xC413000B, BAD_INPUT_LEN, "input_length too short for the SQ's PAS list") \
	X(SQ_PAS_ALIGN,		0xC413000C, BAD_PARAM,	"SQ PAS entry not aligned to the WQ page size") \
	X(SQ_PAS_BAD,		0xC413000D, BAD_PARAM,	"SQ PAS page not DMA-accessible or owned by the device") \
	X(SQ_TRANSITION,	0xC413000E, BAD_RESOURCE_STATE, "MODIFY_SQ: sq_state not the current state, or transition not allowed") \
	X(SQ_MODIFY_FIELD,	0xC413000F, BAD_PARAM,	"MODIFY_SQ bitmask bit undefined (Table 62)") \
	X(RQ_EXHAUSTED,		0xC4140001, EXCEED_LIM,	"CREATE_RQ with the model's RQ limit reached") \
	X(RQ_UNKNOWN,		0xC4140002, BAD_RESOURCE, "RQ number not in use") \
	X(RQ_STATE,		0xC4140003, BAD_PARAM,	"CREATE_RQ state not RST, or MODIFY_RQ to an undefined state") \
	X(RQ_CQ,		0xC4140004, BAD_RESOURCE, "RQ cqn is not an existing CQ") \
	X(RQ_TYPE,		0xC4140005, BAD_RESOURCE, "mem_rq_type RMP (no RMP exists) or undefined") \
	X(RQ_WQ,		0xC4140006, BAD_PARAM,	"RQ work queue invalid (type, stride, size, page_offset, signature, padding)") \
	X(RQ_PD,		0xC4140007, BAD_RESOURCE, "RQ wq pd not allocated") \
	X(RQ_DBR,		0xC4140008, BAD_PARAM,	"RQ dbr_addr not 8-byte aligned or not DMA-accessible") \
	X(RQ_VLAN,		0xC4140009, BAD_PARAM,	"VLAN stripping (vsd 0) without HCA_CAP.vlan_cap") \
	X(RQ_PAS_LEN,		0xC414000A, BAD_INPUT_LEN, "input_length too short for the RQ's PAS list") \
	X(RQ_PAS_ALIGN,		0xC414000B, BAD_PARAM,	"RQ PAS entry not aligned to the WQ page size") \
	X(RQ_PAS_BAD,		0xC414000C, BAD_PARAM,	"RQ PAS page not DMA-accessible or owned by the device") \
	X(RQ_TRANSITION,	0xC414000D, BAD_RESOURCE_STATE, "MODIFY_RQ: rq_state not the current state, or transition not allowed") \
	X(RQ_MODIFY_FIELD,	0xC414000E, BAD_PARAM,	"MODIFY_RQ bitmask bit undefined (Table 56)") \
	X(RQ_IN_USE,		0xC414000F, BAD_RES_STATE, "DESTROY_RQ while a TIR or RQT points at it") \
	X(TD_IN_USE,		0xC4080009, BAD_RES_STATE, "DEALLOC_TRANSPORT_DOMAIN while a TIS or TIR uses it") \
	X(CQ_IN_USE,		0xC40A000D, BAD_RES_STATE, "DESTROY_CQ while an SQ or RQ reports to it") \
	X(FT_TYPE,		0xC4150001, BAD_PARAM,	"table_type not NIC_RX (the only type the model supports)") \
	X(FT_EXHAUSTED,		0xC4150002, EXCEED_LIM,	"CREATE_FLOW_TABLE beyond 2^log_max_ft_num") \
	X(FT_UNKNOWN,		0xC4150003, BAD_RESOURCE, "table_id not an existing flow table of that type") \
	X(FT_CTX,		0xC4150004, BAD_PARAM,	"flow table log_size / level beyond the properties, or miss action undefined") \
	X(FT_MISS,		0xC4150005, BAD_PARAM,	"table_miss_id not an existing table of a higher level") \
	X(FT_IN_USE,		0xC4150006, BAD_RES_STATE, "DESTROY_FLOW_TABLE of a table with groups, or referenced") \
	X(FT_MODIFY_FIELD,	0xC4150007, BAD_PARAM,	"MODIFY_FLOW_TABLE modify_field_select bit undefined") \
	X(FG_RANGE,		0xC4160001, BAD_PARAM,	"flow group index range empty, beyond the table, or overlapping a group") \
	X(FG_CRITERIA,		0xC4160002, BAD_PARAM,	"match_criteria_enable undefined bit, or criteria outside the enabled sets / supported fields") \
	X(FG_EXHAUSTED,		0xC4160003, EXCEED_LIM,	"CREATE_FLOW_GROUP with the model's group limit reached") \
	X(FG_UNKNOWN,		0xC4160004, BAD_RESOURCE, "group_id not a group of that table (also the group_id of a SET_FLOW_TABLE_ENTRY)") \
	X(FG_IN_USE,		0xC4160005, BAD_RES_STATE, "DESTROY_FLOW_GROUP while the group has entries") \
	X(FTE_INDEX,		0xC4170001, BAD_PARAM,	"flow_index outside every group of the table") \
	X(FTE_EXISTS,		0xC4170002, BAD_PARAM,	"SET_FLOW_TABLE_ENTRY op_mod 0 on an index already in use") \
	X(FTE_UNKNOWN,		0xC4170003, BAD_RESOURCE, "flow table entry not set (QUERY/DELETE/modify)") \
	X(FTE_ACTION,		0xC4170004, BAD_PARAM,	"action undefined bit, no action, DROP with FWD_DEST, or list sizes not matching the action") \
	X(FTE_DEST,		0xC4170005, BAD_PARAM,	"destination type undefined, table not of a higher level, or TIR unknown") \
	X(FTE_COUNTER,		0xC4170006, BAD_RESOURCE, "flow counter id not allocated") \
	X(FTE_MATCH,		0xC4170007, BAD_PARAM,	"match_value has bits outside the group's match criteria") \
	X(FTE_IN_LEN,		0xC4170008, BAD_INPUT_LEN, "input_length too short for the destination / counter lists") \
	X(FTE_GROUP,		0xC4170009, BAD_PARAM,	"flow context group_id another group of the table than the one holding flow_index") \
	X(FTE_FLOW_TAG,		0xC417000A, BAD_PARAM,	"flow_tag set without the flow_tag property") \
	X(FTE_MODIFY,		0xC417000B, BAD_PARAM,	"modify_enable_mask undefined bit, or set with op_mod 0") \
	X(FC_EXHAUSTED,		0xC4180001, EXCEED_LIM,	"ALLOC_FLOW_COUNTER with the model's counter limit reached") \
	X(FC_UNKNOWN,		0xC4180002, BAD_RESOURCE, "flow_counter_id not allocated") \
	X(FC_IN_USE,		0xC4180003, BAD_RES_STATE, "DEALLOC_FLOW_COUNTER while a flow entry counts into it") \
	X(QC_EXHAUSTED,		0xC4190001, EXCEED_LIM,	"ALLOC_Q_COUNTER with every counter set (63) in use") \
	X(QC_UNKNOWN,		0xC4190002, BAD_RESOURCE, "counter_set_id not allocated (DEALLOC/QUERY_Q_COUNTER, RQ context)") \
	X(QC_IN_USE,		0xC4190003, BAD_RES_STATE, "DEALLOC_Q_COUNTER while an RQ counts into the set") \
	X(QC_PARAM,		0xC4190004, BAD_PARAM,	"QUERY_Q_COUNTER other_vport or aggregate set (one vport)") \
	X(VC_UNSUPPORTED,	0xC41A0001, BAD_OP,	"QUERY_VPORT_COUNTER while HCA_CAP.vport_counters is 0") \
	X(VNIC_ENV_VPORT,	0xC41B0001, BAD_PARAM,	"QUERY_VNIC_ENV other_vport or vport_number set (the function is its only vport)") \
	X(REG_UNKNOWN,		0xC4200001, BAD_PARAM,	"ACCESS_REG register_id the model lacks (model limitation)") \
	X(REG_LOCAL_PORT,	0xC4200002, BAD_PARAM,	"ACCESS_REG local_port not 1 (the function's only port)") \
	X(REG_RESERVED,		0xC4200003, BAD_PARAM,	"ACCESS_REG register data: reserved bits (or non-index fields of a read) non-zero") \
	X(REG_IN_LEN,		0xC4200004, BAD_INPUT_LEN, "ACCESS_REG write (or read with data) shorter than the register") \
	X(REG_OUT_LEN,		0xC4200005, BAD_OUTPUT_LEN, "ACCESS_REG read: output_length shorter than the register") \
	X(REG_VALUE,		0xC4200006, BAD_PARAM,	"ACCESS_REG register field value invalid (see the register)") \
	X(REG_HE,		0xC4200007, BAD_PARAM,	"HOST_ENDIANNESS he=1 (model limitation, not a guest error)") \
	X(REG_QUERY_ONLY,	0xC4200008, BAD_PARAM,	"ACCESS_REG write of a register firmware only queries (PCAM, MCAM, PDDR, MCQS, MCQI)") \
	X(REG_UNMODELLED,	0xC4200009, BAD_PARAM,	"ACCESS_REG write, page or group the model lacks (model limitation, not a guest error)") \
	X(KNOB_INJECTED,	0xC40F0001, INTERNAL_ERR, "failure injected by a fault knob (default syndrome)")

enum cx4dev_syndrome {
#define CX4DEV_SYN_ENUM(name, val, st, desc) CX4DEV_SYN_##name = val,
	CX4DEV_SYNDROMES(CX4DEV_SYN_ENUM)
#undef CX4DEV_SYN_ENUM
};

#endif /* CX4DEV_SYNDROME_H */
