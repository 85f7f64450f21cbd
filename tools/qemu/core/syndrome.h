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
	X(KNOB_INJECTED,	0xC40F0001, INTERNAL_ERR, "failure injected by a fault knob (default syndrome)")

enum cx4dev_syndrome {
#define CX4DEV_SYN_ENUM(name, val, st, desc) CX4DEV_SYN_##name = val,
	CX4DEV_SYNDROMES(CX4DEV_SYN_ENUM)
#undef CX4DEV_SYN_ENUM
};

#endif /* CX4DEV_SYNDROME_H */
