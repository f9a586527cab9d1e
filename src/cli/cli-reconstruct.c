/* cli-reconstruct.c: arbiter-cli reconstruct
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "arb-i18n.h"
#include "arb-pgn-game.h"
#include "arb-pgn-writer.h"
#include "arb-san.h"
#include "arb-scoresheet-reader.h"
#include "arb-scoresheet-search.h"
#include "cli-commands.h"
#include "cli-json.h"

/* The sheet's bytes; a file over the reader's limit is refused without
 * reading it. */
static char *
read_sheet (const char *path, gsize *length, GError **error)
{
  if (strcmp (path, "-") == 0)
    {
      GString *text = g_string_new (NULL);
      char buf[65536];
      gsize n;

      while ((n = fread (buf, 1, sizeof buf, stdin)) > 0)
        {
          g_string_append_len (text, buf, (gssize) n);
          if (text->len > ARB_SCORESHEET_MAX_BYTES)
            break; /* the reader says why */
        }
      *length = text->len;
      return g_string_free (text, FALSE);
    }
  else
    {
      struct stat st;
      char *contents = NULL;

      if (stat (path, &st) == 0 && S_ISREG (st.st_mode) && st.st_size > ARB_SCORESHEET_MAX_BYTES)
        {
          g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_TOO_LARGE,
                       /* Translators: the sheet is the scoresheet's text, read from a file */
                       _ ("the sheet is %lld bytes; a scoresheet is at most %d"),
                       (long long) st.st_size, ARB_SCORESHEET_MAX_BYTES);
          return NULL;
        }
      if (!g_file_get_contents (path, &contents, length, error))
        return NULL;
      return contents;
    }
}

/* "12." or "12..." before a half-move. */
static char *
move_label (const ArbPosition *start, guint ply)
{
  guint index = ply - 1 + (start->side_to_move == ARB_BLACK ? 1 : 0);
  guint number = start->fullmove_number + index / 2;

  return g_strdup_printf ("%u%s", number, index % 2 == 0 ? "." : "...");
}

/* The words of a correction, for the PGN comment and the text list. */
static char *
describe (const ArbScoresheetCorrection *c, guint n_sheets)
{
  g_autofree char *who = NULL;
  const char *kind = arb_scoresheet_correction_kind_to_string (c->kind);

  if (n_sheets > 1)
    /* Translators: which of two scoresheets, 1 or 2 */
    who = g_strdup_printf (_ ("sheet %u"), c->sheet + 1);
  else
    who = g_strdup (_ ("sheet"));
  switch (c->kind)
    {
    case ARB_SCORESHEET_CORRECTION_MISSING:
      /* Translators: "not on the sheet (missing)"; the last word is the
       * kind of correction, which stays in English */
      return g_strdup_printf (_ ("not on the %s (%s)"), who, kind);
    case ARB_SCORESHEET_CORRECTION_EXTRA:
      return g_strdup_printf (_ ("%s: \"%s\" is not in the game (%s)"), who, c->written, kind);
    case ARB_SCORESHEET_CORRECTION_ILLEGIBLE:
      if (c->written[0] == '\0')
        return g_strdup_printf (_ ("%s: blank, read as %s (%s)"), who, c->read, kind);
      return g_strdup_printf (_ ("%s: \"%s\" read as %s (%s)"), who, c->written, c->read, kind);
    default:
      return g_strdup_printf (_ ("%s: \"%s\" read as %s (%s)"), who, c->written, c->read, kind);
    }
}

static void
append_comment (char **comment, const char *text)
{
  char *joined;

  if (*comment == NULL)
    {
      *comment = g_strdup (text);
      return;
    }
  joined = g_strdup_printf ("%s; %s", *comment, text);
  g_free (*comment);
  *comment = joined;
}

static ArbPgnGame *
build_pgn (const ArbScoresheetResult *result, ArbScoresheet *const *sheets)
{
  ArbPgnGame *game = arb_pgn_game_new ();
  const ArbScoresheetGame *best = result->best;
  const char *written_result = arb_scoresheet_get_result (sheets[0]);
  ArbPosition end;

  game->start = result->start;
  for (guint i = 0; i < best->moves->len; i++)
    arb_pgn_game_append_move (game, g_array_index (best->moves, ArbMove, i));
  for (guint i = 0; i < best->corrections->len; i++)
    {
      const ArbScoresheetCorrection *c =
        &g_array_index (best->corrections, ArbScoresheetCorrection, i);
      g_autofree char *text = describe (c, result->n_sheets);

      if (c->kind == ARB_SCORESHEET_CORRECTION_EXTRA)
        {
          /* After the move it was written after. */
          if (c->ply <= 1)
            append_comment (&game->mainline->comment, text);
          else
            append_comment (
              &arb_pgn_game_get_node (game, MIN (c->ply - 1, best->moves->len))->comment, text);
        }
      else
        append_comment (&arb_pgn_game_get_node (game, c->ply)->comment, text);
    }

  arb_scoresheet_game_get_position (result, best, G_MAXUINT, &end);
  if (arb_position_is_checkmate (&end))
    game->result =
      end.side_to_move == ARB_WHITE ? ARB_PGN_RESULT_BLACK_WINS : ARB_PGN_RESULT_WHITE_WINS;
  else if (arb_position_is_stalemate (&end))
    game->result = ARB_PGN_RESULT_DRAW;
  else if (written_result == NULL && result->n_sheets > 1)
    written_result = arb_scoresheet_get_result (sheets[1]);
  if (game->result == ARB_PGN_RESULT_NONE)
    game->result = written_result != NULL
                     ? arb_pgn_result_from_string (written_result, strlen (written_result))
                     : ARB_PGN_RESULT_ONGOING;
  if (game->result == ARB_PGN_RESULT_NONE)
    game->result = ARB_PGN_RESULT_ONGOING;
  arb_pgn_game_set_tag (game, "Annotator", "arbiter-cli reconstruct");
  return game;
}

static void
add_moves (JsonBuilder *b, const ArbPosition *start, GArray *moves)
{
  ArbPosition pos = *start;

  json_builder_begin_array (b);
  for (guint i = 0; i < moves->len; i++)
    {
      ArbMove move = g_array_index (moves, ArbMove, i);
      char san[ARB_SAN_MAX];
      ArbUndo undo;

      arb_san_write (&pos, move, san);
      arb_cli_json_add_string (b, NULL, san);
      arb_position_make_move (&pos, move, &undo);
    }
  json_builder_end_array (b);
}

static void
add_corrections (JsonBuilder *b, const ArbScoresheetGame *game, ArbScoresheet *const *sheets)
{
  json_builder_begin_array (b);
  for (guint i = 0; i < game->corrections->len; i++)
    {
      const ArbScoresheetCorrection *c =
        &g_array_index (game->corrections, ArbScoresheetCorrection, i);

      json_builder_begin_object (b);
      arb_cli_json_add_int (b, "ply", c->ply);
      arb_cli_json_add_string (b, "written", c->written);
      if (c->kind == ARB_SCORESHEET_CORRECTION_EXTRA)
        arb_cli_json_add_null (b, "read");
      else
        arb_cli_json_add_string (b, "read", c->read);
      arb_cli_json_add_string (b, "kind", arb_scoresheet_correction_kind_to_string (c->kind));
      arb_cli_json_add_int (b, "sheet", c->sheet + 1);
      arb_cli_json_add_int (b, "cost", c->cost);
      if (c->token >= 0)
        {
          const ArbScoresheetToken *tok = arb_scoresheet_get_token (sheets[c->sheet], c->token);

          arb_cli_json_add_int (b, "line", tok->line);
          arb_cli_json_add_int (b, "column", tok->column);
        }
      else
        {
          arb_cli_json_add_null (b, "line");
          arb_cli_json_add_null (b, "column");
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* The move of @game at @ply in English SAN. */
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

/* Whether @other makes the same correction as @c. */
static gboolean
has_correction (const ArbScoresheetGame *other, const ArbScoresheetCorrection *c)
{
  for (guint i = 0; i < other->corrections->len; i++)
    {
      const ArbScoresheetCorrection *d =
        &g_array_index (other->corrections, ArbScoresheetCorrection, i);

      if (d->ply == c->ply && d->sheet == c->sheet && d->token == c->token && d->kind == c->kind &&
          strcmp (d->read, c->read) == 0)
        return TRUE;
    }
  return FALSE;
}

/* One reading of a tie for the text output: the move, the corrections it
 * makes from there on that the other reading does not (where a slip may
 * be at this move or at a later one, each reading names its own), with
 * their costs, and which sheets it reads as written at @ply. */
static void
print_reading (const ArbScoresheetResult *result,
               const ArbScoresheetGame *game,
               const ArbScoresheetGame *other,
               guint ply)
{
  char san[ARB_SAN_MAX];
  g_autoptr (GString) why = g_string_new (NULL);

  san_at (result, game, ply, san);
  for (guint i = 0; i < game->corrections->len; i++)
    {
      const ArbScoresheetCorrection *c =
        &g_array_index (game->corrections, ArbScoresheetCorrection, i);
      g_autofree char *text = NULL;
      g_autofree char *label = NULL;

      if (c->ply < ply || has_correction (other, c))
        continue;
      text = describe (c, result->n_sheets);
      label = move_label (&result->start, MAX (c->ply, 1u));
      /* Translators: a correction, its half-move and its cost, e.g.
       * "sheet: "Lg4" read as Bf4 (square) at 2., cost 8" */
      g_string_append_printf (why, _ ("%s%s at %s, cost %u"), why->len > 0 ? "; " : "", text, label,
                              c->cost);
    }
  for (guint k = 0; k < result->n_sheets; k++)
    if (arb_scoresheet_game_follows_sheet (game, ply, k))
      {
        g_autofree char *text = result->n_sheets > 1
                                  /* Translators: the reading is the move as sheet 1 or 2 has it */
                                  ? g_strdup_printf (_ ("as sheet %u has it"), k + 1)
                                  : g_strdup (_ ("as the sheet has it"));

        g_string_append_printf (why, "%s%s", why->len > 0 ? "; " : "", text);
      }
  /* Translators: one reading of an undecided half-move: the move, why */
  printf (_ ("    %s: %s (game cost %u)\n"), san, why->str, game->cost);
}

/* Games the sheets leave at the same lowest cost, for the text output. */
static void
print_undecided (const ArbScoresheetResult *result)
{
  for (guint i = 0; i < result->n_tied; i++)
    {
      const ArbScoresheetGame *alt = g_ptr_array_index (result->alternatives, i);
      g_autofree char *label = move_label (&result->start, alt->differs_at);
      char a[ARB_SAN_MAX], b[ARB_SAN_MAX];

      san_at (result, result->best, alt->differs_at, a);
      san_at (result, alt, alt->differs_at, b);
      /* Translators: two games explain the sheets equally well; the
       * arbiter chooses. "undecided between Bf4 and Bg5 at ply 3 (2.)" */
      printf (_ ("Undecided between %s and %s at ply %u (%s), both at cost %u; the arbiter "
                 "chooses:\n"),
              a, b, alt->differs_at, label, alt->cost);
      print_reading (result, result->best, alt, alt->differs_at);
      print_reading (result, alt, result->best, alt->differs_at);
    }
}

/* One reading of a tie for JSON. */
static void
add_reading (JsonBuilder *b,
             const ArbScoresheetResult *result,
             const ArbScoresheetGame *game,
             guint ply,
             ArbScoresheet *const *sheets)
{
  char san[ARB_SAN_MAX];

  san_at (result, game, ply, san);
  json_builder_begin_object (b);
  arb_cli_json_add_string (b, "move", san);
  arb_cli_json_add_int (b, "cost", game->cost);
  json_builder_set_member_name (b, "follows");
  json_builder_begin_array (b);
  for (guint k = 0; k < result->n_sheets; k++)
    if (arb_scoresheet_game_follows_sheet (game, ply, k))
      json_builder_add_int_value (b, k + 1);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "moves");
  add_moves (b, &result->start, game->moves);
  json_builder_set_member_name (b, "corrections");
  add_corrections (b, game, sheets);
  json_builder_end_object (b);
}

/* "undecided": [{ply, cost, readings: [{move, cost, follows, moves,
 * corrections}, ...]}], empty when the sheets decide. */
static void
add_undecided (JsonBuilder *b, const ArbScoresheetResult *result, ArbScoresheet *const *sheets)
{
  json_builder_set_member_name (b, "undecided");
  json_builder_begin_array (b);
  for (guint i = 0; i < result->n_tied; i++)
    {
      const ArbScoresheetGame *alt = g_ptr_array_index (result->alternatives, i);

      json_builder_begin_object (b);
      arb_cli_json_add_int (b, "ply", alt->differs_at);
      arb_cli_json_add_int (b, "cost", alt->cost);
      json_builder_set_member_name (b, "readings");
      json_builder_begin_array (b);
      add_reading (b, result, result->best, alt->differs_at, sheets);
      add_reading (b, result, alt, alt->differs_at, sheets);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static int
fail (gboolean json,
      const char *file,
      const GError *error,
      const ArbScoresheetFailure *failure,
      ArbScoresheet *sheet)
{
  fprintf (stderr, "reconstruct: %s: %s\n", file, error->message);
  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "error");
      json_builder_begin_object (b);
      arb_cli_json_add_string (b, "file", file);
      arb_cli_json_add_string (b, "message", error->message);
      if (failure != NULL)
        {
          arb_cli_json_add_int (b, "ply", failure->ply);
          if (failure->token >= 0 && sheet != NULL)
            {
              const ArbScoresheetToken *tok = arb_scoresheet_get_token (sheet, failure->token);

              arb_cli_json_add_string (b, "written", tok->text);
              arb_cli_json_add_int (b, "line", tok->line);
              arb_cli_json_add_int (b, "column", tok->column);
            }
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
      arb_cli_json_print (b);
    }
  return 1;
}

static gboolean
start_position (const char *fen, ArbPosition *pos, GError **error)
{
  g_autoptr (GError) standard_error = NULL;

  if (fen == NULL)
    {
      arb_position_set_start (pos);
      return TRUE;
    }
  if (arb_position_set_fen (pos, fen, ARB_FEN_FLAGS_NONE, &standard_error))
    return TRUE;
  /* A Chess960 start (Shredder or X-FEN castling, or a king off e1). */
  if (arb_position_set_fen (pos, fen, ARB_FEN_CHESS960, NULL))
    {
      pos->chess960 = true;
      return TRUE;
    }
  g_propagate_error (error, g_steal_pointer (&standard_error));
  return FALSE;
}

/* The text output: the PGN, the corrections, the ties, the alternatives. */
static void
print_text (const ArbScoresheetResult *result, const char *pgn_text)
{
  const ArbScoresheetGame *best = result->best;

  fputs (pgn_text, stdout);
  if (best->corrections->len == 0)
    fputs (_ ("No corrections.\n"), stdout);
  else
    printf (ngettext ("%u correction (cost %u):\n", "%u corrections (cost %u):\n",
                      best->corrections->len),
            best->corrections->len, best->cost);
  for (guint i = 0; i < best->corrections->len; i++)
    {
      const ArbScoresheetCorrection *c =
        &g_array_index (best->corrections, ArbScoresheetCorrection, i);
      g_autofree char *label = move_label (&result->start, MAX (c->ply, 1u));
      g_autofree char *text = describe (c, result->n_sheets);

      /* Translators: a half-move, its move number ("12..."), the correction */
      printf (_ ("  ply %u (%s): %s\n"), c->ply, label, text);
    }
  print_undecided (result);
  for (guint i = 0; i < result->alternatives->len; i++)
    {
      const ArbScoresheetGame *alt = g_ptr_array_index (result->alternatives, i);
      g_autofree char *label = move_label (&result->start, alt->differs_at);
      ArbPosition pos;
      GString *line = g_string_new (NULL);

      arb_scoresheet_game_get_position (result, alt, alt->differs_at - 1, &pos);
      for (guint p = alt->differs_at; p <= alt->moves->len && p < alt->differs_at + 6; p++)
        {
          ArbMove move = g_array_index (alt->moves, ArbMove, p - 1);
          char san[ARB_SAN_MAX];
          ArbUndo undo;

          arb_san_write (&pos, move, san);
          g_string_append_printf (line, " %s", san);
          arb_position_make_move (&pos, move, &undo);
        }
      printf (_ ("Alternative %u (cost %u), from ply %u (%s):%s%s\n"), i + 1, alt->cost,
              alt->differs_at, label, line->str,
              alt->moves->len >= alt->differs_at + 6 ? " ..." : "");
      g_string_free (line, TRUE);
    }
}

int
arb_cli_reconstruct (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("SHEET [SHEET2]"));
  g_autofree char *language_option = NULL;
  g_autofree char *fen = NULL;
  const char *language = "auto";
  const char *files[2] = { NULL, NULL };
  guint n_files = 0;
  gboolean json = FALSE;
  ArbPosition start;
  ArbScoresheet *sheets[2] = { NULL, NULL };
  g_autoptr (ArbScoresheetResult) result = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbPgnGame) pgn = NULL;
  g_autofree char *pgn_text = NULL;
  ArbScoresheetFailure failure = { 0 };
  int status = 0;
  GOptionEntry entries[] = {
    { "lang", 0, 0, G_OPTION_ARG_STRING, &language_option,
      N_ ("The players' piece letters: auto, en, sv, nb, da or nl (default auto: told from the "
          "sheet)"),
      "L" },
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen,
      N_ ("The start position (a set-up position, or a Chess960 one)"), "FEN" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      /* Translators: keep the JSON keys as they are */
      N_ ("One object: moves (English SAN), corrections [{ply, written, read, kind, sheet, cost, "
          "line, column}], alternatives [{differs_at, cost, moves, corrections}], undecided "
          "[{ply, cost, readings [{move, cost, follows, moves, corrections}]}], pgn, cost, "
          "letters"),
      NULL },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context, _ ("Finds the legal game that best explains a scoresheet as the player wrote it\n"
                "(local piece letters, figurines, missing captures, long algebraic, 0-0,\n"
                "e8D, wrong squares, moves never written...), or two sheets of one game\n"
                "(White's and Black's). SHEET is a text file, \"-\" for standard input.\n\n"
                "The text output is the game as PGN with each correction in a comment,\n"
                "then the corrections, any games the sheets leave undecided (the same\n"
                "lowest cost, each reading with its cost and the sheets it follows),\n"
                "and the close alternatives. A sheet that no legal game explains gets\n"
                "an error naming the first half-move where every reading fails, and\n"
                "exit status 1."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli reconstruct: %s\n", error->message);
      return 2;
    }
  if (argc < 2 || argc > 3)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli reconstruct [--lang auto|en|sv|nb|da|nl] [--fen FEN] [--json] SHEET "
               "[SHEET2]");
      return 2;
    }
  for (int i = 1; i < argc; i++)
    files[n_files++] = argv[i];
  if (language_option != NULL)
    language = language_option;
  if (strcmp (language, "auto") != 0 && strcmp (language, "en") != 0 &&
      strcmp (language, "sv") != 0 && strcmp (language, "nb") != 0 &&
      strcmp (language, "da") != 0 && strcmp (language, "nl") != 0 && strcmp (language, "de") != 0)
    {
      fprintf (stderr, _ ("reconstruct: --lang must be auto, en, sv, nb, da or nl, not '%s'\n"),
               language);
      return 2;
    }

  if (!start_position (fen, &start, &error))
    return fail (json, "--fen", error, NULL, NULL);

  for (guint k = 0; k < n_files; k++)
    {
      g_autofree char *text = NULL;
      gsize length = 0;

      text = read_sheet (files[k], &length, &error);
      if (text == NULL)
        {
          status = fail (json, files[k], error, NULL, NULL);
          goto out;
        }
      sheets[k] = arb_scoresheet_read (text, (gssize) length, language, &error);
      if (sheets[k] == NULL)
        {
          status = fail (json, files[k], error, NULL, NULL);
          goto out;
        }
    }

  result = arb_scoresheet_search (&start, sheets, n_files, NULL, &failure, &error);
  if (result == NULL)
    {
      status = fail (json, files[failure.sheet], error, &failure, sheets[failure.sheet]);
      goto out;
    }

  pgn = build_pgn (result, sheets);
  pgn_text = arb_pgn_game_to_string (pgn, ARB_PGN_WRITE_DEFAULT);

  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "moves");
      add_moves (b, &result->start, result->best->moves);
      json_builder_set_member_name (b, "corrections");
      add_corrections (b, result->best, sheets);
      json_builder_set_member_name (b, "alternatives");
      json_builder_begin_array (b);
      for (guint i = 0; i < result->alternatives->len; i++)
        {
          const ArbScoresheetGame *alt = g_ptr_array_index (result->alternatives, i);

          json_builder_begin_object (b);
          arb_cli_json_add_int (b, "differs_at", alt->differs_at);
          arb_cli_json_add_int (b, "cost", alt->cost);
          json_builder_set_member_name (b, "moves");
          add_moves (b, &result->start, alt->moves);
          json_builder_set_member_name (b, "corrections");
          add_corrections (b, alt, sheets);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      add_undecided (b, result, sheets);
      arb_cli_json_add_string (b, "pgn", pgn_text);
      arb_cli_json_add_int (b, "cost", result->best->cost);
      arb_cli_json_add_string (b, "letters", arb_scoresheet_get_letters (sheets[0]));
      json_builder_end_object (b);
      arb_cli_json_print (b);
    }
  else
    print_text (result, pgn_text);

out:
  for (guint k = 0; k < 2; k++)
    arb_scoresheet_free (sheets[k]);
  return status;
}
