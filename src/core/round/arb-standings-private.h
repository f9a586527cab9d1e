/* arb-standings-private.h: what the files of the standings share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table arb_standings_compute () builds, one entrant a player and
 * one round record a round (arb-standings.c), for the files that add
 * tie-breaks to it. Not installed, not for the other layers.
 */

#pragma once

#include "arb-standings.h"

G_BEGIN_DECLS

typedef enum
{
  ROUND_ABSENT, /* no game, no bye: a zero-point bye */
  ROUND_PLAYED,
  ROUND_FORFEIT, /* won or lost by forfeit */
  ROUND_BYE,
} ArbStandingsRoundKind;

typedef struct
{
  ArbStandingsRoundKind kind;
  int opponent;   /* index into the players, -1 when none */
  gboolean black; /* played with Black */
  double points;
  double fraction; /* of a win: 1, ½ or 0, for Sonneborn-Berger */
  gboolean vur;
} ArbStandingsRound;

typedef struct
{
  const ArbPlayerInfo *info;
  ArbStandingsRound *rounds; /* 1 … n */
  double points;
  double adjusted; /* as an opponent counts it (Article 16) */
  double values[ARB_TIEBREAK_N];
  int de_rank; /* direct encounter's order in its tied group, 0 first */
} ArbStandingsEntrant;

typedef struct
{
  ArbStandingsEntrant *entrants;
  guint n;
  int rounds;
  const ArbTiebreak *order;
  guint n_order;
  const ArbScoring *scoring;
  ArbUnplayedRule rule;
  double win; /* the points for a win */
} ArbStandingsTable;

G_END_DECLS
