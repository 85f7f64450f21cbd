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
	X(BAD_OPCODE,		0xC4010001, BAD_OP,	"unknown opcode") \
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
	X(DRVVER_FORMAT,	0xC4070003, BAD_PARAM,	"driver_version not \"OS,driver,M.mmm.ssssss\"") \
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
	X(VPORT_LIST_OUT_LEN,	0xC40C0008, BAD_OUTPUT_LEN, "QUERY_NIC_VPORT_CONTEXT output_length too short for the list") \
	X(INT_MOD_VECTOR,	0xC40D0001, BAD_PARAM,	"CONFIG_INT_MODERATION int_vector beyond the MSI-X table") \
	X(REG_UNKNOWN,		0xC4200001, BAD_PARAM,	"ACCESS_REG register_id unknown") \
	X(REG_LOCAL_PORT,	0xC4200002, BAD_PARAM,	"ACCESS_REG local_port not 1 (the function's only port)") \
	X(REG_RESERVED,		0xC4200003, BAD_PARAM,	"ACCESS_REG register data: reserved bits (or non-index fields of a read) non-zero") \
	X(REG_IN_LEN,		0xC4200004, BAD_INPUT_LEN, "ACCESS_REG write (or read with data) shorter than the register") \
	X(REG_OUT_LEN,		0xC4200005, BAD_OUTPUT_LEN, "ACCESS_REG read: output_length shorter than the register") \
	X(REG_VALUE,		0xC4200006, BAD_PARAM,	"ACCESS_REG register field value invalid (see the register)") \
	X(REG_HE,		0xC4200007, BAD_PARAM,	"HOST_ENDIANNESS he=1 (model limitation, not a guest error)") \
	X(KNOB_INJECTED,	0xC40F0001, INTERNAL_ERR, "failure injected by a fault knob (default syndrome)")

enum cx4dev_syndrome {
#define CX4DEV_SYN_ENUM(name, val, st, desc) CX4DEV_SYN_##name = val,
	CX4DEV_SYNDROMES(CX4DEV_SYN_ENUM)
#undef CX4DEV_SYN_ENUM
};

#endif /* CX4DEV_SYNDROME_H */
