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

typedef struct
{
  gint64 white_ms, black_ms;
} Clocks;

static void
see_move (const ArbPosition *before, const ArbStoredMove *move, gpointer user_data)
{
  Clocks *c = user_data;

  if (move->white_ms >= 0)
    c->white_ms = move->white_ms;
  if (move->black_ms >= 0)
    c->black_ms = move->black_ms;
}

/* The position after the stored moves, and the clocks the moves carry
 * (left out when none is known). A game whose moves do not replay shows
 * no position rather than a wrong one. */
static void
add_position (JsonBuilder *b, ArbTournament *tournament, const ArbGameInfo *g)
{
  ArbPosition pos;
  Clocks c = { -1, -1 };
  int n = 0;
  g_autofree char *fen = NULL;

  if (!arb_tournament_replay_game (tournament, g, &pos, &n, see_move, &c, NULL))
    return;
  fen = arb_position_to_fen (&pos, ARB_FEN_FLAGS_NONE);
  json_builder_set_member_name (b, "fen");
  json_builder_add_string_value (b, fen);
  if (c.white_ms >= 0)
    {
      json_builder_set_member_name (b, "white_ms");
      json_builder_add_int_value (b, c.white_ms);
    }
  if (c.black_ms >= 0)
    {
      json_builder_set_member_name (b, "black_ms");
      json_builder_add_int_value (b, c.black_ms);
    }
}

static gboolean
sees_all (const ArbTeamArbiter *a)
{
  return a->role != ARB_TEAM_ROLE_FLOOR || a->sectors == NULL || a->sectors[0] == '\0';
}

char *
arb_team_boards_json (ArbTournament *tournament, const ArbTeamArbiter *arbiter, GError **error)
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
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "board");
      json_builder_add_int_value (b, g->board);
      json_builder_set_member_name (b, "white");
      json_builder_add_string_value (b, player_name (names, g->white_id));
      json_builder_set_member_name (b, "black");
      json_builder_add_string_value (b, player_name (names, g->black_id));
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, arb_result_to_string (g->result));
      add_position (b, tournament, g);
      add_alerts (b, entries, round, g->board);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return json_to_string (root, FALSE);
}
