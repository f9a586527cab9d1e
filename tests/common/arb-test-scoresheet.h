/* arb-test-scoresheet.h: real games written as players write them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* The kinds of sheet of the test set. Every sheet but CLEAN is written
 * sloppily (captures without "x" or with ":", long algebraic, 0-0 and its
 * variants, e8D, "ed5" and "ed", disambiguation left out, numbers missing,
 * wrong or repeated, annotations, times, draw offers, one line or one
 * pair per line), and the mistake kinds add their mistake on top:
 *
 *   WRONG_SQUARE  one destination file or rank changed per 20 moves
 *   WRONG_PIECE   one piece letter changed
 *   WRONG_COLUMN  one row's White and Black moves written in each other's column
 *   SWAPPED       two consecutive moves of one player written in the other order
 *   FORGOTTEN     one half-move never written (the rest shifts by one)
 *   ILLEGIBLE     one move written as "?" or left blank
 *   MIXED         one of the five mistakes above at random (for two sheets)
 *
 * Mistakes are placed after the first two half-moves and before the last
 * four, where the rest of the game can tell. */
typedef enum
{
  ARB_TEST_SHEET_CLEAN,
  ARB_TEST_SHEET_SLOPPY,
  ARB_TEST_SHEET_WRONG_SQUARE,
  ARB_TEST_SHEET_WRONG_PIECE,
  ARB_TEST_SHEET_WRONG_COLUMN,
  ARB_TEST_SHEET_SWAPPED,
  ARB_TEST_SHEET_FORGOTTEN,
  ARB_TEST_SHEET_ILLEGIBLE,
  ARB_TEST_SHEET_MIXED,
  ARB_TEST_SHEET_N_KINDS,
} ArbTestSheetKind;

const char *arb_test_sheet_kind_name (ArbTestSheetKind kind);

/* The languages of the test set: en sv nb da de nl, NULL-terminated. */
extern const char *const arb_test_sheet_languages[];

/* A real game: its start and its moves (ArbMove). */
typedef struct
{
  ArbPosition start;
  GArray *moves;
  char *name; /* "White - Black, file" */
} ArbTestGame;

void arb_test_game_free (ArbTestGame *game);

/* Real games of the external test data (ARB_TESTDATA): the mainlines of a
 * fixed list of files of master games, then of clean-chess's real games,
 * from the standard start, 30 to 400 half-moves, each game once, in a fixed
 * order. NULL (after a skip) when the data is absent. */
GPtrArray *arb_test_real_games (guint max_games);

/* The game as a player writes it in @language, with the mistakes of @kind,
 * chosen by @seed. *n_mistakes gets how many mistakes were made, *visible
 * whether the rest of the game decides each one, judged with the strict
 * SAN reader and the legal moves, not with the reconstruction:
 *   - a reordered move: the sheet as written is not a legal game;
 *   - a changed square or piece: the sheet so written (read for what a
 *     sloppy sheet still tells: piece, square, a written capture) is no
 *     legal game, and of the games that differ from it in one character
 *     of one half-move, anywhere in the game (a file, a rank or a piece
 *     letter), only the real one fits;
 *   - a blank or forgotten move: exactly one legal move lets the rest be read. */
char *arb_test_sheet_write (const ArbTestGame *game,
                            const char *language,
                            ArbTestSheetKind kind,
                            guint32 seed,
                            guint *n_mistakes,
                            gboolean *visible);

typedef struct
{
  guint sheets;  /* sheets (or pairs of sheets) read */
  guint exact;   /* whose best game is the real game */
  guint no_game; /* for which the search found none */
  guint visible; /* whose mistakes can all be seen */
  guint visible_exact;
} ArbTestSheetScore;

/* Writes every game in @language with the mistakes of @kind (two sheets,
 * White's and Black's, each with its own mistakes when @two_sheets), runs
 * the search and adds up how many are rebuilt exactly. With @verbose each
 * miss is printed with its sheet. */
void arb_test_sheet_score (GPtrArray *games,
                           ArbTestSheetKind kind,
                           const char *language,
                           gboolean two_sheets,
                           guint32 seed,
                           gboolean verbose,
                           ArbTestSheetScore *score);

G_END_DECLS
