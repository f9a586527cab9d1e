/* test-scoresheet.c: scoresheets as players write them, read and rebuilt
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-san.h"
#include "arb-scoresheet-reader.h"
#include "arb-scoresheet-search.h"

/* A Ruy Lopez, Breyer variation, as the strict SAN of the export format. */
static const char *const breyer =
  "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 Nbd2 Bb7 Bc2 Re8";

/* The game rebuilt from @sheets as SAN separated by spaces; NULL with the
 * error set when there is none. */
static char *
rebuild (const char *fen,
         const char *const *texts,
         guint n,
         const char *language,
         ArbScoresheetResult **result_out,
         GError **error)
{
  ArbScoresheet *sheets[2] = { NULL, NULL };
  g_autoptr (ArbScoresheetResult) result = NULL;
  ArbPosition start;
  GString *out;
  ArbPosition pos;

  if (fen == NULL)
    arb_position_set_start (&start);
  else if (!arb_position_set_fen (&start, fen, ARB_FEN_FLAGS_NONE, NULL))
    {
      g_assert_true (arb_position_set_fen (&start, fen, ARB_FEN_CHESS960, NULL));
      start.chess960 = true;
    }
  for (guint k = 0; k < n; k++)
    {
      sheets[k] = arb_scoresheet_read (texts[k], -1, language, error);
      if (sheets[k] == NULL)
        {
          arb_scoresheet_free (sheets[0]);
          return NULL;
        }
    }
  result = arb_scoresheet_search (&start, sheets, n, NULL, NULL, error);
  for (guint k = 0; k < n; k++)
    arb_scoresheet_free (sheets[k]);
  if (result == NULL)
    return NULL;
  out = g_string_new (NULL);
  pos = start;
  for (guint i = 0; i < result->best->moves->len; i++)
    {
      ArbMove move = g_array_index (result->best->moves, ArbMove, i);
      char san[ARB_SAN_MAX];
      ArbUndo undo;

      arb_san_write (&pos, move, san);
      g_string_append_printf (out, "%s%s", i > 0 ? " " : "", san);
      arb_position_make_move (&pos, move, &undo);
    }
  if (result_out != NULL)
    *result_out = g_steal_pointer (&result);
  return g_string_free (out, FALSE);
}

static char *
rebuild_one (const char *fen, const char *text, const char *language, ArbScoresheetResult **result)
{
  g_autoptr (GError) error = NULL;
  const char *texts[1] = { text };
  char *game = rebuild (fen, texts, 1, language, result, &error);

  g_assert_no_error (error);
  return game;
}

/* Every form players write, each sheet the same game without a mistake:
 * no correction, whatever the language and the layout. */
static void
test_forms (void)
{
  static const struct
  {
    const char *language;
    const char *text;
  } sheets[] = {
    /* English, clean */
    { "en", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
            "9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8" },
    /* Swedish letters, one pair per line, castling with zeros */
    { "sv", "1. e4 e5\n2. Sf3 Sc6\n3. Lb5 a6\n4. La4 Sf6\n5. 0-0 Le7\n6. Te1 b5\n7. Lb3 d6\n"
            "8. c3 0-0\n9. h3 Sb8\n10. d4 Sbd7\n11. Sbd2 Lb7\n12. Lc2 Te8\n" },
    /* Norwegian, no move numbers, long algebraic and colons */
    { "nb", "e2-e4 e7-e5 Sg1-f3 Sb8-c6 Lf1-b5 a7-a6 Lb5-a4 Sg8-f6 00 Lf8-e7 Tf1-e1 b7-b5 "
            "La4-b3 d7-d6 c2-c3 00 h2-h3 Sc6-b8 d2-d4 Sb8-d7 Sb1-d2 Lc8-b7 Lb3-c2 Tf8-e8" },
    /* Danish, numbers without dots, o-o */
    { "da", "1 e4 e5\n2 Sf3 Sc6\n3 Lb5 a6\n4 La4 Sf6\n5 o-o Le7\n6 Te1 b5\n7 Lb3 d6\n8 c3 o-o\n"
            "9 h3 Sb8\n10 d4 Sbd7\n11 Sbd2 Lb7\n12 Lc2 Te8" },
    /* German (K D T L S), annotations, times and a draw offer beside moves */
    { "de", "1. e4 e5 2. Sf3 Sc6 3. Lb5! a6 4. La4 Sf6 0:12 5. O-O Le7 6. Te1 b5 7. Lb3 d6?! "
            "8. c3 O-O 9. h3 Sb8 (1:05) 10. d4 Sbd7 11. Sbd2 Lb7 12. Lc2 (=) Te8" },
    /* Dutch (K D T L P), moves numbered wrong and twice */
    { "nl", "1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 3. La4 Pf6 5. O-O Le7 6. Te1 b5 8. Lb3 d6 8. c3 O-O "
            "9. h3 Pb8 10. d4 Pbd7 11. Pbd2 Lb7 12. Lc2 Te8" },
    /* A Dutch player writing N once, told from the sheet (auto) */
    { "auto", "1. e4 e5 2. Pf3 Nc6 3. Lb5 a6 4. La4 Pf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O "
              "9. h3 Pb8 10. d4 Pbd7 11. Pbd2 Lb7 12. Lc2 Te8" },
    /* Figurines, one move per line with "12..." for Black */
    { "auto", "1. e4\n1... e5\n2. ♘f3\n2... ♞c6\n3. ♗b5\n3... a6\n4. ♗a4\n4... ♞f6\n5. O-O\n"
              "5... ♝e7\n6. ♖e1\n6... b5\n7. ♗b3\n7... d6\n8. c3\n8... O-O\n9. h3\n9... ♞b8\n"
              "10. d4\n10... ♞bd7\n11. ♘bd2\n11... ♝b7\n12. ♗c2\n12... ♜e8\n" },
    /* Castling with zeros glued to its move number, as players write it
     * ("5.0-0", "8...0-0", with a check mark or a note), in each language */
    { "sv", "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.0-0 Le7 6.Te1 b5 7.Lb3 d6 8.c3 0-0 "
            "9.h3 Sb8 10.d4 Sbd7 11.Sbd2 Lb7 12.Lc2 Te8" },
    { "nb", "1.e4 e5\n2.Sf3 Sc6\n3.Lb5 a6\n4.La4 Sf6\n5.0-0 Le7\n6.Te1 b5\n7.Lb3 d6\n"
            "8.c3\n8...0-0\n9.h3 Sb8\n10.d4 Sbd7\n11.Sbd2 Lb7\n12.Lc2 Te8\n" },
    { "da", "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.0-0! Le7 6.Te1 b5 7.Lb3 d6 8.c3 0-0 "
            "9.h3 Sb8 10.d4 Sbd7 11.Sbd2 Lb7 12.Lc2 Te8" },
    { "nl", "1.e4 e5 2.Pf3 Pc6 3.Lb5 a6 4.La4 Pf6 5.0-0 Le7 6.Te1 b5 7.Lb3 d6 8.c3 0-0 "
            "9.h3 Pb8 10.d4 Pbd7 11.Pbd2 Lb7 12.Lc2 Te8" },
    { "en", "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.0-0 Be7 6.Re1 b5 7.Bb3 d6 8.c3 0-0 "
            "9.h3 Nb8 10.d4 Nbd7 11.Nbd2 Bb7 12.Bc2 Re8" },
    /* Pasted PGN with tags and a comment */
    { "en", "[Event \"Club\"]\n[White \"A\"]\n\n1.e4 e5 2.Nf3 {the usual} Nc6 3.Bb5 a6 4.Ba4 Nf6 "
            "5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7 11.Nbd2 Bb7 12.Bc2 Re8 *" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      g_autoptr (ArbScoresheetResult) result = NULL;
      g_autofree char *game = rebuild_one (NULL, sheets[i].text, sheets[i].language, &result);

      g_test_message ("sheet %u (%s)", i, sheets[i].language);
      g_assert_cmpstr (game, ==, breyer);
      g_assert_cmpuint (result->best->corrections->len, ==, 0);
    }
}

/* Captures without x, with ":" or "×", pawn captures as "ed5" and "ed",
 * and promotions with and without "=". */
static void
test_captures_and_promotions (void)
{
  static const struct
  {
    const char *fen;
    const char *text;
    const char *game;
  } cases[] = {
    { NULL, "1. e4 d5 2. ed5 Dd5 3. Sc3 Da5", "e4 d5 exd5 Qxd5 Nc3 Qa5" },
    { NULL, "1. e4 d5 2. ed Dxd5 3. Sc3 Da5", "e4 d5 exd5 Qxd5 Nc3 Qa5" },
    { NULL, "1. e4 d5 2. e:d5 D:d5 3. Sc3 Da5", "e4 d5 exd5 Qxd5 Nc3 Qa5" },
    { NULL, "1. e4 d5 2. e4xd5 Dd8×d5 3. Sc3 Da5", "e4 d5 exd5 Qxd5 Nc3 Qa5" },
    { "8/1P5k/8/8/8/8/8/4K3 w - - 0 1", "1. b8D Kg6", "b8=Q Kg6" },
    { "8/1P5k/8/8/8/8/8/4K3 w - - 0 1", "1. b8=D Kg6", "b8=Q Kg6" },
    { "8/1P5k/8/8/8/8/8/4K3 w - - 0 1", "1. b8(D) Kg6", "b8=Q Kg6" },
    { "8/1P5k/8/8/8/8/8/4K3 w - - 0 1", "1. b8 Kg6", "b8=Q Kg6" },
    { "8/1P5k/8/8/8/8/8/4K3 w - - 0 1", "1. b7-b8S Kg6", "b8=N Kg6" },
    { "1r6/P7/7k/8/8/8/8/4K3 w - - 0 1", "1. ab8T Kh5", "axb8=R Kh5" },
    { "1r6/P7/7k/8/8/8/8/4K3 w - - 0 1", "1. a7:b8=D Kh5", "axb8=Q Kh5" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ArbScoresheetResult) result = NULL;
      g_autofree char *game = rebuild_one (cases[i].fen, cases[i].text, "auto", &result);

      g_test_message ("case %u: %s", i, cases[i].text);
      g_assert_cmpstr (game, ==, cases[i].game);
      g_assert_cmpuint (result->best->corrections->len, ==, 0);
    }
}

/* "Sd2" when both knights can go: the move after tells. */
static void
test_disambiguation_from_later_moves (void)
{
  g_autofree char *game = NULL;

  /* After 3...Nc6 the knight on f3 must still be there to go to g5. */
  game = rebuild_one (NULL, "1. Sf3 d5 2. d3 e5 3. Sd2 Sc6 4. Sg5 f6", "sv", NULL);
  g_assert_cmpstr (game, ==, "Nf3 d5 d3 e5 Nbd2 Nc6 Ng5 f6");
  g_clear_pointer (&game, g_free);
  /* Here the one from f3 went: the one on b1 goes to c3 next. */
  game = rebuild_one (NULL, "1. Sf3 d5 2. d3 e5 3. Sd2 Sc6 4. Sc3 f6", "sv", NULL);
  g_assert_cmpstr (game, ==, "Nf3 d5 d3 e5 Nfd2 Nc6 Nc3 f6");
}

typedef struct
{
  guint ply;
  const char *kind;
  const char *written;
  const char *read;
} Expected;

static void
assert_corrections (const ArbScoresheetResult *result, const Expected *expected, guint n)
{
  GArray *corrections = result->best->corrections;

  for (guint i = 0; i < corrections->len; i++)
    {
      const ArbScoresheetCorrection *c = &g_array_index (corrections, ArbScoresheetCorrection, i);

      g_test_message ("correction: ply %u %s '%s' -> %s", c->ply,
                      arb_scoresheet_correction_kind_to_string (c->kind), c->written, c->read);
    }
  g_assert_cmpuint (corrections->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const ArbScoresheetCorrection *c = &g_array_index (corrections, ArbScoresheetCorrection, i);

      g_assert_cmpuint (c->ply, ==, expected[i].ply);
      g_assert_cmpstr (arb_scoresheet_correction_kind_to_string (c->kind), ==, expected[i].kind);
      g_assert_cmpstr (c->written, ==, expected[i].written);
      g_assert_cmpstr (c->read, ==, expected[i].read);
    }
}

/* Each kind of mistake, in one language or another: the real game, and
 * the correction that says what was written and what was read. */
static void
test_mistakes (void)
{
  static const struct
  {
    const char *name;
    const char *language;
    const char *text;
    Expected corrections[2];
    guint n;
  } cases[] = {
    { "wrong rank",
      "sv",
      "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 8. c3 0-0 "
      "9. h3 Sb8 10. d4 Sbd7 11. Sbd2 Lb7 12. Lc2 Te7",
      { { 24, "square", "Te7", "Re8" } },
      1 },
    { "wrong file",
      "en",
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
      "9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bb2 Re8",
      { { 23, "square", "Bb2", "Bc2" } },
      1 },
    { "wrong piece letter",
      "nl",
      "1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 4. La4 Pf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O "
      "9. h3 Pb8 10. d4 Pbd7 11. Pbd2 Db7 12. Lc2 Te8",
      { { 22, "piece", "Db7", "Bb7" } },
      1 },
    { "two moves swapped",
      "da",
      "1. e4 e5 2. Sf3 Sc6 3. La4 a6 4. Lb5 Sf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 8. c3 0-0 "
      "9. h3 Sb8 10. d4 Sbd7 11. Sbd2 Lb7 12. Lc2 Te8",
      { { 5, "swapped", "Lb5", "Bb5" }, { 7, "swapped", "La4", "Ba4" } },
      2 },
    { "moves in the wrong column",
      "nb",
      "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. Le7 0-0 6. Te1 b5 7. Lb3 d6 8. c3 0-0 "
      "9. h3 Sb8 10. d4 Sbd7 11. Sbd2 Lb7 12. Lc2 Te8",
      { { 9, "swapped", "0-0", "O-O" }, { 10, "swapped", "Le7", "Be7" } },
      2 },
    { "illegible",
      "sv",
      "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 8. c3 0-0 "
      "9. h3 ? 10. d4 Sbd7 11. Sbd2 Lb7 12. Lc2 Te8",
      { { 18, "illegible", "?", "Nb8" } },
      1 },
    { "a blank cell",
      "en",
      "1. e4 e5\n2. Nf3\n3. Bb5 a6\n4. Ba4 Nf6\n5. O-O Be7\n6. Re1 b5\n7. Bb3 d6\n8. c3 O-O\n"
      "9. h3 Nb8\n10. d4 Nbd7\n11. Nbd2 Bb7\n12. Bc2 Re8\n",
      { { 4, "illegible", "", "Nc6" } },
      1 },
    { "a move written twice",
      "en",
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
      "9. h3 Nb8 10. d4 Nbd7 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8",
      { { 21, "extra", "Nbd7", "" } },
      1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ArbScoresheetResult) result = NULL;
      g_autofree char *game = NULL;

      g_test_message ("%s", cases[i].name);
      game = rebuild_one (NULL, cases[i].text, cases[i].language, &result);
      g_assert_cmpstr (game, ==, breyer);
      assert_corrections (result, cases[i].corrections, cases[i].n);
    }
}

/* A half-move never written, where the numbers do not show it: the rest
 * of the sheet shifts by one, and the moves after tell which move it was
 * (only a bishop on b5 can go to a4 next). */
static void
test_forgotten_half_move (void)
{
  static const Expected missing[] = { { 5, "missing", "", "Bb5" } };
  g_autoptr (ArbScoresheetResult) result = NULL;
  g_autofree char *game = NULL;

  game = rebuild_one (NULL,
                      "1. e4 e5 2. Nf3 Nc6 3. a6 Ba4 4. Nf6 O-O 5. Be7 Re1 6. b5 Bb3 7. d6 c3 "
                      "8. O-O h3 9. Nb8 d4 10. Nbd7 Nbd2 11. Bb7 Bc2 12. Re8",
                      "en", &result);
  g_assert_cmpstr (game, ==, breyer);
  assert_corrections (result, missing, 1);
}

/* Two sheets of one game: where they agree there is nothing to correct;
 * where they differ, the move that explains both wins and the other
 * sheet is corrected. */
static void
test_two_sheets (void)
{
  const char *texts[2] = {
    /* White's sheet (Swedish): 10...Sd7 without its qualifier, 12...Te7 wrong */
    "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 8. c3 0-0 "
    "9. h3 Sb8 10. d4 Sbd7 11. Sbd2 Lb7 12. Lc2 Te7",
    /* Black's sheet (Dutch): 7. Lb3 written as Lc3, and 9. h3 never written */
    "1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 4. La4 Pf6 5. O-O Le7 6. Te1 b5 7. Lc3 d6 8. c3 O-O "
    "9. Pb8 d4 10. Pbd7 Pbd2 11. Lb7 Lc2 12. Te8",
  };
  static const Expected expected[] = {
    { 13, "square", "Lc3", "Bb3" },
    { 17, "missing", "", "h3" },
    { 24, "square", "Te7", "Re8" },
  };
  g_autoptr (ArbScoresheetResult) result = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *game = rebuild (NULL, texts, 2, "auto", &result, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (game, ==, breyer);
  assert_corrections (result, expected, G_N_ELEMENTS (expected));
  /* The corrections name their sheets. */
  g_assert_cmpuint (g_array_index (result->best->corrections, ArbScoresheetCorrection, 0).sheet, ==,
                    1);
  g_assert_cmpuint (g_array_index (result->best->corrections, ArbScoresheetCorrection, 1).sheet, ==,
                    1);
  g_assert_cmpuint (g_array_index (result->best->corrections, ArbScoresheetCorrection, 2).sheet, ==,
                    0);
}

/* From a set-up position with Black to move, and in Chess960. */
static void
test_setup_and_chess960 (void)
{
  g_autofree char *game = NULL;
  g_autofree char *game960 = NULL;

  /* A rook ending from a FEN, Black to move, numbered from 40. */
  game = rebuild_one ("8/5k2/8/8/8/8/r4PK1/4R3 b - - 0 40",
                      "40... Ta3 41. f4 Kf6 42. Kf2 Kf5 43. Te5+ Kf4", "sv", NULL);
  g_assert_cmpstr (game, ==, "Ra3 f4 Kf6 Kf2 Kf5 Re5+ Kxf4");
  /* Chess960 with the rooks on b and g (Shredder-FEN castling): castling
   * king side takes the king to g1 and the rook to f1, written "0-0" or
   * as the king's move. */
  game960 = rebuild_one ("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
                         "1. 0-0 Kg8 2. a4 a5", "sv", NULL);
  g_assert_cmpstr (game960, ==, "O-O O-O a4 a5");
}

/* Tokens know where they stand, so that a cursor can follow them. */
static void
test_token_positions (void)
{
  const char *text = "1. e4 e5\n2. Sf3  Sc6\n3. Lb5";
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbScoresheet) sheet = arb_scoresheet_read (text, -1, "auto", &error);
  const ArbScoresheetToken *tok;

  g_assert_no_error (error);
  g_assert_cmpstr (arb_scoresheet_get_letters (sheet), ==, "KDTLS");
  g_assert_cmpuint (arb_scoresheet_get_n_tokens (sheet), ==, 5);
  tok = arb_scoresheet_get_token (sheet, 3);
  g_assert_cmpstr (tok->text, ==, "Sc6");
  g_assert_cmpuint (tok->line, ==, 2);
  g_assert_cmpuint (tok->column, ==, 9);
  g_assert_cmpuint (tok->offset, ==, 17);
  g_assert_cmpint (tok->number, ==, 2);
  g_assert_cmpint (tok->side, ==, ARB_BLACK);
  g_assert_cmpint (arb_scoresheet_token_at_offset (sheet, 0), ==, -1);
  g_assert_cmpint (arb_scoresheet_token_at_offset (sheet, 18), ==, 3);
  g_assert_cmpint (arb_scoresheet_token_at_offset (sheet, strlen (text)), ==, 4);
}

/* Bad input: a clear error, never a hang. */
static void
test_bad_input (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) big = g_string_new (NULL);
  g_autoptr (GString) many = g_string_new (NULL);
  g_autoptr (ArbScoresheet) sheet = NULL;
  static const char binary[] = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR";

  sheet = arb_scoresheet_read ("", 0, "auto", &error);
  g_assert_null (sheet);
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_EMPTY);
  g_clear_error (&error);

  sheet = arb_scoresheet_read (" \n\t \n", -1, "auto", &error);
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_EMPTY);
  g_clear_error (&error);

  sheet = arb_scoresheet_read ("1. 2. 3.\n4. 5. 6. 7 8 9 10 11 12", -1, "auto", &error);
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_EMPTY);
  g_clear_error (&error);

  sheet = arb_scoresheet_read (binary, sizeof binary - 1, "auto", &error);
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NOT_TEXT);
  g_assert_nonnull (strstr (error->message, "line 3"));
  g_clear_error (&error);

  sheet = arb_scoresheet_read ("1. e4 e5", -1, "fr", &error);
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_LANGUAGE);
  g_clear_error (&error);

  /* A 10 MB paste. */
  while (big->len < 10 * 1024 * 1024)
    g_string_append (big, "1. e4 e5 2. Nf3 Nc6 ");
  sheet = arb_scoresheet_read (big->str, (gssize) big->len, "auto", &error);
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_TOO_LARGE);
  g_clear_error (&error);

  /* 10,000 moves. */
  for (guint i = 1; i <= 10000; i++)
    g_string_append_printf (many, "%u. Nf3 Nf6 %u. Ng1 Ng8\n", 2 * i - 1, 2 * i);
  g_assert_cmpuint (many->len, <, ARB_SCORESHEET_MAX_BYTES);
  sheet = arb_scoresheet_read (many->str, (gssize) many->len, "auto", &error);
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "line 501,"));
  g_clear_error (&error);
}

/* A sheet no game explains: the error names the half-move where every
 * reading fails. */
static void
test_no_game (void)
{
  const char *texts[1] = { "1. e4 e5 2. Nf3 Nc6 3. Kh8 Kh1 4. Ke8 Ke1 5. Qh7 Qa2 6. Rh8 Ra1 "
                           "7. Kh8 Kh1 8. Ke8 Ke1 9. Qh7 Qa2 10. Rh8 Ra1" };
  g_autoptr (GError) error = NULL;
  g_autofree char *game = rebuild (NULL, texts, 1, "en", NULL, &error);

  g_assert_null (game);
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NO_GAME);
  g_assert_true (g_str_has_prefix (error->message, "ply 5:"));
  g_assert_nonnull (strstr (error->message, "'Kh8'"));
}

/* Words that read as no move are not a scoresheet: nothing is rebuilt
 * from them, and the error names the first of them. A real sheet with a
 * few unreadable cells is still read. */
static void
test_not_a_sheet (void)
{
  static const char *const nonsense[] = {
    "hello world",
    "Dear arbiter, please find my scoresheet attached. Kind regards",
    "1. hello world 2. foo bar 3. baz qux",
  };
  const char *messy[1] = { "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 "
                           "7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 zzz" };
  /* Rows of letters that read as pawn moves, or as none: every move
   * would be a correction. */
  const char *rows[1] = { "1. ab cd\n2. ef gh\n3. Qh9 Kz1\n4. Nf4 Bd5\n" };
  g_autoptr (GError) messy_error = NULL;
  g_autoptr (GError) rows_error = NULL;
  g_autoptr (GError) words_error = NULL;
  g_autoptr (ArbScoresheet) words = NULL;
  g_autofree char *game = NULL;
  g_autofree char *rows_game = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (nonsense); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbScoresheet) sheet = arb_scoresheet_read (nonsense[i], -1, "en", &error);

      g_test_message ("%s", nonsense[i]);
      g_assert_null (sheet);
      g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NOT_A_SHEET);
      g_assert_true (g_str_has_prefix (error->message, "line 1, column "));
      g_assert_nonnull (strstr (error->message, "not a scoresheet"));
    }
  game = rebuild (NULL, messy, 1, "en", NULL, &messy_error);
  g_assert_no_error (messy_error);
  g_assert_nonnull (game);

  /* Words where the moves were due count against the sheet, and the
   * error names the first of them. */
  words = arb_scoresheet_read ("1. qq zz\n2. kk pp\n3. ab cd\n4. ef gh\n5. Qh9 Kz1\n", -1, "en",
                               &words_error);
  g_assert_null (words);
  g_assert_error (words_error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NOT_A_SHEET);
  g_assert_true (g_str_has_prefix (words_error->message, "line 1, column 4: 'qq' "));

  rows_game = rebuild (NULL, rows, 1, "en", NULL, &rows_error);
  g_assert_null (rows_game);
  g_assert_error (rows_error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NOT_A_SHEET);
  g_assert_true (g_str_has_prefix (rows_error->message, "line 1, column 4: 'ab' "));
  g_assert_nonnull (strstr (rows_error->message, "not a scoresheet"));
}

/* Long sheets of garbage end, with a game or an error, in bounded time. */
static void
test_bounded (void)
{
  g_autoptr (GString) text = g_string_new (NULL);
  const char *texts[1];
  g_autoptr (GError) error = NULL;
  g_autofree char *game = NULL;

  for (guint i = 0; i < 1500; i++)
    g_string_append (text, i % 3 == 0 ? "? " : "Kh8 ");
  texts[0] = text->str;
  game = rebuild (NULL, texts, 1, "en", NULL, &error);
  g_assert_null (game);
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NO_GAME);
}

/* Moves the arbiter fixes are kept, and one that is illegal is refused. */
static void
test_fixed_moves (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbScoresheet) sheet =
    arb_scoresheet_read ("1. e4 e5 2. Sf3 ? 3. Lb5 a6", -1, "sv", &error);
  ArbScoresheet *sheets[1] = { sheet };
  g_autoptr (ArbScoresheetResult) free_result = NULL;
  g_autoptr (ArbScoresheetResult) fixed_result = NULL;
  g_autoptr (ArbScoresheetResult) bad = NULL;
  ArbScoresheetOptions options = { 0 };
  ArbMove fixed[4] = { ARB_MOVE_NONE, ARB_MOVE_NONE, ARB_MOVE_NONE, ARB_MOVE_NONE };
  ArbPosition start, pos;
  ArbUndo undo;

  g_assert_no_error (error);
  arb_position_set_start (&start);
  /* Play 1. e4 e5 2. Nf3 to find 2...Nc6 and 2...d6 as moves. */
  pos = start;
  g_assert_cmpint (arb_san_resolve (&pos, "e4", 2, &fixed[0]), ==, ARB_SAN_OK);
  arb_position_make_move (&pos, fixed[0], &undo);
  g_assert_cmpint (arb_san_resolve (&pos, "e5", 2, &fixed[1]), ==, ARB_SAN_OK);
  arb_position_make_move (&pos, fixed[1], &undo);
  g_assert_cmpint (arb_san_resolve (&pos, "Nf3", 3, &fixed[2]), ==, ARB_SAN_OK);
  arb_position_make_move (&pos, fixed[2], &undo);
  g_assert_cmpint (arb_san_resolve (&pos, "d6", 2, &fixed[3]), ==, ARB_SAN_OK);
  options.fixed = fixed;
  options.n_fixed = 4;
  fixed_result = arb_scoresheet_search (&start, sheets, 1, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_array_index (fixed_result->best->moves, ArbMove, 3), ==, fixed[3]);

  free_result = arb_scoresheet_search (&start, sheets, 1, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (free_result->best->moves->len, ==, 6);

  /* e5 as White's second move is not legal. */
  fixed[2] = fixed[1];
  bad = arb_scoresheet_search (&start, sheets, 1, &options, NULL, &error);
  g_assert_null (bad);
  g_assert_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_CONSTRAINT);
}

static void
test_cancelled (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbScoresheet) sheet = arb_scoresheet_read ("1. e4 e5", -1, "en", &error);
  ArbScoresheet *sheets[1] = { sheet };
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  ArbScoresheetOptions options = { 0 };
  ArbPosition start;
  g_autoptr (ArbScoresheetResult) result = NULL;

  arb_position_set_start (&start);
  options.cancellable = cancellable;
  g_cancellable_cancel (cancellable);
  result = arb_scoresheet_search (&start, sheets, 1, &options, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* Alternatives: where the sheet cannot tell, the other reading is offered. */
static void
test_alternatives (void)
{
  g_autoptr (ArbScoresheetResult) result = NULL;
  g_autofree char *game = rebuild_one (NULL, "1. e4 e5 2. Nf3 ? 3. Bb5 a6", "en", &result);
  const ArbScoresheetGame *alt;

  g_assert_true (g_str_has_prefix (game, "e4 e5 Nf3 "));
  g_assert_true (g_str_has_suffix (game, " Bb5 a6"));
  g_assert_cmpuint (result->alternatives->len, >, 0);
  alt = g_ptr_array_index (result->alternatives, 0);
  g_assert_cmpuint (alt->differs_at, ==, 4);
  g_assert_cmpuint (alt->cost, ==, result->best->cost);
}

/* A wrong square on one move or a capture written where nothing is taken
 * on the next: "x" is a character written wrong too. The knight went to
 * g4 (written g6, off by two) and the bishop took it; read as written, the
 * bishop would take nothing. */
static void
test_capture_written (void)
{
  static const Expected expected[] = { { 5, "square", "Ng6", "Ng4" } };
  g_autoptr (ArbScoresheetResult) result = NULL;
  g_autofree char *game = rebuild_one (NULL, "1. Nf3 d5 2. Ne5 f6 3. Ng6 Bxg4", "en", &result);

  g_assert_cmpstr (game, ==, "Nf3 d5 Ne5 f6 Ng4 Bxg4");
  assert_corrections (result, expected, G_N_ELEMENTS (expected));
}

/* Two single corrections explain the sheet at the same cost: the rook's
 * second move written a rank off (Rc4 for Rc3), or its first (Ra3 read
 * as Ra4, and then Rc4 as written). The sheet stops making sense at the
 * second move, and that is where the correction is made; the other
 * reading is an alternative of the same cost. */
static void
test_correction_where_the_sheet_fails (void)
{
  static const Expected expected[] = { { 9, "square", "Rc4", "Rc3" } };
  g_autoptr (ArbScoresheetResult) result = NULL;
  g_autofree char *game =
    rebuild_one (NULL, "1. a4 b5 2. axb5 c6 3. bxc6 Nxc6 4. Ra3 g6 5. Rc4 Bg7", "en", &result);
  const ArbScoresheetGame *alt;

  g_assert_cmpstr (game, ==, "a4 b5 axb5 c6 bxc6 Nxc6 Ra3 g6 Rc3 Bg7");
  assert_corrections (result, expected, G_N_ELEMENTS (expected));
  g_assert_cmpuint (result->alternatives->len, >, 0);
  alt = g_ptr_array_index (result->alternatives, 0);
  g_assert_cmpuint (alt->differs_at, ==, 7);
  g_assert_cmpuint (alt->cost, ==, result->best->cost);
}

/* The SAN of a game's move at @ply (1-based). */
static void
san_at (const ArbScoresheetResult *result,
        const ArbScoresheetGame *game,
        guint ply,
        char san[ARB_SAN_MAX])
{
  ArbPosition pos;

  arb_scoresheet_game_get_position (result, game, ply - 1, &pos);
  arb_san_write (&pos, g_array_index (game->moves, ArbMove, ply - 1), san);
}

/* Two games read the sheet at the same lowest cost: "Lg4" is a square
 * off for both Bf4 and Bg5. The result says the sheet does not decide,
 * and gives both readings at the half-move where they part. */
static void
test_tie_shown (void)
{
  g_autoptr (ArbScoresheetResult) result = NULL;
  g_autoptr (ArbScoresheetResult) clear = NULL;
  g_autofree char *game = rebuild_one (NULL, "1. d4 Sf6\n2. Lg4 e6\n", "sv", &result);
  g_autofree char *plain = rebuild_one (NULL, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "en", &clear);
  const ArbScoresheetGame *alt;
  char a[ARB_SAN_MAX], b[ARB_SAN_MAX];

  g_assert_true (arb_scoresheet_result_is_undecided (result));
  g_assert_cmpuint (result->n_tied, >=, 1);
  alt = g_ptr_array_index (result->alternatives, 0);
  g_assert_cmpuint (alt->cost, ==, result->best->cost);
  g_assert_cmpuint (alt->differs_at, ==, 3);
  san_at (result, result->best, 3, a);
  san_at (result, alt, 3, b);
  g_assert_true ((strcmp (a, "Bf4") == 0 && strcmp (b, "Bg5") == 0) ||
                 (strcmp (a, "Bg5") == 0 && strcmp (b, "Bf4") == 0));
  g_assert_false (arb_scoresheet_game_follows_sheet (result->best, 3, 0));
  g_assert_true (arb_scoresheet_game_follows_sheet (result->best, 4, 0));

  /* A sheet that reads as written decides. */
  g_assert_false (arb_scoresheet_result_is_undecided (clear));
  g_assert_cmpuint (clear->n_tied, ==, 0);
}

/* Two sheets that disagree at the same cost: White's says Nf3, Black's
 * Nc3. Each reading follows one sheet, and neither is chosen silently. */
static void
test_tie_two_sheets (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbScoresheetResult) result = NULL;
  const char *texts[2] = { "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5", "1. e4 e5 2. Nc3 Nc6 3. Bc4 Bc5" };
  g_autofree char *game = rebuild (NULL, texts, 2, "en", &result, &error);
  const ArbScoresheetGame *alt;

  g_assert_no_error (error);
  g_assert_true (arb_scoresheet_result_is_undecided (result));
  alt = g_ptr_array_index (result->alternatives, 0);
  g_assert_cmpuint (alt->differs_at, ==, 3);
  /* One follows sheet 1, the other sheet 2. */
  g_assert_true (arb_scoresheet_game_follows_sheet (result->best, 3, 0) !=
                 arb_scoresheet_game_follows_sheet (result->best, 3, 1));
  g_assert_true (arb_scoresheet_game_follows_sheet (alt, 3, 0) ==
                 arb_scoresheet_game_follows_sheet (result->best, 3, 1));
  g_assert_true (arb_scoresheet_game_follows_sheet (alt, 3, 1) ==
                 arb_scoresheet_game_follows_sheet (result->best, 3, 0));
}

/* A row copied onto the next line: move 13 written again. The copy is
 * two extra tokens, cheaper than reading it as moves played in another
 * order; the game is the one played. */
static void
test_row_written_twice (void)
{
  static const Expected expected[] = {
    { 27, "extra", "Nf1", "" },
    { 27, "extra", "Bf8", "" },
  };
  g_autoptr (ArbScoresheetResult) result = NULL;
  g_autofree char *game = rebuild_one (NULL,
                                       "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6\n5. O-O Be7\n"
                                       "6. Re1 b5\n7. Bb3 d6\n8. c3 O-O\n9. h3 Nb8\n10. d4 Nbd7\n"
                                       "11. Nbd2 Bb7\n12. Bc2 Re8\n13. Nf1 Bf8\n13. Nf1 Bf8\n"
                                       "14. Ng3 g6\n15. a4 c5\n",
                                       "en", &result);

  g_assert_cmpstr (game, ==,
                   "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 "
                   "d4 Nbd7 Nbd2 Bb7 Bc2 Re8 Nf1 Bf8 Ng3 g6 a4 c5");
  assert_corrections (result, expected, G_N_ELEMENTS (expected));
}

/* A move number skipped or written twice is the player's slip of the
 * pen: the moves are read in order, and nothing is corrected. */
static void
test_numbers_skipped_or_repeated (void)
{
  static const struct
  {
    const char *language;
    const char *text;
  } sheets[] = {
    { "en", "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n5. Ba4 Nf6\n6. O-O Be7\n7. Re1 b5\n" },
    { "en", "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n3. Ba4 Nf6\n4. O-O Be7\n5. Re1 b5\n" },
    /* Local letters; 4. skipped, or 5. written twice, later on. */
    { "sv", "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 5. La4 Sf6 6. 0-0 Le7 7. Te1 b5" },
    { "sv", "1. e4 e5\n2. Sf3 Sc6\n3. Lb5 a6\n4. La4 Sf6\n5. 0-0 Le7\n5. Te1 b5\n" },
    { "nl", "1. e4 e5\n2. Pf3 Pc6\n3. Lb5 a6\n4. La4 Pf6\n4. 0-0 Le7\n5. Te1 b5\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      g_autoptr (ArbScoresheetResult) result = NULL;
      g_autofree char *game = rebuild_one (NULL, sheets[i].text, sheets[i].language, &result);

      g_assert_cmpstr (game, ==, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5");
      g_assert_cmpuint (result->best->corrections->len, ==, 0);
      /* Nothing invented, nothing left out. */
      g_assert_cmpuint (result->best->cost, ==, 0);
    }
}

/* Black's move written in White's column of the next row ("4. Ba4", then
 * "5. Nf6 O-O"), and the rest of the sheet one column off: the moves are
 * in the order played and nothing was written wrong. The empty cell is
 * skipped for less than a move invented there would cost, and it is no
 * correction. */
static void
test_rows_shifted_by_one (void)
{
  static const struct
  {
    const char *language;
    const char *text;
  } sheets[] = {
    { "en", "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4\n5. Nf6 O-O\n6. Be7 Re1\n7. b5 Bb3\n"
            "8. d6 c3\n9. O-O h3\n10. Nb8 d4\n" },
    { "en", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 5. Nf6 O-O 6. Be7 Re1 7. b5 Bb3 8. d6 c3 "
            "9. O-O h3 10. Nb8 d4" },
    { "sv", "1. e4 e5\n2. Sf3 Sc6\n3. Lb5 a6\n4. La4\n5. Sf6 0-0\n6. Le7 Te1\n7. b5 Lb3\n"
            "8. d6 c3\n9. 0-0 h3\n10. Sb8 d4\n" },
    /* White's move of row 5 left out of its row, Black's column used. */
    { "de", "1. e4 e5\n2. Sf3 Sc6\n3. Lb5 a6\n4. La4 Sf6\n5. 0-0\n6. Le7 Te1\n7. b5 Lb3\n"
            "8. d6 c3\n9. 0-0 h3\n10. Sb8 d4\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      g_autoptr (ArbScoresheetResult) result = NULL;
      g_autofree char *game = rebuild_one (NULL, sheets[i].text, sheets[i].language, &result);

      g_assert_cmpstr (game, ==,
                       "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4");
      g_assert_cmpuint (result->best->corrections->len, ==, 0);
      /* Dearer than nothing, cheaper than a half-move never written (16
       * where the numbers show a gap, docs/scoresheets.md). */
      g_assert_cmpuint (result->best->cost, >, 0);
      g_assert_cmpuint (result->best->cost, <, 16);
    }
}

/* A rook's move written to the wrong square, still a legal move: 6. Rd1
 * written "Rf1-e1". The sheet stops making sense a move later, where
 * "Rd1-f1" names the square the rook really stood on. The correction is
 * at the move the player got wrong, not where the search noticed it. */
static void
test_correction_at_the_slip (void)
{
  static const struct
  {
    const char *language;
    const char *text;
    const char *written;
  } cases[] = {
    { "en",
      "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-c4 Bf8-c5 4. 0-0 Ng8-f6 5. Qd1-e2 0-0 "
      "6. Rf1-e1 a7-a6 7. Rd1-f1 h7-h6 8. c2-c3 d7-d6",
      "Rf1-e1" },
    { "sv",
      "1. e2-e4 e7-e5\n2. Sg1-f3 Sb8-c6\n3. Lf1-c4 Lf8-c5\n4. 0-0 Sg8-f6\n5. Dd1-e2 0-0\n"
      "6. Tf1-e1 a7-a6\n7. Td1-f1 h7-h6\n8. c2-c3 d7-d6\n",
      "Tf1-e1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Expected expected[] = { { 11, "square", cases[i].written, "Rd1" } };
      g_autoptr (ArbScoresheetResult) result = NULL;
      g_autofree char *game = rebuild_one (NULL, cases[i].text, cases[i].language, &result);

      g_assert_cmpstr (game, ==, "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 Qe2 O-O Rd1 a6 Rf1 h6 c3 d6");
      assert_corrections (result, expected, 1);
      g_assert_false (arb_scoresheet_game_follows_sheet (result->best, 11, 0));
      g_assert_true (arb_scoresheet_game_follows_sheet (result->best, 13, 0));
    }
}

/* A move forgotten and written in later: Black's cell of row 6 left
 * empty, and 6...b5 written after 7. Bb3 once the player noticed. The
 * correction is at the move left out of its place (6...b5, then 7. Bb3
 * read out of order), not squares invented to make the sheet as written
 * a game (6...Ba3 7. b4). */
static void
test_move_written_later (void)
{
  static const struct
  {
    const char *language;
    const char *text;
    const char *bishop;
  } cases[] = {
    { "en",
      "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6\n5. O-O Be7\n6. Re1\n7. Bb3 b5 d6\n"
      "8. c3 O-O\n9. h3 Nb8\n",
      "Bb3" },
    { "nl",
      "1. e4 e5\n2. Pf3 Pc6\n3. Lb5 a6\n4. La4 Pf6\n5. 0-0 Le7\n6. Te1\n7. Lb3 b5 d6\n"
      "8. c3 0-0\n9. h3 Pb8\n",
      "Lb3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Expected expected[] = {
        { 12, "swapped", "b5", "b5" },
        { 13, "swapped", cases[i].bishop, "Bb3" },
      };
      g_autoptr (ArbScoresheetResult) result = NULL;
      g_autofree char *game = rebuild_one (NULL, cases[i].text, cases[i].language, &result);

      g_assert_cmpstr (game, ==,
                       "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8");
      assert_corrections (result, expected, G_N_ELEMENTS (expected));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/notation/scoresheet/forms", test_forms);
  g_test_add_func ("/notation/scoresheet/captures-and-promotions", test_captures_and_promotions);
  g_test_add_func ("/notation/scoresheet/disambiguation-from-later-moves",
                   test_disambiguation_from_later_moves);
  g_test_add_func ("/notation/scoresheet/mistakes", test_mistakes);
  g_test_add_func ("/notation/scoresheet/forgotten-half-move", test_forgotten_half_move);
  g_test_add_func ("/notation/scoresheet/two-sheets", test_two_sheets);
  g_test_add_func ("/notation/scoresheet/setup-and-chess960", test_setup_and_chess960);
  g_test_add_func ("/notation/scoresheet/token-positions", test_token_positions);
  g_test_add_func ("/notation/scoresheet/bad-input", test_bad_input);
  g_test_add_func ("/notation/scoresheet/no-game", test_no_game);
  g_test_add_func ("/notation/scoresheet/not-a-sheet", test_not_a_sheet);
  g_test_add_func ("/notation/scoresheet/bounded", test_bounded);
  g_test_add_func ("/notation/scoresheet/fixed-moves", test_fixed_moves);
  g_test_add_func ("/notation/scoresheet/cancelled", test_cancelled);
  g_test_add_func ("/notation/scoresheet/alternatives", test_alternatives);
  g_test_add_func ("/notation/scoresheet/capture-written", test_capture_written);
  g_test_add_func ("/notation/scoresheet/correction-where-the-sheet-fails",
                   test_correction_where_the_sheet_fails);
  g_test_add_func ("/notation/scoresheet/tie-shown", test_tie_shown);
  g_test_add_func ("/notation/scoresheet/row-written-twice", test_row_written_twice);
  g_test_add_func ("/notation/scoresheet/numbers-skipped-or-repeated",
                   test_numbers_skipped_or_repeated);
  g_test_add_func ("/notation/scoresheet/tie-two-sheets", test_tie_two_sheets);
  g_test_add_func ("/notation/scoresheet/correction-at-the-slip", test_correction_at_the_slip);
  g_test_add_func ("/notation/scoresheet/rows-shifted-by-one", test_rows_shifted_by_one);
  g_test_add_func ("/notation/scoresheet/move-written-later", test_move_written_later);
  return g_test_run ();
}
