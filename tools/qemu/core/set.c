/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Sorted sets of 64-bit values: the pages the device owns (by address)
 * and the numbers of small objects (UARs, PDs, transport domains).  A
 * sorted array: lookups are binary searches, and the lowest free number
 * is found by walking the dense prefix.
 */
#include <stdlib.h>
#include <string.h>

#include "cx4dev_int.h"

void cx4dev_set_init(struct cx4dev_set *s)
{
	memset(s, 0, sizeof(*s));
}

void cx4dev_set_fini(struct cx4dev_set *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}

void cx4dev_set_clear(struct cx4dev_set *s)
{
	s->n = 0;
}

/* Index of the first element >= @v. */
static size_t cx4dev_set_lower(const struct cx4dev_set *s, uint64_t v)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->v[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool cx4dev_set_has(const struct cx4dev_set *s, uint64_t v)
{
	size_t i = cx4dev_set_lower(s, v);

	return i < s->n && s->v[i] == v;
}

/* Insert @v at index @i (which keeps the array sorted); 0 on success. */
static int cx4dev_set_insert_at(struct cx4dev_set *s, size_t i, uint64_t v)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		uint64_t *n = realloc(s->v, cap * sizeof(*n));

		if (!n)
			return -1;
		s->v = n;
		s->cap = cap;
	}
	memmove(&s->v[i + 1], &s->v[i], (s->n - i) * sizeof(*s->v));
	s->v[i] = v;
	s->n++;
	return 0;
}

/* Add @v, which the caller checked is not in the set; 0 on success. */
int cx4dev_set_add(struct cx4dev_set *s, uint64_t v)
{
	return cx4dev_set_insert_at(s, cx4dev_set_lower(s, v), v);
}

void cx4dev_set_del(struct cx4dev_set *s, uint64_t v)
{
	size_t i = cx4dev_set_lower(s, v);

	if (i >= s->n || s->v[i] != v)
		return;
	memmove(&s->v[i], &s->v[i + 1], (s->n - i - 1) * sizeof(*s->v));
	s->n--;
}

/* Remove and return the highest value; the set must not be empty. */
uint64_t cx4dev_set_pop(struct cx4dev_set *s)
{
	return s->v[--s->n];
}

/* Add the lowest value in [min, max] not in the set; 0 on success. */
int cx4dev_set_alloc(struct cx4dev_set *s, uint32_t min, uint32_t max, uint32_t *id)
{
	size_t i = cx4dev_set_lower(s, min);
	uint64_t cand = min;

	/* The set is sorted: walk it while it is dense from @min. */
	while (i < s->n && s->v[i] == cand) {
		i++;
		cand++;
	}
	if (cand > max || cx4dev_set_insert_at(s, i, cand))
		return -1;
	*id = (uint32_t)cand;
	return 0;
}
