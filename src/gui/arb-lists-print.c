/* arb-lists-print.c: the pairings, result slips, standings and cross-table as PDF
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-lists-print"

#include "config.h"

#include "arb-lists-print.h"

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "arb-application.h"
#include "arb-i18n.h"
#include "arb-pdf-page.h"

#define PAGE_W ARB_PDF_PAGE_W
#define PAGE_H ARB_PDF_PAGE_H
#define MARGIN ARB_PDF_MARGIN
#define ROW_H 16.0

typedef ArbPdfPage Sheet;

/* A column: where it starts, its width, and whether it is right-aligned. */
typedef struct
{
  double x;
  double w;
  gboolean right;
} Column;

/* One line of text at (@x, @y) in @w points, ellipsized; its height. */
static double
draw_text (Sheet *sheet,
           const char *font,
           const char *str,
           double x,
           double y,
           double w,
           gboolean right)
{
  PangoLayout *layout = pango_cairo_create_layout (sheet->cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  int h;

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, right ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  pango_layout_set_text (layout, str, -1);
  pango_layout_get_size (layout, NULL, &h);
  cairo_set_source_rgb (sheet->cr, 0, 0, 0);
  cairo_move_to (sheet->cr, x, y);
  pango_cairo_show_layout (sheet->cr, layout);
  pango_font_description_free (desc);
  g_object_unref (layout);
  return h / (double) PANGO_SCALE;
}

static void
new_page_if_needed (Sheet *sheet, double height)
{
  if (sheet->y + height > PAGE_H - MARGIN)
    {
      cairo_show_page (sheet->cr);
      sheet->y = MARGIN;
    }
}

/* A paragraph across the page. */
static void
heading (Sheet *sheet, const char *font, const char *str)
{
  double h;

  if (sheet->printed != NULL)
    g_string_append_printf (sheet->printed, "%s\n", str);
  new_page_if_needed (sheet, 24);
  h = draw_text (sheet, font, str, MARGIN, sheet->y, PAGE_W - 2 * MARGIN, FALSE);
  sheet->y += h + 4;
}

static void
hline (Sheet *sheet, double x0, double x1, double y, double width)
{
  cairo_set_source_rgb (sheet->cr, 0, 0, 0);
  cairo_set_line_width (sheet->cr, width);
  cairo_move_to (sheet->cr, x0, y);
  cairo_line_to (sheet->cr, x1, y);
  cairo_stroke (sheet->cr);
}

/* A row of a table; a header row is bold and ruled below. */
static void
table_row (Sheet *sheet, const Column *cols, guint n, const char *const *cells, gboolean header)
{
  const char *font = header ? "Sans Bold 9" : "Sans 9";

  new_page_if_needed (sheet, ROW_H);
  for (guint i = 0; i < n; i++)
    {
      draw_text (sheet, font, cells[i] != NULL ? cells[i] : "", MARGIN + cols[i].x, sheet->y + 2,
                 cols[i].w, cols[i].right);
      if (sheet->printed != NULL)
        g_string_append_printf (sheet->printed, "%s%s", i > 0 ? "\t" : "",
                                cells[i] != NULL ? cells[i] : "");
    }
  if (sheet->printed != NULL)
    g_string_append_c (sheet->printed, '\n');
  sheet->y += ROW_H;
  if (header)
    hline (sheet, MARGIN, PAGE_W - MARGIN, sheet->y, 0.6);
  else
    {
      cairo_set_source_rgb (sheet->cr, 0.8, 0.8, 0.8);
      cairo_set_line_width (sheet->cr, 0.3);
      cairo_move_to (sheet->cr, MARGIN, sheet->y);
      cairo_line_to (sheet->cr, PAGE_W - MARGIN, sheet->y);
      cairo_stroke (sheet->cr);
    }
}

/* "2½", "½", "3", "1.25": points and tie-break values. */
static char *
format_value (double v)
{
  double whole = floor (v);

  if (v * 2 == floor (v * 2))
    {
      if (v - whole == 0)
        return g_strdup_printf ("%.0f", v);
      return whole == 0 ? g_strdup ("½") : g_strdup_printf ("%.0f½", whole);
    }
  return g_strdup_printf ("%.2f", v);
}

static const ArbPlayerInfo *
find_player (GPtrArray *players, gint64 id)
{
  for (guint i = 0; players != NULL && i < players->len; i++)
    {
      const ArbPlayerInfo *p = g_ptr_array_index (players, i);
      if (p->id == id)
        return p;
    }
  return NULL;
}

static const ArbStandingsRow *
find_row (GPtrArray *rows, gint64 player_id)
{
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const ArbStandingsRow *r = g_ptr_array_index (rows, i);
      if (r->player_id == player_id)
        return r;
    }
  return NULL;
}

/* The games of @round, by board. */
static int
by_board (gconstpointer a, gconstpointer b)
{
  const ArbGameInfo *x = *(const ArbGameInfo *const *) a;
  const ArbGameInfo *y = *(const ArbGameInfo *const *) b;

  return (x->board > y->board) - (x->board < y->board);
}

static GPtrArray *
round_games (GPtrArray *games, int round)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      const ArbGameInfo *g = g_ptr_array_index (games, i);
      if (g->round == round)
        g_ptr_array_add (out, (gpointer) g);
    }
  g_ptr_array_sort (out, by_board);
  return out;
}

/* The kind of a bye by its TRF code. */
static const char *
bye_kind (const char *code)
{
  if (g_strcmp0 (code, "H") == 0)
    /* Translators: the kind of a bye on the printed pairings */
    return _ ("Half-point bye");
  if (g_strcmp0 (code, "F") == 0)
    /* Translators: the kind of a bye on the printed pairings */
    return _ ("Full-point bye");
  if (g_strcmp0 (code, "U") == 0)
    /* Translators: the kind of a bye on the printed pairings: the bye
     * the pairing gives to the player left over */
    return _ ("Pairing-allocated bye");
  if (g_strcmp0 (code, "Z") == 0)
    /* Translators: the kind of a bye on the printed pairings */
    return _ ("Zero-point bye");
  return code != NULL ? code : "";
}

static char *
title_line (const ArbEventInfo *event, int round)
{
  /* Translators: under the title of a printed list: "Open 2026, round 3" */
  return g_strdup_printf (_ ("%s, round %d"), event != NULL && event->name ? event->name : "",
                          round);
}

static gboolean
print_pairings (Sheet *sheet,
                const ArbEventInfo *event,
                int round,
                GPtrArray *players,
                GPtrArray *games)
{
  static const Column cols[] = {
    { 0, 24, TRUE },     { 32, 146, FALSE }, { 180, 36, TRUE }, { 220, 26, TRUE },
    { 258, 146, FALSE }, { 406, 36, TRUE },  { 446, 26, TRUE },
  };
  g_autoptr (GPtrArray) list = round_games (games, round);
  g_autoptr (GPtrArray) before = NULL;
  g_autofree char *sub = title_line (event, round);
  ArbScoring scoring;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  guint n_order = 0;
  gboolean any_bye = FALSE;

  arb_standings_event_settings (event, &scoring, order, &n_order);
  if (round > 1)
    before = arb_standings_compute (players, games, round - 1, &scoring, order, n_order);
  /* Translators: the title of the printed pairings of a round */
  heading (sheet, "Sans Bold 18", _ ("Pairings"));
  heading (sheet, "Sans 11", sub);
  sheet->y += 6;
  {
    const char *head[] = { C_ ("pairings", "Bd."), C_ ("pairings", "White"), C_ ("pairings", "Rtg"),
                           C_ ("pairings", "Pts"), C_ ("pairings", "Black"), C_ ("pairings", "Rtg"),
                           C_ ("pairings", "Pts") };
    table_row (sheet, cols, G_N_ELEMENTS (cols), head, TRUE);
  }
  for (guint i = 0; i < list->len; i++)
    {
      const ArbGameInfo *g = g_ptr_array_index (list, i);
      const ArbPlayerInfo *w = find_player (players, g->white_id);
      const ArbPlayerInfo *b = find_player (players, g->black_id);
      const ArbStandingsRow *wr = find_row (before, g->white_id);
      const ArbStandingsRow *br = find_row (before, g->black_id);
      g_autofree char *board = g_strdup_printf ("%d", g->board);
      g_autofree char *wrat =
        w != NULL && w->rating > 0 ? g_strdup_printf ("%d", w->rating) : g_strdup ("");
      g_autofree char *brat =
        b != NULL && b->rating > 0 ? g_strdup_printf ("%d", b->rating) : g_strdup ("");
      g_autofree char *wpts = format_value (wr != NULL ? wr->points : 0);
      g_autofree char *bpts = format_value (br != NULL ? br->points : 0);
      const char *cells[7];

      if (g->black_id == 0)
        {
          any_bye = TRUE;
          continue;
        }
      cells[0] = board;
      cells[1] = w != NULL ? w->name : "?";
      cells[2] = wrat;
      cells[3] = wpts;
      cells[4] = b != NULL ? b->name : "?";
      cells[5] = brat;
      cells[6] = bpts;
      table_row (sheet, cols, G_N_ELEMENTS (cols), cells, FALSE);
    }
  if (!any_bye)
    return TRUE;
  sheet->y += 14;
  /* Translators: the heading of the byes on the printed pairings */
  heading (sheet, "Sans Bold 12", _ ("Byes"));
  for (guint i = 0; i < list->len; i++)
    {
      static const Column bcols[] = {
        { 32, 146, FALSE }, { 180, 36, TRUE }, { 220, 26, TRUE }, { 258, 225, FALSE }
      };
      const ArbGameInfo *g = g_ptr_array_index (list, i);
      const ArbPlayerInfo *p = find_player (players, g->white_id);
      const ArbStandingsRow *r = find_row (before, g->white_id);
      g_autofree char *rat =
        p != NULL && p->rating > 0 ? g_strdup_printf ("%d", p->rating) : g_strdup ("");
      g_autofree char *pts = format_value (r != NULL ? r->points : 0);
      const char *cells[4];

      if (g->black_id != 0)
        continue;
      cells[0] = p != NULL ? p->name : "?";
      cells[1] = rat;
      cells[2] = pts;
      cells[3] = bye_kind (g->bye_code);
      table_row (sheet, bcols, G_N_ELEMENTS (bcols), cells, FALSE);
    }
  return TRUE;
}

/* Slips: four to a page, each a box with cut lines between. */
#define SLIP_H ((PAGE_H - 2 * MARGIN) / 4)

static void
print_slip (Sheet *sheet,
            const ArbEventInfo *event,
            const ArbGameInfo *g,
            GPtrArray *players,
            int index)
{
  const ArbPlayerInfo *w = find_player (players, g->white_id);
  const ArbPlayerInfo *b = find_player (players, g->black_id);
  double top = MARGIN + (index % 4) * SLIP_H;
  double x = MARGIN + 10;
  double width = PAGE_W - 2 * MARGIN - 20;
  double half = width / 2;
  g_autofree char *head = NULL;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;

  if (index > 0 && index % 4 == 0)
    cairo_show_page (sheet->cr);
  /* the cut line */
  cairo_save (sheet->cr);
  cairo_set_source_rgb (sheet->cr, 0.5, 0.5, 0.5);
  cairo_set_line_width (sheet->cr, 0.5);
  cairo_set_dash (sheet->cr, (const double[]){ 4, 3 }, 2, 0);
  cairo_rectangle (sheet->cr, MARGIN, top + 4, PAGE_W - 2 * MARGIN, SLIP_H - 8);
  cairo_stroke (sheet->cr);
  cairo_restore (sheet->cr);

  /* Translators: the head of a result slip: event, round, board */
  head =
    g_strdup_printf (_ ("%s · Round %d · Board %d"),
                     event != NULL && event->name != NULL ? event->name : "", g->round, g->board);
  /* Translators: a player on a result slip: "White: Carlsen, Magnus (2830)" */
  white = g_strdup_printf (_ ("White: %s"), w != NULL ? w->name : "?");
  /* Translators: a player on a result slip */
  black = g_strdup_printf (_ ("Black: %s"), b != NULL ? b->name : "?");
  if (sheet->printed != NULL)
    g_string_append_printf (sheet->printed, "%s\n%s\t%s\n", head, white, black);
  draw_text (sheet, "Sans Bold 11", head, x, top + 14, width, FALSE);
  draw_text (sheet, "Sans 11", white, x, top + 40, half - 10, FALSE);
  draw_text (sheet, "Sans 11", black, x + half, top + 40, half - 10, FALSE);

  /* Translators: on a result slip, before the line the result is written on */
  draw_text (sheet, "Sans 10", _ ("Result:"), x, top + 78, 80, FALSE);
  hline (sheet, x + 80, x + 230, top + 92, 0.6);
  draw_text (sheet, "Sans 8", "1-0   ½-½   0-1", x + 240, top + 80, 120, FALSE);

  /* Translators: on a result slip, under the line White signs on */
  draw_text (sheet, "Sans 8", _ ("Signature, White"), x, top + 150, half - 20, FALSE);
  /* Translators: on a result slip, under the line Black signs on */
  draw_text (sheet, "Sans 8", _ ("Signature, Black"), x + half, top + 150, half - 20, FALSE);
  hline (sheet, x, x + half - 20, top + 146, 0.6);
  hline (sheet, x + half, x + width, top + 146, 0.6);
  if (sheet->printed != NULL)
    g_string_append_printf (sheet->printed, "%s\n%s\t%s\n", _ ("Result:"), _ ("Signature, White"),
                            _ ("Signature, Black"));
}

static gboolean
print_slips (Sheet *sheet,
             const ArbEventInfo *event,
             int round,
             GPtrArray *players,
             GPtrArray *games)
{
  g_autoptr (GPtrArray) list = round_games (games, round);
  int n = 0;

  for (guint i = 0; i < list->len; i++)
    {
      const ArbGameInfo *g = g_ptr_array_index (list, i);

      if (g->black_id == 0)
        continue;
      print_slip (sheet, event, g, players, n++);
    }
  return TRUE;
}

/* The width @str takes in @font, in points. */
static double
text_width (Sheet *sheet, const char *font, const char *str)
{
  PangoLayout *layout = pango_cairo_create_layout (sheet->cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  int w;

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, str, -1);
  pango_layout_get_size (layout, &w, NULL);
  pango_font_description_free (desc);
  g_object_unref (layout);
  return w / (double) PANGO_SCALE;
}

/* A row of cells as a GStrv. */
static char **
end_row (GPtrArray *row)
{
  g_ptr_array_add (row, NULL);
  return (char **) g_ptr_array_free (row, FALSE);
}

#define STANDINGS_NAME 2 /* the column that takes the room left */

/* The cells of the standings, the header first: rank, starting rank,
 * name, rating, points, then the tie-breaks by their C.07 acronyms. */
static GPtrArray *
standings_cells (GPtrArray *rows, const ArbTiebreak *order, guint n_order)
{
  GPtrArray *table = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  GPtrArray *head = g_ptr_array_new ();

  g_ptr_array_add (head, g_strdup (C_ ("standings", "Rank")));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "No.")));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "Name")));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "Rating")));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "Points")));
  for (guint i = 0; i < n_order; i++)
    g_ptr_array_add (head, g_ascii_strup (arb_tiebreak_to_key (order[i]), -1));
  g_ptr_array_add (table, end_row (head));
  for (guint r = 0; r < rows->len; r++)
    {
      const ArbStandingsRow *row = rows->pdata[r];
      GPtrArray *b = g_ptr_array_new ();

      /* The place, "3–4" when shared (C.07 Article 2.1). */
      g_ptr_array_add (b, arb_standings_row_place (row));
      g_ptr_array_add (b, g_strdup_printf ("%d", row->start_no));
      g_ptr_array_add (b, g_strdup (row->name != NULL ? row->name : ""));
      g_ptr_array_add (b, row->rating > 0 ? g_strdup_printf ("%d", row->rating) : g_strdup (""));
      g_ptr_array_add (b, format_value (row->points));
      for (guint i = 0; i < n_order; i++)
        g_ptr_array_add (b, arb_tiebreak_is_rating (order[i])
                              ? g_strdup_printf ("%.0f", row->values[order[i]])
                              : format_value (row->values[order[i]]));
      g_ptr_array_add (table, end_row (b));
    }
  return table;
}

/* Each column as wide as its widest cell, the name (column @name)
 * taking what is left. */
static void
standings_columns (Sheet *sheet, GPtrArray *table, Column *cols, guint n, guint name)
{
  double used = 0;
  double x = 0;

  for (guint c = 0; c < n; c++)
    {
      double w = 0;

      for (guint r = 0; r < table->len; r++)
        {
          const char *const *cells = table->pdata[r];
          w = MAX (w, text_width (sheet, r == 0 ? "Sans Bold 9" : "Sans 9", cells[c]));
        }
      cols[c].w = ceil (w) + 2;
      cols[c].right = c != name;
      if (c != name)
        used += cols[c].w + 8;
    }
  cols[name].w = MAX (60.0, PAGE_W - 2 * MARGIN - used - 8);
  for (guint c = 0; c < n; c++)
    {
      cols[c].x = x;
      x += cols[c].w + 8;
    }
}

static gboolean
print_standings (Sheet *sheet,
                 const ArbEventInfo *event,
                 GPtrArray *rows,
                 const ArbTiebreak *order,
                 guint n_order)
{
  Column cols[5 + ARB_TIEBREAK_MAX_ORDER];
  int after = rows->len > 0 ? ((ArbStandingsRow *) rows->pdata[0])->after_round : 0;
  g_autoptr (GPtrArray) table = NULL;
  g_autofree char *sub = NULL;
  guint n;

  n_order = MIN (n_order, ARB_TIEBREAK_MAX_ORDER);
  n = 5 + n_order;
  table = standings_cells (rows, order, n_order);
  standings_columns (sheet, table, cols, n, STANDINGS_NAME);
  /* Translators: the title of the printed standings */
  heading (sheet, "Sans Bold 18", _ ("Standings"));
  /* Translators: under the title of the printed standings: "Open 2026, after round 3" */
  sub = g_strdup_printf (_ ("%s, after round %d"),
                         event != NULL && event->name != NULL ? event->name : "", after);
  heading (sheet, "Sans 11", sub);
  sheet->y += 6;
  for (guint r = 0; r < table->len; r++)
    table_row (sheet, cols, n, (const char *const *) table->pdata[r], r == 0);
  return TRUE;
}

/* A cell of the order's tie-break @key: TBR and BBE (C.07 12.2, 12.3)
 * compare board by board, so theirs is each board's game points, board
 * 1 first ("3 1 2½ ½"). */
static char *
team_order_cell (const ArbTeamStandingsRow *row, const ArbTeamOrder *order, guint i)
{
  ArbTeamOrderKey key = order->order[i];
  GString *text;

  if (key != ARB_TEAM_ORDER_TBR && key != ARB_TEAM_ORDER_BBE)
    return format_value (row->item_values[i]);
  text = g_string_new (NULL);
  for (int k = 0; k < row->n_boards; k++)
    {
      g_autofree char *points = format_value (row->boards[k]);

      g_string_append_printf (text, "%s%s", k > 0 ? " " : "", points);
    }
  return g_string_free (text, FALSE);
}

/* The team standings' cells, the header first: the place, the team,
 * its matches, MP and GP, then a column for each tie-break of the
 * event's order but MPvGP (the secondary score, shown already), and
 * beside them Buchholz and Sonneborn-Berger on game points (C.07 2026,
 * 13; SB's is EGGSB, 13.2.4) where the order has them not, as
 * `standings --teams` and the display give them. */
static GPtrArray *
team_cells (GPtrArray *rows, const ArbTeamOrder *order)
{
  GPtrArray *table = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  GPtrArray *head = g_ptr_array_new ();
  gboolean bh_gp = !arb_team_order_has_plain (order, ARB_TEAM_ORDER_BH, ARB_TEAM_SCORE_GP);
  gboolean sb_gp = !arb_team_order_has_plain (order, ARB_TEAM_ORDER_SB, ARB_TEAM_SCORE_GP);

  g_ptr_array_add (head, g_strdup (C_ ("standings", "Rank")));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "Team")));
  /* Translators: the column of the team standings with the matches counted */
  g_ptr_array_add (head, g_strdup (C_ ("standings", "Matches")));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "MP")));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "GP")));
  /* The tie-breaks by their C.07 acronyms, with their options ("BH:GP/C1"). */
  for (guint i = 0; i < order->n_order; i++)
    if (order->order[i] != ARB_TEAM_ORDER_MPVGP)
      g_ptr_array_add (head, arb_team_order_item_title (order->order[i], &order->options[i]));
  if (bh_gp)
    g_ptr_array_add (head, g_strdup ("BH:GP"));
  if (sb_gp)
    g_ptr_array_add (head, g_strdup ("SB:GP"));
  g_ptr_array_add (table, end_row (head));
  for (guint r = 0; r < rows->len; r++)
    {
      const ArbTeamStandingsRow *row = rows->pdata[r];
      GPtrArray *b = g_ptr_array_new ();

      /* The place, "3–4" when shared (C.07 Article 2.1). */
      g_ptr_array_add (b, row->place_last > row->place_first
                            ? g_strdup_printf ("%d\u2013%d", row->place_first, row->place_last)
                            : g_strdup_printf ("%d", row->place_first));
      g_ptr_array_add (b, g_strdup (row->team != NULL ? row->team : ""));
      g_ptr_array_add (b, g_strdup_printf ("%d", row->matches));
      g_ptr_array_add (b, format_value (row->match_points));
      g_ptr_array_add (b, format_value (row->game_points));
      for (guint i = 0; i < order->n_order; i++)
        if (order->order[i] != ARB_TEAM_ORDER_MPVGP)
          g_ptr_array_add (b, team_order_cell (row, order, i));
      if (bh_gp)
        g_ptr_array_add (b, format_value (row->buchholz_gp));
      if (sb_gp)
        g_ptr_array_add (b, format_value (row->values[ARB_TEAM_TB_EGGSB]));
      g_ptr_array_add (table, end_row (b));
    }
  return table;
}

static void
print_team_standings (Sheet *sheet, const ArbEventInfo *event, GPtrArray *rows)
{
  int after = rows->len > 0 ? ((ArbTeamStandingsRow *) rows->pdata[0])->after_round : 0;
  ArbTeamOrder order;
  g_autoptr (GPtrArray) table = NULL;
  g_autofree Column *cols = NULL;
  g_autofree char *sub = NULL;
  guint n;

  arb_team_order_from_event (event, &order);
  table = team_cells (rows, &order);
  n = g_strv_length (table->pdata[0]);
  cols = g_new0 (Column, n);
  standings_columns (sheet, table, cols, n, 1);
  /* Translators: the title of the printed team standings */
  heading (sheet, "Sans Bold 18", _ ("Team Standings"));
  sub = g_strdup_printf (_ ("%s, after round %d"),
                         event != NULL && event->name != NULL ? event->name : "", after);
  heading (sheet, "Sans 11", sub);
  sheet->y += 6;
  for (guint r = 0; r < table->len; r++)
    table_row (sheet, cols, n, (const char *const *) table->pdata[r], r == 0);
}

/* A round robin's cell against the player of rank @j + 1: the results
 * of their games, "*" against oneself. */
static char *
square_cell (const ArbCrossTable *table, guint i, guint j)
{
  GString *cell = g_string_new (NULL);

  if (i == j)
    g_string_append (cell, "*");
  for (int r = 0; r < table->n_rounds && i != j; r++)
    if (table->players[i].cells[r].opponent_rank == (int) j + 1)
      g_string_append (cell, table->players[i].cells[r].result);
  return g_string_free (cell, FALSE);
}

#define CROSS_FIXED 4 /* rank, number, name, rating */

/* The cross-table's cells, the header first: rank, starting number,
 * name, rating, then a column a round (the opponent's rank, the colour,
 * the result: "5w1") or in a round robin a column a rank (the results
 * against that player), then the points. */
static GPtrArray *
cross_cells (const ArbCrossTable *t, guint columns)
{
  GPtrArray *table = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  GPtrArray *head = g_ptr_array_new ();

  g_ptr_array_add (head, g_strdup (C_ ("standings", "Rank")));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "No.")));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "Name")));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "Rating")));
  for (guint k = 1; k <= columns; k++)
    g_ptr_array_add (head, g_strdup_printf ("%u", k));
  g_ptr_array_add (head, g_strdup (C_ ("standings", "Points")));
  g_ptr_array_add (table, end_row (head));
  for (guint i = 0; i < t->rows->len; i++)
    {
      const ArbCrossPlayer *p = &t->players[i];
      GPtrArray *b = g_ptr_array_new ();

      g_ptr_array_add (b, arb_standings_row_place (p->row));
      g_ptr_array_add (b, g_strdup_printf ("%d", p->row->start_no));
      g_ptr_array_add (b, g_strdup (p->row->name != NULL ? p->row->name : ""));
      g_ptr_array_add (b,
                       p->row->rating > 0 ? g_strdup_printf ("%d", p->row->rating) : g_strdup (""));
      for (guint k = 0; k < columns; k++)
        g_ptr_array_add (b, t->round_robin ? square_cell (t, i, k)
                                           : arb_cross_cell_text (&p->cells[k]));
      g_ptr_array_add (b, format_value (p->row->points));
      g_ptr_array_add (table, end_row (b));
    }
  return table;
}

static void
print_crosstable (Sheet *sheet, const ArbEventInfo *event, const ArbCrossTable *t)
{
  guint columns = t->round_robin ? t->rows->len : (guint) MAX (t->n_rounds, 0);
  guint n = CROSS_FIXED + columns + 1;
  g_autofree Column *cols = g_new0 (Column, n);
  g_autoptr (GPtrArray) table = cross_cells (t, columns);
  g_autofree char *sub = NULL;

  standings_columns (sheet, table, cols, n, 2);
  /* Translators: the title of the printed cross-table */
  heading (sheet, "Sans Bold 18", _ ("Cross-Table"));
  sub = g_strdup_printf (_ ("%s, after round %d"),
                         event != NULL && event->name != NULL ? event->name : "", t->n_rounds);
  heading (sheet, "Sans 11", sub);
  sheet->y += 6;
  for (guint r = 0; r < table->len; r++)
    table_row (sheet, cols, n, (const char *const *) table->pdata[r], r == 0);
}

typedef enum
{
  LIST_PAIRINGS,
  LIST_SLIPS,
  LIST_STANDINGS,
  LIST_TEAM_STANDINGS,
  LIST_CROSSTABLE,
} ListKind;

typedef struct
{
  ListKind kind;
  const ArbEventInfo *event;
  int round;
  GPtrArray *players;
  GPtrArray *games;
  GPtrArray *rows;
  const ArbTiebreak *order;
  guint n_order;
  const ArbCrossTable *cross;
} ListData;

static gboolean
print_list (const char *path, const ListData *d, char **printed_text, GError **error)
{
  g_autoptr (GString) printed = g_string_new (NULL);
  Sheet sheet;
  gboolean ok;

  if (!arb_pdf_push_report_language (error))
    return FALSE;
  ok = arb_pdf_page_open (&sheet, path, printed, error);
  if (ok)
    {
      switch (d->kind)
        {
        case LIST_PAIRINGS:
          print_pairings (&sheet, d->event, d->round, d->players, d->games);
          break;
        case LIST_SLIPS:
          print_slips (&sheet, d->event, d->round, d->players, d->games);
          break;
        case LIST_STANDINGS:
          print_standings (&sheet, d->event, d->rows, d->order, d->n_order);
          break;
        case LIST_TEAM_STANDINGS:
          print_team_standings (&sheet, d->event, d->rows);
          break;
        case LIST_CROSSTABLE:
          print_crosstable (&sheet, d->event, d->cross);
          break;
        }
      ok = arb_pdf_page_close (&sheet, path, error);
    }
  arb_i18n_pop_language ();
  if (ok && printed_text != NULL)
    *printed_text = g_strdup (printed->str);
  return ok;
}

gboolean
arb_lists_print_pairings (const char *path,
                          const ArbEventInfo *event,
                          int round,
                          GPtrArray *players,
                          GPtrArray *games,
                          char **printed_text,
                          GError **error)
{
  ListData d = {
    .kind = LIST_PAIRINGS, .event = event, .round = round, .players = players, .games = games
  };

  g_return_val_if_fail (path != NULL, FALSE);
  return print_list (path, &d, printed_text, error);
}

gboolean
arb_lists_print_slips (const char *path,
                       const ArbEventInfo *event,
                       int round,
                       GPtrArray *players,
                       GPtrArray *games,
                       char **printed_text,
                       GError **error)
{
  ListData d = {
    .kind = LIST_SLIPS, .event = event, .round = round, .players = players, .games = games
  };

  g_return_val_if_fail (path != NULL, FALSE);
  return print_list (path, &d, printed_text, error);
}

gboolean
arb_lists_print_standings (const char *path,
                           const ArbEventInfo *event,
                           GPtrArray *rows,
                           const ArbTiebreak *order,
                           guint n_order,
                           char **printed_text,
                           GError **error)
{
  ListData d = {
    .kind = LIST_STANDINGS, .event = event, .rows = rows, .order = order, .n_order = n_order
  };

  g_return_val_if_fail (path != NULL && rows != NULL, FALSE);
  return print_list (path, &d, printed_text, error);
}

gboolean
arb_lists_print_team_standings (const char *path,
                                const ArbEventInfo *event,
                                GPtrArray *rows,
                                char **printed_text,
                                GError **error)
{
  ListData d = { .kind = LIST_TEAM_STANDINGS, .event = event, .rows = rows };

  g_return_val_if_fail (path != NULL && rows != NULL, FALSE);
  return print_list (path, &d, printed_text, error);
}

gboolean
arb_lists_print_crosstable (const char *path,
                            const ArbEventInfo *event,
                            const ArbCrossTable *table,
                            char **printed_text,
                            GError **error)
{
  ListData d = { .kind = LIST_CROSSTABLE, .event = event, .cross = table };

  g_return_val_if_fail (path != NULL && table != NULL, FALSE);
  return print_list (path, &d, printed_text, error);
}
