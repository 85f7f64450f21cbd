/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Memory keys (PRM chapter 6, commands 12.5): CREATE_MKEY, QUERY_MKEY,
 * DESTROY_MKEY, QUERY_SPECIAL_CONTEXTS, and the address translation the
 * datapath uses (PA mode, MTT mode, the reserved LKey of PRM 6.3).
 *
 * KLM (indirect) keys need UMR work requests, which the model does not
 * have; CREATE_MKEY with access_mode KLM is refused as a model limitation
 * (BAD_PARAM, not counted as a guest error).
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

/*
 * One past the highest MKey index a CREATE_MKEY may take: 2^log_max_mkey
 * MKeys from the first index the model hands out (the ones below are
 * reserved), within the model's table.
 */
static uint32_t cx4dev_mkey_limit(const struct cx4dev *dev)
{
	uint32_t log = CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], LOG_MAX_MKEY);

	return log >= 11 ? CX4DEV_MAX_MKEY : CX4DEV_FIRST_MKEY + (1u << log);
}

static struct cx4dev_mkey *cx4dev_mkey_get(const struct cx4dev *dev, uint32_t index)
{
	return index < dev->nmkey_slots ? dev->mkeys[index] : NULL;
}

static void cx4dev_mkey_free(struct cx4dev *dev, uint32_t index)
{
	struct cx4dev_mkey *mk = cx4dev_mkey_get(dev, index);

	if (!mk)
		return;
	free(mk->mtt);
	free(mk);
	dev->mkeys[index] = NULL;
}

void cx4dev_mkeys_reset(struct cx4dev *dev)
{
	for (uint32_t i = 0; i < dev->nmkey_slots; i++)
		cx4dev_mkey_free(dev, i);
	free(dev->mkeys);
	dev->mkeys = NULL;
	dev->nmkey_slots = 0;
}

size_t cx4dev_mkeys_count(const struct cx4dev *dev)
{
	size_t n = 0;

	for (uint32_t i = 0; i < dev->nmkey_slots; i++)
		n += dev->mkeys[i] != NULL;
	return n;
}

bool cx4dev_mkey_uses_pd(const struct cx4dev *dev, uint32_t pd)
{
	for (uint32_t i = 0; i < dev->nmkey_slots; i++)
		if (dev->mkeys[i] && dev->mkeys[i]->pd == pd)
			return true;
	return false;
}

/* Lowest free index from CX4DEV_FIRST_MKEY; 0 on success. */
static int cx4dev_mkey_slot(struct cx4dev *dev, uint32_t *index)
{
	uint32_t max = cx4dev_mkey_limit(dev);
	uint32_t i;

	for (i = CX4DEV_FIRST_MKEY; i < dev->nmkey_slots && dev->mkeys[i]; i++)
		;
	if (i >= max)
		return -1;
	if (i >= dev->nmkey_slots) {
		uint32_t n = dev->nmkey_slots ? dev->nmkey_slots * 2 : 16;
		struct cx4dev_mkey **p;

		while (n <= i)
			n *= 2;
		p = realloc(dev->mkeys, n * sizeof(*p));
		if (!p)
			return -1;
		memset(p + dev->nmkey_slots, 0, (n - dev->nmkey_slots) * sizeof(*p));
		dev->mkeys = p;
		dev->nmkey_slots = n;
	}
	*index = i;
	return 0;
}

/* ---- translation ---- */

/*
 * Translate @len bytes at virtual address @va through @lkey for a guest
 * of protection domain @pd (@write: local write access).  On success the
 * physical address of @va is stored in @pa and the number of bytes
 * physically contiguous from there (at most @len) is returned; 0 is
 * returned when the access is not allowed (the reason is in @why).
 */
uint64_t cx4dev_mkey_translate(struct cx4dev *dev, uint32_t lkey, uint32_t pd, uint64_t va,
			       uint64_t len, bool write, uint64_t *pa, const char **why)
{
	const struct cx4dev_mkey *mk;
	uint64_t off, page, in_page, mtt;

	*why = NULL;
	if (lkey == CX4DEV_RESD_LKEY) {
		*pa = va;
		return len;
	}
	mk = cx4dev_mkey_get(dev, cx4_mkey_index(lkey));
	if (!mk || mk->variant != (lkey & 0xff)) {
		*why = "no such key";
		return 0;
	}
	if (mk->free) {
		*why = "key is free";
		return 0;
	}
	if (mk->pd != pd) {
		*why = "protection domain mismatch";
		return 0;
	}
	if (write ? !mk->lw : !mk->lr) {
		*why = write ? "local write not enabled" : "local read not enabled";
		return 0;
	}
	if (va < mk->start ||
	    (!mk->length64 && (va - mk->start > mk->len || len > mk->len - (va - mk->start)))) {
		*why = "outside the region";
		return 0;
	}
	off = va - mk->start;
	if (mk->access_mode == CX4_MKC_ACCESS_MODE_PA) {
		*pa = va;
		return len;
	}
	page = 1ull << mk->log_entity_size;
	off += mk->start & (page - 1);
	if ((off >> mk->log_entity_size) >= mk->nmtt_valid) {
		*why = "MTT entry not delivered";
		return 0;
	}
	mtt = mk->mtt[off >> mk->log_entity_size];
	if (mk->pg_access && !(write ? mtt & 2 : mtt & 1)) {
		*why = write ? "page not writable (MTT wr_en)" : "page not readable (MTT rd_en)";
		return 0;
	}
	in_page = off & (page - 1);
	*pa = (mtt & ~(page - 1)) + in_page;
	return len < page - in_page ? len : page - in_page;
}

/* ---- commands (PRM 12.5) ---- */

/* Checks of the MKey context and the MTT list; returns a status. */
static uint8_t cx4dev_mkc_check(struct cx4dev *dev, struct cx4dev_cmd *cmd, const uint8_t *mkc,
				uint64_t *nmtt_needed)
{
	uint32_t mode = CX4_GET(MKC, mkc, ACCESS_MODE);
	uint32_t octs = CX4_GET(MKC, mkc, TRANSLATIONS_OCTWORD_SIZE);
	uint32_t actual = cx4dev_in_get(cmd, CX4_CREATE_MKEY_IN_TRANSLATIONS_OCTWORD_ACTUAL_SIZE);
	uint32_t log_es = CX4_GET(MKC, mkc, LOG_ENTITY_SIZE);
	uint32_t log_mrw = CX4_GET(CAP, dev->caps.cur[CX4DEV_CAPI_GENERAL], LOG_MAX_MRW_SZ);
	bool pg_access = cx4dev_in_get(cmd, CX4_CREATE_MKEY_IN_PG_ACCESS);
	bool len64 = CX4_GET(MKC, mkc, LENGTH64);
	uint64_t start = CX4_GET64(MKC, mkc, START_ADDR);
	uint64_t len = CX4_GET64(MKC, mkc, LEN);
	uint32_t pd = CX4_GET(MKC, mkc, PD);

	*nmtt_needed = 0;
	if (mode == CX4_MKC_ACCESS_MODE_KLM) {
		/* Valid PRM input the model cannot serve: not the guest's fault. */
		return cx4dev_limitation(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					 CX4DEV_SYN_MKEY_ACCESS_MODE, "CREATE_MKEY access_mode "
					 "KLM (indirect) not implemented");
	}
	if (mode > CX4_MKC_ACCESS_MODE_KLM)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_ACCESS_MODE,
				     "access_mode %u undefined (0 PA, 1 MTT, 2 KLM)", mode);
	if (!CX4_GET(MKC, mkc, LR))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_ACCESS,
				     "lr clear (Table 10: must be set for all MKeys)");
	if (CX4_GET(MKC, mkc, FREE) && !CX4_GET(MKC, mkc, UMR_EN))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_ACCESS,
				     "free set without umr_en: the key could never be used");
	if (CX4_GET(MKC, mkc, QPN) != CX4_MKC_QPN_NONE)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_QPN,
				     "qpn 0x%x, must be 0xffffff", CX4_GET(MKC, mkc, QPN));
	if (!cx4dev_set_has(&dev->pds, pd))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_MKEY_PD,
				     "pd 0x%x not allocated (ALLOC_PD)", pd);
	if (len64 && len)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_LENGTH,
				     "len 0x%llx with length64 set (len is reserved then)",
				     (unsigned long long)len);
	if (!len64 && len && start + len - 1 < start)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_LENGTH,
				     "region 0x%llx + 0x%llx wraps the address space",
				     (unsigned long long)start, (unsigned long long)len);
	if (log_mrw < 64 && (len64 || len > 1ull << log_mrw))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_LENGTH,
				     "region length beyond 2^log_max_mrw_sz (%u)", log_mrw);
	if (mode == CX4_MKC_ACCESS_MODE_PA) {
		if (octs || actual || log_es || pg_access)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_MKEY_TRANSLATION,
					     "PA key with translations_octword_size %u, actual "
					     "%u, log_entity_size %u, pg_access %u (reserved in "
					     "PA mode)", octs, actual, log_es, pg_access);
		return CX4_CMD_STAT_OK;
	}
	/* MTT mode. */
	if (log_es < CX4_MKC_MIN_LOG_ENTITY_SIZE || log_es > CX4DEV_MAX_LOG_ENTITY_SIZE)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_ENTITY_SIZE,
				     "log_entity_size %u (must be %u..%u)", log_es,
				     CX4_MKC_MIN_LOG_ENTITY_SIZE, CX4DEV_MAX_LOG_ENTITY_SIZE);
	if (len64)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_LENGTH,
				     "length64 on an MTT key: no MTT list can cover 2^64 bytes");
	if (len)
		*nmtt_needed = (((start & ((1ull << log_es) - 1)) + len - 1) >> log_es) + 1;
	if (!octs || octs % CX4_MKC_OCTWORD_ALIGN || octs > CX4DEV_MAX_MKEY_OCTWORDS)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_OCTWORDS,
				     "translations_octword_size %u (non-zero multiple of 4, model "
				     "limit %u)", octs, CX4DEV_MAX_MKEY_OCTWORDS);
	if ((uint64_t)octs * CX4_MTT_PER_OCTWORD < *nmtt_needed)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_OCTWORDS,
				     "translations_octword_size %u holds %u MTT entries, the "
				     "region needs %llu", octs, octs * CX4_MTT_PER_OCTWORD,
				     (unsigned long long)*nmtt_needed);
	if (actual > octs)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_OCTWORDS,
				     "translations_octword_actual_size %u > "
				     "translations_octword_size %u", actual, octs);
	if (cmd->in_len < CX4_CREATE_MKEY_IN_OFF_MTT + (uint64_t)actual * CX4_OCTWORD_SIZE)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_INPUT_LEN, CX4DEV_SYN_MKEY_MTT_LEN,
				     "input_length 0x%x too short for %u octwords of MTTs",
				     cmd->in_len, actual);
	for (uint32_t i = 0; i < actual * CX4_MTT_PER_OCTWORD; i++) {
		const uint8_t *e = cmd->in + CX4_CREATE_MKEY_IN_OFF_MTT + i * CX4_MTT_SIZE;
		uint64_t v = cx4_get64(e, 0);
		uint64_t rsvd = (1ull << log_es) - 1;

		if (pg_access)
			rsvd &= ~3ull;
		if (v & rsvd)
			return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM,
					     CX4DEV_SYN_MKEY_MTT_ALIGN,
					     "MTT[%u] 0x%llx not aligned to the %llu-byte entity "
					     "size%s", i, (unsigned long long)v,
					     1ull << log_es, pg_access ? "" :
					     " (rd_en/wr_en need pg_access)");
	}
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_create_mkey(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	const uint8_t *mkc = cmd->in + CX4_CREATE_MKEY_IN_OFF_MKC;
	uint32_t actual = cx4dev_in_get(cmd, CX4_CREATE_MKEY_IN_TRANSLATIONS_OCTWORD_ACTUAL_SIZE);
	struct cx4dev_mkey *mk;
	uint64_t needed;
	uint32_t index;
	uint8_t st;

	st = cx4dev_mkc_check(dev, cmd, mkc, &needed);
	if (st != CX4_CMD_STAT_OK)
		return st;
	if (cx4dev_mkey_slot(dev, &index))
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_EXCEED_LIM, CX4DEV_SYN_MKEY_EXHAUSTED,
				     "%zu MKeys in use, limit %u", cx4dev_mkeys_count(dev),
				     cx4dev_mkey_limit(dev) - CX4DEV_FIRST_MKEY);
	mk = calloc(1, sizeof(*mk));
	if (!mk)
		abort();
	mk->access_mode = (uint8_t)CX4_GET(MKC, mkc, ACCESS_MODE);
	mk->variant = (uint8_t)CX4_GET(MKC, mkc, MKEY_7_0);
	mk->free = CX4_GET(MKC, mkc, FREE);
	mk->umr_en = CX4_GET(MKC, mkc, UMR_EN);
	mk->rw = CX4_GET(MKC, mkc, RW);
	mk->rr = CX4_GET(MKC, mkc, RR);
	mk->lw = CX4_GET(MKC, mkc, LW);
	mk->lr = CX4_GET(MKC, mkc, LR);
	mk->length64 = CX4_GET(MKC, mkc, LENGTH64);
	mk->pd = CX4_GET(MKC, mkc, PD);
	mk->start = CX4_GET64(MKC, mkc, START_ADDR);
	mk->len = CX4_GET64(MKC, mkc, LEN);
	mk->octwords = CX4_GET(MKC, mkc, TRANSLATIONS_OCTWORD_SIZE);
	mk->log_entity_size = CX4_GET(MKC, mkc, LOG_ENTITY_SIZE);
	mk->pg_access = cx4dev_in_get(cmd, CX4_CREATE_MKEY_IN_PG_ACCESS);
	if (mk->access_mode == CX4_MKC_ACCESS_MODE_MTT) {
		mk->nmtt = mk->octwords * CX4_MTT_PER_OCTWORD;
		mk->nmtt_valid = actual * CX4_MTT_PER_OCTWORD;
		mk->mtt = calloc(mk->nmtt, sizeof(*mk->mtt));
		if (!mk->mtt)
			abort();
		for (uint32_t i = 0; i < mk->nmtt_valid; i++)
			mk->mtt[i] = cx4_get64(cmd->in + CX4_CREATE_MKEY_IN_OFF_MTT,
					       i * CX4_MTT_SIZE);
	}
	dev->mkeys[index] = mk;
	CX4_SET(CREATE_MKEY_OUT, cmd->out, MKEY_INDEX, index);
	cx4dev_logf(dev, "MKey 0x%08x created: %s, pd 0x%x, va 0x%llx, len %s0x%llx, access "
		    "%s%s%s%s, %u/%llu MTTs delivered", cx4_mkey(index, mk->variant),
		    mk->access_mode == CX4_MKC_ACCESS_MODE_PA ? "PA" : "MTT", mk->pd,
		    (unsigned long long)mk->start, mk->length64 ? "2^64 " : "",
		    (unsigned long long)mk->len, mk->lr ? "lr" : "", mk->lw ? ",lw" : "",
		    mk->rr ? ",rr" : "", mk->rw ? ",rw" : "", mk->nmtt_valid,
		    (unsigned long long)needed);
	return CX4_CMD_STAT_OK;
}

static struct cx4dev_mkey *cx4dev_mkey_lookup(struct cx4dev *dev, struct cx4dev_cmd *cmd,
					      uint32_t f, uint32_t *index)
{
	struct cx4dev_mkey *mk;

	*index = cx4dev_in_get(cmd, f);
	mk = cx4dev_mkey_get(dev, *index);
	if (!mk)
		cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_RESOURCE, CX4DEV_SYN_MKEY_UNKNOWN,
			      "mkey_index 0x%x not in use", *index);
	return mk;
}

uint8_t cx4dev_exec_query_mkey(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	bool pg_access = cx4dev_in_get(cmd, CX4_QUERY_MKEY_IN_PG_ACCESS);
	uint8_t *mkc = cmd->out + CX4_QUERY_MKEY_OUT_OFF_MKC;
	struct cx4dev_mkey *mk;
	uint32_t index, room;

	if (cmd->op_mod != CX4_QUERY_MKEY_PAS_KLMS && cmd->op_mod != CX4_QUERY_MKEY_BSFS)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_BAD_OPMOD,
				     "op_mod 0x%x (0 PAS/KLMs, 2 BSFs)", cmd->op_mod);
	mk = cx4dev_mkey_lookup(dev, cmd, CX4_QUERY_MKEY_IN_MKEY_INDEX, &index);
	if (!mk)
		return cmd->status;
	if (pg_access && !mk->pg_access)
		return cx4dev_reject(dev, cmd, CX4_CMD_STAT_BAD_PARAM, CX4DEV_SYN_MKEY_PG_ACCESS,
				     "pg_access query of MKey index 0x%x created without "
				     "pg_access", index);
	CX4_SET(MKC, mkc, FREE, mk->free);
	CX4_SET(MKC, mkc, UMR_EN, mk->umr_en);
	CX4_SET(MKC, mkc, RW, mk->rw);
	CX4_SET(MKC, mkc, RR, mk->rr);
	CX4_SET(MKC, mkc, LW, mk->lw);
	CX4_SET(MKC, mkc, LR, mk->lr);
	CX4_SET(MKC, mkc, ACCESS_MODE, mk->access_mode);
	CX4_SET(MKC, mkc, QPN, CX4_MKC_QPN_NONE);
	CX4_SET(MKC, mkc, MKEY_7_0, mk->variant);
	CX4_SET(MKC, mkc, LENGTH64, mk->length64);
	CX4_SET(MKC, mkc, PD, mk->pd);
	CX4_SET64(MKC, mkc, START_ADDR, mk->start);
	CX4_SET64(MKC, mkc, LEN, mk->len);
	CX4_SET(MKC, mkc, TRANSLATIONS_OCTWORD_SIZE, mk->octwords);
	CX4_SET(MKC, mkc, LOG_ENTITY_SIZE, mk->log_entity_size);
	if (cmd->op_mod == CX4_QUERY_MKEY_BSFS)
		return CX4_CMD_STAT_OK;		/* no BSFs: the list stays zero */
	/* "fill the pages provided by the software up to the mailbox size" */
	room = (cmd->out_len - CX4_QUERY_MKEY_OUT_OFF_MTT) / CX4_MTT_SIZE;
	for (uint32_t i = 0; i < mk->nmtt_valid && i < room; i++) {
		uint64_t v = mk->mtt[i];

		if (!pg_access)
			v &= ~3ull;		/* PAS: no access bits */
		cx4_set64(cmd->out + CX4_QUERY_MKEY_OUT_OFF_MTT, i * CX4_MTT_SIZE, v);
	}
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_destroy_mkey(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	uint32_t index;

	if (!cx4dev_mkey_lookup(dev, cmd, CX4_DESTROY_MKEY_IN_MKEY_INDEX, &index))
		return cmd->status;
	cx4dev_mkey_free(dev, index);
	cx4dev_logf(dev, "MKey index 0x%x destroyed", index);
	return CX4_CMD_STAT_OK;
}

uint8_t cx4dev_exec_query_special_contexts(struct cx4dev *dev, struct cx4dev_cmd *cmd)
{
	(void)dev;
	CX4_SET(QUERY_SPECIAL_CONTEXTS_OUT, cmd->out, RESD_LKEY, CX4DEV_RESD_LKEY);
	return CX4_CMD_STAT_OK;
}

const struct cx4dev_engine cx4dev_mkey_engine = {
	.name		= "mkey",
	.release	= cx4dev_mkeys_reset,
	.count		= cx4dev_mkeys_count,
};
