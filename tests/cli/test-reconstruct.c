/* test-reconstruct.c: arbiter-cli reconstruct, its text and JSON contracts
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-test-utils.h"

/* White's sheet in Swedish letters, with 12...Te7 for Re8. */
static const char *const white_sheet =
  "1. e4 e5\n2. Sf3 Sc6\n3. Lb5 a6\n4. La4 Sf6\n5. 0-0 Le7\n6. Te1 b5\n7. Lb3 d6\n"
  "8. c3 0-0\n9. h3 Sb8\n10. d4 Sbd7\n11. Sbd2 Lb7\n12. Lc2 Te7\n";
/* Black's sheet in Dutch letters, with 7. Lc3 for Bb3 and 9. h3 never written. */
static const char *const black_sheet =
  "1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 4. La4 Pf6 5. O-O Le7 6. Te1 b5 7. Lc3 d6 8. c3 O-O "
  "9. Pb8 d4 10. Pbd7 Pbd2 11. Lb7 Lc2 12. Te8";

static const char *const breyer[] = {
  "e4",  "e5", "Nf3", "Nc6", "Bb5", "a6",  "Ba4", "Nf6",  "O-O",  "Be7", "Re1", "b5",
  "Bb3", "d6", "c3",  "O-O", "h3",  "Nb8", "d4",  "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8",
};

static JsonObject *
parse_object (const char *text, JsonParser **parser)
{
  g_autoptr (GError) error = NULL;

  *parser = json_parser_new ();
  json_parser_load_from_data (*parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (*parser)));
  return json_node_get_object (json_parser_get_root (*parser));
}

static void
assert_moves (JsonArray *moves)
{
  g_assert_cmpuint (json_array_get_length (moves), ==, G_N_ELEMENTS (breyer));
  for (guint i = 0; i < G_N_ELEMENTS (breyer); i++)
    g_assert_cmpstr (json_array_get_string_element (moves, i), ==, breyer[i]);
}

static void
test_text (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = arb_test_temp_write (temp, "white.txt", white_sheet);
  const char *args[] = { "reconstruct", path, NULL };
  int status = -1;
  g_autofree char *out = arb_test_run_cli (args, "", &status, NULL);

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  /* PGN, with the correction in a comment after its move. */
  g_assert_nonnull (strstr (out, "[Result \"*\"]"));
  g_assert_nonnull (strstr (out, "10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 {sheet: \"Te7\" read as"));
  g_assert_nonnull (strstr (out, "1 correction (cost 8):\n"));
  g_assert_nonnull (strstr (out, "  ply 24 (12...): sheet: \"Te7\" read as Re8 (square)\n"));
}

static void
test_json (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = arb_test_temp_write (temp, "white.txt", white_sheet);
  const char *args[] = { "reconstruct", "--lang", "sv", path, "--json", NULL };
  int status = -1;
  g_autofree char *out = arb_test_run_cli (args, "", &status, NULL);
  g_autoptr (JsonParser) parser = NULL;
  JsonObject *root;
  JsonArray *corrections;
  JsonObject *c;

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  root = parse_object (out, &parser);
  assert_moves (json_object_get_array_member (root, "moves"));
  corrections = json_object_get_array_member (root, "corrections");
  g_assert_cmpuint (json_array_get_length (corrections), ==, 1);
  c = json_array_get_object_element (corrections, 0);
  g_assert_cmpint (json_object_get_int_member (c, "ply"), ==, 24);
  g_assert_cmpstr (json_object_get_string_member (c, "written"), ==, "Te7");
  g_assert_cmpstr (json_object_get_string_member (c, "read"), ==, "Re8");
  g_assert_cmpstr (json_object_get_string_member (c, "kind"), ==, "square");
  g_assert_cmpint (json_object_get_int_member (c, "line"), ==, 12);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "alternatives")));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (root, "pgn"), "[Event \"?\"]"));
  g_assert_nonnull (strstr (json_object_get_string_member (root, "pgn"), "12. Bc2 Re8"));
  g_assert_cmpstr (json_object_get_string_member (root, "letters"), ==, "KDTLS");
}

static void
test_two_sheets (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *white = arb_test_temp_write (temp, "white.txt", white_sheet);
  g_autofree char *black = arb_test_temp_write (temp, "black.txt", black_sheet);
  const char *args[] = { "reconstruct", "--json", white, black, NULL };
  int status = -1;
  g_autofree char *out = arb_test_run_cli (args, "", &status, NULL);
  g_autoptr (JsonParser) parser = NULL;
  JsonObject *root;
  JsonArray *corrections;
  static const struct
  {
    int ply;
    int sheet;
    const char *written;
    const char *read;
    const char *kind;
  } expected[] = {
    { 13, 2, "Lc3", "Bb3", "square" },
    { 17, 2, "", "h3", "missing" },
    { 24, 1, "Te7", "Re8", "square" },
  };

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  root = parse_object (out, &parser);
  assert_moves (json_object_get_array_member (root, "moves"));
  corrections = json_object_get_array_member (root, "corrections");
  g_assert_cmpuint (json_array_get_length (corrections), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      JsonObject *c = json_array_get_object_element (corrections, i);

      g_assert_cmpint (json_object_get_int_member (c, "ply"), ==, expected[i].ply);
      g_assert_cmpint (json_object_get_int_member (c, "sheet"), ==, expected[i].sheet);
      g_assert_cmpstr (json_object_get_string_member (c, "written"), ==, expected[i].written);
      g_assert_cmpstr (json_object_get_string_member (c, "read"), ==, expected[i].read);
      g_assert_cmpstr (json_object_get_string_member (c, "kind"), ==, expected[i].kind);
    }
}

/* A set-up position from standard input. */
static void
test_fen_and_stdin (ArbTestTemp *temp, gconstpointer data)
{
  const char *args[] = {
    "reconstruct", "--fen", "8/5k2/8/8/8/8/r4PK1/4R3 b - - 0 40", "--json", "-", NULL,
  };
  int status = -1;
  g_autofree char *out =
    arb_test_run_cli (args, "40... Ta3 41. f4 Kf6 42. Kf2 Kf5 43. Te5+ Kf4\n", &status, NULL);
  g_autoptr (JsonParser) parser = NULL;
  JsonObject *root;
  JsonArray *moves;
  static const char *const expected[] = { "Ra3", "f4", "Kf6", "Kf2", "Kf5", "Re5+", "Kxf4" };

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  root = parse_object (out, &parser);
  moves = json_object_get_array_member (root, "moves");
  g_assert_cmpuint (json_array_get_length (moves), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (json_array_get_string_element (moves, i), ==, expected[i]);
  g_assert_nonnull (strstr (json_object_get_string_member (root, "pgn"), "[SetUp \"1\"]"));
  g_assert_nonnull (strstr (json_object_get_string_member (root, "pgn"), "40... Ra3 41. f4"));
}

/* No legal game: the first half-move where every reading fails, exit 1. */
static void
test_no_game (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path =
    arb_test_temp_write (temp, "bad.txt",
                         "1. e4 e5 2. Nf3 Nc6\n3. Kh8 Kh1 4. Ke8 Ke1 5. Qh7 Qa2 6. Rh8 Ra1\n"
                         "7. Kh8 Kh1 8. Ke8 Ke1 9. Qh7 Qa2 10. Rh8 Ra1\n");
  const char *args[] = { "reconstruct", path, NULL };
  const char *json_args[] = { "reconstruct", "--json", path, NULL };
  int status = -1;
  g_autofree char *err = NULL;
  g_autofree char *out = arb_test_run_cli (args, "", &status, &err);
  g_autofree char *json = NULL;
  g_autoptr (JsonParser) parser = NULL;
  JsonObject *error;

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "ply 5: no legal move fits 'Kh8' (line 2, column 4)"));

  json = arb_test_run_cli (json_args, "", &status, NULL);
  g_assert_cmpint (status, ==, 1);
  error = json_object_get_object_member (parse_object (json, &parser), "error");
  g_assert_cmpint (json_object_get_int_member (error, "ply"), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (error, "written"), ==, "Kh8");
  g_assert_cmpint (json_object_get_int_member (error, "line"), ==, 2);
}

static void
test_bad_input (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *empty = arb_test_temp_write (temp, "empty.txt", "\n\n   \n");
  g_autofree char *numbers = arb_test_temp_write (temp, "numbers.txt", "1.\n2.\n3.\n4. 5. 6.");
  const char *empty_args[] = { "reconstruct", empty, NULL };
  const char *number_args[] = { "reconstruct", numbers, NULL };
  const char *lang_args[] = { "reconstruct", "--lang", "fr", empty, NULL };
  const char *missing_args[] = { "reconstruct", NULL };
  int status = -1;
  g_autofree char *err = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *out = arb_test_run_cli (empty_args, "", &status, &err);
  g_autofree char *out2 = NULL;
  g_autofree char *out3 = NULL;
  g_autofree char *out4 = NULL;

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "the sheet has no moves"));
  out2 = arb_test_run_cli (number_args, "", &status, &err2);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err2, "the sheet has no moves"));
  out3 = arb_test_run_cli (lang_args, "", &status, NULL);
  g_assert_cmpint (status, ==, 2);
  out4 = arb_test_run_cli (missing_args, "", &status, NULL);
  g_assert_cmpint (status, ==, 2);
}

/* Two games at the same lowest cost: the text says the sheet does not
 * decide and gives both readings with their costs; JSON lists them. */
static void
test_undecided (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = arb_test_temp_write (temp, "tie.txt", "1. d4 Sf6\n2. Lg4 e6\n");
  g_autofree char *clear =
    arb_test_temp_write (temp, "clear.txt", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n");
  const char *args[] = { "reconstruct", path, NULL };
  const char *json_args[] = { "reconstruct", "--json", path, NULL };
  const char *clear_args[] = { "reconstruct", "--json", clear, NULL };
  int status = -1;
  g_autofree char *out = arb_test_run_cli (args, "", &status, NULL);
  g_autofree char *json = NULL;
  g_autofree char *json_clear = NULL;
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (JsonParser) parser_clear = NULL;
  JsonArray *undecided, *readings;
  JsonObject *tie;

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  g_assert_true (
    strstr (out, "Undecided between Bf4 and Bg5 at ply 3 (2.), both at cost 8") != NULL ||
    strstr (out, "Undecided between Bg5 and Bf4 at ply 3 (2.), both at cost 8") != NULL);
  g_assert_nonnull (strstr (out, "    Bf4: sheet: \"Lg4\" read as Bf4 (square) at 2., cost 8"));
  g_assert_nonnull (strstr (out, "    Bg5: sheet: \"Lg4\" read as Bg5 (square) at 2., cost 8"));

  json = arb_test_run_cli (json_args, "", &status, NULL);
  g_assert_cmpint (status, ==, 0);
  undecided = json_object_get_array_member (parse_object (json, &parser), "undecided");
  g_assert_cmpuint (json_array_get_length (undecided), >=, 1);
  tie = json_array_get_object_element (undecided, 0);
  g_assert_cmpint (json_object_get_int_member (tie, "ply"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (tie, "cost"), ==, 8);
  readings = json_object_get_array_member (tie, "readings");
  g_assert_cmpuint (json_array_get_length (readings), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *r = json_array_get_object_element (readings, i);
      const char *move = json_object_get_string_member (r, "move");

      g_assert_true (strcmp (move, "Bf4") == 0 || strcmp (move, "Bg5") == 0);
      g_assert_cmpint (json_object_get_int_member (r, "cost"), ==, 8);
    }

  json_clear = arb_test_run_cli (clear_args, "", &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      parse_object (json_clear, &parser_clear), "undecided")),
                    ==, 0);
}

/* A slip at move 4 or at move 5 explains the sheet equally well (the rook
 * cannot go from a3 to c4): each reading names the move it corrects, so
 * the one the player got wrong is shown, not only where the sheet
 * stopped making sense. */
static void
test_undecided_where (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *path = arb_test_temp_write (
    temp, "rook.txt", "1. a4 b5 2. axb5 c6 3. bxc6 Nxc6 4. Ra3 g6 5. Rc4 Bg7\n");
  const char *args[] = { "reconstruct", path, NULL };
  int status = -1;
  g_autofree char *out = arb_test_run_cli (args, "", &status, NULL);

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "at ply 7 (4.), both at cost 8"));
  g_assert_nonnull (strstr (out, "    Ra3: sheet: \"Rc4\" read as Rc3 (square) at 5., cost 8"));
  g_assert_nonnull (strstr (out, "    Ra4: sheet: \"Ra3\" read as Ra4 (square) at 4., cost 8"));
}

/* Two sheets that disagree at the same cost: each reading says which
 * sheet it follows. */
static void
test_undecided_two_sheets (ArbTestTemp *temp, gconstpointer data)
{
  g_autofree char *white =
    arb_test_temp_write (temp, "white.txt", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5\n");
  g_autofree char *black =
    arb_test_temp_write (temp, "black.txt", "1. e4 e5 2. Nc3 Nc6 3. Bc4 Bc5\n");
  const char *args[] = { "reconstruct", white, black, NULL };
  int status = -1;
  g_autofree char *out = arb_test_run_cli (args, "", &status, NULL);

  if (out == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "Undecided between "));
  g_assert_nonnull (strstr (out,
                            "    Nf3: sheet 2: \"Nc3\" read as Nf3 (square) at 2., cost 10; as "
                            "sheet 1 has it"));
  g_assert_nonnull (strstr (out,
                            "    Nc3: sheet 1: \"Nf3\" read as Nc3 (square) at 2., cost 10; as "
                            "sheet 2 has it"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/reconstruct/text", ArbTestTemp, NULL, arb_test_temp_setup, test_text,
              arb_test_temp_teardown);
  g_test_add ("/cli/reconstruct/json", ArbTestTemp, NULL, arb_test_temp_setup, test_json,
              arb_test_temp_teardown);
  g_test_add ("/cli/reconstruct/two-sheets", ArbTestTemp, NULL, arb_test_temp_setup,
              test_two_sheets, arb_test_temp_teardown);
  g_test_add ("/cli/reconstruct/fen-and-stdin", ArbTestTemp, NULL, arb_test_temp_setup,
              test_fen_and_stdin, arb_test_temp_teardown);
  g_test_add ("/cli/reconstruct/no-game", ArbTestTemp, NULL, arb_test_temp_setup, test_no_game,
              arb_test_temp_teardown);
  g_test_add ("/cli/reconstruct/bad-input", ArbTestTemp, NULL, arb_test_temp_setup, test_bad_input,
              arb_test_temp_teardown);
  g_test_add ("/cli/reconstruct/undecided", ArbTestTemp, NULL, arb_test_temp_setup, test_undecided,
              arb_test_temp_teardown);
  g_test_add ("/cli/reconstruct/undecided-two-sheets", ArbTestTemp, NULL, arb_test_temp_setup,
              test_undecided_two_sheets, arb_test_temp_teardown);
  g_test_add ("/cli/reconstruct/undecided-where", ArbTestTemp, NULL, arb_test_temp_setup,
              test_undecided_where, arb_test_temp_teardown);
  return g_test_run ();
}
