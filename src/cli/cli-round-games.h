/* cli-round-games.h: the games of a round, as the commands that write them load them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tournament.h"

G_BEGIN_DECLS

/* The games of round *@round (0: the last with games) as the window loads
 * them (ArbGame *); *@round gets the round. In cli-follow.c. */
GPtrArray *arb_cli_load_round_games (ArbTournament *tournament, int *round, GError **error);

G_END_DECLS
