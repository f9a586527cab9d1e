/* arb-tournament-teams.c: team matches and the team rules of the event
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-tournament-teams.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-tournament-private.h"
#include "arb-i18n.h"

#define DEFAULT_BOARDS 4

static gboolean
colours_are_valid (const char *colours, int boards)
{
  if (colours == NULL || (int) strlen (colours) != boards)
    return FALSE;
  for (int k = 0; k < boards; k++)
    if (colours[k] != 'W' && colours[k] != 'B')
      return FALSE;
  return TRUE;
}

/* White on the odd boards: the colours of the team named first when the
 * event says nothing. Leagues differ, so the event may set its own. */
static void
default_colours (char *colours, int boards)
{
  for (int k = 0; k < boards; k++)
    colours[k] = k % 2 == 0 ? 'W' : 'B';
  colours[boards] = '\0';
}

gboolean
arb_tournament_get_team_rules (ArbTournament *self, ArbTeamRules *rules, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);

  memset (rules, 0, sizeof *rules);
  rules->boards = DEFAULT_BOARDS;
  rules->default_time_ms = -1;
  default_colours (rules->home_colours, rules->boards);

  if (!_arb_query_init (&query, self, "cannot read the team rules",
                        "SELECT json_extract (settings, '$.team_boards'), "
                        "json_extract (settings, '$.team_home_colours'), "
                        "json_extract (settings, '$.default_time_ms') "
                        "FROM event WHERE id = 1",
                        error, NULL))
    return FALSE;
  rc = _arb_query_step (&query, error);
  if (rc < 0)
    return FALSE;
  if (rc == 0)
    return TRUE;

  /* A value that does not read leaves the default, as the rulings do
   * with the other settings. */
  {
    gint64 boards = _arb_query_int_or (&query, 0, 0);
    const char *colours = _arb_query_text (&query, 1);
    gint64 default_time = _arb_query_int_or (&query, 2, -1);

    if (boards == 4 || boards == 6 || boards == 8)
      {
        rules->boards = (int) boards;
        default_colours (rules->home_colours, rules->boards);
      }
    if (colours_are_valid (colours, rules->boards))
      memcpy (rules->home_colours, colours, (gsize) rules->boards + 1);
    if (default_time >= 0)
      rules->default_time_ms = default_time;
  }
  return TRUE;
}

gboolean
arb_tournament_set_team_rules (ArbTournament *self, const ArbTeamRules *rules, GError **error)
{
  g_autofree char *boards_text = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);

  if (rules->boards != 4 && rules->boards != 6 && rules->boards != 8)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a team match has 4, 6 or 8 boards, not %d"), rules->boards);
      return FALSE;
    }
  if (!colours_are_valid (rules->home_colours, rules->boards))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: %s is the colours as given, as WBWB */
                   _ ("the home team's colours “%s” must give W or B for each of the %d boards"),
                   rules->home_colours, rules->boards);
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  boards_text = g_strdup_printf ("%d", rules->boards);
  if (!_arb_tournament_run (self, "cannot store the team rules",
                            "UPDATE event SET settings = json_set (coalesce (settings, '{}'), "
                            "'$.team_boards', ?, '$.team_home_colours', ?) WHERE id = 1",
                            error, "it", rules->boards, rules->home_colours))
    goto fail;
  if (rules->default_time_ms >= 0
        ? !_arb_tournament_run (self, "cannot store the team rules",
                                "UPDATE event SET settings = json_set (settings, "
                                "'$.default_time_ms', ?) WHERE id = 1",
                                error, "l", rules->default_time_ms)
        : !_arb_tournament_run (self, "cannot store the team rules",
                                "UPDATE event SET settings = json_remove (settings, "
                                "'$.default_time_ms') WHERE id = 1",
                                error, NULL))
    goto fail;
  {
    g_autofree char *default_time =
      rules->default_time_ms >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, rules->default_time_ms)
                                  : NULL;
    if (!_arb_tournament_audit (self, "set-team-rules", 0, error, "boards", boards_text,
                                "home_colours", rules->home_colours, "default_time_ms",
                                default_time, NULL))
      goto fail;
  }
  return _arb_tournament_commit (self, error);

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}

void
arb_team_match_info_free (ArbTeamMatchInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->home_team);
  g_free (info->away_team);
  g_free (info);
}

static int
match_compare (gconstpointer a, gconstpointer b)
{
  const ArbTeamMatchInfo *ma = *(ArbTeamMatchInfo *const *) a;
  const ArbTeamMatchInfo *mb = *(ArbTeamMatchInfo *const *) b;
  int ka = ma->first_board > 0 ? ma->first_board : G_MAXINT;
  int kb = mb->first_board > 0 ? mb->first_board : G_MAXINT;

  if (ka != kb)
    return ka < kb ? -1 : 1;
  if ((ma->kind == ARB_TEAM_MATCH_BYE) != (mb->kind == ARB_TEAM_MATCH_BYE))
    return ma->kind == ARB_TEAM_MATCH_BYE ? 1 : -1; /* the byes after the matches */
  if (ma->kind == ARB_TEAM_MATCH_BYE)
    return ma->entry_id < mb->entry_id ? -1 : ma->entry_id > mb->entry_id;
  return ma->id < mb->id ? -1 : ma->id > mb->id;
}

static gboolean
score_match (ArbTournament *self,
             ArbTeamMatchInfo *match,
             const ArbTeamRules *rules,
             GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  if (!_arb_query_init (&query, self, "cannot read the team match",
                        "SELECT board, result, json_extract (tags, '$.WhiteTeam') FROM game "
                        "WHERE team_match_id = ? ORDER BY board",
                        error, "l", match->id))
    return FALSE;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      int board = (int) _arb_query_int (&query, 0);
      ArbResult result = _arb_tournament_result_from_text (_arb_query_text (&query, 1));
      const char *white_team = _arb_query_text (&query, 2);
      int k = match->n_boards;
      gboolean home_white;
      guint white_x2 = 0, black_x2 = 0;

      if (white_team != NULL)
        home_white = strcmp (white_team, match->home_team) == 0;
      else
        home_white = rules->home_colours[k % rules->boards] == 'W';
      if (k < ARB_TEAM_MAX_BOARDS)
        {
          match->home_colours[k] = home_white ? 'W' : 'B';
          match->home_colours[k + 1] = '\0';
        }
      if (match->first_board == 0)
        match->first_board = board;
      match->last_board = board;
      match->n_boards++;
      if (result == ARB_RESULT_ONGOING)
        continue;
      match->n_finished++;
      arb_result_half_points (result, &white_x2, &black_x2);
      match->home_points_x2 += (int) (home_white ? white_x2 : black_x2);
      match->away_points_x2 += (int) (home_white ? black_x2 : white_x2);
      if (k < ARB_TEAM_MAX_BOARDS)
        {
          match->home_board_x2[k] = (int) (home_white ? white_x2 : black_x2);
          match->away_board_x2[k] = (int) (home_white ? black_x2 : white_x2);
        }
    }
  return rc == 0;
}

/* The records that stand for @round: a forfeit replaces its match's
 * game points with the record's, a bye is a match of its own. */
static gboolean
apply_team_entries (ArbTournament *self, int round, GPtrArray *matches, GError **error)
{
  g_autoptr (GPtrArray) entries = arb_tournament_list_team_entries (self, round, FALSE, error);

  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      const ArbTeamEntryRecord *e = entries->pdata[i];

      if (e->kind == ARB_TEAM_ENTRY_BYE)
        {
          ArbTeamMatchInfo *bye = g_new0 (ArbTeamMatchInfo, 1);

          bye->kind = ARB_TEAM_MATCH_BYE;
          bye->entry_id = e->id;
          bye->round = round;
          bye->home_team = g_strdup (e->team);
          bye->home_points_x2 = e->home_points_x2;
          bye->bye_match_points_x2 = e->match_points_x2;
          bye->bye_code = e->code;
          g_ptr_array_add (matches, bye);
          continue;
        }
      for (guint k = 0; k < matches->len; k++)
        {
          ArbTeamMatchInfo *m = matches->pdata[k];

          if (m->id != e->team_match_id)
            continue;
          m->kind = ARB_TEAM_MATCH_FORFEIT;
          m->entry_id = e->id;
          m->forfeit = e->winner;
          m->home_points_x2 = e->home_points_x2;
          m->away_points_x2 = e->away_points_x2;
        }
    }
  return TRUE;
}

GPtrArray *
arb_tournament_list_team_matches (ArbTournament *self, int round, GError **error)
{
  g_autoptr (GPtrArray) matches =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_match_info_free);
  g_auto (ArbQuery) query = { 0 };
  ArbTeamRules rules;
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!arb_tournament_get_team_rules (self, &rules, error))
    return NULL;
  if (!_arb_query_init (&query, self, "cannot read the team matches",
                        "SELECT id, home_team, away_team FROM team_match WHERE round_no = ? "
                        "ORDER BY id",
                        error, "i", round))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbTeamMatchInfo *match = g_new0 (ArbTeamMatchInfo, 1);

      match->id = _arb_query_int (&query, 0);
      match->round = round;
      match->home_team = _arb_query_dup_text (&query, 1);
      match->away_team = _arb_query_dup_text (&query, 2);
      g_ptr_array_add (matches, match);
      if (!score_match (self, match, &rules, error))
        return NULL;
    }
  if (rc < 0 || !apply_team_entries (self, round, matches, error))
    return NULL;
  g_ptr_array_sort (matches, match_compare);
  return g_steal_pointer (&matches);
}

/* Import of a team round */

typedef struct
{
  int a, b;      /* teams, as indexes into trf->teams, a < b */
  GArray *games; /* ArbTrfPairing */
} TeamPairing;

static void
team_pairing_free (TeamPairing *m)
{
  g_array_unref (m->games);
  g_free (m);
}

typedef struct
{
  GHashTable *team_of; /* starting rank → team index + 1 */
  GHashTable *place;   /* starting rank → place in the team's list, from 1 */
  int team;            /* the team whose players order the boards */
} BoardOrder;

static int
player_place (const BoardOrder *order, int start_no)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (order->place, GINT_TO_POINTER (start_no)));
}

static int
player_team (const BoardOrder *order, int start_no)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (order->team_of, GINT_TO_POINTER (start_no))) - 1;
}

/* The boards of a match follow the teams' lists: the better-listed player
 * of the team named first sits at the higher board. */
static int
board_compare (gconstpointer a, gconstpointer b, gpointer data)
{
  const BoardOrder *order = data;
  const ArbTrfPairing *pa = a, *pb = b;
  int ka =
    player_place (order, player_team (order, pa->white) == order->team ? pa->white : pa->black);
  int kb =
    player_place (order, player_team (order, pb->white) == order->team ? pb->white : pb->black);
  return ka - kb;
}

/* The game's tags naming its teams, as JSON. */
static char *
team_tags (const char *white_team, const char *black_team)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "WhiteTeam");
  json_builder_add_string_value (b, white_team);
  json_builder_set_member_name (b, "BlackTeam");
  json_builder_add_string_value (b, black_team);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return json_to_string (root, FALSE);
}

static gboolean
add_pairing (ArbTournament *self,
             int round,
             int board,
             const ArbTrfPairing *pr,
             GHashTable *ids,
             gint64 match_id,
             const char *white_team,
             const char *black_team,
             GError **error)
{
  char bye[2] = { pr->bye_code, '\0' };
  g_autofree char *tags = NULL;
  ArbGameInfo game = { 0 };
  gint64 id;

  game.round = round;
  game.board = board;
  game.white_id =
    (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (ids, GINT_TO_POINTER (pr->white)));
  game.black_id =
    pr->black != 0
      ? (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (ids, GINT_TO_POINTER (pr->black)))
      : 0;
  game.bye_code = pr->black == 0 ? bye : NULL;
  game.result = pr->result;
  game.rated = pr->rated;
  game.team_match_id = match_id;
  if (white_team != NULL && black_team != NULL)
    {
      tags = team_tags (white_team, black_team);
      game.tags = tags;
    }
  if (!_arb_tournament_add_game (self, &game, &id, error))
    {
      /* Translators: put before another message, which says what is wrong there */
      g_prefix_error (error, _ ("round %d: "), round);
      return FALSE;
    }
  return TRUE;
}

gboolean
_arb_tournament_add_team_round (ArbTournament *self,
                                const ArbTrf *trf,
                                int round,
                                GArray *pairings,
                                GHashTable *ids,
                                int *n_games,
                                GError **error)
{
  g_autoptr (GHashTable) team_of = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) place = g_hash_table_new (NULL, NULL);
  g_autoptr (GPtrArray) matches =
    g_ptr_array_new_with_free_func ((GDestroyNotify) team_pairing_free);
  g_autoptr (GArray) others = g_array_new (FALSE, TRUE, sizeof (ArbTrfPairing));
  BoardOrder order = { team_of, place, 0 };
  ArbTeamRules rules;
  int board = 1;

  if (!arb_tournament_get_team_rules (self, &rules, error))
    return FALSE;

  for (guint t = 0; t < trf->teams->len; t++)
    {
      const ArbTrfTeam *team = trf->teams->pdata[t];

      for (guint k = 0; k < team->members->len; k++)
        {
          int start_no = g_array_index (team->members, int, k);

          if (g_hash_table_contains (team_of, GINT_TO_POINTER (start_no)))
            {
              g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                           /* Translators: “line %d” is where in the TRF file the fault is */
                           _ ("line %d: player %d is already in another team"), team->line,
                           start_no);
              return FALSE;
            }
          g_hash_table_insert (team_of, GINT_TO_POINTER (start_no), GINT_TO_POINTER (t + 1));
          g_hash_table_insert (place, GINT_TO_POINTER (start_no), GINT_TO_POINTER (k + 1));
        }
    }

  for (guint i = 0; i < pairings->len; i++)
    {
      const ArbTrfPairing *pr = &g_array_index (pairings, ArbTrfPairing, i);
      int tw = player_team (&order, pr->white);
      int tb = pr->black != 0 ? player_team (&order, pr->black) : -1;
      TeamPairing *match = NULL;

      if (tw < 0 || tb < 0 || tw == tb)
        {
          g_array_append_val (others, *pr);
          continue;
        }
      for (guint k = 0; k < matches->len && match == NULL; k++)
        {
          TeamPairing *m = matches->pdata[k];
          if (m->a == MIN (tw, tb) && m->b == MAX (tw, tb))
            match = m;
        }
      if (match == NULL)
        {
          match = g_new0 (TeamPairing, 1);
          match->a = MIN (tw, tb);
          match->b = MAX (tw, tb);
          match->games = g_array_new (FALSE, TRUE, sizeof (ArbTrfPairing));
          g_ptr_array_add (matches, match);
        }
      g_array_append_val (match->games, *pr);
    }

  for (guint i = 0; i < matches->len; i++)
    {
      TeamPairing *m = matches->pdata[i];
      const ArbTrfTeam *ta = trf->teams->pdata[m->a];
      const ArbTrfTeam *tb = trf->teams->pdata[m->b];
      const ArbTrfTeam *home, *away;
      gboolean a_follows = TRUE, b_follows = TRUE;
      gint64 match_id;

      order.team = m->a;
      g_array_sort_with_data (m->games, board_compare, &order);

      /* The team named first is the one whose colours are the rules'
       * home colours; when neither's are, the first in the file. */
      for (guint k = 0; k < m->games->len; k++)
        {
          const ArbTrfPairing *pr = &g_array_index (m->games, ArbTrfPairing, k);
          gboolean a_white = player_team (&order, pr->white) == m->a;
          gboolean home_white = rules.home_colours[k % (guint) rules.boards] == 'W';

          a_follows &= a_white == home_white;
          b_follows &= a_white != home_white;
        }
      home = a_follows || !b_follows ? ta : tb;
      away = home == ta ? tb : ta;

      if (!_arb_tournament_run (self, "cannot store the round",
                                "INSERT OR IGNORE INTO round (number) VALUES (?)", error, "i",
                                round) ||
          !_arb_tournament_run (self, "cannot store the team match",
                                "INSERT INTO team_match (round_no, home_team, away_team) "
                                "VALUES (?, ?, ?)",
                                error, "itt", round, home->name, away->name))
        return FALSE;
      match_id = _arb_tournament_last_id (self);
      if (!_arb_tournament_audit (self, "add-team-match", 0, error, "home", home->name, "away",
                                  away->name, NULL))
        return FALSE;
      for (guint k = 0; k < m->games->len; k++)
        {
          const ArbTrfPairing *pr = &g_array_index (m->games, ArbTrfPairing, k);
          gboolean a_white = player_team (&order, pr->white) == m->a;

          if (!add_pairing (self, round, board++, pr, ids, match_id, a_white ? ta->name : tb->name,
                            a_white ? tb->name : ta->name, error))
            return FALSE;
          (*n_games)++;
        }
    }
  for (guint i = 0; i < others->len; i++)
    {
      if (!add_pairing (self, round, board++, &g_array_index (others, ArbTrfPairing, i), ids, 0,
                        NULL, NULL, error))
        return FALSE;
      (*n_games)++;
    }
  return _arb_tournament_import_team_entries (self, trf, round, rules.boards, error);
}
