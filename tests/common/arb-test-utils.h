/* arb-test-utils.h: fixtures shared by the tests
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

/* A path NAME inside a new temporary directory of its own. */
char *arb_test_temp_path (const char *name);

/* A new tournament file in a temporary directory (edition 2023), with its
 * path in PATH_OUT when not NULL. */
ArbTournament *arb_test_new_tournament (char **path_out);

/* The contents of tests/data/NAME (asserted readable). */
char *arb_test_read_fixture (const char *name, gsize *length);

/* Reads a FEN of the external oracles' sets: a few are not positions of a
 * game (more promoted men than missing pawns) or lack fields, so they are
 * read permissively, then with "- -" for missing castling and en passant
 * fields. @permissive (may be NULL) is set when the strict reading failed. */
gboolean arb_test_read_oracle_fen (ArbPosition *pos, const char *fen, gboolean *permissive);

/* The path of SUBPATH in the external test data (ARB_TESTDATA), or NULL,
 * after g_test_skip() saying so, when it is absent. */
char *arb_test_testdata (const char *subpath);

/* SHA-256 of a file's bytes. */
char *arb_test_checksum (const char *path);

/* Runs arbiter-cli (ARBITER_CLI) with ARGS (NULL-terminated), feeding
 * STDIN_TEXT (an empty standard input when NULL); returns its standard output and sets the exit
 * status (-1 when it did not exit). NULL, after a skip, when ARBITER_CLI is
 * not set. Standard error goes to ERR_OUT when not NULL. */
char *arb_test_run_cli (const char *const *args,
                        const char *stdin_text,
                        int *exit_status,
                        char **err_out);

G_END_DECLS
