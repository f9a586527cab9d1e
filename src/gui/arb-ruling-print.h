/* arb-ruling-print.h: a ruling report and the sealed-move envelope as PDF
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-game.h"
#include "arb-ruling.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* Each writes an A4 PDF to @path with Cairo, in the language of printed
 * reports (the "report-language" setting of the application; by default
 * the window's language), and gives the text it printed, line by line, in
 * @printed_text when not NULL. Fails with @error when that language has no
 * catalog. */

/* The envelope sheet of an adjourned game: the fields of the edition
 * (players, position before the sealed move, time used by each, who
 * sealed, the move number, a standing draw offer, the resumption), and
 * the arbiter who received it when @arbiter is not NULL. The sealed move
 * itself is never printed. */
gboolean arb_ruling_print_envelope (const char *path,
                                    ArbGame *game,
                                    const ArbEnvelope *envelope,
                                    const char *arbiter,
                                    char **printed_text,
                                    GError **error);

/* A report of stored rulings (ArbRulingRecord *, each of game
 * @game_ids[i]): event, board, players, time, kind, decision, the articles
 * with their paraphrases, the effects, the note, a line to sign. */
gboolean arb_ruling_print_report (const char *path,
                                  ArbTournament *tournament,
                                  GPtrArray *records,
                                  const gint64 *game_ids,
                                  char **printed_text,
                                  GError **error);

G_END_DECLS
