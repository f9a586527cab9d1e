/* arb-ruling-withdraw.h: taking back a confirmed ruling, with a reason
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

/* The kind and decision of the record that withdraws a ruling. */
#define ARB_RULING_KIND_WITHDRAWAL "withdrawal"

/* Withdraws the stored ruling @ruling_id of @game: in one transaction, its
 * effects on the clocks (time added or taken) and on the result are
 * reversed, and a new record that supersedes it is stored with @reason
 * and @arbiter (both required). The withdrawn ruling stays in the file as
 * it was. A ruling that took moves back or played a move is refused (the
 * arbiter rules again on the game as it stands). *withdrawal_id (may be
 * NULL) gets the new record's id; the game is read again from the file. */
gboolean arb_ruling_withdraw (ArbGame *game,
                              gint64 ruling_id,
                              const char *reason,
                              const char *arbiter,
                              gint64 *withdrawal_id,
                              GError **error);

/* As arb_ruling_withdraw (), for the results desk's Undo of the
 * correction it has just stored: without @arbiter, the name recorded with
 * the correction (if any) is that of the withdrawal. */
gboolean arb_ruling_withdraw_own (ArbGame *game,
                                  gint64 ruling_id,
                                  const char *reason,
                                  const char *arbiter,
                                  GError **error);

G_END_DECLS
