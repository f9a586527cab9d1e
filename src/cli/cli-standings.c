/* cli-standings.c: arbiter-cli standings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-event-settings.h"
#include "arb-i18n.h"
#include "arb-standings-crosstable.h"
#include "arb-standings-teams.h"
#include "arb-standings.h"
#include "cli-commands.h"
#include "cli-json.h"

typedef struct
{
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  guint n_order;
  ArbScoring scoring;
} Options;

/* "bh-c1,bh,sb": the order of the tie-breaks. */
static gboolean
parse_order (Options *o, const char *list, GError **error)
{
  g_auto (GStrv) keys = g_strsplit (list, ",", -1);

  o->n_order = 0;
  for (guint i = 0; keys[i] != NULL; i++)
    {
      char *key = g_strstrip (keys[i]);

      if (key[0] == '\0')
        continue;
      if (o->n_order == G_N_ELEMENTS (o->order) ||
          !arb_tiebreak_from_key (key, &o->order[o->n_order]))
        {
          g_autoptr (GString) known = g_string_new (NULL);

          for (guint k = 0; k < ARB_TIEBREAK_N; k++)
            g_string_append_printf (known, "%s%s", k > 0 ? ", " : "",
                                    arb_tiebreak_to_key ((ArbTiebreak) k));
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* Translators: %s the tie-break named, then the list of known ones */
                       _ ("unknown tie-break “%s” (known: %s)"), key, known->str);
          return FALSE;
        }
      o->n_order++;
    }
  return TRUE;
}

static void
format_value (char *buf, gsize size, double value)
{
  g_ascii_formatd (buf, size, "%g", value);
}

static void
print_json (GPtrArray *rows, const Options *o, int up_to)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  json_builder_begin_object (b);
  arb_cli_json_add_int (b, "round",
                        rows->len > 0 ? ((ArbStandingsRow *) rows->pdata[0])->after_round : up_to);
  /* Which rule for unplayed rounds the opponents' scores were counted
   * by: "c07", "fide-2009" or "plain" (arb-standings.h). */
  arb_cli_json_add_string (b, "unplayed_rule", arb_unplayed_rule_to_key (o->scoring.unplayed));
  json_builder_set_member_name (b, "tiebreaks");
  json_builder_begin_array (b);
  for (guint i = 0; i < o->n_order; i++)
    json_builder_add_string_value (b, arb_tiebreak_to_key (o->order[i]));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "standings");
  json_builder_begin_array (b);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbStandingsRow *r = rows->pdata[i];

      g_autofree char *place = arb_standings_row_place (r);

      json_builder_begin_object (b);
      arb_cli_json_add_int (b, "rank", r->rank);
      /* "3–4" when the tie-breaks leave players tied (C.07 2.1). */
      arb_cli_json_add_string (b, "place", place);
      arb_cli_json_add_int (b, "start_no", r->start_no);
      arb_cli_json_add_string (b, "name", r->name);
      arb_cli_json_add_int (b, "rating", r->rating);
      format_value (buf, sizeof buf, r->points);
      arb_cli_json_add_decimal (b, "points", buf);
      /* Every tie-break, whichever order ranks: the keys stay the same. */
      json_builder_set_member_name (b, "tiebreaks");
      json_builder_begin_object (b);
      for (guint k = 0; k < ARB_TIEBREAK_N; k++)
        {
          format_value (buf, sizeof buf, r->values[k]);
          arb_cli_json_add_decimal (b, arb_tiebreak_to_key ((ArbTiebreak) k), buf);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  arb_cli_json_print (b);
}

/* A column of text, padded to WIDTH characters (not bytes). */
static void
print_padded (const char *text, int width, gboolean right)
{
  long n = g_utf8_strlen (text != NULL ? text : "", -1);

  if (right)
    for (long i = n; i < width; i++)
      fputc (' ', stdout);
  fputs (text != NULL ? text : "", stdout);
  if (!right)
    for (long i = n; i < width; i++)
      fputc (' ', stdout);
}

static void
print_text (GPtrArray *rows, const Options *o)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* Translators: column headings of the standings; keep them short */
  print_padded (C_ ("standings", "Rank"), 5, TRUE);
  print_padded (C_ ("standings", "No."), 6, TRUE);
  fputs ("  ", stdout);
  print_padded (C_ ("standings", "Name"), 24, FALSE);
  print_padded (C_ ("standings", "Rating"), 7, TRUE);
  print_padded (C_ ("standings", "Points"), 8, TRUE);
  /* The tie-breaks by the acronyms of the FIDE regulations (C.07). */
  for (guint i = 0; i < o->n_order; i++)
    {
      g_autofree char *key = g_ascii_strup (arb_tiebreak_to_key (o->order[i]), -1);

      print_padded (key, 8, TRUE);
    }
  fputc ('\n', stdout);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbStandingsRow *r = rows->pdata[i];
      /* The place: "3–4" for players still tied after every tie-break. */
      g_autofree char *rank = arb_standings_row_place (r);
      g_autofree char *no = g_strdup_printf ("%d", r->start_no);
      g_autofree char *rating = r->rating > 0 ? g_strdup_printf ("%d", r->rating) : g_strdup ("");

      print_padded (rank, 5, TRUE);
      print_padded (no, 6, TRUE);
      fputs ("  ", stdout);
      print_padded (r->name, 24, FALSE);
      print_padded (rating, 7, TRUE);
      format_value (buf, sizeof buf, r->points);
      print_padded (buf, 8, TRUE);
      for (guint k = 0; k < o->n_order; k++)
        {
          format_value (buf, sizeof buf, r->values[o->order[k]]);
          print_padded (buf, 8, TRUE);
        }
      fputc ('\n', stdout);
    }
}

/* TBR and BBE (C.07 12.2, 12.3) compare board by board: their cell is
 * each board's game points, board 1 first ("3/1/1/2"). */
static gboolean
board_by_board (ArbTeamOrderKey key)
{
  return key == ARB_TEAM_ORDER_TBR || key == ARB_TEAM_ORDER_BBE;
}

static char *
team_cell (const ArbTeamStandingsRow *r, const ArbTeamOrder *order, guint i)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  GString *text;

  if (!board_by_board (order->order[i]))
    {
      format_value (buf, sizeof buf, r->item_values[i]);
      return g_strdup (buf);
    }
  text = g_string_new (NULL);
  for (int k = 0; k < r->n_boards; k++)
    {
      format_value (buf, sizeof buf, r->boards[k]);
      g_string_append_printf (text, "%s%s", k > 0 ? "/" : "", buf);
    }
  return g_string_free (text, FALSE);
}

/* The tie-breaks computed beside the order (on match points) that the
 * order names already, in its own column; MPvGP has none there. */
static gboolean
in_order (const ArbTeamOrder *order, ArbTeamTiebreak tiebreak)
{
  ArbTeamOrderKey key;

  if (tiebreak == ARB_TEAM_TB_MPVGP ||
      !arb_team_order_from_key (arb_team_tiebreak_key (tiebreak), &key))
    return FALSE;
  for (guint i = 0; i < order->n_order; i++)
    if (order->order[i] == key && order->options[i].on == ARB_TEAM_ON_PRIMARY &&
        order->options[i].modifier == '\0')
      return TRUE;
  return FALSE;
}

/* Whether the order has Buchholz on @score, uncut, in a column of its own. */
static gboolean
bh_in_order (const ArbTeamOrder *order, ArbTeamScore score)
{
  return arb_team_order_has_plain (order, ARB_TEAM_ORDER_BH, score);
}

static void
add_team_order_json (JsonBuilder *b, const ArbTeamOrder *order)
{
  arb_cli_json_add_string (b, "team_score", arb_team_score_to_key (order->primary));
  json_builder_set_member_name (b, "team_tiebreaks");
  json_builder_begin_array (b);
  for (guint i = 0; i < order->n_order; i++)
    {
      g_autofree char *item = arb_team_order_item_to_text (order->order[i], &order->options[i]);

      json_builder_add_string_value (b, item);
    }
  json_builder_end_array (b);
}

/* Each row's values of the order's keys ("order") and its boards. */
static void
add_team_row_order_json (JsonBuilder *b, const ArbTeamStandingsRow *r, const ArbTeamOrder *order)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  json_builder_set_member_name (b, "order");
  json_builder_begin_object (b);
  for (guint i = 0; i < order->n_order; i++)
    if (!board_by_board (order->order[i]))
      {
        g_autofree char *item = arb_team_order_item_to_text (order->order[i], &order->options[i]);

        format_value (buf, sizeof buf, r->item_values[i]);
        arb_cli_json_add_decimal (b, item, buf);
      }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "boards");
  json_builder_begin_array (b);
  for (int k = 0; k < r->n_boards; k++)
    json_builder_add_double_value (b, r->boards[k]);
  json_builder_end_array (b);
}

/* --teams: the team standings in the event's order (team_score,
 * team_tiebreaks), then the team tie-breaks of C.07 13 on match points
 * (arb-standings-teams.h). */
static void
print_teams_json (GPtrArray *rows,
                  const ArbTeamOrder *order,
                  const ArbTeamMatchPoints *points,
                  ArbUnplayedRule rule)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  json_builder_begin_object (b);
  add_team_order_json (b, order);
  /* The match points counted for a win, a draw and a loss (C.07 11.1,
   * the event's "team_scoring"; TRF-2026 record 362). */
  json_builder_set_member_name (b, "team_match_points");
  json_builder_begin_object (b);
  format_value (buf, sizeof buf, points->win);
  arb_cli_json_add_decimal (b, "win", buf);
  format_value (buf, sizeof buf, points->draw);
  arb_cli_json_add_decimal (b, "draw", buf);
  format_value (buf, sizeof buf, points->loss);
  arb_cli_json_add_decimal (b, "loss", buf);
  json_builder_end_object (b);
  /* Which rule the unplayed rounds were counted by (C.07 Article 16). */
  arb_cli_json_add_string (b, "unplayed_rule", arb_unplayed_rule_to_key (rule));
  json_builder_set_member_name (b, "teams");
  json_builder_begin_array (b);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];
      g_autofree char *place = r->place_last > r->place_first
                                 ? g_strdup_printf ("%d\u2013%d", r->place_first, r->place_last)
                                 : g_strdup_printf ("%d", r->place_first);
      const struct
      {
        const char *key;
        double value;
      } values[] = { { "match_points", r->match_points },
                     { "game_points", r->game_points },
                     { "de", r->direct_encounter },
                     { "bh", r->buchholz },
                     { "sb", r->sonneborn_berger },
                     /* The same on game points (C.07 13): SB's is EGGSB. */
                     { "bh_gp", r->buchholz_gp },
                     { "sb_gp", r->values[ARB_TEAM_TB_EGGSB] } };

      json_builder_begin_object (b);
      arb_cli_json_add_int (b, "rank", r->rank);
      arb_cli_json_add_string (b, "place", place);
      arb_cli_json_add_string (b, "team", r->team);
      arb_cli_json_add_int (b, "matches", r->matches);
      for (gsize k = 0; k < G_N_ELEMENTS (values); k++)
        {
          format_value (buf, sizeof buf, values[k].value);
          arb_cli_json_add_decimal (b, values[k].key, buf);
        }
      for (int k = 0; k < ARB_TEAM_TB_COUNT; k++)
        {
          format_value (buf, sizeof buf, r->values[k]);
          arb_cli_json_add_decimal (b, arb_team_tiebreak_key (k), buf);
        }
      add_team_row_order_json (b, r, order);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  arb_cli_json_print (b);
}

/* The acronyms of C.07 (2026) Article 5, by ArbTeamTiebreak */
static const char *const team_acronyms[] = { "EMMSB", "EMGSB", "EGMSB", "EGGSB",
                                             "MPvGP", "SSSC",  "BC" };
G_STATIC_ASSERT (G_N_ELEMENTS (team_acronyms) == ARB_TEAM_TB_COUNT);

/* A column for each key of the order but MPvGP (MP and GP are shown);
 * TBR and BBE wider, for their boards. */
static int
team_width (ArbTeamOrderKey key)
{
  return board_by_board (key) ? 18 : 6;
}

static void
print_teams_head (const ArbTeamOrder *order, const ArbTeamMatchPoints *points)
{
  char win[G_ASCII_DTOSTR_BUF_SIZE], draw[G_ASCII_DTOSTR_BUF_SIZE], loss[G_ASCII_DTOSTR_BUF_SIZE];

  format_value (win, sizeof win, points->win);
  format_value (draw, sizeof draw, points->draw);
  format_value (loss, sizeof loss, points->loss);
  /* Translators: above the team standings: the match points a team scores for a win, a draw
   * and a loss (FIDE C.07 11.1) */
  printf (_ ("Match points: %s a win, %s a draw, %s a loss\n"), win, draw, loss);
  /* Translators: column headings of the team standings; keep them short */
  print_padded (C_ ("standings", "Rank"), 5, TRUE);
  fputs ("  ", stdout);
  print_padded (C_ ("standings", "Team"), 28, FALSE);
  print_padded (C_ ("standings", "MP"), 6, TRUE);
  print_padded (C_ ("standings", "GP"), 6, TRUE);
  for (guint i = 0; i < order->n_order; i++)
    if (order->order[i] != ARB_TEAM_ORDER_MPVGP)
      {
        g_autofree char *title = arb_team_order_item_title (order->order[i], &order->options[i]);

        print_padded (title, MAX (team_width (order->order[i]), (int) strlen (title) + 1), TRUE);
      }
  for (int k = 0; k < ARB_TEAM_TB_COUNT; k++)
    if (!in_order (order, k))
      print_padded (team_acronyms[k], 7, TRUE);
  /* Beside them Buchholz on both scores, where the order has it not. */
  for (int s = 0; s < 2; s++)
    if (!bh_in_order (order, s))
      print_padded (s == ARB_TEAM_SCORE_MP ? "BH:MP" : "BH:GP", 7, TRUE);
  fputc ('\n', stdout);
}

static void
print_teams_text (GPtrArray *rows, const ArbTeamOrder *order, const ArbTeamMatchPoints *points)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  print_teams_head (order, points);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *r = rows->pdata[i];
      g_autofree char *place = r->place_last > r->place_first
                                 ? g_strdup_printf ("%d\u2013%d", r->place_first, r->place_last)
                                 : g_strdup_printf ("%d", r->place_first);

      print_padded (place, 5, TRUE);
      fputs ("  ", stdout);
      print_padded (r->team, 28, FALSE);
      format_value (buf, sizeof buf, r->match_points);
      print_padded (buf, 6, TRUE);
      format_value (buf, sizeof buf, r->game_points);
      print_padded (buf, 6, TRUE);
      for (guint k = 0; k < order->n_order; k++)
        if (order->order[k] != ARB_TEAM_ORDER_MPVGP)
          {
            g_autofree char *cell = team_cell (r, order, k);
            g_autofree char *title =
              arb_team_order_item_title (order->order[k], &order->options[k]);

            print_padded (cell, MAX (team_width (order->order[k]), (int) strlen (title) + 1), TRUE);
          }
      for (int k = 0; k < ARB_TEAM_TB_COUNT; k++)
        if (!in_order (order, k))
          {
            format_value (buf, sizeof buf, r->values[k]);
            print_padded (buf, 7, TRUE);
          }
      for (int s = 0; s < 2; s++)
        if (!bh_in_order (order, s))
          {
            format_value (buf, sizeof buf, s == ARB_TEAM_SCORE_MP ? r->buchholz : r->buchholz_gp);
            print_padded (buf, 7, TRUE);
          }
      fputc ('\n', stdout);
    }
}

static gboolean parse_rule (const char *text, ArbUnplayedRule *rule, GError **error);

/* --unplayed-rule counts the teams' unplayed rounds too. */
static int
run_teams (const char *path, int round, const char *unplayed, gboolean json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  ArbTeamOrder order;
  ArbTeamMatchPoints points;
  ArbScoring scoring;
  ArbTiebreak tiebreaks[ARB_TIEBREAK_MAX_ORDER];
  guint n_tiebreaks = 0;

  if (unplayed != NULL && !parse_rule (unplayed, &scoring.unplayed, &error))
    {
      fprintf (stderr, _ ("arbiter-cli standings: %s\n"), error->message);
      return 2;
    }
  tournament = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  if (tournament != NULL)
    event = arb_tournament_get_event (tournament, &error);
  if (event != NULL && unplayed == NULL)
    arb_standings_event_settings (event, &scoring, tiebreaks, &n_tiebreaks);
  if (event != NULL)
    rows = arb_team_standings_read_rule (tournament, round, &scoring.unplayed, &error);
  if (rows == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli standings: %s\n"), error->message);
      return 1;
    }
  arb_team_order_from_event (event, &order);
  arb_team_match_points_from_event (event, &points);
  if (json)
    print_teams_json (rows, &order, &points, scoring.unplayed);
  else
    print_teams_text (rows, &order, &points);
  return 0;
}

static gboolean
parse_rule (const char *text, ArbUnplayedRule *rule, GError **error)
{
  if (arb_unplayed_rule_from_key (text, rule))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* Translators: %s the rule named; keep c07, c07-2026, fide-2009 and plain as
                * they are */
               _ ("unknown rule for unplayed rounds “%s” (known: c07, c07-2026, fide-2009, "
                  "plain)"),
               text);
  return FALSE;
}

/* The options given override the event's settings. */
static gboolean
parse_options (Options *o,
               const char *tiebreaks,
               const char *scoring,
               const char *unplayed,
               GError **error)
{
  if (unplayed != NULL && !parse_rule (unplayed, &o->scoring.unplayed, error))
    return FALSE;
  if (scoring != NULL && !arb_scoring_parse (scoring, &o->scoring))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: keep 3-1-0 and 1-0.5-0 as they are */
                   _ ("the scoring is three numbers, a win, a draw and a loss: 3-1-0, 1-0.5-0"));
      return FALSE;
    }
  if (tiebreaks != NULL)
    return parse_order (o, tiebreaks, error);
  return TRUE;
}

/* The tournament, with the event's settings and the options in @o. */
static ArbTournament *
open_with_options (const char *path,
                   Options *o,
                   const char *tiebreaks,
                   const char *scoring,
                   const char *unplayed,
                   GError **error)
{
  g_autoptr (ArbTournament) tournament = NULL;
  g_autoptr (ArbEventInfo) event = NULL;

  tournament = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, error);
  if (tournament == NULL)
    return NULL;
  event = arb_tournament_get_event (tournament, error);
  if (event == NULL)
    return NULL;
  arb_standings_event_settings (event, &o->scoring, o->order, &o->n_order);
  if (!parse_options (o, tiebreaks, scoring, unplayed, error))
    return NULL;
  return g_steal_pointer (&tournament);
}

static GPtrArray *
read_standings (const char *path,
                int round,
                Options *o,
                const char *tiebreaks,
                const char *scoring,
                const char *unplayed,
                GError **error)
{
  g_autoptr (ArbTournament) tournament =
    open_with_options (path, o, tiebreaks, scoring, unplayed, error);

  if (tournament == NULL)
    return NULL;
  return arb_standings_read (tournament, round, &o->scoring, o->order, o->n_order, error);
}

static void
print_cross_json (const ArbCrossTable *table)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  json_builder_begin_object (b);
  arb_cli_json_add_int (b, "round", table->n_rounds);
  json_builder_set_member_name (b, "round_robin");
  json_builder_add_boolean_value (b, table->round_robin);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint i = 0; i < table->rows->len; i++)
    {
      const ArbCrossPlayer *p = &table->players[i];

      json_builder_begin_object (b);
      arb_cli_json_add_int (b, "rank", p->row->rank);
      arb_cli_json_add_int (b, "start_no", p->row->start_no);
      arb_cli_json_add_string (b, "name", p->row->name);
      format_value (buf, sizeof buf, p->row->points);
      arb_cli_json_add_decimal (b, "points", buf);
      json_builder_set_member_name (b, "rounds");
      json_builder_begin_array (b);
      for (int r = 0; r < table->n_rounds; r++)
        {
          const ArbCrossCell *c = &p->cells[r];
          g_autofree char *cell = arb_cross_cell_text (c);
          char colour[2] = { c->colour, '\0' };

          json_builder_begin_object (b);
          arb_cli_json_add_int (b, "round", r + 1);
          arb_cli_json_add_int (b, "opponent_rank", c->opponent_rank);
          arb_cli_json_add_int (b, "opponent_start_no", c->opponent_start_no);
          arb_cli_json_add_string (b, "colour", colour);
          arb_cli_json_add_string (b, "result", c->result);
          arb_cli_json_add_string (b, "cell", cell);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  arb_cli_json_print (b);
}

/* A round robin's square: the results against each rank, in rank order. */
static void
print_square_cells (const ArbCrossTable *table, guint i)
{
  for (guint j = 0; j < table->rows->len; j++)
    {
      g_autoptr (GString) cell = g_string_new (NULL);

      for (int r = 0; r < table->n_rounds && i != j; r++)
        if (table->players[i].cells[r].opponent_rank == (int) j + 1)
          g_string_append (cell, table->players[i].cells[r].result);
      print_padded (i == j ? "*" : cell->str, 5, TRUE);
    }
}

static void
print_cross_text (const ArbCrossTable *table)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  int columns = table->round_robin ? (int) table->rows->len : table->n_rounds;

  print_padded (C_ ("standings", "Rank"), 5, TRUE);
  print_padded (C_ ("standings", "No."), 6, TRUE);
  fputs ("  ", stdout);
  print_padded (C_ ("standings", "Name"), 24, FALSE);
  for (int k = 1; k <= columns; k++)
    {
      g_autofree char *heading = g_strdup_printf ("%d", k);

      print_padded (heading, table->round_robin ? 5 : 7, TRUE);
    }
  print_padded (C_ ("standings", "Points"), 8, TRUE);
  fputc ('\n', stdout);
  for (guint i = 0; i < table->rows->len; i++)
    {
      const ArbCrossPlayer *p = &table->players[i];
      g_autofree char *rank = g_strdup_printf ("%d", p->row->rank);
      g_autofree char *no = g_strdup_printf ("%d", p->row->start_no);

      print_padded (rank, 5, TRUE);
      print_padded (no, 6, TRUE);
      fputs ("  ", stdout);
      print_padded (p->row->name, 24, FALSE);
      if (table->round_robin)
        print_square_cells (table, i);
      else
        for (int r = 0; r < table->n_rounds; r++)
          {
            g_autofree char *cell = arb_cross_cell_text (&p->cells[r]);

            print_padded (cell, 7, TRUE);
          }
      format_value (buf, sizeof buf, p->row->points);
      print_padded (buf, 8, TRUE);
      fputc ('\n', stdout);
    }
}

static int
run_crosstable (const char *path,
                int round,
                const char *tiebreaks,
                const char *scoring,
                const char *unplayed,
                gboolean json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) tournament = NULL;
  g_autoptr (ArbCrossTable) table = NULL;
  Options o = { 0 };

  tournament = open_with_options (path, &o, tiebreaks, scoring, unplayed, &error);
  if (tournament != NULL)
    table = arb_cross_table_read (tournament, round, &o.scoring, o.order, o.n_order, &error);
  if (table == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli standings: %s\n"), error->message);
      return g_error_matches (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE) ? 2 : 1;
    }
  if (json)
    print_cross_json (table);
  else
    print_cross_text (table);
  return 0;
}

/* --set-unplayed-rule: stored in the event's settings before the
 * standings are read, in one transaction. */
static gboolean
store_rule (const char *path, const char *text, GError **error)
{
  g_autoptr (ArbTournament) tournament = NULL;
  ArbUnplayedRule rule;

  if (!parse_rule (text, &rule, error))
    return FALSE;
  tournament = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, error);
  return tournament != NULL && arb_standings_set_unplayed_rule (tournament, rule, error);
}

/* Whether @item ("bh:gp-c1", "BH:GP/C1") begins with a key the order
 * knows. */
static gboolean
known_base (const char *item)
{
  g_autofree char *base = g_ascii_strdown (item, (gssize) strcspn (item, ":-/"));
  ArbTeamOrderKey key;

  return arb_team_order_from_key (base, &key);
}

/* --set-team-order "gp,tbr,bbe": the primary score (mp or gp), then the
 * team tie-breaks by their keys (arb-standings-teams-order.h), with
 * their options as the settings keep them ("bh:gp-c1") or as a TRF's
 * codes ("BH:GP/C1"). */
static gboolean
parse_team_order (const char *text, ArbTeamOrder *order, GError **error)
{
  g_auto (GStrv) keys = g_strsplit (text, ",", -1);
  g_autoptr (GError) item_error = NULL;
  gboolean ok;

  arb_team_order_init_default (order);
  ok = keys[0] != NULL && arb_team_score_from_key (g_strstrip (keys[0]), &order->primary);
  order->n_order = 0;
  /* Each key with its options ("bh:gp-c1"): one it does not take is
   * named in the error (arb_team_order_item_from_text ()). */
  for (guint i = 1; ok && keys[i] != NULL; i++, order->n_order++)
    ok = order->n_order < ARB_TEAM_ORDER_MAX &&
         arb_team_order_item_from_text (g_strstrip (keys[i]), &order->order[order->n_order],
                                        &order->options[order->n_order], &item_error);
  /* A key it knows with an option it does not take: that error; a key
   * unknown: the keys it knows. */
  if (!ok && item_error != NULL && known_base (keys[order->n_order]))
    {
      g_propagate_error (error, g_steal_pointer (&item_error));
      return FALSE;
    }
  if (!ok)
    {
      g_autoptr (GString) known = g_string_new (NULL);

      for (int k = 0; k < ARB_TEAM_ORDER_N; k++)
        g_string_append_printf (known, "%s%s", k > 0 ? ", " : "", arb_team_order_to_key (k));
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: %s the order given, then the tie-break keys; keep "mp" and
                    * "gp" (match points, game points) as they are */
                   _ ("unknown team order “%s”: mp or gp, then tie-breaks among %s"), text,
                   known->str);
    }
  return ok;
}

static gboolean
store_team_order (const char *path, const char *text, GError **error)
{
  g_autoptr (ArbTournament) tournament = NULL;
  ArbTeamOrder order;

  if (!parse_team_order (text, &order, error))
    return FALSE;
  tournament = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, error);
  return tournament != NULL && arb_event_settings_set_team_order (tournament, &order, error);
}

/* --set-team-scoring "3-1-0": a team's match points for a win, a draw
 * and a loss (C.07 11.1), stored as the event's "team_scoring". */
static gboolean
store_team_scoring (const char *path, const char *text, GError **error)
{
  g_autoptr (ArbTournament) tournament = NULL;
  ArbTeamMatchPoints points;

  if (!arb_team_match_points_parse (text, &points))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: %s the text given; keep W-D-L as it is */
                   _ ("“%s” is not a team's match points W-D-L (three numbers, win ≥ draw ≥ "
                      "loss ≥ 0, as 3-1-0)"),
                   text);
      return FALSE;
    }
  tournament = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, error);
  return tournament != NULL &&
         arb_event_settings_set_team_match_points (tournament, &points, error);
}

/* The tie-breaks --tiebreaks takes, by their keys: those of the first
 * list, then those the 2026 edition of C.07 added to what is computed. */
static void
set_summary (GOptionContext *context)
{
  g_autofree char *summary = NULL;
  const char *first, *more, *rating;

  first =
    /* Translators: keep the acronyms (BH, SB…) and the keys (bh-c1, sb…) as they are */
    _ ("Ranks the players by points, then by the tie-breaks of the FIDE Tie-Break\n"
       "Regulations (C.07) in the order given, then by starting rank. Byes count\n"
       "by their code: H half a point, F and U a win, Z nothing. Tie-breaks:\n"
       "bh Buchholz, bh-c1 Buchholz Cut-1, bh-m1 Median Buchholz, sb Sonneborn-Berger,\n"
       "ps progressive score, de direct encounter, win rounds won, won games won\n"
       "over the board, bpg games played with Black, aro average rating of opponents,\n"
       "ks Koya (round robins). Players the tie-breaks leave tied share a place (3–4).");
  /* Translators: keep the keys (bh-c2, sb-c1…) as they are; "elected to
   * play" is the FIDE name of REP (Article 7.6): the rounds not given up by
   * a bye or a forfeit loss */
  more = _ ("Also: bh-c2 Buchholz Cut-2, bh-m2 Buchholz Median-2, sb-c1 Sonneborn-Berger\n"
            "Cut-1, bwg games won with Black, rep rounds elected to play, std standard\n"
            "points (a win 1, a draw ½, whatever the scoring), tpn pairing number (the\n"
            "lower first), aob average of the opponents' Buchholz, fb fore Buchholz (the\n"
            "last round's games as draws).");
  /* Translators: keep the keys (tpr, ptp, apro, appo, rtng) and the
   * acronyms TPR and PTP as they are; a rated opponent is one with a rating */
  rating = _ ("Tie-breaks by rating (C.07 Article 10, whole numbers): tpr performance rating\n"
              "and ptp perfect performance, over the games played against rated opponents,\n"
              "apro and appo the opponents' average TPR and PTP, rtng the player's own rating.");
  summary = g_strdup_printf ("%s\n%s\n%s", first, more, rating);
  g_option_context_set_summary (context, summary);
}

int
arb_cli_standings (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_autofree char *tiebreaks = NULL;
  g_autofree char *scoring = NULL;
  g_autofree char *unplayed = NULL;
  g_autofree char *set_unplayed = NULL;
  g_autofree char *set_team_order = NULL;
  g_autofree char *set_team_scoring = NULL;
  gboolean json = FALSE;
  gboolean crosstable = FALSE;
  gboolean teams = FALSE;
  int round = 0;
  Options o = { 0 };
  GOptionEntry entries[] = {
    { "round", 0, 0, G_OPTION_ARG_INT, &round,
      N_ ("The standings after round N (default: the last with every result)"), "N" },
    { "tiebreaks", 0, 0, G_OPTION_ARG_STRING, &tiebreaks,
      N_ ("The tie-breaks in order, comma separated (default: the event's, or bh-c1,bh,sb,ps,win)"),
      N_ ("LIST") },
    { "scoring", 0, 0, G_OPTION_ARG_STRING, &scoring,
      N_ ("Points for a win, a draw and a loss (default: the event's, or 1-0.5-0)"), "W-D-L" },
    { "unplayed-rule", 0, 0, G_OPTION_ARG_STRING, &unplayed,
      N_ ("How Buchholz and Sonneborn-Berger count unplayed rounds: c07, c07-2026, fide-2009 "
          "or plain (default: the event's, or c07)"),
      N_ ("RULE") },
    { "set-unplayed-rule", 0, 0, G_OPTION_ARG_STRING, &set_unplayed,
      N_ ("Store the rule for unplayed rounds in the event's settings, then show the standings"),
      N_ ("RULE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("The standings as one JSON object"), NULL },
    { "teams", 0, 0, G_OPTION_ARG_NONE, &teams,
      N_ ("The team standings in the event's order (by default match points (2-1-0), game "
          "points, direct encounter, Buchholz, Sonneborn-Berger), then the team tie-breaks ESB, "
          "MPvGP, SSSC and BC (FIDE C.07)"),
      NULL },
    { "set-team-order", 0, 0, G_OPTION_ARG_STRING, &set_team_order,
      N_ ("Store the team standings' order in the event's settings: mp or gp, then the "
          "tie-breaks (mpvgp, de, ede, bh, sb, emmsb, emgsb, egmsb, eggsb, sssc, bc, tbr, bbe)"),
      N_ ("ORDER") },
    { "set-team-scoring", 0, 0, G_OPTION_ARG_STRING, &set_team_scoring,
      N_ ("Store a team's match points for a win, a draw and a loss in the event's settings"),
      "W-D-L" },
    { "crosstable", 0, 0, G_OPTION_ARG_NONE, &crosstable,
      N_ ("Each player's rounds: opponent's rank, colour, result (a round robin as the square "
          "table)"),
      NULL },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  set_summary (context);
  g_option_context_set_description (
    context,
    /* Translators: keep the rule keys (c07, c07-2026, fide-2009, plain) as they are */
    _ ("Unplayed rounds (byes, forfeits, absences) in Buchholz and Sonneborn-Berger:\n"
       "c07 the FIDE regulations of 2024 (a dummy opponent with the player's own\n"
       "score; an opponent's byes after withdrawing as draws), c07-2026 those of\n"
       "2026 (the same, the dummy's score capped: at the opponent's for a forfeit,\n"
       "at a draw a round for a bye), fide-2009 the rule before 2024 (a virtual\n"
       "opponent; every unplayed round of an opponent as a draw), plain the\n"
       "opponents' scores as they stand and nothing for a bye."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, _ ("arbiter-cli standings: %s\n"), error->message);
      return 2;
    }
  if (argc != 2 || round < 0)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli standings FILE [--round N] [--tiebreaks LIST] [--scoring W-D-L] "
               "[--unplayed-rule RULE] [--set-unplayed-rule RULE] [--set-team-order ORDER] "
               "[--set-team-scoring W-D-L] [--crosstable] [--teams] [--json]");
      return 2;
    }
  if ((set_unplayed != NULL && !store_rule (argv[1], set_unplayed, &error)) ||
      (set_team_order != NULL && !store_team_order (argv[1], set_team_order, &error)) ||
      (set_team_scoring != NULL && !store_team_scoring (argv[1], set_team_scoring, &error)))
    {
      fprintf (stderr, _ ("arbiter-cli standings: %s\n"), error->message);
      return g_error_matches (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE) ? 2 : 1;
    }
  if (teams)
    return run_teams (argv[1], round, unplayed, json);
  if (crosstable)
    return run_crosstable (argv[1], round, tiebreaks, scoring, unplayed, json);
  rows = read_standings (argv[1], round, &o, tiebreaks, scoring, unplayed, &error);
  if (rows == NULL)
    {
      fprintf (stderr, _ ("arbiter-cli standings: %s\n"), error->message);
      return g_error_matches (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE) ? 2 : 1;
    }
  if (json)
    print_json (rows, &o, round);
  else
    print_text (rows, &o);
  return 0;
}
