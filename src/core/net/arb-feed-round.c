/* arb-feed-round.c: a round as the feed publishes it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "arb-feed-round.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-stored-json.h"
#include "arb-tournament-live.h"

G_DEFINE_BOXED_TYPE (ArbFeedRound, arb_feed_round, arb_feed_round_ref, arb_feed_round_unref)

static void
player_clear (ArbFeedPlayer *p)
{
  g_clear_pointer (&p->name, g_free);
  g_clear_pointer (&p->title, g_free);
  g_clear_pointer (&p->federation, g_free);
  g_clear_pointer (&p->team, g_free);
}

static void
game_free (gpointer data)
{
  ArbFeedGame *game = data;

  player_clear (&game->white);
  player_clear (&game->black);
  g_free (game->termination);
  g_free (game->start_fen);
  g_clear_pointer (&game->plies, g_array_unref);
  g_clear_pointer (&game->clock, g_array_unref);
  g_free (game);
}

static void
round_clear (gpointer data)
{
  ArbFeedRound *self = data;

  g_free (self->event_name);
  g_free (self->site);
  g_free (self->date);
  g_free (self->time_control);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_pointer (&self->byes, g_array_unref);
  g_clear_pointer (&self->standings, g_ptr_array_unref);
  g_clear_pointer (&self->team_standings, g_ptr_array_unref);
  g_clear_pointer (&self->matches, g_ptr_array_unref);
}

static void
bye_clear (gpointer data)
{
  g_free (((ArbFeedBye *) data)->name);
}

ArbFeedRound *
arb_feed_round_ref (ArbFeedRound *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_atomic_rc_box_acquire (self);
}

void
arb_feed_round_unref (ArbFeedRound *self)
{
  g_return_if_fail (self != NULL);
  g_atomic_rc_box_release_full (self, round_clear);
}

static void
player_from_info (ArbFeedPlayer *p, const ArbPlayerInfo *info, const char *team)
{
  if (info == NULL)
    {
      p->name = g_strdup ("?");
      return;
    }
  p->name = g_strdup (info->name != NULL && info->name[0] != '\0' ? info->name : "?");
  p->title = info->title != NULL && info->title[0] != '\0' ? g_strdup (info->title) : NULL;
  p->rating = info->rating;
  p->fide_id = info->fide_id;
  p->federation =
    info->federation != NULL && info->federation[0] != '\0' ? g_strdup (info->federation) : NULL;
  p->team = g_strdup (team);
  p->start_no = info->start_no;
}

/* The teams are the only further tags published: the others were given to
 * the file for its own use. */
static void
read_teams (const char *tags_json, char **white_team, char **black_team)
{
  g_autoptr (JsonParser) parser = NULL;
  JsonNode *root;
  JsonObject *object;

  *white_team = NULL;
  *black_team = NULL;
  if (tags_json == NULL || strcmp (tags_json, "{}") == 0)
    return;
  parser = json_parser_new_immutable ();
  if (!arb_stored_json_load (parser, tags_json, NULL))
    return;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return;
  object = json_node_get_object (root);
  if (json_object_has_member (object, "WhiteTeam") &&
      JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "WhiteTeam")))
    *white_team = g_strdup (json_object_get_string_member_with_default (object, "WhiteTeam", NULL));
  if (json_object_has_member (object, "BlackTeam") &&
      JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "BlackTeam")))
    *black_team = g_strdup (json_object_get_string_member_with_default (object, "BlackTeam", NULL));
}

static int
side_to_move_after (const ArbFeedGame *game, guint n_plies)
{
  return (int) game->start.side_to_move ^ (int) (n_plies & 1);
}

/* The clock's history from the stored moves and clock events, merged in
 * the order of their wall times. A clock runs only where the desk's runs:
 * from a recorded start or resumption (the window records the start when
 * the first move is entered) until a pause, a flag or a restoration. A
 * move passes a running clock to the other side but starts none: the times
 * of a game whose clock is on the table (an e-board's, a PGN's) are shown,
 * never counted down. A move without times (from a scoresheet or
 * arbiter-cli) leaves the clock unknown until an event gives both times
 * again. A sealed move stops the clock at the moment it was sealed. */
static void
build_clock (ArbFeedGame *game, const GArray *events, gint64 sealed_us)
{
  ArbFeedClock state = { .running = -1 };
  guint i = 0, j = 0;

  while (i < game->plies->len || j < events->len)
    {
      const ArbFeedPly *ply =
        i < game->plies->len ? &g_array_index (game->plies, ArbFeedPly, i) : NULL;
      const ArbClockEventInfo *event =
        j < events->len ? &g_array_index (events, ArbClockEventInfo, j) : NULL;

      if (ply != NULL && (event == NULL || ply->played_us <= event->wall_time_us))
        {
          int next = side_to_move_after (game, i + 1);

          state.ply = i + 1;
          state.at_us = ply->played_us;
          state.known = ply->white_ms >= 0 && ply->black_ms >= 0;
          if (state.known)
            {
              state.white_ms = ply->white_ms;
              state.black_ms = ply->black_ms;
            }
          if (state.running >= 0)
            state.running = next;
          i++;
        }
      else
        {
          g_assert (event != NULL);
          state.at_us = event->wall_time_us;
          if (event->white_ms >= 0 && event->black_ms >= 0)
            {
              state.known = TRUE;
              state.white_ms = event->white_ms;
              state.black_ms = event->black_ms;
            }
          switch (event->kind)
            {
            case ARB_CLOCK_EVENT_START:
            case ARB_CLOCK_EVENT_RESUME:
            case ARB_CLOCK_EVENT_PRESS:
              state.running = side_to_move_after (game, state.ply);
              break;
            case ARB_CLOCK_EVENT_PAUSE:
            case ARB_CLOCK_EVENT_FLAG:
            case ARB_CLOCK_EVENT_RESTORE:
            case ARB_CLOCK_EVENT_RECOVER:
              state.running = -1;
              break;
            default:
              break;
            }
          j++;
        }
      g_array_append_val (game->clock, state);
    }
  /* Adjourned (a sealed move waits in its envelope): the clock the
   * arbiter stopped at the seal stays stopped until the resumption. */
  if (sealed_us != G_MAXINT64 && game->clock->len > 0 && state.running >= 0)
    {
      state.at_us = MAX (sealed_us, state.at_us);
      state.running = -1;
      g_array_append_val (game->clock, state);
    }
}

/* A move stored without a time of play (an import, a reconstruction,
 * arb_tournament_set_moves ()) is dated when the feed first read it,
 * so that a delay holds it back from then rather than from 1970: the same
 * move at the same ply of the game as read before (@before, or NULL)
 * keeps that one's time, any other takes @now_us. */
static void
date_untimed_plies (ArbFeedGame *game, const ArbFeedGame *before, gint64 now_us)
{
  gboolean same = before != NULL && g_strcmp0 (before->start_fen, game->start_fen) == 0;

  for (guint i = 0; i < game->plies->len; i++)
    {
      ArbFeedPly *ply = &g_array_index (game->plies, ArbFeedPly, i);
      const ArbFeedPly *old = NULL;

      if (same && i < before->plies->len)
        old = &g_array_index (before->plies, ArbFeedPly, i);
      same = old != NULL && old->move == ply->move;
      if (ply->played_us == 0)
        ply->played_us = same ? old->played_us : now_us;
    }
}

static ArbFeedGame *
read_game (ArbTournament *t,
           const ArbGameInfo *info,
           GHashTable *players,
           const ArbFeedGame *before,
           gint64 now_us,
           GError **error)
{
  g_autoptr (GArray) moves = NULL;
  g_autoptr (GArray) times = NULL;
  g_autoptr (GArray) events = NULL;
  g_autofree char *white_team = NULL;
  g_autofree char *black_team = NULL;
  ArbFeedGame *game = g_new0 (ArbFeedGame, 1);
  ArbPosition pos;
  gint64 sealed_us = G_MAXINT64;

  game->id = info->id;
  game->board = info->board;
  read_teams (info->tags, &white_team, &black_team);
  player_from_info (&game->white, g_hash_table_lookup (players, &info->white_id), white_team);
  player_from_info (&game->black, g_hash_table_lookup (players, &info->black_id), black_team);
  game->result = info->result;
  game->termination =
    info->termination != NULL && info->termination[0] != '\0' ? g_strdup (info->termination) : NULL;
  game->plies = g_array_new (FALSE, TRUE, sizeof (ArbFeedPly));
  game->clock = g_array_new (FALSE, TRUE, sizeof (ArbFeedClock));

  if (info->start_fen != NULL)
    {
      if (!arb_position_set_fen (&game->start, info->start_fen, ARB_FEN_FLAGS_NONE, error))
        goto fail;
      game->start_fen = g_strdup (info->start_fen);
    }
  else
    arb_position_set_start (&game->start);

  moves = arb_tournament_get_moves (t, info->id, error);
  if (moves == NULL)
    goto fail;
  times = arb_tournament_get_move_times (t, info->id, error);
  if (times == NULL)
    goto fail;
  events = arb_tournament_list_clock_events (t, info->id, error);
  if (events == NULL)
    goto fail;
  {
    g_autoptr (GError) sealed_error = NULL;
    g_autoptr (ArbSealedMoveInfo) sealed =
      arb_tournament_get_sealed_move (t, info->id, &sealed_error);

    if (sealed_error != NULL)
      {
        g_propagate_error (error, g_steal_pointer (&sealed_error));
        goto fail;
      }
    if (sealed != NULL && (sealed->sealed_at == NULL ||
                           !arb_tournament_parse_wall_time (sealed->sealed_at, &sealed_us)))
      sealed_us = 0;
  }

  pos = game->start;
  for (guint i = 0; i < moves->len; i++)
    {
      const ArbStoredMove *m = &g_array_index (moves, ArbStoredMove, i);
      ArbFeedPly ply = { 0 };
      ArbUndo undo;

      ply.move = arb_move_parse_uci (&pos, m->uci, strlen (m->uci));
      if (ply.move == ARB_MOVE_NONE || !arb_position_is_legal (&pos, ply.move))
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                       /* Translators: %s is the move as stored; a ply is a half-move */
                       _ ("round %d board %d: the stored move %s at ply %d is not legal"),
                       info->round, info->board, m->uci, m->ply);
          goto fail;
        }
      g_strlcpy (ply.san, m->san, sizeof ply.san);
      g_strlcpy (ply.uci, m->uci, sizeof ply.uci);
      ply.white_ms = m->white_ms;
      ply.black_ms = m->black_ms;
      ply.played_us = i < times->len ? g_array_index (times, gint64, i) : 0;
      g_array_append_val (game->plies, ply);
      arb_position_make_move (&pos, ply.move, &undo);
    }
  date_untimed_plies (game, before, now_us);
  build_clock (game, events, sealed_us);
  return game;

fail:
  game_free (game);
  return NULL;
}

static char *
pgn_date (const char *iso)
{
  if (iso == NULL || strlen (iso) != 10 || iso[4] != '-' || iso[7] != '-')
    return NULL;
  return g_strdup_printf ("%.4s.%.2s.%.2s", iso, iso + 5, iso + 8);
}

static const ArbFeedGame *
find_game (const ArbFeedRound *round, gint64 id)
{
  for (guint i = 0; round != NULL && i < round->games->len; i++)
    {
      const ArbFeedGame *game = g_ptr_array_index (round->games, i);

      if (game->id == id)
        return game;
    }
  return NULL;
}

/* The points of each player (by id) before @round, from the same
 * snapshot as the round. */
static GHashTable *
points_before (GPtrArray *players,
               GPtrArray *infos,
               int round,
               const ArbScoring *scoring,
               const ArbFeedRound *self)
{
  GHashTable *points = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr (GPtrArray) rows = NULL;

  if (round <= 1)
    return points;
  rows = arb_standings_compute (players, infos, round - 1, scoring, self->order, self->n_order);
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbStandingsRow *row = g_ptr_array_index (rows, i);

      g_hash_table_insert (points, g_memdup2 (&row->player_id, sizeof (gint64)),
                           g_memdup2 (&row->points, sizeof (double)));
    }
  return points;
}

static double
lookup_points (GHashTable *points, gint64 id)
{
  const double *value = g_hash_table_lookup (points, &id);

  return value != NULL ? *value : 0.0;
}

static void
read_standings (ArbFeedRound *self,
                const ArbEventInfo *event,
                GPtrArray *players,
                GPtrArray *infos,
                GHashTable **before)
{
  ArbScoring scoring;

  arb_standings_event_settings (event, &scoring, self->order, &self->n_order);
  self->unplayed = scoring.unplayed;
  self->standings = arb_standings_compute (players, infos, 0, &scoring, self->order, self->n_order);
  self->standings_round =
    self->standings->len > 0
      ? ((ArbStandingsRow *) g_ptr_array_index (self->standings, 0))->after_round
      : 0;
  *before = points_before (players, infos, self->round, &scoring, self);
}

static gboolean
read_round (ArbTournament *t,
            int round,
            const ArbFeedRound *before,
            gint64 now_us,
            ArbFeedRound *self,
            GError **error)
{
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) infos = NULL;
  g_autoptr (GPtrArray) player_list = NULL;
  g_autoptr (GHashTable) players = NULL;
  g_autoptr (GHashTable) points = NULL;
  gint64 n_matches;

  event = arb_tournament_get_event (t, error);
  if (event == NULL)
    return FALSE;
  self->event_name = g_strdup (event->name);
  self->site = g_strdup (event->venue);
  self->time_control = g_strdup (event->time_control);

  infos = arb_tournament_list_games (t, 0, error);
  if (infos == NULL)
    return FALSE;
  if (round <= 0)
    for (guint i = 0; i < infos->len; i++)
      round = MAX (round, ((ArbGameInfo *) g_ptr_array_index (infos, i))->round);
  self->round = MAX (round, 0);

  /* The round's own date, as the export writes it; unknown stays unknown
   * (the event's first day is not every round's). */
  {
    g_autofree char *iso = NULL;

    if (!arb_tournament_get_round_date (t, self->round, &iso, error))
      return FALSE;
    self->date = pgn_date (iso);
  }

  player_list = arb_tournament_list_players (t, error);
  if (player_list == NULL)
    return FALSE;
  players = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < player_list->len; i++)
    {
      ArbPlayerInfo *p = g_ptr_array_index (player_list, i);

      g_hash_table_insert (players, &p->id, p);
    }
  read_standings (self, event, player_list, infos, &points);
  /* A team event's standings after the same round as the players', in
   * the event's order. */
  arb_team_order_from_event (event, &self->team_order);
  /* An individual event has no team match: no second read of its games
   * for every change. */
  n_matches = arb_tournament_count_rows (t, "team_match", error);
  if (n_matches < 0)
    return FALSE;
  self->team_standings = self->standings_round > 0 && n_matches > 0
                           ? arb_team_standings_read (t, self->standings_round, error)
                           : g_ptr_array_new ();
  if (self->team_standings == NULL)
    return FALSE;
  self->matches = self->round > 0 && n_matches > 0
                    ? arb_tournament_list_team_matches (t, self->round, error)
                    : g_ptr_array_new ();
  if (self->matches == NULL)
    return FALSE;

  for (guint i = 0; i < infos->len; i++)
    {
      const ArbGameInfo *info = g_ptr_array_index (infos, i);
      ArbFeedGame *game;

      if (info->round == round && info->black_id == 0 && info->white_id != 0)
        {
          const ArbPlayerInfo *p = g_hash_table_lookup (players, &info->white_id);
          ArbFeedBye bye = {
            .name = g_strdup (p != NULL && p->name != NULL ? p->name : "?"),
            .code = info->bye_code != NULL && info->bye_code[0] != '\0' ? info->bye_code[0] : ' ',
            .rating = p != NULL ? p->rating : 0,
            .start_no = p != NULL ? p->start_no : 0,
            .points = lookup_points (points, info->white_id),
          };

          g_array_append_val (self->byes, bye);
          continue;
        }
      if (info->round != round || info->black_id == 0 || info->white_id == 0)
        continue;
      game = read_game (t, info, players, find_game (before, info->id), now_us, error);
      if (game == NULL)
        return FALSE;
      game->white.points = lookup_points (points, info->white_id);
      game->black.points = lookup_points (points, info->black_id);
      g_ptr_array_add (self->games, game);
    }
  return TRUE;
}

ArbFeedRound *
arb_feed_round_read (ArbTournament *tournament, int round, GError **error)
{
  return arb_feed_round_read_after (tournament, round, NULL, g_get_real_time (), error);
}

ArbFeedRound *
arb_feed_round_read_after (ArbTournament *tournament,
                           int round,
                           const ArbFeedRound *before,
                           gint64 now_us,
                           GError **error)
{
  ArbFeedRound *self;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);

  self = g_atomic_rc_box_new0 (ArbFeedRound);
  self->games = g_ptr_array_new_with_free_func (game_free);
  self->byes = g_array_new (FALSE, TRUE, sizeof (ArbFeedBye));
  g_array_set_clear_func (self->byes, bye_clear);
  if (!arb_tournament_begin_snapshot (tournament, error))
    {
      arb_feed_round_unref (self);
      return NULL;
    }
  ok = read_round (tournament, round, before, now_us, self, error);
  arb_tournament_end_snapshot (tournament);
  if (!ok)
    {
      arb_feed_round_unref (self);
      return NULL;
    }
  return self;
}

const ArbFeedGame *
arb_feed_round_find_board (const ArbFeedRound *self, int board)
{
  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; i < self->games->len; i++)
    {
      const ArbFeedGame *game = g_ptr_array_index (self->games, i);

      if (game->board == board)
        return game;
    }
  return NULL;
}

void
arb_feed_game_view (const ArbFeedGame *game, gint64 view_us, ArbFeedView *view)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->clock.running = -1;
  view->result = game->result;

  if (game->result != ARB_RESULT_ONGOING)
    {
      view->n_plies = game->plies->len;
      if (game->clock->len > 0)
        view->clock = g_array_index (game->clock, ArbFeedClock, game->clock->len - 1);
      view->clock.running = -1;
      return;
    }

  while (view->n_plies < game->plies->len &&
         g_array_index (game->plies, ArbFeedPly, view->n_plies).played_us <= view_us)
    view->n_plies++;
  for (guint i = game->clock->len; i > 0; i--)
    {
      const ArbFeedClock *state = &g_array_index (game->clock, ArbFeedClock, i - 1);

      if (state->at_us <= view_us)
        {
          view->clock = *state;
          break;
        }
    }
  if (!view->clock.known)
    view->clock.running = -1;
}

gint64
arb_feed_game_next_change (const ArbFeedGame *game, gint64 view_us)
{
  gint64 next = G_MAXINT64;

  g_return_val_if_fail (game != NULL, G_MAXINT64);

  if (game->result != ARB_RESULT_ONGOING)
    return G_MAXINT64;
  for (guint i = 0; i < game->plies->len; i++)
    {
      gint64 t = g_array_index (game->plies, ArbFeedPly, i).played_us;

      if (t > view_us)
        {
          next = MIN (next, t);
          break;
        }
    }
  for (guint i = 0; i < game->clock->len; i++)
    {
      gint64 t = g_array_index (game->clock, ArbFeedClock, i).at_us;

      if (t > view_us)
        {
          next = MIN (next, t);
          break;
        }
    }
  return next;
}

void
arb_feed_game_position (const ArbFeedGame *game, guint n_plies, ArbPosition *pos)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (pos != NULL);

  *pos = game->start;
  for (guint i = 0; i < n_plies && i < game->plies->len; i++)
    {
      ArbUndo undo;

      arb_position_make_move (pos, g_array_index (game->plies, ArbFeedPly, i).move, &undo);
    }
}

gint64
arb_feed_clock_remaining_ms (const ArbFeedClock *clock, int side, gint64 now_us)
{
  gint64 ms;

  g_return_val_if_fail (clock != NULL, -1);

  if (!clock->known)
    return -1;
  ms = side == ARB_WHITE ? clock->white_ms : clock->black_ms;
  if (clock->running == side && now_us > clock->at_us)
    ms -= (now_us - clock->at_us) / 1000;
  return MAX (ms, 0);
}
