/* arb-team-boards.c: an arbiter's boards, as the floor page shows them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-team-boards.h"

#include <json-glib/json-glib.h>

#include "arb-i18n.h"
#include "arb-position.h"
#include "arb-result.h"
#include "arb-tournament-live.h"
#include "arb-tournament-replica.h"

static int
round_under_way (GPtrArray *games)
{
  int latest = 0, open = 0;

  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      latest = MAX (latest, g->round);
      if (g->result == ARB_RESULT_ONGOING && g->black_id != 0)
        open = MAX (open, g->round);
    }
  return open != 0 ? open : latest;
}

static const char *
player_name (GHashTable *names, gint64 id)
{
  const char *name = id != 0 ? g_hash_table_lookup (names, &id) : NULL;

  return name != NULL ? name : "";
}

static void
add_alerts (JsonBuilder *b, GPtrArray *entries, int round, int board)
{
  json_builder_set_member_name (b, "alerts");
  json_builder_begin_array (b);
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      const ArbFloorRecord *r = entries->pdata[i];

      if (r->kind == ARB_FLOOR_CALL && r->answered_at == NULL && r->round == round &&
          r->board == board)
        {
          /* TRANSLATORS: %s is the name of the arbiter who called the desk */
          g_autofree char *text =
            g_strdup_printf (C_ ("floor page", "Desk called by %s"), r->arbiter);

          json_builder_add_string_value (b, text);
        }
    }
  json_builder_end_array (b);
}

/* What the floor page shows of a game's moves: the position after them
 * and the clocks they carry (-1 when none is known). A game whose moves
 * do not replay has no position (fen NULL) rather than a wrong one. */
typedef struct
{
  char *fen;
  gint64 white_ms, black_ms;
} Position;

static void
position_free (Position *p)
{
  g_free (p->fen);
  g_free (p);
}

static void
see_move (const ArbPosition *before, const ArbStoredMove *move, gpointer user_data)
{
  Position *p = user_data;

  if (move->white_ms >= 0)
    p->white_ms = move->white_ms;
  if (move->black_ms >= 0)
    p->black_ms = move->black_ms;
}

static Position *
replay (ArbTournament *tournament, const ArbGameInfo *g)
{
  Position *p = g_new0 (Position, 1);
  ArbPosition pos;
  int n = 0;

  p->white_ms = p->black_ms = -1;
  /* The clocks are shown only with the position (add_position()). */
  if (arb_tournament_replay_game (tournament, g, &pos, &n, see_move, p, NULL))
    p->fen = arb_position_to_fen (&pos, ARB_FEN_FLAGS_NONE);
  return p;
}

static void
add_position (JsonBuilder *b, const Position *p)
{
  if (p->fen == NULL)
    return;
  json_builder_set_member_name (b, "fen");
  json_builder_add_string_value (b, p->fen);
  if (p->white_ms >= 0)
    {
      json_builder_set_member_name (b, "white_ms");
      json_builder_add_int_value (b, p->white_ms);
    }
  if (p->black_ms >= 0)
    {
      json_builder_set_member_name (b, "black_ms");
      json_builder_add_int_value (b, p->black_ms);
    }
}

/* The position of a game: replayed now (cache NULL), or the one @cache
 * keeps for it (game id → Position), replayed once. A replay that failed
 * (moves that do not replay, or a read that failed) is not kept: it is
 * tried again next time. */
static const Position *
game_position (ArbTournament *tournament, GHashTable *cache, const ArbGameInfo *g, Position **own)
{
  Position *p = cache != NULL ? g_hash_table_lookup (cache, &g->id) : NULL;

  if (p != NULL)
    return p;
  p = replay (tournament, g);
  if (cache == NULL || p->fen == NULL)
    return *own = p;
  g_hash_table_insert (cache, g_memdup2 (&g->id, sizeof g->id), p);
  return p;
}

static gboolean
sees_all (const ArbTeamArbiter *a)
{
  return a->role != ARB_TEAM_ROLE_FLOOR || a->sectors == NULL || a->sectors[0] == '\0';
}

static void
add_board (JsonBuilder *b,
           ArbTournament *tournament,
           GHashTable *cache,
           GHashTable *names,
           GPtrArray *entries,
           const ArbGameInfo *g)
{
  Position *own = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "board");
  json_builder_add_int_value (b, g->board);
  json_builder_set_member_name (b, "white");
  json_builder_add_string_value (b, player_name (names, g->white_id));
  json_builder_set_member_name (b, "black");
  json_builder_add_string_value (b, player_name (names, g->black_id));
  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, arb_result_to_string (g->result));
  add_position (b, game_position (tournament, cache, g, &own));
  g_clear_pointer (&own, position_free);
  add_alerts (b, entries, g->round, g->board);
  json_builder_end_object (b);
}

static char *
boards_json (ArbTournament *tournament,
             GHashTable *cache,
             const ArbTeamArbiter *arbiter,
             GError **error)
{
  g_autoptr (GPtrArray) games = arb_tournament_list_games (tournament, 0, error);
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (GHashTable) names = NULL;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  int round;

  if (games == NULL || (players = arb_tournament_list_players (tournament, error)) == NULL)
    return NULL;
  entries = arb_tournament_list_floor_entries (tournament, FALSE, NULL);
  names = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < players->len; i++)
    {
      ArbPlayerInfo *p = players->pdata[i];

      g_hash_table_insert (names, &p->id, p->name);
    }
  round = round_under_way (games);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "arbiter");
  json_builder_add_string_value (b, arbiter->name);
  json_builder_set_member_name (b, "round");
  json_builder_add_int_value (b, round);
  json_builder_set_member_name (b, "boards");
  json_builder_begin_array (b);
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      if (g->round != round || g->black_id == 0 ||
          (!sees_all (arbiter) && !arb_team_sectors_contain (arbiter->sectors, g->board)))
        continue;
      add_board (b, tournament, cache, names, entries, g);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return json_to_string (root, FALSE);
}

char *
arb_team_boards_json (ArbTournament *tournament, const ArbTeamArbiter *arbiter, GError **error)
{
  return boards_json (tournament, NULL, arbiter, error);
}

/* The cache of positions. What the file holds changes through this
 * connection (::changed names the game, or 0 for more than one; every
 * write also moves the head of the replication log, a replica's applied
 * changesets included) or through another (SQLite's data_version). A
 * change this connection names forgets that game; any other change, all. */
struct _ArbTeamBoards
{
  ArbTournament *tournament;
  GHashTable *positions; /* game id → Position */
  gint64 data_version;   /* of the file, when the positions were valid */
  gint64 head_seq;       /* the last change the positions account for */
  gulong changed_id;
  guint replays;
};

static void
forget_all (ArbTeamBoards *self)
{
  g_hash_table_remove_all (self->positions);
}

static void
tournament_changed (ArbTournament *tournament, gint64 game_id, ArbTeamBoards *self)
{
  gint64 head = arb_tournament_get_head_seq (tournament);

  /* One commit about one game, right after the last one accounted for. */
  if (game_id > 0 && head == self->head_seq + 1)
    g_hash_table_remove (self->positions, &game_id);
  else
    forget_all (self);
  self->head_seq = head;
}

ArbTeamBoards *
arb_team_boards_new (ArbTournament *tournament)
{
  ArbTeamBoards *self = g_new0 (ArbTeamBoards, 1);

  self->tournament = g_object_ref (tournament);
  self->positions =
    g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) position_free);
  self->data_version = -1;
  self->head_seq = arb_tournament_get_head_seq (tournament);
  self->changed_id =
    g_signal_connect (tournament, "changed", G_CALLBACK (tournament_changed), self);
  return self;
}

void
arb_team_boards_free (ArbTeamBoards *self)
{
  if (self == NULL)
    return;
  g_signal_handler_disconnect (self->tournament, self->changed_id);
  g_object_unref (self->tournament);
  g_hash_table_unref (self->positions);
  g_free (self);
}

char *
arb_team_boards_get_json (ArbTeamBoards *self, const ArbTeamArbiter *arbiter, GError **error)
{
  gint64 version = 0, head = arb_tournament_get_head_seq (self->tournament);
  guint before;
  char *json;

  if (!arb_tournament_get_data_version (self->tournament, &version, error))
    return NULL;
  if (version != self->data_version || head != self->head_seq)
    forget_all (self);
  self->data_version = version;
  self->head_seq = head;
  before = g_hash_table_size (self->positions);
  json = boards_json (self->tournament, self->positions, arbiter, error);
  self->replays += g_hash_table_size (self->positions) - before;
  return json;
}

guint
arb_team_boards_get_replays (ArbTeamBoards *self)
{
  return self->replays;
}
