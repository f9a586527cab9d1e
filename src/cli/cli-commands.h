/* cli-commands.h: the subcommands of arbiter-cli
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Each subcommand gets argv with argv[0] set to the subcommand's name and
 * returns the process exit status. One command per file, cli-NAME.c. */
typedef int (*ArbCliCommandFunc) (int argc, char **argv);

int arb_cli_perft (int argc, char **argv);

/* notation */
int arb_cli_validate (int argc, char **argv);
int arb_cli_reconstruct (int argc, char **argv);

/* game status */
int arb_cli_analyze (int argc, char **argv);
int arb_cli_status (int argc, char **argv);

/* clocks */
int arb_cli_timecontrol (int argc, char **argv);
int arb_cli_clock (int argc, char **argv);

/* Laws engine */
int arb_cli_rule (int argc, char **argv);

/* tournament file */
int arb_cli_new (int argc, char **argv);
int arb_cli_import (int argc, char **argv);
int arb_cli_export (int argc, char **argv);
int arb_cli_play (int argc, char **argv);
int arb_cli_result (int argc, char **argv);
int arb_cli_standings (int argc, char **argv);
int arb_cli_entries (int argc, char **argv);
int arb_cli_team_entries (int argc, char **argv);
int arb_cli_arbiters (int argc, char **argv);
int arb_cli_calls (int argc, char **argv);
int arb_cli_serve_team (int argc, char **argv);
int arb_cli_board (int argc, char **argv);
int arb_cli_check (int argc, char **argv);
int arb_cli_backup (int argc, char **argv);

/* network */
int arb_cli_serve (int argc, char **argv);
int arb_cli_push (int argc, char **argv);
int arb_cli_follow (int argc, char **argv);
int arb_cli_follow_desk (int argc, char **argv);
int arb_cli_take_over (int argc, char **argv);
int arb_cli_alerts (int argc, char **argv);

G_END_DECLS
