/* test-cli-i18n.c: arbiter-cli in the user's language, like a GNU tool
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The program is run with nothing in its environment but LANGUAGE (and
 * sometimes LC_ALL), as on a fresh machine. The expected Danish words are
 * written here by hand from the terms of docs/translating.md (ulovligt
 * træk, turneringsleder, Artikler), not taken from the catalog.
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "arb-test-utils.h"

/* A position after 1. e4 with Black to move; White is said to have made an
 * illegal move before it. */
#define AFTER_E4 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"

static void
test_rule_danish (void)
{
  const char *const env[] = { "LANGUAGE=da", NULL };
  const char *const args[] = { "rule",   "illegal-move", "--edition", "2023", "--fen",
                               AFTER_E4, "--by",         "white",     NULL };
  g_auto (ArbTestCliRun) run = { NULL, NULL, -1 };
  const char *out;

  if (!arb_test_cli (&run, env, NULL, args))
    return;
  out = run.out;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  /* The labels, the facts, the decision and the paraphrases of the Laws in
   * Danish, and no English sentence left. */
  g_assert_nonnull (strstr (out, "\nFakta: Hvid fuldførte et ulovligt træk"));
  g_assert_nonnull (strstr (out, "\nBeslutning: "));
  g_assert_nonnull (strstr (out, "Ulovligt træk 1 af 2 for Hvid"));
  g_assert_nonnull (strstr (out, "\nArtikler:\n"));
  g_assert_nonnull (strstr (out, "7.5.1 — Et fuldført ulovligt træk"));
  g_assert_null (strstr (out, "Facts:"));
  g_assert_null (strstr (out, "illegal move"));
  g_assert_null (strstr (out, "Articles:"));
  /* The kind, the decision and the effects in words too, not the names
   * --json gives ("Beslutning: time-penalty", "add-time black +120 s"). */
  g_assert_true (g_str_has_prefix (out, "Ulovligt træk (2023, "));
  g_assert_nonnull (strstr (out, "\nBeslutning: Tidsstraf for Hvid"));
  g_assert_nonnull (strstr (out, "til Sort"));
  g_assert_null (strstr (out, "illegal-move"));
  g_assert_null (strstr (out, "time-penalty"));
  g_assert_null (strstr (out, "add-time"));
  g_assert_null (strstr (out, "illegal-count"));
  g_assert_null (strstr (out, " black"));
}

/* The --json contract never changes with the locale: every key and every
 * enumerated value are the same in Danish and in English; only the
 * sentence ("explanation") is the reader's. */
static void
test_rule_json_keys (void)
{
  const char *const english[] = { "LANGUAGE=", "LC_ALL=C.UTF-8", NULL };
  const char *const danish[] = { "LANGUAGE=da", NULL };
  const char *const args[] = { "rule",   "illegal-move", "--edition", "2023",   "--fen",
                               AFTER_E4, "--by",         "white",     "--json", NULL };
  g_auto (ArbTestCliRun) en_run = { NULL, NULL, -1 };
  g_auto (ArbTestCliRun) da_run = { NULL, NULL, -1 };
  const char *en, *da;
  const char *en_expl, *da_expl, *en_ruling, *da_ruling;

  if (!arb_test_cli (&en_run, english, NULL, args))
    return;
  g_assert_cmpint (en_run.status, ==, 0);
  arb_test_cli (&da_run, danish, NULL, args);
  g_assert_cmpint (da_run.status, ==, 0);
  en = en_run.out;
  da = da_run.out;

  en_expl = strstr (en, "\"explanation\":\"");
  da_expl = strstr (da, "\"explanation\":\"");
  en_ruling = strstr (en, ",\"ruling\":{");
  da_ruling = strstr (da, ",\"ruling\":{");
  g_assert_nonnull (en_expl);
  g_assert_nonnull (da_expl);
  g_assert_nonnull (en_ruling);
  g_assert_nonnull (da_ruling);
  /* Before the sentence: kind, edition, category, decision, result, clock,
   * restore_ply, articles, byte for byte. */
  g_assert_cmpint (en_expl - en, ==, da_expl - da);
  g_assert_true (strncmp (en, da, en_expl - en) == 0);
  g_assert_nonnull (strstr (en, "\"decision\":\"time-penalty\""));
  /* The stored form after it, byte for byte. */
  g_assert_cmpstr (en_ruling, ==, da_ruling);
  /* The sentence in the reader's language. */
  g_assert_true (g_str_has_prefix (da_expl, "\"explanation\":\"Ulovligt træk 1 af 2 for Hvid"));
  g_assert_true (g_str_has_prefix (en_expl, "\"explanation\":\"Illegal move 1 of 2 for White"));
}

/* Errors and usage follow the locale too; a locale set in LC_ALL wins over
 * a missing one, as for any GNU program. */
static void
test_errors_danish (void)
{
  const char *const env[] = { "LANGUAGE=da", NULL };
  const char *const english[] = { "LANGUAGE=da", "LC_ALL=C", NULL };
  const char *const args[] = { "rule", "illegal-move", NULL };
  const char *const unknown[] = { "frobnicate", NULL };
  g_auto (ArbTestCliRun) run = { NULL, NULL, -1 };

  if (!arb_test_cli (&run, env, NULL, args))
    return;
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--edition ÅR er påkrævet"));

  arb_test_cli (&run, env, NULL, unknown);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "ukendt kommando “frobnicate”"));
  g_assert_nonnull (strstr (run.err, "Kommandoer:"));

  /* LC_ALL=C: gettext ignores LANGUAGE in the C locale, and so do we. */
  arb_test_cli (&run, english, NULL, args);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--edition YEAR is required"));
}

/* The errors of the core reach the reader in the reader's words: a file
 * that is empty and a FEN whose castling right has no rook, in Swedish,
 * the side named in it too ("svart", not "black"). */
static void
test_core_errors_swedish (void)
{
  const char *const env[] = { "LANGUAGE=sv", NULL };
  g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT;
  g_autofree char *empty = NULL;
  const char *check[] = { "check", NULL, NULL };
  const char *const fen[] = { "status", "4k3/8/8/8/8/8/8/R3K2R w k - 0 1", NULL };
  g_auto (ArbTestCliRun) run = { NULL, NULL, -1 };

  arb_test_temp_setup (&temp, NULL);
  empty = g_build_filename (temp.dir, "empty.arbiter", NULL);
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  check[1] = empty;
  if (!arb_test_cli (&run, env, NULL, check))
    return;
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "är tom (0 byte)"));
  g_assert_nonnull (strstr (run.err, "turneringsfil"));
  g_assert_null (strstr (run.err, "is empty"));

  arb_test_cli (&run, env, NULL, fen);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "rockadrätt"));
  g_assert_nonnull (strstr (run.err, "torn för svart på h8"));
  g_assert_null (strstr (run.err, "castling"));
  g_assert_null (strstr (run.err, "black"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/i18n/rule-danish", test_rule_danish);
  g_test_add_func ("/cli/i18n/rule-json-keys", test_rule_json_keys);
  g_test_add_func ("/cli/i18n/errors-danish", test_errors_danish);
  g_test_add_func ("/cli/i18n/core-errors-swedish", test_core_errors_swedish);

  return g_test_run ();
}
