/* arb-lichess-rounds.h: lichess broadcast rounds created for a round
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* lichess shows at most 100 games in a broadcast round, so a round of
 * more boards is pushed to one lichess round a hundred boards. These
 * create those rounds in a lichess broadcast (tournament) with
 * POST /broadcast/{broadcastTournamentId}/new, the form field "name" set
 * to the part's name and the token as a Bearer credential; lichess
 * answers {"round": {"id": "…", …}, "tour": {…}, …}. */

/* The names of the lichess rounds a round of @n_boards boards needs, in
 * board order (arb_lichess_part_name); at least one. */
char **arb_lichess_rounds_plan (int round, guint n_boards);

/* Whether @id looks like a lichess broadcast (tournament) id. */
gboolean arb_lichess_broadcast_id_is_valid (const char *id);

/* Creates one lichess round a name of @names, one after the other, in
 * the calling thread's main context without blocking it; each answer is
 * read with the caps and deadline of the push. */
void arb_lichess_create_rounds_async (const char *base_url,
                                      const char *broadcast_id,
                                      const char *token,
                                      const char *const *names,
                                      GCancellable *cancellable,
                                      GAsyncReadyCallback callback,
                                      gpointer user_data);
/* The new rounds' ids in the order of the names, or NULL with an error
 * that names the part that failed and why (and the ids of the rounds
 * made before it, which stay on lichess). */
char **arb_lichess_create_rounds_finish (GAsyncResult *result, GError **error);

G_END_DECLS
