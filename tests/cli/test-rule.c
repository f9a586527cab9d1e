/* test-cli-rule.c: the editions' differences of the product brief, through
 * arbiter-cli rule
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each row is one cell of the table "The editions differ" in PRODUCT.md
 * (checked against the seed reports named in the row), run as a command
 * and read back from its JSON.
 */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "arb-test-utils.h"
#include "arb-tournament-team.h"

typedef struct
{
  const char *path;
  const char *args;     /* after "rule" */
  const char *result;   /* NULL: play goes on */
  int white_s, black_s; /* clock change in seconds */
  int restore_ply;      /* -1: null */
  const char *article;  /* must be among "articles" */
  const char *source;
} CliCase;

/* Members of the printed JSON (NULL, or FALSE, when absent or of another
 * type). */
static JsonNode *
member (JsonNode *root, const char *name)
{
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  return json_object_get_member (json_node_get_object (root), name);
}

static gboolean
get_string (JsonNode *root, const char *name, const char **out)
{
  JsonNode *node = member (root, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return FALSE;
  *out = json_node_get_string (node);
  return TRUE;
}

static gboolean
get_int (JsonNode *root, const char *name, gint64 *out)
{
  JsonNode *node = member (root, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (node);
  return TRUE;
}

static const CliCase cases[] = {
  /* illegal move, standard */
  { "illegal-2001-second-plus-two",
    "illegal-move --edition 2001 --category standard --by white --ply 20 --count 1", NULL, 0, 120,
    20, "7.4b", "PRODUCT.md row 1; seed-003 7.4b" },
  { "illegal-2001-third-loses",
    "illegal-move --edition 2001 --category standard --by white --count 2 --opponent-cannot-mate yes",
    "0-1", 0, 0, -1, "7.4b", "PRODUCT.md row 1; seed-003 7.4b has no draw exception" },
  { "illegal-2009-third-draw",
    "illegal-move --edition 2009 --time-control 90+30 --by black --count 2 --opponent-cannot-mate yes",
    "1/2-1/2", 0, 0, -1, "7.4b", "PRODUCT.md row 1; seed-001 l.394-398" },
  { "illegal-2018-second-loses",
    "illegal-move --edition 2018 --time-control 90+30 --by black --count 1 --opponent-cannot-mate no",
    "1-0", 0, 0, -1, "7.5.5", "PRODUCT.md row 1; seed-002 L452-458" },
  { "illegal-2023-first-plus-two",
    "illegal-move --edition 2023 --time-control 90+30 --by black --ply 33", NULL, 120, 0, 33,
    "7.5.5", "PRODUCT.md row 1" },
  /* illegal move, rapid / blitz */
  { "illegal-2001-blitz-claim",
    "illegal-move --edition 2001 --time-control 5+0 --by white --claimed --opponent-cannot-mate no",
    "0-1", 0, 0, -1, "C3", "PRODUCT.md row 2; seed-003 C3" },
  { "illegal-2009-blitz-unsupervised",
    "illegal-move --edition 2009 --time-control 5+0 --supervision partial --by white --claimed --opponent-cannot-mate no",
    "0-1", 0, 0, -1, "B3c", "PRODUCT.md row 2; seed-000 B3c" },
  { "illegal-2018-rapid-plus-two",
    "illegal-move --edition 2018 --time-control 15+10 --by white --ply 8", NULL, 0, 120, 8, "7.5.5",
    "PRODUCT.md row 2; seed-002 A.3" },
  { "illegal-2018-blitz-plus-one",
    "illegal-move --edition 2018 --time-control 3+2 --by white --ply 8", NULL, 0, 60, 8, "B.2",
    "PRODUCT.md row 2; seed-002 B.2" },
  { "illegal-2023-rapid-plus-one",
    "illegal-move --edition 2023 --time-control 15+10 --by white --ply 8", NULL, 0, 60, 8, "A.3",
    "PRODUCT.md row 2" },
  /* incorrect 9.2/9.3 claims */
  { "claim-2001-incorrect-cuts-claimant",
    "claim-threefold --edition 2001 --category standard --by white --correct no --remaining 10:00",
    NULL, -180, 180, -1, "9.5b", "PRODUCT.md row 3; seed-003 9.5b" },
  { "claim-2001-incorrect-1m30",
    "claim-fifty --edition 2001 --category standard --by black --correct no --remaining 1:30", NULL,
    180, -30, -1, "9.5b", "PRODUCT.md row 3: set to 1 min between 1 and 2" },
  { "claim-2009-incorrect-plus-three",
    "claim-threefold --edition 2009 --category standard --by white --correct no --remaining 10:00",
    NULL, 0, 180, -1, "9.5b", "PRODUCT.md row 3; seed-001 9.5b" },
  { "claim-2018-incorrect-blitz-plus-one",
    "claim-threefold --edition 2018 --category blitz --by white --correct no", NULL, 0, 60, -1,
    "B.2", "PRODUCT.md row 3; seed-002 B.2" },
  { "claim-2018-incorrect-standard-plus-two",
    "claim-fifty --edition 2018 --category standard --by white --correct no", NULL, 0, 120, -1,
    "9.5.3", "PRODUCT.md row 3; seed-002 9.5.3" },
  { "claim-2023-incorrect-rapid-plus-one",
    "claim-threefold --edition 2023 --category rapid --by black --correct no", NULL, 60, 0, -1,
    "A.3", "PRODUCT.md row 3" },
  /* fivefold / 75 */
  { "fivefold-2009-none", "fivefold --edition 2009", NULL, 0, 0, -1, "9.2b",
    "PRODUCT.md row 4; seed-000 §2.3" },
  { "fivefold-2018-automatic", "fivefold --edition 2018", "1/2-1/2", 0, 0, -1, "9.6.1",
    "PRODUCT.md row 4; seed-002 9.6.1" },
  { "seventy-five-2023-automatic", "seventy-five --edition 2023", "1/2-1/2", 0, 0, -1, "9.6.2",
    "PRODUCT.md row 4" },
  /* late arrival */
  { "late-2001-one-hour", "late-arrival --edition 2001 --by black --late 59:59", NULL, 0, 0, -1,
    "6.7", "PRODUCT.md row 6; seed-003 6.7" },
  { "late-2009-zero", "late-arrival --edition 2009 --by black --late 1", "+/-", 0, 0, -1, "6.6a",
    "PRODUCT.md row 6; seed-000 6.6a" },
  { "late-2009-norway", "late-arrival --edition 2009 --national no --by black --late 59:00", NULL,
    0, 0, -1, "6.6 (NSF)", "PRODUCT.md row 6; seed-001 l.297-299" },
  { "late-2018-event-default",
    "late-arrival --edition 2018 --default-time 30:00 --by white --late 30:01", "-/+", 0, 0, -1,
    "6.7.1", "PRODUCT.md row 6; seed-002 6.7.1" },
  /* quickplay finish */
  { "quickplay-2009-reject",
    "quickplay-claim --edition 2009 --category standard --by white --remaining 1:30 --verdict reject",
    NULL, 0, 120, -1, "10.2c", "PRODUCT.md row 7; seed-001 10.2c" },
  { "quickplay-2018-guidelines",
    "quickplay-claim --edition 2018 --time-control 90+0 --guidelines --by white --remaining 1:30 --verdict draw",
    "1/2-1/2", 0, 0, -1, "G.5.1", "PRODUCT.md row 7; seed-002 G.5.1" },
  { "quickplay-2023-guidelines",
    "quickplay-claim --edition 2023 --time-control 90+0 --guidelines --by black --remaining 0:50 --verdict reject",
    NULL, 120, 0, -1, "III.5.3", "PRODUCT.md row 7: Guidelines III" },
  /* adjournment */
  { "seal-2001-appendix-a",
    "sealed-move --edition 2001 --by white --move Kg2 --white-used 2:00:00 --black-used 1:55:00",
    NULL, 0, 0, -1, "A2", "PRODUCT.md row 8; seed-003 A2" },
  { "seal-2009-guidelines", "sealed-move --edition 2009 --by white --move Kg2", NULL, 0, 0, -1,
    "Guidelines 2", "PRODUCT.md row 8; seed-000 Guidelines 2" },
  { "seal-2018-appendix-e", "sealed-move --edition 2018 --by white --move Kg2 --session-left 5:00",
    NULL, -300, 0, -1, "E.1.2", "PRODUCT.md row 8; seed-002 E.1.2" },
  { "seal-2023-guidelines-i", "sealed-move --edition 2023 --by white --move Kg2", NULL, 0, 0, -1,
    "I.2", "PRODUCT.md row 8" },
  /* resignation */
  { "resign-2018-loses", "resign --edition 2018 --by white --opponent-cannot-mate yes", "0-1", 0, 0,
    -1, "5.1.2", "seed-002 5.1.2" },
  { "resign-2023-draw", "resign --edition 2023 --by white --opponent-cannot-mate yes", "1/2-1/2", 0,
    0, -1, "5.1.2", "PRODUCT.md: 2023 5.1.2" },
  /* penalties */
  { "penalty-2018-declare-lost",
    "penalties --edition 2018 --penalty declare-lost --by black --opponent-score 2", "1-0", 0, 0,
    -1, "12.9.6", "PRODUCT.md row 9; seed-002 12.9.6" },
};

/* Runs "arbiter-cli rule ARGS EXTRA", split as a shell would split it;
 * returns standard output and sets the exit status, standard error in
 * ERR_OUT when not NULL. */
static char *
run_cli (const char *args, const char *extra, int *status, char **err_out)
{
  g_autofree char *command = g_strdup_printf ("rule %s %s", args, extra);
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (ArbTestCliRun) run = { NULL, NULL, -1 };

  g_assert_true (g_shell_parse_argv (command, NULL, &argv, &error));
  g_assert_no_error (error);
  g_assert_true (arb_test_cli (&run, NULL, NULL, (const char *const *) argv));
  if (*run.err != '\0')
    g_test_message ("stderr: %s", run.err);
  *status = run.status;
  if (err_out != NULL)
    *err_out = g_steal_pointer (&run.err);
  return g_steal_pointer (&run.out);
}

static void
test_case (gconstpointer data)
{
  const CliCase *c = data;
  int status = -1;
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonNode *node;
  JsonNode *clock;
  gint64 value = 0;
  gboolean found = FALSE;

  if (arb_test_skip_without_cli ())
    return;
  g_test_message ("source: %s", c->source);
  out = run_cli (c->args, "--json", &status, NULL);
  g_assert_cmpint (status, ==, 0);
  root = json_from_string (out, &error);
  g_assert_no_error (error);

  node = member (root, "result");
  g_assert_nonnull (node);
  if (c->result == NULL)
    g_assert_true (JSON_NODE_HOLDS_NULL (node));
  else
    {
      g_assert_true (json_node_get_value_type (node) == G_TYPE_STRING);
      g_assert_cmpstr (json_node_get_string (node), ==, c->result);
    }

  clock = member (root, "clock");
  g_assert_true (get_int (clock, "white", &value));
  g_assert_cmpint (value, ==, c->white_s);
  g_assert_true (get_int (clock, "black", &value));
  g_assert_cmpint (value, ==, c->black_s);

  node = member (root, "restore_ply");
  g_assert_nonnull (node);
  if (c->restore_ply < 0)
    g_assert_true (JSON_NODE_HOLDS_NULL (node));
  else
    {
      g_assert_true (json_node_get_value_type (node) == G_TYPE_INT64);
      g_assert_cmpint (json_node_get_int (node), ==, c->restore_ply);
    }

  node = member (root, "articles");
  g_assert_nonnull (node);
  for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
    if (g_strcmp0 (json_array_get_string_element (json_node_get_array (node), i), c->article) == 0)
      found = TRUE;
  if (!found)
    g_error ("article %s not in: %s", c->article, out);
  g_assert_true (member (root, "explanation") != NULL);
}

/* A game where the start position comes back: after 4...Ng8 it stands for
 * the third time (plies 0, 4, 8). Hand-counted. */
static const char repetition_pgn[] =
  "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
  "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n";

static void
test_threefold_from_pgn (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (arb_test_skip_without_cli ())
    return;
  path = arb_test_temp_write (temp, "repetition.pgn", repetition_pgn);

  {
    /* 9.2.1.2: at ply 8 White has the move and the position is there for
     * the third time: correct. */
    g_autofree char *args = g_strdup_printf (
      "claim-threefold --edition 2018 --category standard --pgn '%s' --json", path);
    int status;
    g_autofree char *out = run_cli (args, "", &status, NULL);
    g_autoptr (JsonNode) root = json_from_string (out, &error);
    const char *result = NULL;

    g_assert_no_error (error);
    g_assert_true (get_string (root, "result", &result));
    g_assert_cmpstr (result, ==, "1/2-1/2");
  }
  {
    /* At ply 6 it has appeared twice only: incorrect, White +2 min for
     * Black... here Black has the move at ply 7; at ply 6 White does. */
    g_autofree char *args = g_strdup_printf (
      "claim-threefold --edition 2018 --category standard --pgn '%s' --ply 6 --json", path);
    int status;
    g_autofree char *out = run_cli (args, "", &status, NULL);
    g_autoptr (JsonNode) root = json_from_string (out, &error);
    JsonNode *clock;
    gint64 black = 0;

    g_assert_no_error (error);
    g_assert_true (JSON_NODE_HOLDS_NULL (member (root, "result")));
    clock = member (root, "clock");
    g_assert_true (get_int (clock, "black", &black));
    g_assert_cmpint (black, ==, 120);
  }
  {
    /* A written move that is not legal (a king move to a square it
     * cannot reach): the claim is ruled incorrect (9.5.3), and the move
     * is not to be played; before, the command refused to rule. */
    g_autofree char *args = g_strdup_printf (
      "claim-threefold --edition 2018 --category standard --pgn '%s' --ply 6 --move Ke4 --json",
      path);
    int status;
    g_autofree char *out = run_cli (args, "", &status, NULL);
    g_autoptr (JsonNode) root = NULL;
    const char *decision = NULL;

    g_assert_cmpint (status, ==, 0);
    root = json_from_string (out, &error);
    g_assert_no_error (error);
    g_assert_true (get_string (root, "decision", &decision));
    g_assert_cmpstr (decision, ==, "claim-rejected");
    g_assert_nonnull (strstr (out, "\"4.3\""));
    g_assert_nonnull (strstr (out, "written-move-illegal"));
    g_assert_null (strstr (out, "play-written-move"));
  }
  {
    /* 9.2.1.1: at ply 7 Black writes Ng8, which brings the start position
     * for the third time: correct. */
    g_autofree char *args = g_strdup_printf (
      "claim-threefold --edition 2018 --category standard --pgn '%s' --ply 7 --move Ng8 --json",
      path);
    int status;
    g_autofree char *out = run_cli (args, "", &status, NULL);
    g_autoptr (JsonNode) root = json_from_string (out, &error);
    const char *result = NULL;

    g_assert_no_error (error);
    g_assert_true (get_string (root, "result", &result));
    g_assert_cmpstr (result, ==, "1/2-1/2");
  }
  {
    /* The same written move in Swedish letters (S for the knight). */
    g_autofree char *args = g_strdup_printf (
      "claim-threefold --edition 2018 --category standard --pgn '%s' --ply 7 --move Sg8 --json",
      path);
    int status;
    g_autofree char *out = run_cli (args, "", &status, NULL);
    g_autoptr (JsonNode) root = json_from_string (out, &error);
    const char *result = NULL;

    g_assert_no_error (error);
    g_assert_true (get_string (root, "result", &result));
    g_assert_cmpstr (result, ==, "1/2-1/2");
  }
}

/* Issue "rulings an arbiter can trust", item 1: a sealed move is judged by
 * its meaning, in the letters the player writes. After 1. e4 e5 each of
 * these is one legal move of White; only the last two lose. */
/* A 2018 event's Guidelines: the Swedish text numbers them E and G, the
 * English one I and III. An English reader reads the English number
 * first (2018 E.1.2 is I.1.2 of the English text); a Swedish reader the
 * Swedish one, with the English beside it. */
static void
test_article_numbers_for_the_reader (void)
{
  const char *args = "sealed-move --edition 2018 --by white --move Kg2 --session-left 5:00";
  g_autofree char *english = NULL;
  g_autofree char *swedish = NULL;
  int status = -1;

  if (arb_test_skip_without_cli ())
    return;
  english = run_cli (args, "", &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_test_message ("%s", english);
  g_assert_nonnull (strstr (english, "  I.1.2 (E.1.2 in the Swedish text)"));
  g_assert_null (strstr (english, "(English "));

  g_setenv ("LANGUAGE", "sv", TRUE);
  swedish = run_cli (args, "", &status, NULL);
  g_setenv ("LANGUAGE", "", TRUE);
  g_assert_cmpint (status, ==, 0);
  g_test_message ("%s", swedish);
  g_assert_nonnull (strstr (swedish, "  E.1.2 (engelska I.1.2)"));
}

static void
test_sealed_move_notations (void)
{
  static const struct
  {
    const char *move;
    const char *decision;
  } notations[] = {
    { "Dh5", "resumed" },    /* Swedish / Dutch queen */
    { "Qd1-h5", "resumed" }, /* long notation */
    { "Dd1:h5", "resumed" }, /* long, with a colon */
    { "Se2", "resumed" },    /* Swedish knight */
    { "Pe2", "resumed" },    /* Dutch knight (no pawn can go to e2) */
    { "Le2", "resumed" },    /* Scandinavian bishop */
    { "e2-e4", "loss" },     /* the square is taken: illegal */
    { "hello", "loss" },     /* not a move at all */
  };

  if (arb_test_skip_without_cli ())
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (notations); i++)
    {
      g_autofree char *args = g_strdup_printf (
        "resume --edition 2023 --fen 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' "
        "--by white --move '%s' --json",
        notations[i].move);
      int status = -1;
      g_autofree char *out = run_cli (args, "", &status, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonNode) root = json_from_string (out, &error);
      const char *decision = NULL;

      g_test_message ("%s", notations[i].move);
      g_assert_no_error (error);
      g_assert_true (get_string (root, "decision", &decision));
      g_assert_cmpstr (decision, ==, notations[i].decision);
    }
}

/* The facts a ruling takes from the record ("the record is the truth",
 * findings 2): the end of the game, the side to move and the counts for
 * 9.2, 9.3 and 9.6 come from the moves or the FEN, and a fact the record
 * contradicts is refused, naming the ply and the article. Articles are the
 * 2018/2023 numbers; plies are counted by hand. */
typedef struct
{
  const char *name;
  const char *pgn; /* written to a file for %s in args; NULL for none */
  const char *args;
  gboolean ok;          /* exit status 0 and a ruling on standard output */
  const char *result;   /* with ok: the result of the ruling, NULL for none */
  const char *needs[3]; /* without ok: what standard error names */
} RecordCase;

/* 1.f3 e5 2.g4 Qh4#: Black mates at ply 4 (5.1.1). */
static const char mate_pgn[] = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
/* The knights out and back ten moves: the start position stands for the
 * fifth time at ply 16 (9.6.1), for the fourth at ply 12. */
static const char fivefold_pgn[] =
  "[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
  "7. Nf3 Nf6 8. Ng1 Ng8 9. Nf3 Nf6 10. Ng1 Ng8 *\n";

static const RecordCase record_cases[] = {
  { "flag-after-mate",
    mate_pgn,
    "flag --edition 2023 --pgn '%s' --by black",
    FALSE,
    NULL,
    { "ply 4", "checkmate", "5.1.1" } },
  { "fifty-after-fivefold",
    fivefold_pgn,
    "claim-fifty --edition 2023 --pgn '%s'",
    FALSE,
    NULL,
    { "ply 16", "fivefold", "9.6.1" } },
  { "threefold-after-fivefold",
    fivefold_pgn,
    "claim-threefold --edition 2023 --pgn '%s'",
    FALSE,
    NULL,
    { "ply 16", "9.6.1", NULL } },
  { "flag-after-fivefold",
    fivefold_pgn,
    "flag --edition 2023 --pgn '%s' --by white",
    FALSE,
    NULL,
    { "ply 16", "9.6.1", NULL } },
  /* Black to move has no move and is not in check: the stalemate ended the
   * game before any flag could fall. */
  { "flag-on-stalemate",
    NULL,
    "flag --edition 2023 --fen '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'",
    FALSE,
    NULL,
    { "stalemate", "5.2.1", NULL } },
  { "seventy-five-not-met",
    NULL,
    "seventy-five --edition 2023 --fen '8/5k2/8/3r4/8/2R5/4K3/4B3 w - - 10 80'",
    FALSE,
    NULL,
    { "10 half-moves", "9.6.2", NULL } },
  { "seventy-five-met",
    NULL,
    "seventy-five --edition 2023 --fen '8/5k2/8/3r4/8/2R5/4K3/4B3 w - - 150 80'",
    TRUE,
    "1/2-1/2",
    { NULL } },
  { "fivefold-not-met",
    fivefold_pgn,
    "fivefold --edition 2023 --pgn '%s' --ply 12",
    FALSE,
    NULL,
    { "ply 12", "4 times", "9.6.1" } },
  { "fivefold-met",
    fivefold_pgn,
    "fivefold --edition 2023 --pgn '%s' --ply 16",
    TRUE,
    "1/2-1/2",
    { NULL } },
  /* At ply 3 (after 2.Ng1) Black has the move. */
  { "claim-by-contradicted",
    fivefold_pgn,
    "claim-threefold --edition 2023 --pgn '%s' --ply 3 --by white",
    FALSE,
    NULL,
    { "--by white", "ply 3", "9.2" } },
  { "flag-by-contradicted",
    fivefold_pgn,
    "flag --edition 2023 --pgn '%s' --ply 3 --by white",
    FALSE,
    NULL,
    { "--by white", "ply 3", NULL } },
  /* 9.3.2 from the FEN's half-move clock alone. */
  { "fifty-from-fen",
    NULL,
    "claim-fifty --edition 2023 --fen '8/5k2/8/3r4/8/2R5/4K3/4B3 w - - 100 80'",
    TRUE,
    "1/2-1/2",
    { NULL } },
  { "fifty-from-fen-short",
    NULL,
    "claim-fifty --edition 2023 --fen '8/5k2/8/3r4/8/2R5/4K3/4B3 w - - 20 80'",
    TRUE,
    NULL,
    { NULL } },
};

static void
test_record_case (ArbTestTemp *temp, gconstpointer data)
{
  const RecordCase *c = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *args = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = -1;

  if (arb_test_skip_without_cli ())
    return;
  if (c->pgn != NULL)
    path = arb_test_temp_write (temp, "game.pgn", c->pgn);
  {
    GString *text = g_string_new (c->args);

    if (path != NULL)
      g_string_replace (text, "%s", path, 1);
    args = g_string_free (text, FALSE);
  }
  out = run_cli (args, "--json", &status, &err);

  if (!c->ok)
    {
      g_assert_cmpint (status, !=, 0);
      g_assert_cmpstr (out, ==, "");
      for (gsize i = 0; i < G_N_ELEMENTS (c->needs) && c->needs[i] != NULL; i++)
        if (strstr (err, c->needs[i]) == NULL)
          g_error ("“%s” not in: %s", c->needs[i], err);
      return;
    }
  g_assert_cmpint (status, ==, 0);
  {
    g_autoptr (JsonNode) root = json_from_string (out, &error);
    const char *result = NULL;

    g_assert_no_error (error);
    if (c->result == NULL)
      g_assert_true (JSON_NODE_HOLDS_NULL (member (root, "result")));
    else
      {
        g_assert_true (get_string (root, "result", &result));
        g_assert_cmpstr (result, ==, c->result);
      }
  }
}

static void
test_bad_usage (void)
{
  static const char *const bad[] = {
    "illegal-move --edition 2010 --by white",
    "illegal-move --by white",
    "no-such-kind --edition 2018",
    "late-arrival --edition 2018 --by white --late 1:99",
    "penalties --edition 2018 --penalty declare-lost --by white --current 3/4-1/4",
    /* 2023 12.9.6: the opponent's score is the arbiter's, never assumed. */
    "penalties --edition 2023 --penalty declare-lost --by white",
    "claim-threefold --edition 2018 --by white",
  };

  if (arb_test_skip_without_cli ())
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      int status = 0;
      g_autofree char *out = run_cli (bad[i], "--json", &status, NULL);

      g_assert_cmpint (status, !=, 0);
      g_assert_cmpstr (out, ==, "");
    }
}

static void
test_help (void)
{
  int status = -1;
  g_autofree char *out = NULL;

  if (arb_test_skip_without_cli ())
    return;
  out = run_cli ("--help", "", &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "--edition YEAR"));
  g_assert_nonnull (strstr (out, "restore_ply"));
}

/* PRODUCT.md row 5: rapid/blitz limits (base + 60 × increment). */
static void
test_categories (void)
{
  static const struct
  {
    const char *edition;
    const char *tc;
    const char *category;
  } tc_cases[] = {
    { "2001", "14", "blitz" },  { "2001", "15", "rapid" },    /* seed-003 B1, C1 */
    { "2001", "60", "rapid" },  { "2009", "60", "standard" }, /* seed-000 A1 */
    { "2009", "14", "blitz" },  { "2009", "10+5", "rapid" },  /* seed-001 A1, B1 */
    { "2018", "10", "blitz" },  { "2018", "10+1", "rapid" },  /* seed-002 A.1, B.1 */
    { "2018", "59", "rapid" },  { "2018", "60", "standard" },
    { "2023", "3+2", "blitz" }, { "2023", "90+30", "standard" },
  };

  if (arb_test_skip_without_cli ())
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (tc_cases); i++)
    {
      g_autofree char *args = g_strdup_printf ("resign --edition %s --time-control %s --by white",
                                               tc_cases[i].edition, tc_cases[i].tc);
      int status = -1;
      g_autofree char *out = run_cli (args, "--json", &status, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonNode) root = json_from_string (out, &error);
      const char *category = NULL;

      g_assert_no_error (error);
      g_assert_true (get_string (root, "category", &category));
      g_test_message ("%s %s", tc_cases[i].edition, tc_cases[i].tc);
      g_assert_cmpstr (category, ==, tc_cases[i].category);
    }
}

static void
test_penalty_list (void)
{
  int status = -1;
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = NULL;

  if (arb_test_skip_without_cli ())
    return;
  /* PRODUCT.md row 9: 2009 has seven (13.4), 2018 nine (12.9). */
  out = run_cli ("penalties --edition 2009", "--json", &status, NULL);
  root = json_from_string (out, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (member (root, "penalties"))), ==,
                    7);
  g_clear_pointer (&root, json_node_unref);
  g_free (out);
  out = run_cli ("penalties --edition 2018", "--json", &status, NULL);
  root = json_from_string (out, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (member (root, "penalties"))), ==,
                    9);
}

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

/* --desk: the ruling is applied on the chief's desk (arbiter-cli
 * serve-team) to the game named, with the deputy as its arbiter; made for
 * a position the game no longer has, it is refused with the reason. */
static void
test_desk (void)
{
  g_autofree char *path = NULL;
  g_autofree char *token = NULL;
  g_autofree char *line = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) server = NULL;
  g_autoptr (GDataInputStream) stream = NULL;
  g_autoptr (GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr (GPtrArray) rulings = NULL;
  const char *prefix = "Serving the arbiters' team on ";
  gint64 game;
  int status = -1;

  if (g_getenv ("ARBITER_CLI") == NULL)
    {
      g_test_skip ("ARBITER_CLI is not set");
      return;
    }
  {
    g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
    gint64 white = arb_test_add_player (t, 1, "Jansen, Pieter");
    gint64 black = arb_test_add_player (t, 2, "Öberg, Nils");

    game = arb_test_add_game (t, 1, 1, white, black, ARB_RESULT_ONGOING);
    g_assert_true (
      arb_tournament_add_arbiter (t, "Deputy, Dora", ARB_TEAM_ROLE_DEPUTY, "", &token, &error));
    g_assert_no_error (error);
  }
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  server = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("ARBITER_CLI"), "serve-team",
                                        path, "--port", "0", NULL);
  g_assert_no_error (error);
  stream = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  line = g_data_input_stream_read_line_utf8 (stream, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (line, prefix));
  {
    const char *late[] = { "rule",    "resign", "--edition", "2023",   "--by",
                           "white",   "--ply",  "6",         "--desk", line + strlen (prefix),
                           "--token", token,    "--round",   "1",      "--board",
                           "1",       NULL };
    const char *now[] = { "rule",      "resign",
                          "--edition", "2023",
                          "--by",      "white",
                          "--ply",     "0",
                          "--desk",    line + strlen (prefix),
                          "--token",   token,
                          "--round",   "1",
                          "--board",   "1",
                          "--note",    "stopped the clocks and offered his hand",
                          NULL };

    out = arb_test_run_cli (late, "", &status, &err);
    g_test_message ("%s%s", out, err);
    g_assert_cmpint (status, ==, 1);
    g_assert_nonnull (strstr (err, "the ruling was made at ply 6"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    out = arb_test_run_cli (now, "", &status, &err);
    g_test_message ("%s%s", out, err);
    g_assert_cmpint (status, ==, 0);
    g_assert_nonnull (strstr (out, "Applied on the chief's desk: round 1 board 1"));
  }
  g_subprocess_send_signal (server, SIGTERM);
  g_subprocess_wait (server, NULL, NULL);
  {
    g_autoptr (ArbTournament) t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
    g_autoptr (ArbGameInfo) info = arb_tournament_get_game (t, game, &error);

    g_assert_no_error (error);
    g_assert_cmpint (info->result, ==, ARB_RESULT_BLACK_WINS);
    rulings = arb_tournament_list_rulings (t, game, &error);
    g_assert_cmpuint (rulings->len, ==, 1);
    g_assert_nonnull (strstr (((ArbRulingRecord *) rulings->pdata[0])->payload, "Deputy, Dora"));
    g_assert_cmpstr (((ArbRulingRecord *) rulings->pdata[0])->note, ==,
                     "stopped the clocks and offered his hand");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/rule/%s", cases[i].path);
      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add ("/cli/rule/threefold-from-pgn", ArbTestTemp, NULL, arb_test_temp_setup,
              test_threefold_from_pgn, arb_test_temp_teardown);
  for (gsize i = 0; i < G_N_ELEMENTS (record_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/rule/record-%s", record_cases[i].name);
      g_test_add (path, ArbTestTemp, &record_cases[i], arb_test_temp_setup, test_record_case,
                  arb_test_temp_teardown);
    }
  g_test_add_func ("/cli/rule/sealed-move-notations", test_sealed_move_notations);
  g_test_add_func ("/cli/rule/article-numbers-for-the-reader", test_article_numbers_for_the_reader);
  g_test_add_func ("/cli/rule/bad-usage", test_bad_usage);
  g_test_add_func ("/cli/rule/help", test_help);
  g_test_add_func ("/cli/rule/penalty-list", test_penalty_list);
  g_test_add_func ("/cli/rule/categories", test_categories);
  g_test_add_func ("/cli/rule/desk", test_desk);

  return g_test_run ();
}
