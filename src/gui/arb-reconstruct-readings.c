/* arb-reconstruct-readings.c: the reconstruction dialog's readings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-reconstruct-dialog"

#include "config.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-reconstruct-readings.h"
#include "arb-san.h"

const char *
arb_reconstruct_kind_words (ArbScoresheetCorrectionKind kind)
{
  switch (kind)
    {
    case ARB_SCORESHEET_CORRECTION_SQUARE:
      return _ ("another square");
    case ARB_SCORESHEET_CORRECTION_PIECE:
      return _ ("another piece");
    case ARB_SCORESHEET_CORRECTION_ORIGIN:
      return _ ("another starting square");
    case ARB_SCORESHEET_CORRECTION_CAPTURE:
      return _ ("no capture");
    case ARB_SCORESHEET_CORRECTION_PROMOTION:
      return _ ("another promotion");
    case ARB_SCORESHEET_CORRECTION_CASTLING:
      return _ ("castling on the other side");
    case ARB_SCORESHEET_CORRECTION_SEVERAL:
      return _ ("several changes");
    case ARB_SCORESHEET_CORRECTION_ILLEGIBLE:
      return _ ("illegible");
    case ARB_SCORESHEET_CORRECTION_MISSING:
      return _ ("not written");
    case ARB_SCORESHEET_CORRECTION_EXTRA:
      return _ ("not in the game");
    case ARB_SCORESHEET_CORRECTION_SWAPPED:
    default:
      return _ ("written out of order");
    }
}

char *
arb_reconstruct_move_label (const ArbPosition *start, guint ply)
{
  guint index = ply - 1 + (start->side_to_move == ARB_BLACK ? 1 : 0);
  guint number = start->fullmove_number + index / 2;

  return index % 2 == 0 ? g_strdup_printf ("%u.", number) : g_strdup_printf ("%u…", number);
}

char *
arb_reconstruct_san_at (const ArbScoresheetResult *result, const ArbScoresheetGame *game, guint ply)
{
  ArbPosition pos;
  char san[ARB_SAN_MAX];

  arb_scoresheet_game_get_position (result, game, ply - 1, &pos);
  arb_san_write (&pos, g_array_index (game->moves, ArbMove, ply - 1), san);
  return g_strdup (san);
}

static GtkWidget *
use_button (guint index, GCallback used, gpointer data)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (_ ("_Use"));

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (button), "alternative", GUINT_TO_POINTER (index));
  g_signal_connect (button, "clicked", used, data);
  return button;
}

GtkWidget *
arb_reconstruct_alternative_row (const ArbScoresheetResult *result,
                                 const ArbScoresheetGame *alt,
                                 guint index,
                                 guint from,
                                 GCallback used,
                                 gpointer data)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *label = arb_reconstruct_move_label (&result->start, from);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  GString *moves = g_string_new (NULL);
  ArbPosition pos;

  arb_scoresheet_game_get_position (result, alt, from - 1, &pos);
  for (guint p = from; p <= alt->moves->len && p < from + 4; p++)
    {
      ArbMove move = g_array_index (alt->moves, ArbMove, p - 1);
      char san[ARB_SAN_MAX];
      ArbUndo undo;

      arb_san_write (&pos, move, san);
      g_string_append_printf (moves, "%s%s", moves->len > 0 ? " " : "", san);
      arb_position_make_move (&pos, move, &undo);
    }
  /* Translators: another reading of the sheets, from a half-move on,
   * e.g. "From 11.: Nfd2 Bb7 Bc2 Re8" */
  title = g_strdup_printf (_ ("From %s: %s"), label, moves->str);
  g_string_free (moves, TRUE);
  subtitle = g_strdup_printf (
    /* Translators: an alternative's corrections and their total cost */
    ngettext ("%u correction, cost %u", "%u corrections, cost %u", alt->corrections->len),
    alt->corrections->len, alt->cost);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), use_button (index, used, data));
  return row;
}

/* --- Where the two sheets disagree ------------------------------------- */

static const char *
sheet_name (guint sheet)
{
  return sheet == 0 ? _ ("White's sheet") : _ ("Black's sheet");
}

/* The token @game read from @sheet at @ply, or NULL. */
static const ArbScoresheetToken *
token_at (const ArbScoresheetGame *game, ArbScoresheet *const sheets[2], guint sheet, guint ply)
{
  int token;

  if (sheets[sheet] == NULL || ply > game->tokens[sheet]->len)
    return NULL;
  token = g_array_index (game->tokens[sheet], int, ply - 1);
  return token >= 0 ? arb_scoresheet_get_token (sheets[sheet], (guint) token) : NULL;
}

/* What @game's corrections at @ply cost. */
static guint
cost_at (const ArbScoresheetGame *game, guint ply)
{
  guint cost = 0;

  for (guint i = 0; i < game->corrections->len; i++)
    {
      const ArbScoresheetCorrection *c =
        &g_array_index (game->corrections, ArbScoresheetCorrection, i);

      if (c->ply == ply)
        cost += c->cost;
    }
  return cost;
}

/* The first alternative that plays another move at @ply and reads
 * @sheet's token there as written; its index, or -1. */
static int
reading_following (const ArbScoresheetResult *result, guint ply, guint sheet)
{
  ArbMove best = g_array_index (result->best->moves, ArbMove, ply - 1);

  for (guint i = 0; i < result->alternatives->len; i++)
    {
      const ArbScoresheetGame *alt = g_ptr_array_index (result->alternatives, i);

      if (alt->differs_at > ply || alt->moves->len < ply ||
          g_array_index (alt->moves, ArbMove, ply - 1) == best)
        continue;
      if (arb_scoresheet_game_follows_sheet (alt, ply, sheet))
        return (int) i;
    }
  return -1;
}

/* Why the reading taken: the sheet it follows, the other corrected. */
static char *
chosen_text (const ArbScoresheetResult *result, guint ply, int follows)
{
  g_autofree char *san = arb_reconstruct_san_at (result, result->best, ply);

  if (follows < 0)
    /* Translators: where the two sheets disagree, the move read corrects
     * both, e.g. "Read Re8: both sheets corrected, cost 16 (game cost 24)" */
    return g_strdup_printf (_ ("Read %s: both sheets corrected, cost %u (game cost %u)"), san,
                            cost_at (result->best, ply), result->best->cost);
  /* Translators: where the two sheets disagree, the move read, the sheet
   * it follows and the other sheet's correction, e.g. "Read Re8, as
   * Black's sheet has it: White's sheet corrected, cost 8 (game cost 8)" */
  return g_strdup_printf (_ ("Read %s, as %s has it: %s corrected, cost %u (game cost %u)"), san,
                          sheet_name ((guint) follows), sheet_name (1 - (guint) follows),
                          cost_at (result->best, ply), result->best->cost);
}

static GtkWidget *
disagreement_row (const ArbScoresheetResult *result,
                  ArbScoresheet *const sheets[2],
                  guint ply,
                  GCallback used,
                  gpointer data)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *label = arb_reconstruct_move_label (&result->start, ply);
  const ArbScoresheetToken *w = token_at (result->best, sheets, 0, ply);
  const ArbScoresheetToken *b = token_at (result->best, sheets, 1, ply);
  int follows = arb_scoresheet_game_follows_sheet (result->best, ply, 0)   ? 0
                : arb_scoresheet_game_follows_sheet (result->best, ply, 1) ? 1
                                                                           : -1;
  /* Translators: a half-move where the two sheets disagree, e.g.
   * "12… White's sheet “Te7”, Black's sheet “Te8”" */
  g_autofree char *title =
    g_strdup_printf (_ ("%s White's sheet “%s”, Black's sheet “%s”"), label, w->text, b->text);
  g_autofree char *chosen = chosen_text (result, ply, follows);
  GString *subtitle = g_string_new (chosen);

  for (guint k = 0; k < 2; k++)
    {
      int alt;

      if ((int) k == follows)
        continue;
      alt = reading_following (result, ply, k);
      g_string_append_c (subtitle, '\n');
      if (alt < 0)
        /* Translators: no game that reads this sheet's move as written
         * costs little more than the game read, e.g. "No reading as
         * White's sheet has it comes close" */
        g_string_append_printf (subtitle, _ ("No reading as %s has it comes close"),
                                sheet_name (k));
      else
        {
          const ArbScoresheetGame *game = g_ptr_array_index (result->alternatives, alt);
          g_autofree char *san = arb_reconstruct_san_at (result, game, ply);

          /* Translators: the reading that follows the other sheet, e.g.
           * "As White's sheet has it: Re7, game cost 20, 12 more" */
          g_string_append_printf (subtitle, _ ("As %s has it: %s, game cost %u, %u more"),
                                  sheet_name (k), san, game->cost,
                                  game->cost - MIN (game->cost, result->best->cost));
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), use_button ((guint) alt, used, data));
        }
    }
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle->str);
  g_string_free (subtitle, TRUE);
  return row;
}

guint
arb_reconstruct_add_disagreements (GtkListBox *list,
                                   const ArbScoresheetResult *result,
                                   ArbScoresheet *const sheets[2],
                                   GCallback used,
                                   gpointer data)
{
  guint n = 0;

  if (result == NULL || result->n_sheets < 2)
    return 0;
  for (guint ply = 1; ply <= result->best->moves->len; ply++)
    {
      const ArbScoresheetToken *w = token_at (result->best, sheets, 0, ply);
      const ArbScoresheetToken *b = token_at (result->best, sheets, 1, ply);
      gboolean fw = arb_scoresheet_game_follows_sheet (result->best, ply, 0);
      gboolean fb = arb_scoresheet_game_follows_sheet (result->best, ply, 1);

      /* Both wrote the move (a blank or "?" says nothing); one is read
       * as written and the other not, or neither and they wrote
       * different moves. */
      if (w == NULL || b == NULL || w->n_readings == 0 || b->n_readings == 0 || (fw && fb))
        continue;
      if (!fw && !fb && g_strcmp0 (w->text, b->text) == 0)
        continue;
      gtk_list_box_append (list, disagreement_row (result, sheets, ply, used, data));
      n++;
    }
  return n;
}

/* --- The game and the sheets ------------------------------------------ */

void
arb_reconstruct_show_moves (GtkTextBuffer *buffer,
                            const ArbScoresheetResult *result,
                            const ArbPosition *start)
{
  const ArbScoresheetGame *best = result != NULL ? result->best : NULL;
  ArbPosition pos = *start;
  GtkTextIter end;

  gtk_text_buffer_set_text (buffer, "", 0);
  if (best == NULL)
    return;
  for (guint ply = 1; ply <= best->moves->len; ply++)
    {
      ArbMove move = g_array_index (best->moves, ArbMove, ply - 1);
      gboolean corrected = FALSE;
      GString *written = g_string_new (NULL);
      char san[ARB_SAN_MAX];
      ArbUndo undo;

      for (guint i = 0; i < best->corrections->len; i++)
        {
          const ArbScoresheetCorrection *c =
            &g_array_index (best->corrections, ArbScoresheetCorrection, i);

          if (c->ply != ply || c->kind == ARB_SCORESHEET_CORRECTION_EXTRA)
            continue;
          corrected = TRUE;
          g_string_append_printf (written, "%s%s", written->len > 0 ? ", " : "",
                                  c->written[0] != '\0' ? c->written : "—");
        }
      arb_san_write (&pos, move, san);
      gtk_text_buffer_get_end_iter (buffer, &end);
      if (ply == 1 || (pos.side_to_move == ARB_WHITE))
        {
          g_autofree char *label = arb_reconstruct_move_label (start, ply);

          gtk_text_buffer_insert_with_tags_by_name (buffer, &end, label, -1, "number", NULL);
          gtk_text_buffer_insert (buffer, &end, " ", 1);
        }
      gtk_text_buffer_insert_with_tags_by_name (buffer, &end, san, -1,
                                                corrected ? "corrected" : "move", NULL);
      if (corrected)
        {
          g_autofree char *beside = g_strdup_printf (" [%s]", written->str);

          gtk_text_buffer_insert_with_tags_by_name (buffer, &end, beside, -1, "written", NULL);
        }
      gtk_text_buffer_insert (buffer, &end, " ", 1);
      g_string_free (written, TRUE);
      arb_position_make_move (&pos, move, &undo);
    }
}

/* The tokens know bytes; the buffer counts characters. */
static void
iter_at_byte (GtkTextBuffer *buffer, const char *text, guint byte, GtkTextIter *iter)
{
  gsize len = strlen (text);
  glong chars = g_utf8_pointer_to_offset (text, text + MIN ((gsize) byte, len));

  gtk_text_buffer_get_iter_at_offset (buffer, iter, (int) chars);
}

static void
tag_token (GtkTextBuffer *buffer, const char *text, const ArbScoresheetToken *tok, const char *tag)
{
  GtkTextIter start, end;

  iter_at_byte (buffer, text, tok->offset, &start);
  iter_at_byte (buffer, text, tok->offset + tok->length, &end);
  gtk_text_buffer_apply_tag_by_name (buffer, tag, &start, &end);
}

void
arb_reconstruct_mark_sheet (GtkTextBuffer *buffer,
                            ArbScoresheet *sheet,
                            const ArbScoresheetResult *result,
                            guint k,
                            int failed_token)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag_by_name (buffer, "corrected", &start, &end);
  gtk_text_buffer_remove_tag_by_name (buffer, "failed", &start, &end);
  if (sheet == NULL)
    return;
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (failed_token >= 0)
    tag_token (buffer, text, arb_scoresheet_get_token (sheet, (guint) failed_token), "failed");
  if (result == NULL)
    return;
  for (guint i = 0; i < result->best->corrections->len; i++)
    {
      const ArbScoresheetCorrection *c =
        &g_array_index (result->best->corrections, ArbScoresheetCorrection, i);

      if (c->sheet == k && c->token >= 0)
        tag_token (buffer, text, arb_scoresheet_get_token (sheet, (guint) c->token), "corrected");
    }
}
