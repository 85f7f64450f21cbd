/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Fake Ethernet driver for the unit tests (ethenv.c): builds UAR, EQ, CQs,
 * PD, TD, TIS, SQ, RQ, a direct TIR and a NIC RX root table in fake guest
 * memory, posts WQEs, polls CQEs and builds test frames.
 */
#ifndef CX4_ETHENV_H
#define CX4_ETHENV_H

#include <stdbool.h>
#include <stdint.h>

#include "fakehost.h"

struct ewq {
	uint32_t qn;
	uint64_t buf;
	uint64_t dbr;
	uint32_t log_size;
	uint32_t log_stride;
	uint16_t pc;		/* producer counter (WQEBBs / WQEs) */
};

struct env {
	struct fh *fh;
	uint32_t uar, eqn, pd, td, tis, tir, ft, fg;
	struct fh_cq scq, rcq;
	struct ewq sq, rq;
};

extern const uint8_t my_mac[6];
extern const uint8_t peer_mac[6];
uint8_t run(struct fh *fh, const uint8_t *in, uint32_t in_len, uint32_t out_len,
	    struct fh_result *r);
uint32_t simple_out(struct fh *fh, uint16_t op, uint32_t f);
uint8_t cmd_obj(struct fh *fh, uint16_t op, uint32_t f, uint32_t v, uint32_t out_len,
		struct fh_result *r);
void create_eq0(struct env *e);
void create_cq(struct env *e, struct fh_cq *cq);
void fill_wq(struct env *e, uint8_t *wqc, struct ewq *q, bool sq, uint8_t *pas);
uint8_t create_sq(struct env *e, struct ewq *q, struct fh_result *r,
		  void (*tweak)(uint8_t *c));
uint8_t create_rq_stride(struct env *e, struct ewq *q, bool vsd, uint32_t log_stride,
			 struct fh_result *r);
uint8_t create_rq(struct env *e, struct ewq *q, bool vsd, struct fh_result *r);
uint8_t modify_wq(struct fh *fh, bool sq, uint32_t qn, uint32_t cur, uint32_t next,
		  struct fh_result *r);
uint8_t create_tir_direct(struct env *e, uint32_t rqn, struct fh_result *r);
void create_steering(struct env *e);
uint8_t set_fte(struct env *e, uint32_t index, const uint8_t *dmac, uint32_t tir,
		struct fh_result *r);
struct env *env_new(bool vsd);
void env_free(struct env *e);
uint16_t csum(const uint8_t *b, uint32_t len, uint32_t sum);
uint32_t build_ipv4(uint8_t *f, const uint8_t *dst, uint32_t proto, uint32_t plen,
		    bool good_csum);
bool ipv4_csums_ok(const uint8_t *f);
void post_send(struct env *e, uint32_t opcode, const uint8_t *f, uint32_t len,
	       uint32_t inl, uint32_t cs, uint32_t mss, uint32_t lkey, bool ring);
uint64_t post_recv(struct env *e, uint32_t size);

#endif
