// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: command messages (mailbox chain split and join, signatures,
 * entry construction, tokens), command status decoding and the length
 * check before a command is sent.  No device:
 * the blocks are ordinary memory with made-up bus addresses.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../core/core.h"

/* Made-up, CX4_MBOX_ALIGN aligned bus address of block @i of a chain. */
#define CX4_TEST_DMA(base, i)	((base) + (u64)(i) * 0x1400)
#define CX4_TEST_IN_BASE	0x1234500000ull
#define CX4_TEST_OUT_BASE	0x00fedc0000ull

struct cx4_test_len {
	u32 len;
	u32 nblocks;
};

static const struct cx4_test_len cx4_test_lens[] = {
	{ 0, 0 },
	{ 16, 0 },
	{ 17, 1 },
	{ 16 + 512, 1 },
	{ 16 + 513, 2 },
	{ 0x1010, 8 },
};

static void cx4_test_len_desc(const struct cx4_test_len *p, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "len %u", p->len);
}

KUNIT_ARRAY_PARAM(cx4_test_len, cx4_test_lens, cx4_test_len_desc);

/* XOR of bytes [@from, @to) of @buf, computed here independently. */
static u8 cx4_test_xor(const u8 *buf, u32 from, u32 to)
{
	u8 x = 0;

	while (from < to)
		x ^= buf[from++];
	return x;
}

static void cx4_test_msg_init(struct kunit *test, struct cx4_msg *msg,
			      u32 len, u64 base)
{
	u32 i;

	msg->len = len;
	msg->nblocks = cx4_mbox_blocks(len);
	msg->blocks = kunit_kcalloc(test, msg->nblocks + 1,
				    sizeof(*msg->blocks), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, msg->blocks);
	for (i = 0; i < msg->nblocks; i++) {
		msg->blocks[i].buf = kunit_kzalloc(test, CX4_MBOX_SIZE,
						   GFP_KERNEL);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, msg->blocks[i].buf);
		msg->blocks[i].dma = CX4_TEST_DMA(base, i);
	}
}

static u8 *cx4_test_data(struct kunit *test, u32 len)
{
	u8 *data = kunit_kzalloc(test, len + 1, GFP_KERNEL);
	u32 i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, data);
	for (i = 0; i < len; i++)
		data[i] = i * 7 + 3;
	return data;
}

/* Control fields of block @i of a chain linked with @token. */
static void cx4_test_check_ctrl(struct kunit *test, const struct cx4_msg *msg,
				u64 base, u32 i, u8 token)
{
	const u8 *blk = msg->blocks[i].buf;
	u64 next = i + 1 < msg->nblocks ? CX4_TEST_DMA(base, i + 1) : 0;

	KUNIT_EXPECT_EQ(test, CX4_GET64(MBOX, blk, NEXT), next);
	KUNIT_EXPECT_EQ(test, CX4_GET(MBOX, blk, BLOCK_NUMBER), i);
	KUNIT_EXPECT_EQ(test, CX4_GET(MBOX, blk, TOKEN), (u32)token);
	/* ctrl_signature: bytes 0x200-0x23e XOR to 0xff. */
	KUNIT_EXPECT_EQ(test, cx4_test_xor(blk, 0x200, 0x23f), 0xff);
}

static void cx4_test_msg_split_join(struct kunit *test)
{
	const struct cx4_test_len *p = test->param_value;
	u8 inl[CX4_CMDQ_INLINE_SIZE];
	struct cx4_msg msg;
	u32 i, off, n;
	u8 *data, *back;

	cx4_test_msg_init(test, &msg, p->len, CX4_TEST_IN_BASE);
	KUNIT_ASSERT_EQ(test, msg.nblocks, p->nblocks);
	data = cx4_test_data(test, p->len);
	back = kunit_kzalloc(test, p->len + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, back);
	memset(inl, 0xee, sizeof(inl));

	cx4_msg_write(&msg, inl, data);
	cx4_msg_link(&msg, 0xa5, true);

	n = min_t(u32, p->len, CX4_CMDQ_INLINE_SIZE);
	KUNIT_EXPECT_EQ(test, memcmp(inl, data, n), 0);
	for (i = n; i < CX4_CMDQ_INLINE_SIZE; i++)
		KUNIT_EXPECT_EQ(test, inl[i], 0);

	for (i = 0, off = n; i < msg.nblocks; i++, off += n) {
		const u8 *blk = msg.blocks[i].buf;
		u32 j;

		n = min_t(u32, p->len - off, CX4_MBOX_DATA_SIZE);
		KUNIT_EXPECT_GT(test, n, 0u);
		KUNIT_EXPECT_EQ(test, memcmp(blk, data + off, n), 0);
		for (j = n; j < CX4_MBOX_DATA_SIZE; j++)
			KUNIT_EXPECT_EQ(test, blk[j], 0);
		cx4_test_check_ctrl(test, &msg, CX4_TEST_IN_BASE, i, 0xa5);
		/* Input blocks are fully signed: all bytes XOR to 0xff. */
		KUNIT_EXPECT_EQ(test, cx4_test_xor(blk, 0, CX4_MBOX_SIZE), 0xff);
		KUNIT_EXPECT_TRUE(test, cx4_mbox_sig_ok(blk));
	}
	KUNIT_EXPECT_EQ(test, off, p->len);

	cx4_msg_read(&msg, inl, back);
	KUNIT_EXPECT_EQ(test, memcmp(back, data, p->len), 0);
	KUNIT_EXPECT_EQ(test, back[p->len], 0);
}

/* Output chains: zeroed data, control fields and ctrl_signature only. */
static void cx4_test_msg_output(struct kunit *test)
{
	const struct cx4_test_len *p = test->param_value;
	struct cx4_msg msg;
	u32 i, j;

	cx4_test_msg_init(test, &msg, p->len, CX4_TEST_OUT_BASE);
	for (i = 0; i < msg.nblocks; i++)
		memset(msg.blocks[i].buf, 0x5c, CX4_MBOX_SIZE);
	cx4_msg_link(&msg, 0x01, false);
	for (i = 0; i < msg.nblocks; i++) {
		const u8 *blk = msg.blocks[i].buf;

		for (j = 0; j < CX4_MBOX_DATA_SIZE; j++)
			KUNIT_EXPECT_EQ(test, blk[j], 0);
		cx4_test_check_ctrl(test, &msg, CX4_TEST_OUT_BASE, i, 0x01);
		KUNIT_EXPECT_EQ(test, blk[CX4_MBOX_OFF_SIG_BYTE], 0);
	}
}

/* A corrupted block no longer passes the signature check. */
static void cx4_test_msg_corrupt(struct kunit *test)
{
	struct cx4_msg msg;
	u8 inl[CX4_CMDQ_INLINE_SIZE];
	u8 *data = cx4_test_data(test, 16 + 1024);
	u8 *blk;

	cx4_test_msg_init(test, &msg, 16 + 1024, CX4_TEST_IN_BASE);
	cx4_msg_write(&msg, inl, data);
	cx4_msg_link(&msg, 0x33, true);
	blk = msg.blocks[1].buf;
	KUNIT_ASSERT_TRUE(test, cx4_mbox_sig_ok(blk));
	blk[100] ^= 0x40;
	KUNIT_EXPECT_FALSE(test, cx4_mbox_sig_ok(blk));
	blk[100] ^= 0x40;
	blk[CX4_MBOX_OFF_NEXT + 7] ^= 0x04;
	KUNIT_EXPECT_FALSE(test, cx4_mbox_ctrl_sig_ok(blk));
}

static void cx4_test_entry_build(struct kunit *test)
{
	u8 ent[CX4_CMDQ_ENTRY_SIZE];
	struct cx4_msg in, out;
	u8 *data = cx4_test_data(test, 0x20);

	cx4_test_msg_init(test, &in, 0x20, CX4_TEST_IN_BASE);
	cx4_test_msg_init(test, &out, 0x1010, CX4_TEST_OUT_BASE);
	memset(ent, 0xff, sizeof(ent));
	cx4_cmdq_entry_build(ent, &in, &out, data, 0x42);

	KUNIT_EXPECT_EQ(test, CX4_GET(CMDQ, ent, TYPE), 0x7u);
	KUNIT_EXPECT_EQ(test, CX4_GET(CMDQ, ent, INPUT_LENGTH), 0x20u);
	KUNIT_EXPECT_EQ(test, CX4_GET(CMDQ, ent, OUTPUT_LENGTH), 0x1010u);
	KUNIT_EXPECT_EQ(test, CX4_GET64(CMDQ, ent, IN_MBOX),
			CX4_TEST_IN_BASE);
	KUNIT_EXPECT_EQ(test, CX4_GET64(CMDQ, ent, OUT_MBOX),
			CX4_TEST_OUT_BASE);
	KUNIT_EXPECT_EQ(test, CX4_GET(CMDQ, ent, TOKEN), 0x42u);
	KUNIT_EXPECT_EQ(test, CX4_GET(CMDQ, ent, STATUS), 0u);
	KUNIT_EXPECT_EQ(test, CX4_GET(CMDQ, ent, OWNERSHIP), 1u);
	KUNIT_EXPECT_EQ(test, memcmp(CX4_ADDR(CMDQ, ent, IN_INLINE), data, 16), 0);
	KUNIT_EXPECT_EQ(test, memcmp(in.blocks[0].buf, data + 16, 16), 0);
	KUNIT_EXPECT_NULL(test, memchr_inv(CX4_ADDR(CMDQ, ent, OUT_INLINE), 0,
					   CX4_CMDQ_INLINE_SIZE));
	KUNIT_EXPECT_EQ(test, cx4_test_xor(ent, 0, CX4_CMDQ_ENTRY_SIZE), 0xff);
}

static void cx4_test_entry_inline_only(struct kunit *test)
{
	u8 ent[CX4_CMDQ_ENTRY_SIZE];
	struct cx4_msg in = { .len = 8 }, out = { .len = 16 };
	u8 *data = cx4_test_data(test, 8);
	u8 *inl = CX4_ADDR(CMDQ, ent, IN_INLINE);

	cx4_cmdq_entry_build(ent, &in, &out, data, 0x01);
	KUNIT_EXPECT_EQ(test, CX4_GET64(CMDQ, ent, IN_MBOX), 0ull);
	KUNIT_EXPECT_EQ(test, CX4_GET64(CMDQ, ent, OUT_MBOX), 0ull);
	KUNIT_EXPECT_EQ(test, memcmp(inl, data, 8), 0);
	KUNIT_EXPECT_NULL(test, memchr_inv(inl + in.len, 0,
					   CX4_CMDQ_INLINE_SIZE - in.len));
	KUNIT_EXPECT_EQ(test, cx4_test_xor(ent, 0, CX4_CMDQ_ENTRY_SIZE), 0xff);
}

static void cx4_test_tokens(struct kunit *test)
{
	u8 t = 0;
	int i;

	KUNIT_EXPECT_EQ(test, cx4_cmdq_next_token(0), 1);
	KUNIT_EXPECT_EQ(test, cx4_cmdq_next_token(1), 2);
	KUNIT_EXPECT_EQ(test, cx4_cmdq_next_token(0xfe), 0xff);
	KUNIT_EXPECT_EQ(test, cx4_cmdq_next_token(0xff), 1);
	for (i = 0; i < 1000; i++) {
		u8 n = cx4_cmdq_next_token(t);

		KUNIT_EXPECT_NE(test, n, 0);
		KUNIT_EXPECT_NE(test, n, t);
		t = n;
	}
}

static struct kunit_case cx4_msg_cases[] = {
	KUNIT_CASE_PARAM(cx4_test_msg_split_join, cx4_test_len_gen_params),
	KUNIT_CASE_PARAM(cx4_test_msg_output, cx4_test_len_gen_params),
	KUNIT_CASE(cx4_test_msg_corrupt),
	KUNIT_CASE(cx4_test_entry_build),
	KUNIT_CASE(cx4_test_entry_inline_only),
	KUNIT_CASE(cx4_test_tokens),
	{}
};

static struct kunit_suite cx4_msg_suite = {
	.name = "cx4_cmd_msg",
	.test_cases = cx4_msg_cases,
};

/* --- status decoding ------------------------------------------------------ */

struct cx4_test_status {
	u8 status;
	int err;
	const char *name;
};

/* PRM Table 128, with the errno the driver chose for each status. */
static const struct cx4_test_status cx4_test_statuses[] = {
	{ 0x00, 0, "OK" },
	{ 0x01, -EIO, "INTERNAL_ERR" },
	{ 0x02, -EOPNOTSUPP, "BAD_OP" },
	{ 0x03, -EINVAL, "BAD_PARAM" },
	{ 0x04, -EIO, "BAD_SYS_STATE" },
	{ 0x05, -EINVAL, "BAD_RESOURCE" },
	{ 0x06, -EBUSY, "RESOURCE_BUSY" },
	{ 0x08, -ENOSPC, "EXCEED_LIM" },
	{ 0x09, -EINVAL, "BAD_RES_STATE" },
	{ 0x0a, -ERANGE, "BAD_INDEX" },
	{ 0x0f, -ENOMEM, "NO_RESOURCES" },
	{ 0x10, -EINVAL, "BAD_RESOURCE_STATE" },
	{ 0x40, -EINVAL, "BAD_SIZE" },
	{ 0x50, -EMSGSIZE, "BAD_INPUT_LEN" },
	{ 0x51, -EMSGSIZE, "BAD_OUTPUT_LEN" },
};

static void cx4_test_status_map(struct kunit *test)
{
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cx4_test_statuses); i++) {
		const struct cx4_test_status *s = &cx4_test_statuses[i];

		KUNIT_EXPECT_EQ_MSG(test, cx4_cmd_status_errno(s->status),
				    s->err, "status 0x%x", s->status);
		KUNIT_EXPECT_STREQ(test, cx4_cmd_status_name(s->status),
				   s->name);
	}
}

static void cx4_test_status_unknown(struct kunit *test)
{
	static const u8 unknown[] = { 0x07, 0x0b, 0x0e, 0x11, 0x3f, 0x41,
				      0x4f, 0x52, 0x80, 0xff };
	u32 i;

	for (i = 0; i < ARRAY_SIZE(unknown); i++) {
		KUNIT_EXPECT_EQ(test, cx4_cmd_status_errno(unknown[i]), -EIO);
		KUNIT_EXPECT_STREQ(test, cx4_cmd_status_name(unknown[i]),
				   "UNKNOWN");
	}
}

static void cx4_test_delivery_names(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, cx4_cmd_delivery_name(0x00), "OK");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_delivery_name(0x01), "SIGNATURE_ERR");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_delivery_name(0x02), "TOKEN_ERR");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_delivery_name(0x09),
			   "RESERVED_NOT_ZERO");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_delivery_name(0x10),
			   "BAD_COMMAND_TYPE");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_delivery_name(0x0a), "UNKNOWN");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_delivery_name(0x7f), "UNKNOWN");
}

/* Every opcode of Table 127 has a name (the lookup table is sorted). */
static void cx4_test_opcode_names(struct kunit *test)
{
	static const u16 ops[] = {
		0x100, 0x101, 0x102, 0x103, 0x104, 0x105, 0x107, 0x108, 0x109,
		0x10a, 0x10b, 0x10d, 0x200, 0x201, 0x202, 0x203, 0x301, 0x302,
		0x303, 0x304, 0x400, 0x401, 0x402, 0x403, 0x750, 0x751, 0x754,
		0x755, 0x770, 0x800, 0x801, 0x802, 0x803, 0x804, 0x805, 0x80d,
		0x816, 0x817, 0x829, 0x82a, 0x82b, 0x900, 0x901, 0x902, 0x903,
		0x904, 0x905, 0x906, 0x907, 0x908, 0x909, 0x90a, 0x90b, 0x90c,
		0x90d, 0x90e, 0x90f, 0x912, 0x913, 0x914, 0x915, 0x916, 0x917,
		0x918, 0x919, 0x92f, 0x930, 0x931, 0x932, 0x933, 0x934, 0x935,
		0x936, 0x937, 0x938, 0x939, 0x93a, 0x93b, 0x93c,
	};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(ops); i++)
		KUNIT_EXPECT_STRNEQ_MSG(test, cx4_cmd_opcode_name(ops[i]),
					"UNKNOWN_CMD", "opcode 0x%x", ops[i]);
	KUNIT_EXPECT_STREQ(test, cx4_cmd_opcode_name(0x102), "INIT_HCA");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_opcode_name(0x108), "MANAGE_PAGES");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_opcode_name(0x93c),
			   "MODIFY_FLOW_TABLE");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_opcode_name(0x000), "UNKNOWN_CMD");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_opcode_name(0x106), "UNKNOWN_CMD");
	KUNIT_EXPECT_STREQ(test, cx4_cmd_opcode_name(0xffff), "UNKNOWN_CMD");
}

/*
 * The commands whose refusal leaves an object the driver lost track of:
 * every DESTROY_, DEALLOC_ and DELETE_ command with a name, nothing else.
 */
static void cx4_test_release_opcodes(struct kunit *test)
{
	unsigned int op, n = 0;

	for (op = 0; op <= 0xfff; op++) {
		const char *name = cx4_cmd_opcode_name(op);
		bool rel = str_has_prefix(name, "DESTROY_") ||
			   str_has_prefix(name, "DEALLOC_") ||
			   str_has_prefix(name, "DELETE_");

		KUNIT_EXPECT_EQ_MSG(test, cx4_cmd_is_release(op), rel,
				    "%s (0x%x)", name, op);
		n += rel;
	}
	KUNIT_EXPECT_EQ(test, n, 18u);
}

/*
 * Lengths a device capability sets (a 2^18-entry address list, a PAS
 * list) can exceed what a command message holds: refused before the
 * command queue is touched, as an error for the caller, never a WARN (a
 * crash under panic_on_warn; the VM runner fails the run on the WARNING
 * line).  Issue 14, finding 11.
 */
static void cx4_test_exec_bad_len(struct kunit *test)
{
	struct cx4_core *core = kunit_kzalloc(test, sizeof(*core), GFP_KERNEL);
	u8 in[CX4_CMD_HDR_SIZE] = {}, out[CX4_CMD_HDR_SIZE];

	KUNIT_ASSERT_NOT_NULL(test, core);
	core->dev = kunit_device_register(test, "cx4-cmd-len");
	KUNIT_ASSERT_FALSE(test, IS_ERR(core->dev));
	KUNIT_EXPECT_EQ(test, __cx4_cmd_exec(core, in, sizeof(in), out,
					     CX4_CMD_MAX_LEN + 1, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, __cx4_cmd_exec(core, in, CX4_CMD_MAX_LEN + 1,
					     out, sizeof(out), 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, __cx4_cmd_exec(core, in, CX4_CMD_HDR_SIZE - 1,
					     out, sizeof(out), 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, __cx4_cmd_exec(core, in, sizeof(in), out,
					     CX4_CMD_HDR_SIZE - 1, 0), -EINVAL);
}

static struct kunit_case cx4_status_cases[] = {
	KUNIT_CASE(cx4_test_status_map),
	KUNIT_CASE(cx4_test_status_unknown),
	KUNIT_CASE(cx4_test_delivery_names),
	KUNIT_CASE(cx4_test_opcode_names),
	KUNIT_CASE(cx4_test_release_opcodes),
	KUNIT_CASE(cx4_test_exec_bad_len),
	{}
};

static struct kunit_suite cx4_status_suite = {
	.name = "cx4_cmd_status",
	.test_cases = cx4_status_cases,
};

kunit_test_suites(&cx4_msg_suite, &cx4_status_suite);
