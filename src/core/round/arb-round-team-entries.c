/* arb-round-team-entries.c: a team's bye and a team match forfeited, at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The desk decides here whether a record may be made; storage keeps it
 * (arb-tournament-match-entries.c) and the team standings count it
 * (arb-standings-teams.c: C.07 (2026) Article 16).
 *
 * A match forfeited as a whole is one whose games were not played, so
 * its boards read as forfeits: each game of the match gets the result of
 * a forfeit (the winning team's player +, the other -; - for both in a
 * double forfeit), stored through the results desk's path
 * (arb_result_entry_store ()) in the batch of the record itself. A board
 * with a result already says a game was played there: the desk refuses
 * the forfeit and names the board, and the arbiter takes that result
 * back first, with its reason, if the match is forfeited all the same;
 * nothing is replaced unseen. Taking the forfeit back takes back, with
 * the reason given, the forfeits the boards still hold, and only those:
 * a board corrected since keeps its correction. The team's game points
 * come from the record and not from the boards
 * (arb-tournament-teams.c), so they are not counted twice. */

#include "config.h"

#include "arb-round-team-entries.h"
#include "arb-round-entries-private.h"

#include <string.h>

#include "arb-game.h"
#include "arb-i18n.h"
#include "arb-result-entry.h"
#include "arb-tournament-teams.h"

/* What @round holds for @team: its match (the first that names it) or its
 * bye, NULL when nothing. Owned by @matches. */
static const ArbTeamMatchInfo *
team_in_round (GPtrArray *matches, const char *team)
{
  for (guint i = 0; i < matches->len; i++)
    {
      const ArbTeamMatchInfo *m = matches->pdata[i];

      if (g_strcmp0 (m->home_team, team) == 0 || g_strcmp0 (m->away_team, team) == 0)
        return m;
    }
  return NULL;
}

static void
set_busy_error (GError **error, const char *team, int round)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
               /* Translators: refused when a team given a bye or a forfeit already has a
                * match or a bye in the round; %s is the team, %d the round */
               _ ("%s already has a match or a bye in round %d"), team, round);
}

/* A board of a forfeited match: its game, what it holds, and the
 * forfeit's result for it. */
typedef struct
{
  gint64 game_id;
  int board;
  ArbResult current;
  ArbResult forfeit;
} ForfeitBoard;

/* The result a forfeit of the match gives a board on which the home
 * team has White when @home_white. */
static ArbResult
board_forfeit (ArbTeamForfeit winner, gboolean home_white)
{
  if (winner == ARB_TEAM_FORFEIT_NONE)
    return ARB_RESULT_DOUBLE_FORFEIT;
  return (winner == ARB_TEAM_FORFEIT_HOME) == home_white ? ARB_RESULT_WHITE_FORFEIT_WIN
                                                         : ARB_RESULT_BLACK_FORFEIT_WIN;
}

/* The games of @match (ForfeitBoard), in the order of its boards, with
 * the result @winner's forfeit gives each; a bye is no game to score. */
static GArray *
forfeit_boards (ArbTournament *tournament,
                const ArbTeamMatchInfo *match,
                ArbTeamForfeit winner,
                GError **error)
{
  g_autoptr (GPtrArray) games = arb_tournament_list_games (tournament, match->round, error);
  g_autoptr (GArray) boards = NULL;
  int k = 0;

  if (games == NULL)
    return NULL;
  boards = g_array_new (FALSE, TRUE, sizeof (ForfeitBoard));
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];
      ForfeitBoard b = { g->id, g->board, g->result, ARB_RESULT_ONGOING };

      if (g->team_match_id != match->id)
        continue;
      /* The match's colours are its boards' in the order of the boards,
       * byes included, as arb-tournament-teams.c counts them. */
      b.forfeit = board_forfeit (winner, k >= ARB_TEAM_MAX_BOARDS || match->home_colours[k] != 'B');
      k++;
      if (g->black_id != 0 && g->white_id != 0)
        g_array_append_val (boards, b);
    }
  return g_steal_pointer (&boards);
}

/* The board's game, under the event's time control and edition. */
static ArbGame *
load_board (ArbTournament *tournament, gint64 game_id, GError **error)
{
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (tournament, error);
  ArbEdition edition = ARB_EDITION_LATEST;
  ArbTimeControl tc;

  if (event == NULL)
    return NULL;
  arb_edition_from_year (event->edition, &edition);
  if (event->time_control == NULL || !arb_time_control_parse (event->time_control, &tc, NULL, NULL))
    arb_time_control_parse ("-", &tc, NULL, NULL);
  return arb_game_load (tournament, game_id, &tc, edition, error);
}

/* Each board of @boards without a result given its forfeit, or, to
 * @take_back, each that holds its forfeit given no result again with
 * @reason (a correction of the rulings log), through the results desk's
 * path. The other boards are left as they are. */
static gboolean
store_boards (ArbTournament *tournament,
              GArray *boards,
              gboolean take_back,
              const char *arbiter,
              const char *reason,
              GError **error)
{
  for (guint i = 0; i < boards->len; i++)
    {
      const ForfeitBoard *b = &g_array_index (boards, ForfeitBoard, i);
      ArbResult from = take_back ? b->forfeit : ARB_RESULT_ONGOING;
      ArbResult to = take_back ? ARB_RESULT_ONGOING : b->forfeit;
      g_autoptr (ArbGame) game = NULL;

      if (b->current != from)
        continue;
      game = load_board (tournament, b->game_id, error);
      if (game == NULL || !arb_result_entry_store (game, to, arbiter, reason, NULL, error))
        return FALSE;
    }
  return TRUE;
}

/* The desk's refusal of a forfeit over a board that holds a result other
 * than the forfeit's. */
static gboolean
check_boards_open (const ArbTeamMatchInfo *match, GArray *boards, GError **error)
{
  for (guint i = 0; i < boards->len; i++)
    {
      const ForfeitBoard *b = &g_array_index (boards, ForfeitBoard, i);

      if (b->current == ARB_RESULT_ONGOING || b->current == b->forfeit)
        continue;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   /* Translators: refused when a match is forfeited as a whole but one of
                    * its boards has a result; the round, the board, the two teams, then
                    * the result as the file writes it (1-0, 1/2-1/2) */
                   _ ("Round %d board %d (%s – %s) has the result %s: a match forfeited as a "
                      "whole has no game played. Take that result back first, with its "
                      "reason, if the match is forfeited all the same"),
                   match->round, b->board, match->home_team, match->away_team,
                   arb_result_to_string (b->current));
      return FALSE;
    }
  return TRUE;
}

/* The match @match_id of @round as it reads now; NULL (with an error
 * only when the file could not be read) when the round has none. */
static ArbTeamMatchInfo *
forfeited_match (ArbTournament *tournament, int round, gint64 match_id, GError **error)
{
  g_autoptr (GPtrArray) matches = arb_tournament_list_team_matches (tournament, round, error);

  if (matches == NULL)
    return NULL;
  for (guint i = 0; i < matches->len; i++)
    if (((ArbTeamMatchInfo *) matches->pdata[i])->id == match_id)
      return g_ptr_array_steal_index (matches, i);
  return NULL;
}

gboolean
arb_round_team_bye (ArbTournament *tournament,
                    int round,
                    const char *team,
                    char code,
                    int match_points_x2,
                    int game_points_x2,
                    const char *arbiter,
                    const char *note,
                    gint64 *entry_id,
                    GError **error)
{
  g_autoptr (GPtrArray) matches = NULL;
  ArbTeamEntryRecord record = { 0 };
  ArbTeamRules rules;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (!arb_tournament_get_team_rules (tournament, &rules, error))
    return FALSE;
  if (!_arb_round_text_given (team) || code == '\0' || strchr ("UFHZ", code) == NULL || round < 1 ||
      round > 999 || match_points_x2 < 0 || match_points_x2 > 4 || game_points_x2 < 0 ||
      game_points_x2 > 2 * rules.boards)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: refused when a team's bye is given without a team, or
                    * with more points than a match has; %d is the boards of a match */
                   _ ("A team's bye needs the team, a round from 1 to 999, at most 2 match "
                      "points and at most %d game points"),
                   rules.boards);
      return FALSE;
    }
  matches = arb_tournament_list_team_matches (tournament, round, error);
  if (matches == NULL)
    return FALSE;
  if (team_in_round (matches, team) != NULL)
    {
      set_busy_error (error, team, round);
      return FALSE;
    }
  record.kind = ARB_TEAM_ENTRY_BYE;
  record.round = round;
  record.team = (char *) team;
  record.code = code;
  record.match_points_x2 = match_points_x2;
  record.home_points_x2 = game_points_x2;
  record.arbiter = (char *) arbiter;
  record.note = (char *) note;
  return arb_tournament_add_team_entry (tournament, &record, entry_id, error);
}

/* The forfeit of the match @match stored, and its boards marked as
 * forfeits, in one batch. */
static gboolean
forfeit_with_boards (ArbTournament *tournament,
                     const ArbTeamEntryRecord *record,
                     const ArbTeamMatchInfo *match,
                     gint64 *entry_id,
                     GError **error)
{
  g_autoptr (GArray) boards = forfeit_boards (tournament, match, record->winner, error);

  if (boards == NULL || !check_boards_open (match, boards, error) ||
      !arb_tournament_begin_batch (tournament, error))
    return FALSE;
  if (!arb_tournament_add_team_forfeit (tournament, record, match->home_team, match->away_team,
                                        entry_id, error) ||
      !store_boards (tournament, boards, FALSE, record->arbiter, NULL, error))
    {
      arb_tournament_rollback_batch (tournament);
      return FALSE;
    }
  return arb_tournament_commit_batch (tournament, error);
}

gboolean
arb_round_team_forfeit (ArbTournament *tournament,
                        int round,
                        const char *home,
                        const char *away,
                        ArbTeamForfeit winner,
                        const char *arbiter,
                        const char *note,
                        gint64 *entry_id,
                        GError **error)
{
  g_autoptr (GPtrArray) matches = NULL;
  const ArbTeamMatchInfo *h, *a;
  ArbTeamEntryRecord record = { 0 };
  ArbTeamRules rules;
  int all = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (!arb_tournament_get_team_rules (tournament, &rules, error))
    return FALSE;
  if (!_arb_round_text_given (home) || !_arb_round_text_given (away) ||
      g_strcmp0 (home, away) == 0 || round < 1 || round > 999 ||
      arb_team_forfeit_to_key (winner) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   /* Translators: refused when a forfeited match does not name two teams */
                   _ ("A forfeited match needs two different teams, a round from 1 to 999 and "
                      "its winner, or none"));
      return FALSE;
    }
  matches = arb_tournament_list_team_matches (tournament, round, error);
  if (matches == NULL)
    return FALSE;
  h = team_in_round (matches, home);
  a = team_in_round (matches, away);
  if ((h != NULL || a != NULL) && (h != a || h->away_team == NULL))
    {
      set_busy_error (error, h != NULL && (h != a || h->away_team == NULL) ? home : away, round);
      return FALSE;
    }
  if (h != NULL && h->kind == ARB_TEAM_MATCH_FORFEIT)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   /* Translators: %s – %s are the two teams, %d the round */
                   _ ("The match %s – %s of round %d is forfeited already"), h->home_team,
                   h->away_team, round);
      return FALSE;
    }
  /* The match as stored names the home team first: the winner follows. */
  if (h != NULL && g_strcmp0 (h->home_team, home) != 0 && winner != ARB_TEAM_FORFEIT_NONE)
    winner = winner == ARB_TEAM_FORFEIT_HOME ? ARB_TEAM_FORFEIT_AWAY : ARB_TEAM_FORFEIT_HOME;
  all = 2 * rules.boards;
  record.kind = ARB_TEAM_ENTRY_FORFEIT;
  record.round = round;
  record.winner = winner;
  record.home_points_x2 = winner == ARB_TEAM_FORFEIT_HOME ? all : 0;
  record.away_points_x2 = winner == ARB_TEAM_FORFEIT_AWAY ? all : 0;
  record.arbiter = (char *) arbiter;
  record.note = (char *) note;
  if (h != NULL)
    return forfeit_with_boards (tournament, &record, h, entry_id, error);
  return arb_tournament_add_team_forfeit (tournament, &record, home, away, entry_id, error);
}

/* The forfeit @target taken back by @record, and the forfeits its
 * boards still hold taken back with the reason, in one batch. */
static gboolean
cancel_forfeit (ArbTournament *tournament,
                const ArbTeamEntryRecord *record,
                const ArbTeamEntryRecord *target,
                GError **error)
{
  g_autoptr (ArbTeamMatchInfo) match = NULL;
  g_autoptr (GArray) boards = NULL;
  g_autoptr (GError) local = NULL;

  match = forfeited_match (tournament, target->round, target->team_match_id, &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (match != NULL && (boards = forfeit_boards (tournament, match, target->winner, error)) == NULL)
    return FALSE;
  if (!arb_tournament_begin_batch (tournament, error))
    return FALSE;
  if (!arb_tournament_add_team_entry (tournament, record, NULL, error) ||
      (boards != NULL &&
       !store_boards (tournament, boards, TRUE, record->arbiter, record->note, error)))
    {
      arb_tournament_rollback_batch (tournament);
      return FALSE;
    }
  return arb_tournament_commit_batch (tournament, error);
}

gboolean
arb_round_cancel_team_entry (ArbTournament *tournament,
                             gint64 entry_id,
                             const char *reason,
                             const char *arbiter,
                             GError **error)
{
  g_autoptr (GPtrArray) entries = NULL;
  const ArbTeamEntryRecord *target = NULL;
  ArbTeamEntryRecord record = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (!_arb_round_check_reason (reason, error))
    return FALSE;
  entries = arb_tournament_list_team_entries (tournament, 0, FALSE, error);
  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    if (((ArbTeamEntryRecord *) entries->pdata[i])->id == entry_id)
      target = entries->pdata[i];
  if (target == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                   /* Translators: refused when the record to take back is not there, or
                    * was taken back already */
                   _ ("No such team bye or forfeited match stands"));
      return FALSE;
    }
  record.kind = ARB_TEAM_ENTRY_CANCEL;
  record.round = target->round;
  record.supersedes = entry_id;
  record.arbiter = (char *) arbiter;
  record.note = (char *) reason;
  if (target->kind != ARB_TEAM_ENTRY_FORFEIT)
    return arb_tournament_add_team_entry (tournament, &record, NULL, error);
  return cancel_forfeit (tournament, &record, target, error);
}

gboolean
arb_round_team_mark_forfeits (ArbTournament *tournament,
                              GHashTable *before,
                              const char *arbiter,
                              GError **error)
{
  g_autoptr (GPtrArray) entries = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  entries = arb_tournament_list_team_entries (tournament, 0, FALSE, error);
  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      const ArbTeamEntryRecord *e = entries->pdata[i];
      g_autoptr (ArbTeamMatchInfo) match = NULL;
      g_autoptr (GArray) boards = NULL;
      g_autoptr (GError) local = NULL;

      if (e->kind != ARB_TEAM_ENTRY_FORFEIT ||
          (before != NULL && g_hash_table_contains (before, &e->id)))
        continue;
      match = forfeited_match (tournament, e->round, e->team_match_id, &local);
      if (local != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      /* A board the file gave a result keeps it: the import takes only
       * what the record lacks. */
      if (match != NULL &&
          ((boards = forfeit_boards (tournament, match, e->winner, error)) == NULL ||
           !store_boards (tournament, boards, FALSE, arbiter, NULL, error)))
        return FALSE;
    }
  return TRUE;
}

GHashTable *
arb_round_team_forfeit_ids (ArbTournament *tournament, GError **error)
{
  g_autoptr (GPtrArray) entries = NULL;
  GHashTable *ids = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);

  entries = arb_tournament_list_team_entries (tournament, 0, FALSE, error);
  if (entries == NULL)
    return NULL;
  ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; i < entries->len; i++)
    {
      const ArbTeamEntryRecord *e = entries->pdata[i];

      if (e->kind == ARB_TEAM_ENTRY_FORFEIT)
        g_hash_table_add (ids, g_memdup2 (&e->id, sizeof e->id));
    }
  return ids;
}
