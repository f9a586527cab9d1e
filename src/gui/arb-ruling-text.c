/* arb-ruling-text.c: rulings in words, for the flows, the log and printing
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-ruling-text.h"

#include "arb-i18n.h"
#include <stdlib.h>
#include <string.h>

const char *
arb_ruling_text_kind (ArbRulingKind kind)
{
  switch (kind)
    {
    case ARB_RULING_ILLEGAL_MOVE:
      return _ ("Illegal move");
    case ARB_RULING_DRAW_CLAIM:
      return _ ("Draw claim");
    case ARB_RULING_AUTOMATIC_DRAW:
      return _ ("Automatic draw");
    case ARB_RULING_FLAG_FALL:
      return _ ("Flag fall");
    case ARB_RULING_QUICKPLAY_CLAIM:
      return _ ("Quickplay-finish claim");
    case ARB_RULING_SEAL:
      return _ ("Adjournment");
    case ARB_RULING_RESUMPTION:
      return _ ("Resumption");
    case ARB_RULING_LATE_ARRIVAL:
      return _ ("Late arrival");
    case ARB_RULING_DEVICE:
      return _ ("Electronic device");
    case ARB_RULING_RESIGNATION:
      return _ ("Resignation");
    case ARB_RULING_PENALTY:
      return _ ("Penalty");
    case ARB_RULING_RESULT:
      return _ ("Result");
    default:
      return _ ("Ruling");
    }
}

const char *
arb_ruling_text_decision (ArbDecision decision)
{
  switch (decision)
    {
    case ARB_DECISION_PLAY_ON:
      /* The decisions are results and rulings ("Draw" is the game drawn,
       * never to draw something). */
      return _ ("Play on");
    case ARB_DECISION_TIME_PENALTY:
      return _ ("Time penalty, play on");
    case ARB_DECISION_LOSS:
      return C_ ("decision", "Loss");
    case ARB_DECISION_DRAW:
      return C_ ("decision", "Draw");
    case ARB_DECISION_WIN:
      return C_ ("decision", "Win");
    case ARB_DECISION_MOVE_STANDS:
      return _ ("The move stands");
    case ARB_DECISION_CLAIM_REJECTED:
      return _ ("Claim rejected");
    case ARB_DECISION_CLAIM_INADMISSIBLE:
      return _ ("Claim not admissible");
    case ARB_DECISION_POSTPONED:
      return _ ("Decision postponed");
    case ARB_DECISION_NOT_IN_EDITION:
      return _ ("Not in this edition");
    case ARB_DECISION_ALREADY_OVER:
      return _ ("The game had already ended");
    case ARB_DECISION_SEALED:
      return _ ("Move sealed, game adjourned");
    case ARB_DECISION_RESUMED:
      return _ ("Game resumed");
    case ARB_DECISION_ANNULLED:
      return _ ("Game annulled");
    case ARB_DECISION_REFERRED:
      return _ ("Referred to an arbiter");
    case ARB_DECISION_PENALTY:
      return _ ("Penalty");
    case ARB_DECISION_NOT_LATE:
      return _ ("Not late");
    default:
      return "";
    }
}

const char *
arb_ruling_text_side (int side)
{
  return side == 0 ? _ ("White") : side == 1 ? _ ("Black") : _ ("Both");
}

char *
arb_ruling_text_time (gint64 ms, gboolean sign)
{
  gint64 s = (ms < 0 ? -ms : ms) / 1000;
  const char *prefix = ms < 0 ? "−" : sign ? "+" : "";

  if (s >= 3600)
    return g_strdup_printf ("%s%d:%02d:%02d", prefix, (int) (s / 3600), (int) (s / 60 % 60),
                            (int) (s % 60));
  return g_strdup_printf ("%s%d:%02d", prefix, (int) (s / 60), (int) (s % 60));
}

gboolean
arb_ruling_text_parse_time (const char *text, gint64 *ms)
{
  g_auto (GStrv) parts = NULL;
  gint64 total = 0;
  guint n;

  if (text == NULL)
    return FALSE;
  parts = g_strsplit (text, ":", -1);
  n = g_strv_length (parts);
  if (n == 0 || n > 3)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      char *end = NULL;
      gint64 v;
      const char *p = parts[i];

      while (*p == ' ')
        p++;
      if (*p == '\0')
        return FALSE;
      v = g_ascii_strtoll (p, &end, 10);
      while (end != NULL && *end == ' ')
        end++;
      if (end == NULL || *end != '\0' || v < 0 || (i > 0 && v >= 60))
        return FALSE;
      total = total * 60 + v;
    }
  /* One number alone means minutes. */
  if (n == 1)
    total *= 60;
  *ms = total * 1000;
  return TRUE;
}

char *
arb_ruling_text_ply (ArbGame *game, int ply)
{
  const ArbPosition *before;
  const char *san;

  if (ply <= 0)
    return g_strdup (_ ("the start"));
  if (game == NULL || (san = arb_game_get_san (game, (guint) ply)) == NULL)
    return g_strdup_printf (_ ("ply %d"), ply);
  before = arb_game_get_position (game, (guint) ply - 1);
  if (before->side_to_move == ARB_WHITE)
    return g_strdup_printf ("%d. %s", before->fullmove_number, san);
  return g_strdup_printf ("%d… %s", before->fullmove_number, san);
}

char *
arb_ruling_text_effect (const ArbRuling *ruling, const ArbEffect *e, ArbGame *game)
{
  g_autofree char *time = NULL;
  g_autofree char *ply = NULL;

  switch (e->kind)
    {
    case ARB_EFFECT_RESTORE_POSITION:
      if (game == NULL)
        return g_strdup_printf (_ ("Position restored to ply %d"), e->ply);
      ply = arb_ruling_text_ply (game, e->ply);
      return g_strdup_printf (_ ("Position restored to ply %d (after %s)"), e->ply, ply);
    case ARB_EFFECT_RESTORE_CLOCKS:
      return g_strdup_printf (_ ("Both clocks set to the times recorded at ply %d"), e->ply);
    case ARB_EFFECT_ADD_TIME:
      time = arb_ruling_text_time (e->ms, TRUE);
      if (e->optional)
        /* Translators: time added to a player's clock that the arbiter may
         * give, e.g. "+2:00 to Black (the arbiter may)" */
        return g_strdup_printf (_ ("%s to %s (the arbiter may)"), time,
                                arb_ruling_text_side (e->side));
      /* Translators: time added to a player's clock, e.g. "+2:00 to Black" */
      return g_strdup_printf (_ ("%s to %s"), time, arb_ruling_text_side (e->side));
    case ARB_EFFECT_SET_TIME:
      time = arb_ruling_text_time (e->ms, FALSE);
      return g_strdup_printf (_ ("%s's clock set to %s"), arb_ruling_text_side (e->side), time);
    case ARB_EFFECT_SET_RESULT:
      return g_strdup_printf (_ ("Result %s"), arb_result_to_string (e->result));
    case ARB_EFFECT_ILLEGAL_COUNT:
      return g_strdup_printf (_ ("Illegal moves of %s: %d of %d"), arb_ruling_text_side (e->side),
                              e->count, e->limit);
    case ARB_EFFECT_PLAY_WRITTEN_MOVE:
      return g_strdup_printf (_ ("%s must play the written move %s"),
                              arb_ruling_text_side (e->side), e->text != NULL ? e->text : "");
    case ARB_EFFECT_TOUCH_MOVE:
      return g_strdup_printf (_ ("Touch-move applies to %s's replacement move"),
                              arb_ruling_text_side (e->side));
    case ARB_EFFECT_PROMOTE_TO_QUEEN:
      return g_strdup_printf (_ ("%s's pawn becomes a queen"), arb_ruling_text_side (e->side));
    case ARB_EFFECT_SEALED_MOVE_HIDDEN:
      return g_strdup (_ ("The sealed move stays hidden until the envelope is opened"));
    case ARB_EFFECT_MAKE_SEALED_MOVE:
      return g_strdup_printf (_ ("The sealed move %s is made on the board"),
                              e->text != NULL ? e->text : "");
    case ARB_EFFECT_STOP_CLOCKS:
      return g_strdup (_ ("Both clocks stopped"));
    case ARB_EFFECT_START_CLOCK:
      return g_strdup_printf (_ ("%s's clock started"), arb_ruling_text_side (e->side));
    case ARB_EFFECT_SET_INCREMENT:
      time = arb_ruling_text_time (e->ms, FALSE);
      return g_strdup_printf (_ ("Increment of %s for both players"), time);
    case ARB_EFFECT_DRAW_OFFER:
      return g_strdup_printf (_ ("Counts as a draw offer by %s"), arb_ruling_text_side (e->side));
    case ARB_EFFECT_ADMINISTRATIVE:
    case ARB_EFFECT_NOTE:
    default:
      return g_strdup (e->text != NULL ? e->text : "");
    }
  (void) ruling;
}

char *
arb_ruling_text_game_title (ArbGame *game)
{
  const ArbPlayerInfo *w = arb_game_get_player (game, ARB_WHITE);
  const ArbPlayerInfo *b = arb_game_get_player (game, ARB_BLACK);

  return g_strdup_printf (_ ("Board %d: %s – %s"), arb_game_get_board (game),
                          w != NULL ? w->name : "?", b != NULL ? b->name : "?");
}
