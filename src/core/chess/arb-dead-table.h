/* arb-dead-table.h: dead-position answers kept by the whole position
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* The answers of arb-dead-memo.c, each kept with everything the search's
 * answer depends on (5.2.2 asks about pure chess, so not the clocks): the
 * men, the side to move, the castling rights, the e.p. square and whether
 * the game is Chess960. A look-up compares all of it, never only a hash.
 *
 * The answers are kept in the order they were stored, in a ring of fixed
 * size (the oldest are overwritten), with an index by the position's key
 * beside it. A game met again asks for its positions in the order they were
 * stored, so a look-up first tries the answer stored right after the one
 * found last: read in sequence, the processor fetches those ahead. */
typedef struct _ArbDeadTable ArbDeadTable;

ArbDeadTable *arb_dead_table_new (void);
void arb_dead_table_free (ArbDeadTable *table);
/* Forgets every answer. */
void arb_dead_table_clear (ArbDeadTable *table);

/* TRUE with the answer in @dead when @pos was stored. */
gboolean arb_dead_table_lookup (ArbDeadTable *table, const ArbPosition *pos, gboolean *dead);
/* Keeps the answer for @pos (not stored yet). */
void arb_dead_table_store (ArbDeadTable *table, const ArbPosition *pos, gboolean dead);

/* Asks the processor to fetch what a look-up of @pos will read: with
 * @index_read FALSE the answer after the last one and the index, without
 * reading either (a read would wait for the memory); with @index_read
 * TRUE, a little later, the answer the index points at, unless the one
 * after the last is @pos's. */
void arb_dead_table_prefetch (const ArbDeadTable *table,
                              const ArbPosition *pos,
                              gboolean index_read);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbDeadTable, arb_dead_table_free)

G_END_DECLS
