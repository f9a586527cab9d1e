/* arb-ruling-apply.c: what a confirmed ruling changes, applied as one transaction
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-ruling-apply"

#include "config.h"

#include "arb-ruling-apply.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-ruling-facts.h"
#include "arb-stored-json.h"
#include "arb-san.h"
#include "arb-tournament-ruling.h"

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
  if (event->settings != NULL)
    {
      g_autoptr (JsonParser) parser = json_parser_new_immutable ();
      JsonNode *root = NULL;

      if (arb_stored_json_load (parser, event->settings, NULL))
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
          member = json_object_get_member (object, "supervised_blitz_two_minutes");
          if (member != NULL && json_node_get_value_type (member) == G_TYPE_BOOLEAN)
            settings->supervised_blitz_two_minutes = json_node_get_boolean (member);
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
  g_autoptr (ArbSealedMoveInfo) sealed = NULL;

  g_return_val_if_fail (ARB_IS_GAME (game), 0);

  sealed =
    arb_tournament_get_sealed_move (arb_game_get_tournament (game), arb_game_get_id (game), NULL);
  if (sealed == NULL)
    return 0;
  if (ply != NULL)
    *ply = sealed->ply;
  if (envelope != NULL)
    {
      const ArbPlayerInfo *w = arb_game_get_player (game, ARB_WHITE);
      const ArbPlayerInfo *b = arb_game_get_player (game, ARB_BLACK);
      const char *at = sealed->resume_at;
      const char *place = sealed->resume_place;

      memset (envelope, 0, sizeof *envelope);
      envelope->white = g_strdup (w != NULL ? w->name : "");
      envelope->black = g_strdup (b != NULL ? b->name : "");
      envelope->sealer = sealed->side == ARB_BLACK ? ARB_BLACK : ARB_WHITE;
      envelope->move_number = sealed->move_number;
      envelope->sealed_move = g_strdup (sealed->move_text);
      envelope->fen = g_strdup (sealed->fen_before);
      envelope->white_used_ms = sealed->white_used_ms;
      envelope->black_used_ms = sealed->black_used_ms;
      envelope->draw_offer_by = sealed->draw_offered ? !envelope->sealer : ARB_COLOR_NONE;
      envelope->resumption =
        g_strdup_printf ("%s%s%s", at != NULL ? at : "", at != NULL && place != NULL ? ", " : "",
                         place != NULL ? place : "");
    }
  return sealed->id;
}

/* The text of a move as written, in any notation the players use. */
static ArbMove
parse_written_move (const ArbPosition *pos, const char *text)
{
  ArbMove move = ARB_MOVE_NONE;

  arb_ruling_facts_read_move (pos, text, &move);
  return move;
}

/* The times the arbiter's best judgement proposes after an illegal move
 * of ruling->by is taken back to @ply (2014/2018/2023 7.1 with 7.5.1;
 * 2009 6.13, 2001 6.14 with 7.4a): see arb-restored-clocks.h. The times
 * of every ply come from the record, the clocks now from the game. */
static gboolean
propose_restored_clocks (ArbGame *game, const ArbRuling *ruling, int ply, ArbRestoredClocks *out)
{
  ArbClock *clock = arb_game_get_clock (game);
  const ArbPosition *start = arb_game_get_position (game, 0);
  guint n = arb_game_get_n_plies (game);
  g_autoptr (GArray) moves = NULL;
  g_autofree gint64 *times = NULL;
  ArbRestoredClocksFacts facts = { 0 };
  int fullmove = MAX (1, start->fullmove_number);

  if (ply < 0 || (guint) ply > n)
    return FALSE;
  times = g_new (gint64, 2 * (n + 1));
  for (guint k = 0; k < 2 * (n + 1); k++)
    times[k] = -1;
  if (!arb_ruling_times_at_ply (game, 0, &times[ARB_WHITE], &times[ARB_BLACK]))
    times[ARB_WHITE] = times[ARB_BLACK] = -1;
  moves = arb_tournament_get_moves (arb_game_get_tournament (game), arb_game_get_id (game), NULL);
  for (guint i = 0; moves != NULL && i < moves->len; i++)
    {
      const ArbStoredMove *m = &g_array_index (moves, ArbStoredMove, i);

      if (m->ply >= 1 && (guint) m->ply <= n && m->white_ms >= 0 && m->black_ms >= 0)
        {
          times[2 * m->ply + ARB_WHITE] = m->white_ms;
          times[2 * m->ply + ARB_BLACK] = m->black_ms;
        }
    }
  facts.offender = (ArbColor) ruling->by;
  facts.first_side = start->side_to_move;
  /* A game set up from a position counts the moves its number says were
   * made before (for the periods and their increments). */
  facts.start_moves[ARB_WHITE] = (guint) (fullmove - 1 + (start->side_to_move == ARB_BLACK));
  facts.start_moves[ARB_BLACK] = (guint) (fullmove - 1);
  facts.restored_ply = (guint) ply;
  facts.n_plies = n;
  facts.times_ms = times;
  facts.now_ms[ARB_WHITE] = MAX (0, arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000);
  facts.now_ms[ARB_BLACK] = MAX (0, arb_clock_get_remaining_us (clock, ARB_BLACK) / 1000);
  return arb_restored_clocks_propose (arb_clock_get_time_control (clock), &facts, out);
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
    gboolean judged = FALSE;

    for (guint i = 0; i < ruling->effects->len; i++)
      {
        const ArbEffect *e = &g_array_index (ruling->effects, ArbEffect, i);

        if (e->kind == ARB_EFFECT_RESTORE_CLOCKS)
          {
            clocks_ply = e->ply;
            judged = e->note == ARB_NOTE_BEST_JUDGEMENT &&
                     (ruling->by == ARB_WHITE || ruling->by == ARB_BLACK);
          }
      }
    if (judged && clocks_ply >= 0 &&
        propose_restored_clocks (game, ruling, clocks_ply, &plan->proposal))
      {
        plan->clocks_proposed = TRUE;
        plan->proposal_offender = (ArbColor) ruling->by;
        plan->proposal_ply = clocks_ply;
        plan->white_ms = plan->proposal.ms[ARB_WHITE];
        plan->black_ms = plan->proposal.ms[ARB_BLACK];
        plan->set_clocks = TRUE;
      }
    else if (clocks_ply >= 0 && arb_ruling_times_at_ply (game, clocks_ply, &w, &b))
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
  g_free (plan->arbiter);
  g_free (plan);
}

/* The plan as the tournament file's changes, stored in one transaction. */
static gboolean played_move_ends_game (ArbGame *game, int at_ply, ArbMove move, ArbResult *result);

static gboolean
store_plan (ArbRulingPlan *plan, ArbGame *game, gint64 *ruling_id, GError **error)
{
  ArbTournament *t = arb_game_get_tournament (game);
  int at_ply =
    plan->restore_ply >= 0 && plan->restore_ply < plan->ply ? plan->restore_ply : plan->ply;
  g_autofree char *sealed_move = NULL;
  ArbIrregularityRecord irregularity = {
    .ply = MAX (1, plan->irregularity_ply),
    .kind = plan->irregularity_kind,
    .side = plan->irregularity_side,
    .move_text = plan->irregularity_move,
    .fen_before = plan->irregularity_fen,
    .restored_ply = plan->restore_ply >= 0 ? plan->restore_ply : -1,
    .note = plan->note,
  };
  ArbSealedMoveRecord seal = { 0 };
  g_auto (ArbRulingRecord) record = { 0 };
  ArbRulingChanges changes = {
    .ply = plan->ply,
    .irregularity = plan->irregularity_kind != NULL ? &irregularity : NULL,
    .keep_plies = plan->restore_ply,
    .set_clocks = plan->set_clocks || plan->restore_ply >= 0,
    .white_ms = plan->white_ms,
    .black_ms = plan->black_ms,
    .open_envelope_id = plan->open_envelope_id,
    .reveal_sealed_move = FALSE,
    .play = ARB_MOVE_NONE,
    .set_result = plan->result != ARB_RESULT_ONGOING || plan->clear_result,
    .result = plan->result,
    .termination = plan->termination,
    .ruling = &record,
    .arbiter = plan->arbiter,
  };

  if (plan->seal)
    {
      const ArbEnvelope *env = plan->ruling->envelope;

      if (env == NULL || env->sealed_move == NULL || env->fen == NULL)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       _ ("a sealed move needs its envelope"));
          return FALSE;
        }
      seal.ply = plan->ply + 1;
      seal.side = (ArbColor) env->sealer;
      seal.move_number = MAX (1, env->move_number);
      /* The ruling's own copy is taken out of it below. */
      sealed_move = g_strdup (env->sealed_move);
      seal.move_text = sealed_move;
      seal.fen_before = env->fen;
      seal.white_used_ms = MAX (0, env->white_used_ms);
      seal.black_used_ms = MAX (0, env->black_used_ms);
      seal.draw_offered = env->draw_offer_by != ARB_COLOR_NONE;
      seal.resume_at = env->resumption;
      seal.resume_place = plan->resume_place;
      changes.seal = &seal;
    }

  if (plan->play_uci != NULL)
    {
      const ArbPosition *pos = arb_game_get_position (game, (guint) at_ply);

      changes.play = pos != NULL ? arb_move_parse_uci (pos, plan->play_uci, strlen (plan->play_uci))
                                 : ARB_MOVE_NONE;
      if (changes.play == ARB_MOVE_NONE)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                       /* Translators: a ply is a half-move, counted from 1 */
                       _ ("ply %d: %s is not a legal move"), at_ply + 1, plan->play_uci);
          return FALSE;
        }
      /* The move the ruling makes on the board (the sealed move at the
       * resumption, I.9) may end the game by itself, as any move: the end
       * is stored with it, in this transaction, as on the path of a move. */
      if (!changes.set_result &&
          played_move_ends_game (game, at_ply, changes.play, &changes.result))
        {
          changes.set_result = TRUE;
          changes.termination = "normal";
        }
    }

  /* The sealed move stays hidden until the envelope is opened: the ruling
   * row (which the log shows and the report prints) never carries it; the
   * sealed_move table does. */
  if (plan->ruling->envelope != NULL && (plan->ruling->kind == ARB_RULING_SEAL ||
                                         plan->open_envelope_id == 0 || !plan->reveal_sealed_move))
    g_clear_pointer (&plan->ruling->envelope->sealed_move, g_free);

  arb_ruling_record_init (&record, plan->ruling, plan->ply, plan->note);

  return arb_tournament_apply_ruling (t, arb_game_get_id (game), &changes, ruling_id, error);
}

/* Whether @move, made at @at_ply (after the game's stored moves), ends the
 * game by itself (checkmate, stalemate, dead position by the material,
 * fivefold repetition, 75 moves: arb_laws_game_end ()); *result gets the
 * result. */
static gboolean
played_move_ends_game (ArbGame *game, int at_ply, ArbMove move, ArbResult *result)
{
  ArbEventSettings event;
  g_autoptr (ArbGameStatus) status = NULL;
  g_autoptr (ArbRuling) end = NULL;
  const ArbPosition *before;
  ArbGameEventKind kind;
  guint ply;

  if (at_ply < 0 || (guint) at_ply != arb_game_get_n_plies (game) ||
      !arb_ruling_event_settings (arb_game_get_tournament (game), &event, NULL, NULL))
    return FALSE;
  status = arb_game_status_new (arb_game_get_position (game, 0));
  arb_game_status_set_edition (status, event.edition);
  for (guint i = 1; i <= (guint) at_ply; i++)
    arb_game_status_push (status, arb_game_get_move (game, i));
  before = arb_game_get_position (game, (guint) at_ply);
  if (before == NULL || !arb_game_status_push (status, move) ||
      !arb_game_status_get_end (status, &kind, &ply) || ply != (guint) at_ply + 1)
    return FALSE;
  end = arb_laws_game_end (&event, kind, before->side_to_move);
  if (end == NULL || arb_ruling_get_result (end) == ARB_RESULT_ONGOING)
    return FALSE;
  *result = arb_ruling_get_result (end);
  return TRUE;
}

gboolean
arb_ruling_plan_apply (ArbRulingPlan *plan, ArbGame *game, gint64 *ruling_id, GError **error)
{
  g_return_val_if_fail (plan != NULL && plan->ruling != NULL, FALSE);
  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);

  if (!store_plan (plan, game, ruling_id, error))
    return FALSE;
  return arb_game_reload (game, error);
}

gboolean
arb_ruling_correct_result (ArbGame *game,
                           ArbResult result,
                           const char *arbiter,
                           const char *reason,
                           gint64 *ruling_id,
                           GError **error)
{
  ArbEventSettings event;
  g_autoptr (ArbRuling) ruling = NULL;
  g_autoptr (ArbRulingPlan) plan = NULL;

  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);

  if (!arb_ruling_event_settings (arb_game_get_tournament (game), &event, NULL, error))
    return FALSE;
  ruling = arb_laws_result_correction (&event, arb_game_get_result (game), result, reason);
  /* Who ruled, as the rulings log and its report say it. */
  if (arbiter != NULL && *arbiter != '\0')
    arb_ruling_set_fact_text (ruling, "arbiter", arbiter);
  plan = arb_ruling_plan_new (game, ruling);
  g_free (plan->arbiter);
  plan->arbiter = g_strdup (arbiter);
  /* A correction to "*" takes the result back: the plan stores it too,
   * where a result of "*" would otherwise leave the stored one. */
  plan->clear_result = result == ARB_RESULT_ONGOING;
  return arb_ruling_plan_apply (plan, game, ruling_id, error);
}
