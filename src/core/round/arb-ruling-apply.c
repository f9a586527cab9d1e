/* arb-ruling-apply.c: what a confirmed ruling changes, applied as one transaction
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-ruling-apply"

#include "config.h"

#include "arb-ruling-apply.h"

#include <json-glib/json-glib.h>
#include <sqlite3.h>
#include <string.h>

#include "arb-ruling-facts.h"
#include "arb-san.h"
#include "arb-tournament-private.h"

static const char *
side_name (int side)
{
  return side == ARB_WHITE ? "white" : side == ARB_BLACK ? "black" : NULL;
}

gboolean
arb_ruling_event_settings (ArbTournament *tournament,
                           ArbEventSettings *settings,
                           ArbTimeControl *tc_out,
                           GError **error)
{
  g_autoptr (ArbEventInfo) event = NULL;
  ArbEdition edition = ARB_EDITION_2023;
  ArbCategory category = ARB_CATEGORY_STANDARD;
  ArbTimeControl tc;
  gboolean have_tc = FALSE;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);
  g_return_val_if_fail (settings != NULL, FALSE);

  event = arb_tournament_get_event (tournament, error);
  if (event == NULL)
    return FALSE;
  if (!arb_edition_from_year (event->edition, &edition))
    edition = ARB_EDITION_2023;
  memset (&tc, 0, sizeof tc);
  if (event->time_control != NULL &&
      arb_time_control_parse (event->time_control, &tc, NULL, NULL) &&
      tc.kind == ARB_TIME_CONTROL_PERIODS && tc.n_periods[ARB_WHITE] > 0)
    {
      const ArbTimePeriod *first = &tc.periods[ARB_WHITE][0];
      gint64 increment = first->bonus != ARB_BONUS_NONE ? first->bonus_ms : 0;

      /* 2018/2023 A.1 and B.1 (and the older limits of each edition):
       * base time plus 60 times the increment. */
      category =
        arb_laws_edition_category (arb_laws_edition_get (edition), first->time_ms, increment);
      have_tc = TRUE;
    }
  arb_event_settings_init (settings, edition, category);
  if (have_tc)
    settings->increment = tc.periods[ARB_WHITE][0].bonus != ARB_BONUS_NONE;

  /* The event settings, JSON stored in the file: a member of another type,
   * or a value that does not read, leaves the Laws' default. */
  if (event->settings != NULL && g_utf8_validate (event->settings, -1, NULL))
    {
      g_autoptr (JsonParser) parser = json_parser_new_immutable ();
      JsonNode *root = NULL;

      if (json_parser_load_from_data (parser, event->settings, -1, NULL))
        root = json_parser_get_root (parser);
      if (root != NULL && JSON_NODE_HOLDS_OBJECT (root))
        {
          JsonObject *object = json_node_get_object (root);
          JsonNode *member;

          member = json_object_get_member (object, "adequately_supervised");
          if (member != NULL && json_node_get_value_type (member) == G_TYPE_BOOLEAN)
            settings->adequately_supervised = json_node_get_boolean (member);
          member = json_object_get_member (object, "quickplay_guidelines");
          if (member != NULL && json_node_get_value_type (member) == G_TYPE_BOOLEAN)
            settings->quickplay_guidelines = json_node_get_boolean (member);
          member = json_object_get_member (object, "default_time_ms");
          if (member != NULL && json_node_get_value_type (member) == G_TYPE_INT64)
            settings->default_time_ms = json_node_get_int (member);
        }
    }
  if (tc_out != NULL)
    *tc_out = tc;
  return TRUE;
}

gboolean
arb_ruling_times_at_ply (ArbGame *game, int ply, gint64 *white_ms, gint64 *black_ms)
{
  g_autoptr (GArray) moves = NULL;
  const ArbTimeControl *tc;

  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);

  if (ply <= 0)
    {
      tc = arb_clock_get_time_control (arb_game_get_clock (game));
      if (tc->kind != ARB_TIME_CONTROL_PERIODS)
        return FALSE;
      *white_ms = tc->periods[ARB_WHITE][0].time_ms;
      *black_ms = tc->periods[tc->per_side ? ARB_BLACK : ARB_WHITE][0].time_ms;
      return TRUE;
    }
  moves = arb_tournament_get_moves (arb_game_get_tournament (game), arb_game_get_id (game), NULL);
  if (moves == NULL)
    return FALSE;
  for (guint i = 0; i < moves->len; i++)
    {
      const ArbStoredMove *m = &g_array_index (moves, ArbStoredMove, i);

      if (m->ply == ply)
        {
          if (m->white_ms < 0 || m->black_ms < 0)
            return FALSE;
          *white_ms = m->white_ms;
          *black_ms = m->black_ms;
          return TRUE;
        }
    }
  return FALSE;
}

gint64
arb_ruling_find_envelope (ArbGame *game, ArbEnvelope *envelope, int *ply)
{
  sqlite3 *db;
  sqlite3_stmt *stmt = NULL;
  gint64 id = 0;

  g_return_val_if_fail (ARB_IS_GAME (game), 0);

  db = arb_tournament_get_db (arb_game_get_tournament (game));
  if (sqlite3_prepare_v2 (
        db,
        "SELECT id, ply, side, move_number, move_text, fen_before, white_used_ms, "
        "black_used_ms, draw_offered, resume_at, resume_place FROM sealed_move "
        "WHERE game_id = ? AND opened_at IS NULL ORDER BY id DESC LIMIT 1",
        -1, &stmt, NULL) != SQLITE_OK)
    return 0;
  sqlite3_bind_int64 (stmt, 1, arb_game_get_id (game));
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      id = sqlite3_column_int64 (stmt, 0);
      if (ply != NULL)
        *ply = sqlite3_column_int (stmt, 1);
      if (envelope != NULL)
        {
          const ArbPlayerInfo *w = arb_game_get_player (game, ARB_WHITE);
          const ArbPlayerInfo *b = arb_game_get_player (game, ARB_BLACK);
          const char *side = (const char *) sqlite3_column_text (stmt, 2);
          const char *at = (const char *) sqlite3_column_text (stmt, 9);
          const char *place = (const char *) sqlite3_column_text (stmt, 10);

          memset (envelope, 0, sizeof *envelope);
          envelope->white = g_strdup (w != NULL ? w->name : "");
          envelope->black = g_strdup (b != NULL ? b->name : "");
          envelope->sealer = g_strcmp0 (side, "black") == 0 ? ARB_BLACK : ARB_WHITE;
          envelope->move_number = sqlite3_column_int (stmt, 3);
          envelope->sealed_move = g_strdup ((const char *) sqlite3_column_text (stmt, 4));
          envelope->fen = g_strdup ((const char *) sqlite3_column_text (stmt, 5));
          envelope->white_used_ms = sqlite3_column_int64 (stmt, 6);
          envelope->black_used_ms = sqlite3_column_int64 (stmt, 7);
          envelope->draw_offer_by =
            sqlite3_column_int (stmt, 8) ? !envelope->sealer : ARB_COLOR_NONE;
          envelope->resumption =
            g_strdup_printf ("%s%s%s", at != NULL ? at : "",
                             at != NULL && place != NULL ? ", " : "", place != NULL ? place : "");
        }
    }
  sqlite3_finalize (stmt);
  return id;
}

/* The text of a move as written, in any notation the players use. */
static ArbMove
parse_written_move (const ArbPosition *pos, const char *text)
{
  ArbMove move = ARB_MOVE_NONE;

  arb_ruling_facts_read_move (pos, text, &move);
  return move;
}

ArbRulingPlan *
arb_ruling_plan_new (ArbGame *game, const ArbRuling *ruling)
{
  ArbRulingPlan *plan;
  ArbClock *clock;
  ArbResult result;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  g_return_val_if_fail (ruling != NULL, NULL);

  plan = g_new0 (ArbRulingPlan, 1);
  plan->ruling = arb_ruling_copy (ruling);
  plan->ply = (int) arb_game_get_n_plies (game);
  plan->restore_ply = arb_ruling_restore_ply (ruling);
  plan->irregularity_side = ARB_COLOR_NONE;

  /* The clocks may be running: every ruling stores both times as they
   * stand, so the time used on the current move is not lost when the game
   * is read again (the clocks then wait, stopped, for the arbiter). */
  clock = arb_game_get_clock (game);
  plan->white_ms = MAX (0, arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000);
  plan->black_ms = MAX (0, arb_clock_get_remaining_us (clock, ARB_BLACK) / 1000);
  plan->set_clocks = TRUE;

  /* First the times the clocks go back to: those recorded at the restored
   * position (2018/2023 7.5.1 with 6.11.2; 2001/2009 7.4a with 6.14), then
   * the penalties and settings on top of them, whatever their order. */
  {
    int clocks_ply =
      plan->restore_ply >= 0 && plan->restore_ply < plan->ply ? plan->restore_ply : -1;
    gint64 w, b;

    for (guint i = 0; i < ruling->effects->len; i++)
      {
        const ArbEffect *e = &g_array_index (ruling->effects, ArbEffect, i);

        if (e->kind == ARB_EFFECT_RESTORE_CLOCKS)
          clocks_ply = e->ply;
      }
    if (clocks_ply >= 0 && arb_ruling_times_at_ply (game, clocks_ply, &w, &b))
      {
        plan->white_ms = w;
        plan->black_ms = b;
        plan->set_clocks = TRUE;
      }
  }

  for (guint i = 0; i < ruling->effects->len; i++)
    {
      const ArbEffect *e = &g_array_index (ruling->effects, ArbEffect, i);

      switch (e->kind)
        {
        case ARB_EFFECT_ADD_TIME:
          if (e->optional)
            break;
          if (e->side == ARB_WHITE)
            plan->white_ms = MAX (0, plan->white_ms + e->ms);
          else if (e->side == ARB_BLACK)
            plan->black_ms = MAX (0, plan->black_ms + e->ms);
          plan->set_clocks = TRUE;
          break;
        case ARB_EFFECT_SET_TIME:
          if (e->side == ARB_WHITE)
            plan->white_ms = e->ms;
          else if (e->side == ARB_BLACK)
            plan->black_ms = e->ms;
          plan->set_clocks = TRUE;
          break;
        case ARB_EFFECT_PLAY_WRITTEN_MOVE:
        case ARB_EFFECT_MAKE_SEALED_MOVE:
          {
            int at = plan->restore_ply >= 0 ? plan->restore_ply : plan->ply;
            const ArbPosition *pos = arb_game_get_position (game, (guint) at);
            ArbMove move = pos != NULL ? parse_written_move (pos, e->text) : ARB_MOVE_NONE;

            if (move != ARB_MOVE_NONE && arb_position_is_legal (pos, move))
              {
                char uci[6];

                arb_move_write_uci (pos, move, uci);
                g_free (plan->play_uci);
                plan->play_uci = g_strdup (uci);
              }
          }
          break;
        default:
          break;
        }
    }

  result = arb_ruling_get_result (ruling);
  if (result != ARB_RESULT_ONGOING)
    {
      plan->result = result;
      switch (ruling->kind)
        {
        case ARB_RULING_FLAG_FALL:
          plan->termination = g_strdup ("time forfeit");
          break;
        case ARB_RULING_LATE_ARRIVAL:
          plan->termination = g_strdup ("abandoned");
          break;
        case ARB_RULING_PENALTY:
        case ARB_RULING_DEVICE:
        case ARB_RULING_ILLEGAL_MOVE:
          plan->termination = g_strdup ("rules infraction");
          break;
        default:
          plan->termination = g_strdup ("normal");
          break;
        }
    }
  if (ruling->kind == ARB_RULING_SEAL)
    plan->seal = TRUE;
  if (ruling->note != NULL)
    plan->note = g_strdup (ruling->note);
  return plan;
}

void
arb_ruling_plan_free (ArbRulingPlan *plan)
{
  if (plan == NULL)
    return;
  g_clear_pointer (&plan->ruling, arb_ruling_free);
  g_free (plan->termination);
  g_free (plan->irregularity_kind);
  g_free (plan->irregularity_move);
  g_free (plan->irregularity_fen);
  g_free (plan->play_uci);
  g_free (plan->resume_place);
  g_free (plan->note);
  g_free (plan);
}

static char *
now_iso8601 (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  /* As the tournament file writes its times: UTC with microseconds, so
   * that times compare as text (the game model relies on it). */
  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%S.%fZ");
}

static gboolean
exec_stmt (sqlite3 *db, sqlite3_stmt *stmt, const char *what, GError **error)
{
  int rc = sqlite3_step (stmt);

  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO, "%s: %s", what,
                   sqlite3_errmsg (db));
      return FALSE;
    }
  return TRUE;
}

static sqlite3_stmt *
prepare (sqlite3 *db, const char *sql, GError **error)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO, "%s", sqlite3_errmsg (db));
      sqlite3_finalize (stmt);
      return NULL;
    }
  return stmt;
}

static void
bind_text (sqlite3_stmt *stmt, int i, const char *text)
{
  if (text != NULL)
    sqlite3_bind_text (stmt, i, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (stmt, i);
}

/* Everything of the plan but the commit, inside the caller's transaction. */
static gboolean
write_plan (ArbRulingPlan *plan, ArbGame *game, gint64 *ruling_id, GError **error)
{
  ArbTournament *t = arb_game_get_tournament (game);
  sqlite3 *db = arb_tournament_get_db (t);
  gint64 game_id = arb_game_get_id (game);
  g_autofree char *now = now_iso8601 ();
  sqlite3_stmt *stmt;
  int at_ply = plan->ply;

  /* The game as stored must be the game the arbiter ruled on. */
  {
    g_autoptr (ArbGameInfo) info = arb_tournament_get_game (t, game_id, error);

    if (info == NULL)
      return FALSE;
    if (info->n_plies != plan->ply)
      {
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                     "the game has %d stored plies, the ruling was made at ply %d", info->n_plies,
                     plan->ply);
        return FALSE;
      }
  }

  if (plan->irregularity_kind != NULL)
    {
      ArbIrregularityRecord irregularity = {
        .ply = MAX (1, plan->irregularity_ply),
        .kind = plan->irregularity_kind,
        .side = plan->irregularity_side,
        .move_text = plan->irregularity_move,
        .fen_before = plan->irregularity_fen,
        .restored_ply = plan->restore_ply >= 0 ? plan->restore_ply : -1,
        .note = plan->note,
      };

      if (!_arb_tournament_add_irregularity (t, game_id, &irregularity, error))
        return FALSE;
    }

  if (plan->restore_ply >= 0 && plan->restore_ply < plan->ply)
    {
      g_autofree char *keep = g_strdup_printf ("%d", plan->restore_ply);

      stmt = prepare (db, "DELETE FROM move WHERE game_id = ? AND ply > ?", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int (stmt, 2, plan->restore_ply);
      if (!exec_stmt (db, stmt, "cannot restore the position", error) ||
          !_arb_tournament_audit (t, "restore-position", game_id, error, "keep_plies", keep,
                                  "reason", arb_ruling_kind_to_string (plan->ruling->kind), NULL))
        return FALSE;
      at_ply = plan->restore_ply;
    }

  if (plan->set_clocks || plan->restore_ply >= 0)
    {
      /* A "restore" event (the kind ArbClock's own restore is stored
       * under; its amount is the ply): the game model reads clock events
       * from the last one on, so events of the line that was taken back
       * no longer count, and nothing of them is deleted. */
      stmt = prepare (db,
                      "INSERT INTO clock_event (game_id, ply, kind, side, wall_time, amount_ms, "
                      "white_ms, black_ms) VALUES (?, ?, 'restore', NULL, ?, ?2, ?, ?)",
                      error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int (stmt, 2, at_ply);
      sqlite3_bind_text (stmt, 3, now, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 4, plan->white_ms);
      sqlite3_bind_int64 (stmt, 5, plan->black_ms);
      if (!exec_stmt (db, stmt, "cannot store the clock times", error) ||
          !_arb_tournament_audit (t, "clock", game_id, error, "summary", "restore", NULL))
        return FALSE;
    }

  if (plan->seal)
    {
      const ArbEnvelope *env = plan->ruling->envelope;

      if (env == NULL || env->sealed_move == NULL || env->fen == NULL)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       "a sealed move needs its envelope");
          return FALSE;
        }
      stmt = prepare (db,
                      "INSERT INTO sealed_move (game_id, ply, side, move_number, move_text, "
                      "fen_before, white_used_ms, black_used_ms, draw_offered, resume_at, "
                      "resume_place, sealed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_int (stmt, 2, plan->ply + 1);
      bind_text (stmt, 3, side_name (env->sealer));
      sqlite3_bind_int (stmt, 4, MAX (1, env->move_number));
      bind_text (stmt, 5, env->sealed_move);
      bind_text (stmt, 6, env->fen);
      sqlite3_bind_int64 (stmt, 7, MAX (0, env->white_used_ms));
      sqlite3_bind_int64 (stmt, 8, MAX (0, env->black_used_ms));
      sqlite3_bind_int (stmt, 9, env->draw_offer_by != ARB_COLOR_NONE);
      bind_text (stmt, 10, env->resumption);
      bind_text (stmt, 11, plan->resume_place);
      sqlite3_bind_text (stmt, 12, now, -1, SQLITE_TRANSIENT);
      /* The audit line says an envelope was sealed, never what is in it. */
      if (!exec_stmt (db, stmt, "cannot store the envelope", error) ||
          !_arb_tournament_audit (t, "seal-move", game_id, error, "summary",
                                  side_name (env->sealer), NULL))
        return FALSE;
    }

  if (plan->open_envelope_id > 0)
    {
      stmt = prepare (db,
                      "UPDATE sealed_move SET opened_at = ? WHERE id = ? AND game_id = ? "
                      "AND opened_at IS NULL",
                      error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, now, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 2, plan->open_envelope_id);
      sqlite3_bind_int64 (stmt, 3, game_id);
      if (!exec_stmt (db, stmt, "cannot open the envelope", error))
        return FALSE;
      if (sqlite3_changes (db) == 0)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                       "the envelope was opened meanwhile");
          return FALSE;
        }
      if (!_arb_tournament_audit (t, "open-envelope", game_id, error, NULL))
        return FALSE;
    }

  if (plan->play_uci != NULL)
    {
      ArbPosition pos = *arb_game_get_position (game, (guint) at_ply);
      ArbMove move = arb_move_parse_uci (&pos, plan->play_uci, strlen (plan->play_uci));
      char san[ARB_SAN_MAX];
      g_autofree char *mply = g_strdup_printf ("%d", at_ply + 1);

      if (move == ARB_MOVE_NONE || !arb_position_is_legal (&pos, move))
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                       "ply %d: %s is not a legal move", at_ply + 1, plan->play_uci);
          return FALSE;
        }
      arb_san_write (&pos, move, san);
      if (!_arb_tournament_add_move (t, game_id, at_ply + 1, san, plan->play_uci, plan->white_ms,
                                     plan->black_ms, error) ||
          !_arb_tournament_audit (t, "move", game_id, error, "ply", mply, "san", san, NULL))
        return FALSE;
    }

  if (plan->result != ARB_RESULT_ONGOING &&
      !_arb_tournament_set_result (t, game_id, plan->result, plan->termination, error))
    return FALSE;

  /* The sealed move stays hidden until the envelope is opened: the ruling
   * row (which the log shows and the report prints) never carries it; the
   * sealed_move table does. */
  if (plan->ruling->envelope != NULL && (plan->ruling->kind == ARB_RULING_SEAL ||
                                         plan->open_envelope_id == 0 || !plan->reveal_sealed_move))
    g_clear_pointer (&plan->ruling->envelope->sealed_move, g_free);

  {
    g_autofree char *payload = arb_ruling_to_json (plan->ruling);
    g_autofree char *articles = arb_ruling_articles_text (plan->ruling);
    ArbRulingRecord record = {
      .ply = plan->ply,
      .kind = (char *) arb_ruling_kind_to_string (plan->ruling->kind),
      .decision = (char *) arb_decision_to_string (plan->ruling->decision),
      .articles = articles,
      .edition = (int) plan->ruling->edition,
      .payload = payload,
      .note = plan->note,
      .wall_time = now,
    };

    if (!_arb_tournament_add_ruling_record (t, game_id, &record, error))
      return FALSE;
  }
  if (ruling_id != NULL)
    {
      stmt = prepare (db, "SELECT max (id) FROM ruling WHERE game_id = ?", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, game_id);
      *ruling_id = sqlite3_step (stmt) == SQLITE_ROW ? sqlite3_column_int64 (stmt, 0) : 0;
      sqlite3_finalize (stmt);
    }
  return TRUE;
}

gboolean
arb_ruling_plan_apply (ArbRulingPlan *plan, ArbGame *game, gint64 *ruling_id, GError **error)
{
  ArbTournament *t;

  g_return_val_if_fail (plan != NULL && plan->ruling != NULL, FALSE);
  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);

  t = arb_game_get_tournament (game);
  if (!_arb_tournament_begin (t, error))
    return FALSE;
  if (!write_plan (plan, game, ruling_id, error))
    {
      _arb_tournament_rollback (t);
      return FALSE;
    }
  if (!_arb_tournament_commit (t, error))
    {
      _arb_tournament_rollback (t);
      return FALSE;
    }
  return arb_game_reload (game, error);
}
