/* arb-tournament-games.c: the event, its players, rounds, team matches and games
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-edition.h"
#include "arb-i18n.h"
#include "arb-stored-json.h"
#include "arb-time-control.h"
#include "arb-tournament-private.h"

static char *
int_to_text (gint64 value)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, value);
}

/* The event */

gboolean
_arb_tournament_validate_event (const ArbEventInfo *event, GError **error)
{
  if (event->name == NULL || event->name[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("the event needs a name"));
      return FALSE;
    }
  if (event->time_control != NULL)
    {
      g_autoptr (GError) tc_error = NULL;
      ArbTimeControl tc;

      if (!arb_time_control_parse (event->time_control, &tc, NULL, &tc_error))
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       /* Translators: the first %s is the time control as written (as 90+30), the
                        * second says why it cannot be read */
                       _ ("the time control “%s” cannot be read: %s"), event->time_control,
                       tc_error->message);
          return FALSE;
        }
    }
  if (event->edition != 0 && !arb_edition_from_year (event->edition, NULL))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("%d is not an edition of the FIDE Laws (2001, 2009, 2014, 2018 or 2023)"),
                   event->edition);
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_event (ArbTournament *self, const ArbEventInfo *event, gboolean insert, GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  int edition = event->edition != 0 ? event->edition : ARB_EDITION_LATEST;
  g_autofree char *edition_text = int_to_text (edition);

  if (!_arb_tournament_run (self, "cannot store the event",
                            insert ? "INSERT INTO event (name, venue, start_date, end_date, "
                                     "chief_arbiter, edition, time_control, settings, created_at, "
                                     "id) VALUES (?, ?, ?, ?, ?, ?, ?, json (coalesce (?, '{}')), "
                                     "?, 1)"
                                   : "UPDATE event SET name = ?, venue = ?, start_date = ?, "
                                     "end_date = ?, chief_arbiter = ?, edition = ?, "
                                     "time_control = ?, settings = json (coalesce (?, '{}')) "
                                     "WHERE id = 1 AND ? IS NOT NULL",
                            error,
                            "tttttitt"
                            "t",
                            event->name, event->venue, event->start_date, event->end_date,
                            event->chief_arbiter, edition, event->time_control, event->settings,
                            now))
    return FALSE;
  return _arb_tournament_audit (self, insert ? "create-event" : "update-event", 0, error, "name",
                                event->name, "edition", edition_text, "time_control",
                                event->time_control, NULL);
}

gboolean
_arb_tournament_add_event (ArbTournament *self, const ArbEventInfo *event, GError **error)
{
  return write_event (self, event, TRUE, error);
}

gboolean
_arb_tournament_set_event (ArbTournament *self, const ArbEventInfo *event, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return _arb_tournament_validate_event (event, error) && write_event (self, event, FALSE, error);
}

ArbEventInfo *
arb_tournament_get_event (ArbTournament *self, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  ArbEventInfo *info;
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "the event is missing",
                        "SELECT name, venue, start_date, end_date, chief_arbiter, edition, "
                        "time_control, settings FROM event WHERE id = 1",
                        error, NULL))
    return NULL;
  rc = _arb_query_step (&query, error);
  if (rc <= 0)
    {
      if (rc == 0)
        _arb_tournament_set_sqlite_error (self, error, SQLITE_CORRUPT, "the event is missing");
      return NULL;
    }
  info = g_new0 (ArbEventInfo, 1);
  info->name = _arb_query_dup_text (&query, 0);
  info->venue = _arb_query_dup_text (&query, 1);
  info->start_date = _arb_query_dup_text (&query, 2);
  info->end_date = _arb_query_dup_text (&query, 3);
  info->chief_arbiter = _arb_query_dup_text (&query, 4);
  info->edition = (int) _arb_query_int (&query, 5);
  info->time_control = _arb_query_dup_text (&query, 6);
  info->settings = _arb_query_dup_text (&query, 7);
  return info;
}

gboolean
arb_tournament_set_event (ArbTournament *self, const ArbEventInfo *event, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  if (!_arb_tournament_validate_event (event, error) || !_arb_tournament_begin (self, error))
    return FALSE;
  if (!write_event (self, event, FALSE, error) || !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
_arb_tournament_set_event_record (ArbTournament *self,
                                  const char *code,
                                  const char *value,
                                  GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return _arb_tournament_run (self, "cannot store the event",
                              "INSERT OR REPLACE INTO event_record (code, value) VALUES (?, ?)",
                              error, "tt", code, value);
}

GHashTable *
_arb_tournament_get_event_records (ArbTournament *self, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GHashTable) records = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the event",
                        "SELECT code, value FROM event_record", error, NULL))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    g_hash_table_insert (records, _arb_query_dup_text (&query, 0), _arb_query_dup_text (&query, 1));
  return rc == 0 ? g_steal_pointer (&records) : NULL;
}

void
arb_event_info_free (ArbEventInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info->venue);
  g_free (info->start_date);
  g_free (info->end_date);
  g_free (info->chief_arbiter);
  g_free (info->time_control);
  g_free (info->settings);
  g_free (info);
}

/* Players */

gboolean
_arb_tournament_add_player (ArbTournament *self, const ArbPlayerInfo *p, gint64 *id, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (p->name == NULL || p->name[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a player needs a name"));
      return FALSE;
    }
  if (p->start_no < 0 || p->start_no > ARB_TOURNAMENT_MAX_START_NO)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: %s is the player's name */
                   _ ("%s: a starting rank is from 1 to %d"), p->name, ARB_TOURNAMENT_MAX_START_NO);
      return FALSE;
    }
  if (!_arb_tournament_run (self, "cannot store the player",
                            "INSERT INTO player (start_no, name, title, sex, fide_id, rating, "
                            "federation, birth_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            error,
                            "nttt"
                            "nntt",
                            (gint64) p->start_no, p->name, p->title, p->sex, p->fide_id,
                            (gint64) p->rating, p->federation, p->birth_date))
    return FALSE;
  *id = _arb_tournament_last_id (self);
  return _arb_tournament_audit (self, "add-player", 0, error, "name", p->name, NULL);
}

gint64
arb_tournament_add_player (ArbTournament *self, const ArbPlayerInfo *player, GError **error)
{
  gint64 id = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (player != NULL, 0);

  if (player->name == NULL || player->name[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a player needs a name"));
      return 0;
    }
  if (!_arb_tournament_begin (self, error))
    return 0;
  if (!_arb_tournament_add_player (self, player, &id, error) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return 0;
    }
  return id;
}

#define PLAYER_COLUMNS "id, start_no, name, title, sex, fide_id, rating, federation, birth_date"

/* A player's row, the starting rank checked: the TRF export counts on
 * from the highest and writes it in four columns. */
static ArbPlayerInfo *
player_from_row (ArbTournament *self, ArbQuery *query, GError **error)
{
  gint64 start_no = _arb_query_int (query, 1);
  ArbPlayerInfo *p;

  if (start_no != 0)
    {
      g_autofree char *where =
        g_strdup_printf ("player %" G_GINT64_FORMAT, _arb_query_int (query, 0));

      if (!_arb_tournament_check_range (self, where, "the starting rank", start_no, 1,
                                        ARB_TOURNAMENT_MAX_START_NO, error))
        return NULL;
    }
  p = g_new0 (ArbPlayerInfo, 1);
  p->id = _arb_query_int (query, 0);
  p->start_no = (int) start_no;
  p->name = _arb_query_dup_text (query, 2);
  p->title = _arb_query_dup_text (query, 3);
  p->sex = _arb_query_dup_text (query, 4);
  p->fide_id = _arb_query_int (query, 5);
  p->rating = (int) _arb_query_int (query, 6);
  p->federation = _arb_query_dup_text (query, 7);
  p->birth_date = _arb_query_dup_text (query, 8);
  return p;
}

ArbPlayerInfo *
arb_tournament_get_player (ArbTournament *self, gint64 player_id, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the players",
                        "SELECT " PLAYER_COLUMNS " FROM player WHERE id = ?", error, "l",
                        player_id))
    return NULL;
  rc = _arb_query_step (&query, error);
  if (rc > 0)
    return player_from_row (self, &query, error);
  if (rc == 0)
    g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                 /* Translators: %s is the tournament file's path */
                 _ ("%s has no player %lld"), self->path, (long long) player_id);
  return NULL;
}

GPtrArray *
arb_tournament_list_players (ArbTournament *self, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) players =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_player_info_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the players",
                        "SELECT " PLAYER_COLUMNS " FROM player "
                        "ORDER BY coalesce (start_no, 1000000 + id)",
                        error, NULL))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbPlayerInfo *p = player_from_row (self, &query, error);

      if (p == NULL)
        return NULL;
      g_ptr_array_add (players, p);
    }
  return rc == 0 ? g_steal_pointer (&players) : NULL;
}

void
arb_player_info_free (ArbPlayerInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info->title);
  g_free (info->sex);
  g_free (info->federation);
  g_free (info->birth_date);
  g_free (info);
}

/* Rounds */

static gboolean
ensure_round (ArbTournament *self, int round, GError **error)
{
  /* What the readers accept, so that nothing is written that they refuse. */
  if (round < 1 || round > ARB_TOURNAMENT_MAX_ROUND)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("round %d: a round is numbered from 1 to %d"), round,
                   ARB_TOURNAMENT_MAX_ROUND);
      return FALSE;
    }
  return _arb_tournament_run (self, "cannot store the round",
                              "INSERT OR IGNORE INTO round (number) VALUES (?)", error, "i", round);
}

gboolean
_arb_tournament_set_round_date (ArbTournament *self, int round, const char *date, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  return ensure_round (self, round, error) &&
         _arb_tournament_run (self, "cannot store the round",
                              "UPDATE round SET date = ? WHERE number = ?", error, "ti", date,
                              round);
}

gboolean
arb_tournament_get_round_date (ArbTournament *self, int round, char **date, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (date != NULL, FALSE);

  *date = NULL;
  if (!_arb_query_init (&query, self, "cannot read the round",
                        "SELECT date FROM round WHERE number = ?", error, "i", round))
    return FALSE;
  rc = _arb_query_step (&query, error);
  if (rc > 0)
    *date = _arb_query_dup_text (&query, 0);
  return rc >= 0;
}

GPtrArray *
_arb_tournament_get_round_dates (ArbTournament *self, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) dates = g_ptr_array_new_with_free_func (g_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the rounds",
                        "SELECT number, date FROM round ORDER BY number", error, NULL))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      gint64 read = _arb_query_int (&query, 0);
      int number;

      /* The number indexes the list: one past the limit would size it. */
      if (!_arb_tournament_check_range (self, "a round", "the number", read, 1,
                                        ARB_TOURNAMENT_MAX_ROUND, error))
        return NULL;
      number = (int) read;
      while ((int) dates->len < number - 1)
        g_ptr_array_add (dates, NULL);
      g_ptr_array_add (dates, _arb_query_dup_text (&query, 1));
    }
  return rc == 0 ? g_steal_pointer (&dates) : NULL;
}

gint64
arb_tournament_add_team_match (ArbTournament *self,
                               int round,
                               const char *home_team,
                               const char *away_team,
                               GError **error)
{
  gint64 id;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (round >= 1, 0);

  if (home_team == NULL || away_team == NULL || home_team[0] == '\0' || away_team[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a team match needs both teams"));
      return 0;
    }
  if (!_arb_tournament_begin (self, error))
    return 0;
  if (!ensure_round (self, round, error) ||
      !_arb_tournament_run (self, "cannot store the team match",
                            "INSERT INTO team_match (round_no, home_team, away_team) "
                            "VALUES (?, ?, ?)",
                            error, "itt", round, home_team, away_team))
    goto fail;
  id = _arb_tournament_last_id (self);
  if (!_arb_tournament_audit (self, "add-team-match", 0, error, "home", home_team, "away",
                              away_team, NULL) ||
      !_arb_tournament_commit (self, error))
    goto fail;
  return id;

fail:
  _arb_tournament_rollback (self);
  return 0;
}

/* Games */

gboolean
_arb_tournament_add_game (ArbTournament *self, const ArbGameInfo *g, gint64 *id, GError **error)
{
  const char *result = _arb_tournament_result_text (g->result);
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (result == NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("%d is not a result the file accepts"), (int) g->result);
      return FALSE;
    }
  if (g->board < 1 || g->board > ARB_TOURNAMENT_MAX_BOARD)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("board %d: a board is numbered from 1 to %d"), g->board,
                   ARB_TOURNAMENT_MAX_BOARD);
      return FALSE;
    }
  if (!ensure_round (self, g->round, error))
    return FALSE;
  if (!_arb_query_init (&query, self, "cannot store the game",
                        "INSERT INTO game (round_no, board, white_id, black_id, bye_code, "
                        "team_match_id, start_fen, result, rated, termination, tags) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, json (coalesce (?, '{}')))",
                        error,
                        "iinntnt"
                        "titt",
                        g->round, g->board, g->white_id, g->black_id, g->bye_code, g->team_match_id,
                        g->start_fen, result, g->rated ? 1 : 0, g->termination, g->tags))
    return FALSE;
  if (_arb_query_step (&query, &local_error) < 0)
    {
      if (sqlite3_extended_errcode (self->db) == SQLITE_CONSTRAINT_UNIQUE)
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                     _ ("round %d already has a game on board %d"), g->round, g->board);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  *id = _arb_tournament_last_id (self);
  {
    g_autofree char *round = int_to_text (g->round);
    g_autofree char *board = int_to_text (g->board);

    return _arb_tournament_audit (self, "add-game", *id, error, "round", round, "board", board,
                                  NULL);
  }
}

gint64
arb_tournament_add_game (ArbTournament *self, const ArbGameInfo *game, GError **error)
{
  gint64 id = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);
  g_return_val_if_fail (game != NULL, 0);
  g_return_val_if_fail (game->round >= 1 && game->board >= 1, 0);

  if (!_arb_tournament_begin (self, error))
    return 0;
  if (!_arb_tournament_add_game (self, game, &id, error) || !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return 0;
    }
  return id;
}

gint64
arb_tournament_find_game (ArbTournament *self, int round, int board, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);

  if (!_arb_query_init (&query, self, "cannot read the games",
                        "SELECT id FROM game WHERE round_no = ? AND board = ?", error, "ii", round,
                        board))
    return 0;
  rc = _arb_query_step (&query, error);
  if (rc > 0)
    return _arb_query_int (&query, 0);
  if (rc == 0)
    g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                 /* Translators: %s is the tournament file's path */
                 _ ("%s has no game on board %d of round %d"), self->path, board, round);
  return 0;
}

#define GAME_COLUMNS                                                                   \
  "g.id, g.round_no, g.board, g.white_id, g.black_id, g.bye_code, g.result, g.rated, " \
  "g.start_fen, g.termination, g.tags, g.team_match_id, "                              \
  "coalesce ((SELECT m.plies FROM move_list m WHERE m.game_id = g.id), 0)"

/* A game's row, its numbers checked: a file written around the schema may
 * hold any integer there, and the round and the number of plies size
 * arrays (the rounds of a TRF export, the comments of a PGN one). */
static ArbGameInfo *
game_from_row (ArbTournament *self, ArbQuery *query, GError **error)
{
  gint64 id = _arb_query_int (query, 0);
  gint64 round = _arb_query_int (query, 1);
  gint64 board = _arb_query_int (query, 2);
  gint64 plies = _arb_query_int (query, 12);
  g_autofree char *where = g_strdup_printf ("game %" G_GINT64_FORMAT " (round %" G_GINT64_FORMAT
                                            " board %" G_GINT64_FORMAT ")",
                                            id, round, board);
  ArbGameInfo *g;

  if (!_arb_tournament_check_range (self, where, "the round number", round, 1,
                                    ARB_TOURNAMENT_MAX_ROUND, error) ||
      !_arb_tournament_check_range (self, where, "the board number", board, 1,
                                    ARB_TOURNAMENT_MAX_BOARD, error) ||
      !_arb_tournament_check_range (self, where, "a number of plies", plies, 0,
                                    ARB_TOURNAMENT_MAX_PLIES, error))
    return NULL;

  g = g_new0 (ArbGameInfo, 1);
  g->id = id;
  g->round = (int) round;
  g->board = (int) board;
  g->white_id = _arb_query_int (query, 3);
  g->black_id = _arb_query_int (query, 4);
  g->bye_code = _arb_query_dup_text (query, 5);
  g->result = _arb_tournament_result_from_text (_arb_query_text (query, 6));
  g->rated = _arb_query_int (query, 7) != 0;
  g->start_fen = _arb_query_dup_text (query, 8);
  g->termination = _arb_query_dup_text (query, 9);
  g->tags = _arb_query_dup_text (query, 10);
  g->team_match_id = _arb_query_int (query, 11);
  g->n_plies = (int) plies;
  return g;
}

ArbGameInfo *
arb_tournament_get_game (ArbTournament *self, gint64 game_id, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the game",
                        "SELECT " GAME_COLUMNS " FROM game g WHERE g.id = ?", error, "l", game_id))
    return NULL;
  rc = _arb_query_step (&query, error);
  if (rc > 0)
    return game_from_row (self, &query, error);
  if (rc == 0)
    g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                 /* Translators: %s is the tournament file's path */
                 _ ("%s has no game %lld"), self->path, (long long) game_id);
  return NULL;
}

gboolean
_arb_tournament_game_exists (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (ArbGameInfo) game = arb_tournament_get_game (self, game_id, error);

  return game != NULL;
}

GPtrArray *
arb_tournament_list_games (ArbTournament *self, int round, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) games =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_game_info_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the games",
                        "SELECT " GAME_COLUMNS " FROM game g WHERE ? = 0 OR g.round_no = ? "
                        "ORDER BY g.round_no, g.board",
                        error, "ii", round, round))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbGameInfo *g = game_from_row (self, &query, error);

      if (g == NULL)
        return NULL;
      g_ptr_array_add (games, g);
    }
  return rc == 0 ? g_steal_pointer (&games) : NULL;
}

void
arb_game_info_free (ArbGameInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->bye_code);
  g_free (info->start_fen);
  g_free (info->termination);
  g_free (info->tags);
  g_free (info);
}

/* Results */

gboolean
_arb_tournament_set_result (ArbTournament *self,
                            gint64 game_id,
                            ArbResult value,
                            const char *termination,
                            GError **error)
{
  const char *result = _arb_tournament_result_text (value);

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (result == NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: the results in parentheses are the file's notation: keep them */
                   _ ("%d is not a result (1-0, 0-1, 1/2-1/2, *, 0-0, 1/2-0, 0-1/2, +/-, -/+, --)"),
                   (int) value);
      return FALSE;
    }
  _arb_tournament_forget_live_game (self, game_id);
  if (!_arb_tournament_run (self, "cannot store the result",
                            "UPDATE game SET result = ?, termination = ? WHERE id = ?", error,
                            "ttl", result, termination, game_id))
    return FALSE;
  if (_arb_tournament_changes (self) == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                   /* Translators: %s is the tournament file's path */
                   _ ("%s has no game %lld"), self->path, (long long) game_id);
      return FALSE;
    }
  return _arb_tournament_audit (self, "set-result", game_id, error, "result", result, "termination",
                                termination, NULL);
}

gboolean
arb_tournament_set_result (ArbTournament *self,
                           gint64 game_id,
                           ArbResult result,
                           const char *termination,
                           GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (_arb_tournament_result_text (result) == NULL)
    return _arb_tournament_set_result (self, game_id, result, termination, error);
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!_arb_tournament_set_result (self, game_id, result, termination, error) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}

/* Tags */

gboolean
_arb_tournament_set_game_tags (ArbTournament *self,
                               gint64 game_id,
                               const char *tags_json,
                               GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  return _arb_tournament_run (self, "cannot store the tags",
                              "UPDATE game SET tags = json (?) WHERE id = ?", error, "tl",
                              tags_json, game_id);
}

GPtrArray *
_arb_tournament_read_game_tags (const ArbGameInfo *game, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GList) names = NULL;
  JsonNode *root;
  JsonObject *object;

  if (game->tags == NULL)
    return g_steal_pointer (&tags);
  /* Through the loader every stored JSON text goes through: json-glib
   * recurses, so the depth is checked first. */
  if (!arb_stored_json_load (parser, game->tags, &local_error) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                   _ ("round %d board %d: the tags cannot be read: %s"), game->round, game->board,
                   local_error != NULL ? local_error->message : "not a JSON object");
      return NULL;
    }
  /* The members in the order of the text. */
  object = json_node_get_object (root);
  names = json_object_get_members (object);
  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (object, l->data);

      g_ptr_array_add (tags, g_strdup (l->data));
      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        g_ptr_array_add (tags, g_strdup (json_node_get_string (node)));
      else if (JSON_NODE_HOLDS_NULL (node))
        g_ptr_array_add (tags, g_strdup (""));
      else
        g_ptr_array_add (tags, json_to_string (node, FALSE));
    }
  return g_steal_pointer (&tags);
}

/* Counts */

gint64
arb_tournament_count_rows (ArbTournament *self, const char *table, GError **error)
{
  static const char *const tables[] = {
    "event",
    "event_record",
    "player",
    "round",
    "team_match",
    "game",
    "move_list",
    "clock_event",
    "clock_snapshot",
    "irregularity",
    "draw_offer",
    "ruling",
    "sealed_move",
    "audit",
    "eboard",
    "move_source",
    "source_assignment",
    "source_alert",
    "team_round_entry",
  };
  g_autofree char *sql = NULL;
  gint64 n = -1;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), -1);

  /* The moves of a game are one row of move_list: "move" counts them. */
  if (g_strcmp0 (table, "move") == 0)
    sql = g_strdup ("SELECT coalesce (sum (plies), 0) FROM move_list");
  /* The table name is spliced into the SQL, so only our own names pass. */
  for (gsize i = 0; sql == NULL && i < G_N_ELEMENTS (tables); i++)
    if (g_strcmp0 (table, tables[i]) == 0)
      {
        sql = g_strdup_printf ("SELECT count (*) FROM %s", tables[i]);
        break;
      }
  g_return_val_if_fail (sql != NULL, -1);
  if (!_arb_tournament_query_int (self, sql, &n, error))
    return -1;
  return n;
}

gint64
arb_tournament_count_audit (ArbTournament *self, GError **error)
{
  return arb_tournament_count_rows (self, "audit", error);
}
