/* cli-rule-desk.h: arbiter-cli rule --desk, a ruling applied on the chief's desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-ruling.h"

G_BEGIN_DECLS

typedef struct
{
  char *url;     /* --desk */
  char *token;   /* --token */
  int round;     /* --round */
  int board;     /* --board */
  char *note;    /* --note */
  gboolean json; /* --json: what the desk did goes to standard error */
} ArbCliRuleDesk;

/* The paragraph of --help about --desk. */
const char *arb_cli_rule_desk_usage (void);

/* Checks the options before anything is ruled: FALSE with the reason on
 * standard error when --desk lacks --token, --round or --board. */
gboolean arb_cli_rule_desk_check (const ArbCliRuleDesk *desk);

/* Sends @ruling, made at @ply of the game (its plies then), to the
 * chief's desk and prints its answer; the exit status (0 applied or
 * applied before, 1 refused or not reached). */
int arb_cli_rule_desk_send (const ArbCliRuleDesk *desk, const ArbRuling *ruling, int ply);

G_END_DECLS
