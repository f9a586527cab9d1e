/* arb-source-players.h: which board of the round a source's players sit at
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-game.h"

G_BEGIN_DECLS

/* A source's game names its players; the pairings are the truth of who
 * plays where, so a game that names them is placed by them, whatever its
 * Round and Board tags say. Names compare as the results desk compares
 * them (arb_result_entry_match_name(): case and accents ignored, the words
 * in any order, "Carlsen, M." for "Magnus Carlsen"); the same words
 * exactly (arb_source_game_name_key()) fit better than a shorter or
 * abbreviated name, and are found without going through the round. */

typedef enum
{
  ARB_SOURCE_PLAYERS_UNNAMED,  /* the source does not name both players */
  ARB_SOURCE_PLAYERS_SAME,     /* the board's players, each in its colour */
  ARB_SOURCE_PLAYERS_REVERSED, /* the board's players, White and Black reversed */
  ARB_SOURCE_PLAYERS_NONE,     /* no board has them, or they fit several alike */
} ArbSourcePlayers;

/* The pairings of a round's games, read once. */
typedef struct _ArbSourcePairings ArbSourcePairings;

/* @games: ArbGame * of one round (referenced while the pairings live). */
ArbSourcePairings *arb_source_pairings_new (GPtrArray *games);
void arb_source_pairings_free (ArbSourcePairings *pairings);

/* The board whose pairing @white and @black fit best; *game gets it for
 * SAME and REVERSED, else NULL. */
ArbSourcePlayers arb_source_pairings_find (const ArbSourcePairings *pairings,
                                           const char *white,
                                           const char *black,
                                           ArbGame **game);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbSourcePairings, arb_source_pairings_free)

G_END_DECLS
