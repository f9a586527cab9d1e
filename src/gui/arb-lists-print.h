/* arb-lists-print.h: the pairings, result slips and standings as PDF
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-standings-crosstable.h"
#include "arb-standings-teams.h"
#include "arb-standings.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* Each draws an A4 PDF at @path with Cairo from the data given (nothing
 * read or written but @path), in the language of printed reports like
 * arb-ruling-print.h, and gives the text printed, a line per row with the
 * cells separated by tabs, in @printed_text when not NULL. @event may be
 * NULL; @players are ArbPlayerInfo, @games ArbGameInfo of every round. */

/* The pairings of @round: board, White with rating and points before the
 * round, Black likewise; then the byes with their kind. */
gboolean arb_lists_print_pairings (const char *path,
                                   const ArbEventInfo *event,
                                   int round,
                                   GPtrArray *players,
                                   GPtrArray *games,
                                   char **printed_text,
                                   GError **error);

/* A result slip per board of @round, several to a page: round, board,
 * the players, a line for the result and two for the signatures. */
gboolean arb_lists_print_slips (const char *path,
                                const ArbEventInfo *event,
                                int round,
                                GPtrArray *players,
                                GPtrArray *games,
                                char **printed_text,
                                GError **error);

/* The standings @rows (ArbStandingsRow) with the tie-breaks of @order as
 * columns, headed by their C.07 acronyms. */
gboolean arb_lists_print_standings (const char *path,
                                    const ArbEventInfo *event,
                                    GPtrArray *rows,
                                    const ArbTiebreak *order,
                                    guint n_order,
                                    char **printed_text,
                                    GError **error);

/* The team standings (ArbTeamStandingsRow, arb-standings-teams.h):
 * place, team, matches, match points, game points, then DE, BH and SB. */
gboolean arb_lists_print_team_standings (const char *path,
                                         const ArbEventInfo *event,
                                         GPtrArray *rows,
                                         char **printed_text,
                                         GError **error);

/* The cross-table (arb-standings-crosstable.h) in the standings' order:
 * rank, number, name, rating, a column a round ("5w1": the opponent's
 * rank, the colour, the result) or in a round robin a column a rank,
 * then the points. */
gboolean arb_lists_print_crosstable (const char *path,
                                     const ArbEventInfo *event,
                                     const ArbCrossTable *table,
                                     char **printed_text,
                                     GError **error);

G_END_DECLS
