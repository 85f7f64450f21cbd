/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Fake Ethernet driver for the unit tests (ethenv.c): builds UAR, EQ, CQs,
 * PD, TD, TIS, SQ, RQ, a direct TIR and a NIC RX root table in fake guest
 * memory, posts WQEs and builds test frames.  Everything it exports is
 * prefixed env_ (the fake host's own helpers are fh_), so no test-file
 * static and no core symbol shares a name with it.
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

extern const uint8_t env_my_mac[6];
extern const uint8_t env_peer_mac[6];
uint8_t env_cmd_obj(struct fh *fh, uint16_t op, uint32_t f, uint32_t v, uint32_t out_len,
		    struct fh_result *r);
void env_create_eq0(struct env *e);
void env_create_cq(struct env *e, struct fh_cq *cq);
void env_fill_wq(struct env *e, uint8_t *wqc, struct ewq *q, bool sq, uint8_t *pas);
uint8_t env_create_sq(struct env *e, struct ewq *q, struct fh_result *r,
		      void (*tweak)(uint8_t *c));
uint8_t env_create_rq_stride(struct env *e, struct ewq *q, bool vsd, uint32_t log_stride,
			     struct fh_result *r);
uint8_t env_create_rq(struct env *e, struct ewq *q, bool vsd, struct fh_result *r);
uint8_t env_modify_wq(struct fh *fh, bool sq, uint32_t qn, uint32_t cur, uint32_t next,
		      struct fh_result *r);
uint8_t env_create_tir_direct(struct env *e, uint32_t rqn, struct fh_result *r);
/* These two check for success and return the new object's number. */
uint32_t env_create_tis(struct env *e, uint32_t td);
uint32_t env_create_rqt(struct env *e, const uint32_t *rqn, uint32_t n);
/* Indirect TIR over @rqt, Toeplitz with the 40-byte @key, outer selection; the status. */
uint8_t env_create_tir_rss(struct env *e, uint32_t rqt, const uint8_t *key, uint32_t l4_prot,
			   uint32_t fields, struct fh_result *r);
void env_create_steering(struct env *e);
uint8_t env_set_fte(struct env *e, uint32_t index, const uint8_t *dmac, uint32_t tir,
		    struct fh_result *r);
/* The same entry, now to @tir (SET_FLOW_TABLE_ENTRY op_mod 1, destination list). */
uint8_t env_modify_fte_dest(struct env *e, uint32_t index, const uint8_t *dmac, uint32_t tir,
			    struct fh_result *r);
struct env *env_new(bool vsd);
void env_free(struct env *e);
uint16_t env_csum(const uint8_t *b, uint32_t len, uint32_t sum);
uint32_t env_build_ipv4(uint8_t *f, const uint8_t *dst, uint32_t proto, uint32_t plen,
			bool good_csum);
bool env_ipv4_csums_ok(const uint8_t *f);
void env_post_send(struct env *e, uint32_t opcode, const uint8_t *f, uint32_t len,
		   uint32_t inl, uint32_t cs, uint32_t mss, uint32_t lkey, bool ring);
uint64_t env_post_recv(struct env *e, uint32_t size);
void env_post_recv_sg(struct env *e, const uint32_t *size, uint32_t n, uint64_t *bufs);
void env_lro_on(struct env *e);
void env_tcp_seq(uint8_t *f, uint32_t seq);

#endif
