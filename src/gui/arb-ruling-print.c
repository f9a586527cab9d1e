/* arb-ruling-print.c: a ruling report and the sealed-move envelope as PDF
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-ruling-print"

#include "config.h"

#include "arb-ruling-print.h"

#include <cairo-pdf.h>
#include <gio/gio.h>
#include "arb-i18n.h"
#include <pango/pangocairo.h>

#include "arb-application.h"
#include "arb-pdf-page.h"
#include "arb-ruling-text.h"

#define PAGE_W ARB_PDF_PAGE_W
#define PAGE_H ARB_PDF_PAGE_H
#define MARGIN ARB_PDF_MARGIN

typedef ArbPdfPage Page;

/* One paragraph of text at the current line, wrapped to the page. */
static void
text (Page *page, const char *font, const char *str, double indent)
{
  PangoLayout *layout = pango_cairo_create_layout (page->cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  int w, h;

  if (page->printed != NULL)
    g_string_append_printf (page->printed, "%s\n", str);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_width (layout, (int) ((PAGE_W - 2 * MARGIN - indent) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, str, -1);
  pango_layout_get_size (layout, &w, &h);
  if (page->y + h / (double) PANGO_SCALE > PAGE_H - MARGIN)
    {
      cairo_show_page (page->cr);
      page->y = MARGIN;
    }
  cairo_set_source_rgb (page->cr, 0, 0, 0);
  cairo_move_to (page->cr, MARGIN + indent, page->y);
  pango_cairo_show_layout (page->cr, layout);
  page->y += h / (double) PANGO_SCALE + 4;
  pango_font_description_free (desc);
  g_object_unref (layout);
}

static void
field (Page *page, const char *label, const char *value)
{
  g_autofree char *line = g_strdup_printf ("%s: %s", label, value != NULL ? value : "");
  text (page, "Sans 11", line, 0);
}

static void
rule (Page *page)
{
  cairo_set_line_width (page->cr, 0.5);
  cairo_move_to (page->cr, MARGIN, page->y + 2);
  cairo_line_to (page->cr, PAGE_W - MARGIN, page->y + 2);
  cairo_stroke (page->cr);
  page->y += 10;
}

/* A plain diagram: squares, and the pieces as figurines, which need no
 * language (a Dutch P is a knight, a Swedish B a pawn). */
static void
diagram (Page *page, const char *fen)
{
  ArbPosition pos;
  double size = 22;
  double x0 = MARGIN + 20;
  PangoLayout *layout;
  PangoFontDescription *desc;

  if (fen == NULL || !arb_position_set_fen (&pos, fen, ARB_FEN_FLAGS_NONE, NULL))
    return;
  layout = pango_cairo_create_layout (page->cr);
  desc = pango_font_description_from_string ("DejaVu Sans 15");
  pango_layout_set_font_description (layout, desc);
  for (int rank = 7; rank >= 0; rank--)
    for (int file = 0; file < 8; file++)
      {
        double x = x0 + file * size;
        double y = page->y + (7 - rank) * size;
        ArbPiece piece = pos.board[rank * 8 + file];

        cairo_rectangle (page->cr, x, y, size, size);
        if ((rank + file) % 2 == 0)
          cairo_set_source_rgb (page->cr, 0.75, 0.75, 0.75);
        else
          cairo_set_source_rgb (page->cr, 1, 1, 1);
        cairo_fill_preserve (page->cr);
        cairo_set_source_rgb (page->cr, 0, 0, 0);
        cairo_set_line_width (page->cr, 0.3);
        cairo_stroke (page->cr);
        if (piece != ARB_NO_PIECE)
          {
            /* U+2654 white king … U+2659 white pawn, then the black ones */
            static const char *const white[] = { "", "♙", "♘", "♗", "♖", "♕", "♔" };
            static const char *const black[] = { "", "♟", "♞", "♝", "♜", "♛", "♚" };
            int w, h;

            pango_layout_set_text (layout,
                                   ARB_PIECE_COLOR (piece) == ARB_BLACK
                                     ? black[ARB_PIECE_TYPE (piece)]
                                     : white[ARB_PIECE_TYPE (piece)],
                                   -1);
            pango_layout_get_pixel_size (layout, &w, &h);
            cairo_move_to (page->cr, x + (size - w) / 2, y + (size - h) / 2);
            pango_cairo_show_layout (page->cr, layout);
          }
      }
  pango_font_description_free (desc);
  g_object_unref (layout);
  page->y += 8 * size + 10;
}

static gboolean
print_envelope (const char *path,
                ArbGame *game,
                const ArbEnvelope *env,
                const char *arbiter,
                GString *printed,
                GError **error)
{
  Page page;
  g_autoptr (ArbEventInfo) event = NULL;
  g_autofree char *title = NULL;
  g_autofree char *w_used = NULL;
  g_autofree char *b_used = NULL;
  g_autofree char *players = NULL;
  g_autofree char *number = NULL;

  event = arb_tournament_get_event (arb_game_get_tournament (game), NULL);
  if (!arb_pdf_page_open (&page, path, NULL, error))
    return FALSE;
  page.printed = printed;
  text (&page, "Sans Bold 18", _ ("Sealed move envelope"), 0);
  title =
    g_strdup_printf (_ ("%s, round %d, board %d"), event != NULL && event->name ? event->name : "",
                     arb_game_get_round (game), arb_game_get_board (game));
  text (&page, "Sans 12", title, 0);
  rule (&page);

  players = g_strdup_printf (_ ("%s (White) – %s (Black)"), env->white != NULL ? env->white : "",
                             env->black != NULL ? env->black : "");
  field (&page, _ ("a. Players"), players);
  text (&page, "Sans 11", _ ("b. Position before the sealed move"), 0);
  diagram (&page, env->fen);
  text (&page, "Monospace 9", env->fen != NULL ? env->fen : "", 20);
  w_used = arb_ruling_wording_clock (env->white_used_ms, FALSE);
  b_used = arb_ruling_wording_clock (env->black_used_ms, FALSE);
  {
    g_autofree char *used = g_strdup_printf (_ ("White %s, Black %s"), w_used, b_used);
    field (&page, _ ("c. Time used"), used);
  }
  field (&page, _ ("d. Sealed by"), env->sealer == ARB_WHITE ? env->white : env->black);
  number = g_strdup_printf ("%d", env->move_number);
  field (&page, _ ("e. Number of the sealed move"), number);
  field (&page, _ ("f. Draw offer standing"),
         env->draw_offer_by == ARB_COLOR_NONE ? _ ("none")
                                              : arb_ruling_wording_side (env->draw_offer_by));
  field (&page, _ ("g. Resumption (date, time, place)"), env->resumption);
  if (arbiter != NULL && *arbiter != '\0')
    field (&page, _ ("Envelope received by"), arbiter);
  rule (&page);
  text (
    &page, "Sans Italic 10",
    _ ("The sealed move is inside, on the scoresheet. The arbiter keeps the envelope and opens it "
       "only when the player who must reply is at the board."),
    0);
  page.y += 30;
  text (&page, "Sans 11",
        _ ("Signatures: White ______________  Black ______________  Arbiter ______________"), 0);
  return arb_pdf_page_close (&page, path, error);
}

static char *
player_name (GPtrArray *players, gint64 id)
{
  for (guint i = 0; players != NULL && i < players->len; i++)
    {
      const ArbPlayerInfo *p = g_ptr_array_index (players, i);
      if (p->id == id)
        return g_strdup (p->name);
    }
  return g_strdup ("?");
}

/* The moves the ruling voided, kept in the record, each with the time on
 * the mover's clock after it, and the times the clocks were set to. */
static void
print_voided (Page *page, ArbTournament *tournament, const ArbGameInfo *info, gint64 ruling_id)
{
  g_autoptr (GPtrArray) lines = NULL;
  ArbPosition start;
  int start_move = 1;
  ArbColor start_side = ARB_WHITE;

  if (info == NULL)
    return;
  lines = arb_tournament_list_voided_lines (tournament, info->id, NULL);
  if (info->start_fen != NULL &&
      arb_position_set_fen (&start, info->start_fen, ARB_FEN_FLAGS_NONE, NULL))
    {
      start_move = start.fullmove_number;
      start_side = start.side_to_move;
    }
  for (guint i = 0; lines != NULL && i < lines->len; i++)
    {
      const ArbVoidedLine *line = g_ptr_array_index (lines, i);
      g_autofree char *moves = NULL;
      g_autofree char *set = NULL;

      if (line->ruling_id != ruling_id)
        continue;
      moves = arb_ruling_text_voided_moves (line, start_move, start_side);
      set = arb_ruling_text_clocks_set (line);
      /* Translators: a field of the printed ruling: the moves a
       * restoration took back, with the clock times after each */
      field (page, _ ("Moves voided"), moves);
      if (set != NULL)
        /* Translators: a field of the printed ruling: the times the
         * arbiter set the clocks to at the restoration */
        field (page, _ ("Clocks set"), set);
    }
}

static gboolean
print_report (const char *path,
              ArbTournament *tournament,
              GPtrArray *records,
              const gint64 *game_ids,
              GString *printed,
              GError **error)
{
  Page page;
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) players = NULL;

  event = arb_tournament_get_event (tournament, error);
  if (event == NULL)
    return FALSE;
  players = arb_tournament_list_players (tournament, NULL);
  if (!arb_pdf_page_open (&page, path, NULL, error))
    return FALSE;
  page.printed = printed;
  text (&page, "Sans Bold 18", records->len == 1 ? _ ("Ruling") : _ ("Rulings"), 0);
  {
    g_autofree char *sub = g_strdup_printf (_ ("%s · FIDE Laws of Chess, %d edition"),
                                            event->name != NULL ? event->name : "", event->edition);
    text (&page, "Sans 11", sub, 0);
  }
  rule (&page);

  for (guint i = 0; i < records->len; i++)
    {
      const ArbRulingRecord *r = g_ptr_array_index (records, i);
      g_autoptr (ArbGameInfo) info = arb_tournament_get_game (tournament, game_ids[i], NULL);
      const ArbRuling *ruling = r->ruling;
      ArbRulingKind kind = ARB_RULING_RESULT;
      ArbDecision decision = ARB_DECISION_PLAY_ON;
      g_autofree char *white = NULL;
      g_autofree char *black = NULL;
      g_autofree char *head = NULL;
      g_autofree char *line = NULL;

      /* A withdrawal is of the kind of the ruling it withdraws. */
      if (ruling != NULL)
        kind = ruling->kind;
      else
        arb_ruling_kind_from_string (r->kind, &kind);
      arb_decision_from_string (r->decision, &decision);
      white = player_name (players, info != NULL ? info->white_id : 0);
      black = player_name (players, info != NULL ? info->black_id : 0);
      head = g_strdup_printf (_ ("Round %d, board %d: %s – %s"), info != NULL ? info->round : 0,
                              info != NULL ? info->board : 0, white, black);
      text (&page, "Sans Bold 13", head, 0);
      if (r->superseded_by != 0)
        /* Translators: on the printed report, above a ruling that was
         * withdrawn later; it is printed as it was confirmed */
        text (&page, "Sans Bold 11", _ ("WITHDRAWN — superseded by a later record"), 0);
      else if (r->supersedes != 0)
        /* Translators: on the printed report, above the record that
         * withdraws an earlier ruling (printed as that ruling read) */
        text (&page, "Sans Bold 11", _ ("WITHDRAWAL of an earlier ruling, shown as it read"), 0);
      {
        g_autoptr (GDateTime) utc =
          r->wall_time != NULL ? g_date_time_new_from_iso8601 (r->wall_time, NULL) : NULL;
        g_autoptr (GDateTime) local = utc != NULL ? g_date_time_to_local (utc) : NULL;
        g_autofree char *when = local != NULL ? arb_i18n_format_date_time (local)
                                              : g_strdup (r->wall_time != NULL ? r->wall_time : "");

        int start_move = 1;
        int start_side = ARB_WHITE;
        g_autofree char *at = NULL;

        /* A game from a set-up position names its plies from the move
         * number and side of that position, as the log does. */
        if (info != NULL && info->start_fen != NULL)
          {
            ArbPosition start;

            if (arb_position_set_fen (&start, info->start_fen, ARB_FEN_FLAGS_NONE, NULL))
              {
                start_move = start.fullmove_number;
                start_side = start.side_to_move;
              }
          }
        at = arb_ruling_wording_ply (r->ply, start_move, start_side);

        /* TRANSLATORS: "2026-11-21 14:03 · move 15, White · Illegal move" */
        line = g_strdup_printf (_ ("%s · %s · %s"), when, at, arb_ruling_wording_kind (kind));
      }
      text (&page, "Sans 11", line, 0);
      if (ruling != NULL)
        {
          g_autofree char *facts = arb_ruling_wording_facts (ruling);
          field (&page, _ ("Facts"), facts);
        }
      {
        g_autofree char *d = ruling != NULL ? arb_ruling_wording_verdict (ruling)
                                            : g_strdup (arb_ruling_wording_decision (decision));
        field (&page, _ ("Decision"), d);
      }
      if (ruling != NULL)
        {
          g_autofree char *why = arb_ruling_wording_explanation (ruling);

          if (*why != '\0')
            text (&page, "Sans 10", why, 16);
          for (guint c = 0; c < ruling->citations->len; c++)
            {
              const ArbCitation *cit = &g_array_index (ruling->citations, ArbCitation, c);
              g_autofree char *title = arb_ruling_wording_article (cit);
              /* The same marks as on the screen: "(number not verified)". */
              g_autofree char *art =
                g_strdup_printf (_ ("%s: %s"), title, arb_ruling_wording_paraphrase (ruling, cit));
              text (&page, "Sans 10", art, 16);
            }
          for (guint e = 0; e < ruling->effects->len; e++)
            {
              const ArbEffect *eff = &g_array_index (ruling->effects, ArbEffect, e);
              g_autofree char *t = arb_ruling_text_effect (ruling, eff, NULL);
              g_autofree char *bullet = g_strdup_printf ("• %s", t);
              text (&page, "Sans 10", bullet, 16);
            }
        }
      else
        field (&page, _ ("Articles"), r->articles);
      if (r->note != NULL && *r->note != '\0')
        /* Translators: the reason a ruling was withdrawn, on the report */
        field (&page, r->supersedes != 0 ? _ ("Reason for the withdrawal") : _ ("Note"), r->note);
      print_voided (&page, tournament, info, r->id);
      page.y += 6;
      rule (&page);
    }
  page.y += 24;
  text (&page, "Sans 11", _ ("Arbiter: ______________________   Signature: ______________________"),
        0);
  return arb_pdf_page_close (&page, path, error);
}

gboolean
arb_ruling_print_envelope (const char *path,
                           ArbGame *game,
                           const ArbEnvelope *env,
                           const char *arbiter,
                           char **printed_text,
                           GError **error)
{
  g_autoptr (GString) printed = g_string_new (NULL);
  gboolean ok;

  g_return_val_if_fail (path != NULL && env != NULL, FALSE);
  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);

  if (!arb_pdf_push_report_language (error))
    return FALSE;
  ok = print_envelope (path, game, env, arbiter, printed, error);
  arb_i18n_pop_language ();
  if (ok && printed_text != NULL)
    *printed_text = g_strdup (printed->str);
  return ok;
}

gboolean
arb_ruling_print_report (const char *path,
                         ArbTournament *tournament,
                         GPtrArray *records,
                         const gint64 *game_ids,
                         char **printed_text,
                         GError **error)
{
  g_autoptr (GString) printed = g_string_new (NULL);
  gboolean ok;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);
  g_return_val_if_fail (records != NULL, FALSE);

  if (!arb_pdf_push_report_language (error))
    return FALSE;
  ok = print_report (path, tournament, records, game_ids, printed, error);
  arb_i18n_pop_language ();
  if (ok && printed_text != NULL)
    *printed_text = g_strdup (printed->str);
  return ok;
}
