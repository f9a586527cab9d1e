/* arb-game-text.c: what the views say about a game, in words
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-game-text"

#include "config.h"

#include "arb-game-text.h"

#include "arb-application.h"
#include "arb-dead-watch.h"
#include "arb-i18n.h"
#include "arb-laws-edition.h"
#include "arb-move-path.h"
#include "arb-ruling-text.h"
#include "arb-ruling-wording.h"
#include "arb-san-letters.h"
#include "arb-san.h"

static void
badge_free (gpointer data)
{
  ArbGameBadge *badge = data;

  g_free (badge->text);
  g_free (badge);
}

static void
add (GPtrArray *badges, const char *style, char *text)
{
  ArbGameBadge *badge = g_new0 (ArbGameBadge, 1);

  badge->text = text;
  badge->style = style;
  g_ptr_array_add (badges, badge);
}

static const char *
side_label (ArbColor side)
{
  return side == ARB_WHITE ? _ ("White") : _ ("Black");
}

/* The game was ended as a dead position the search proved after its move
 * was stored (arb-dead-watch.h): the status, which looks at the material
 * only, does not know it, the stored ruling does. */
static gboolean
ended_dead (ArbGame *game)
{
  const ArbRuling *ending = arb_game_get_end_ruling (game);
  const ArbEffect *result =
    ending != NULL ? arb_ruling_find_effect (ending, ARB_EFFECT_SET_RESULT) : NULL;

  return result != NULL && result->ending == ARB_ENDING_DEAD_POSITION;
}

/* A badge with the article of the Laws it rests on: "Dead position
 * (5.2.2)". The article is a number, the same in every language. */
static char *
with_article (const char *text, ArbEdition edition, ArbRule rule)
{
  const char *article = arb_rule_article (edition, rule);

  if (article == NULL)
    return g_strdup (text);
  return g_strdup_printf ("%s (%s)", text, article);
}

/* 6.9 (2009 on; 6.10 in 2001): after a flag fall, whether the opponent can
 * still checkmate by some series of legal moves decides loss or draw. The
 * search examined the position after the last move when it was made, so
 * the card says it at once; the words are those of the two endings. */
static void
add_flag_verdict (GPtrArray *badges, ArbGame *game, ArbColor fallen, ArbEdition edition)
{
  ArbDeadWatch *watch = arb_dead_watch_peek (game);
  ArbUnwinnableVerdict verdict;

  if (watch == NULL || !arb_dead_watch_get_verdict (watch, !fallen, &verdict, NULL))
    return;
  switch (verdict)
    {
    case ARB_UNWINNABLE_CAN_MATE:
      add (badges, "error",
           with_article (arb_ruling_wording_ending (ARB_ENDING_FLAG_FALL), edition,
                         ARB_RULE_LOSS_ON_TIME));
      break;
    case ARB_UNWINNABLE_CANNOT_MATE:
      add (badges, "warning",
           with_article (arb_ruling_wording_ending (ARB_ENDING_FLAG_CANNOT_MATE), edition,
                         ARB_RULE_LOSS_ON_TIME));
      break;
    case ARB_UNWINNABLE_UNDETERMINED:
    default:
      /* The search could not decide within its budget: the arbiter does. */
      add (badges, "warning",
           with_article (_ ("The arbiter's judgement"), edition, ARB_RULE_LOSS_ON_TIME));
      break;
    }
}

GPtrArray *
arb_game_text_badges (ArbGame *game)
{
  GPtrArray *badges = g_ptr_array_new_with_free_func (badge_free);
  const ArbGameStatus *status;
  guint n;
  guint occurrences;
  guint halfmoves;
  ArbDrawClaims claims;
  ArbGameEventKind end;
  guint end_ply;
  ArbColor flag_side;
  ArbEdition edition;

  g_return_val_if_fail (ARB_IS_GAME (game), badges);

  status = arb_game_get_status (game);
  n = arb_game_get_n_plies (game);
  edition = arb_game_status_get_edition (status);

  if (arb_game_has_flag_fallen (game, &flag_side))
    {
      add (badges, "error",
           /* Translators: a badge; %s is White or Black */
           g_strdup_printf (_ ("Flag fell: %s"), side_label (flag_side)));
      if (!arb_game_is_finished (game))
        add_flag_verdict (badges, game, flag_side, edition);
    }

  for (int side = 0; side < 2; side++)
    {
      guint count = arb_game_get_illegal_moves (game, side);

      if (count > 0)
        add (badges, "warning",
             /* Translators: a badge; %s is White or Black */
             g_strdup_printf (ngettext ("%s: %u illegal move", "%s: %u illegal moves", count),
                              side_label (side), count));
    }

  if (arb_game_is_adjourned (game))
    add (badges, "accent", g_strdup (_ ("Adjourned")));

  if (arb_game_status_get_end (status, &end, &end_ply))
    {
      switch (end)
        {
        case ARB_GAME_EVENT_CHECKMATE:
          add (badges, NULL, g_strdup (_ ("Checkmate")));
          break;
        case ARB_GAME_EVENT_STALEMATE:
          add (badges, "warning", g_strdup (_ ("Stalemate")));
          break;
        case ARB_GAME_EVENT_DEAD_POSITION:
          add (badges, "warning",
               with_article (_ ("Dead position"), edition, ARB_RULE_DEAD_POSITION));
          break;
        case ARB_GAME_EVENT_FIVEFOLD:
          add (badges, "warning", g_strdup (_ ("Fivefold repetition")));
          break;
        case ARB_GAME_EVENT_SEVENTY_FIVE:
          add (badges, "warning", g_strdup (_ ("75 moves")));
          break;
        case ARB_GAME_EVENT_THREEFOLD:
        case ARB_GAME_EVENT_FIFTY:
        default:
          break;
        }
      return badges;
    }
  if (ended_dead (game) || (!arb_game_is_finished (game) && arb_dead_watch_peek (game) != NULL &&
                            arb_dead_watch_is_dead (arb_dead_watch_peek (game))))
    {
      add (badges, "warning", with_article (_ ("Dead position"), edition, ARB_RULE_DEAD_POSITION));
      return badges;
    }
  if (arb_game_is_finished (game))
    return badges;

  claims = arb_game_status_claims_now (status);
  occurrences = arb_game_status_get_occurrences (status, n, NULL, 0);
  if (claims & ARB_DRAW_CLAIM_THREEFOLD)
    add (badges, "warning", g_strdup (_ ("Threefold: claim open")));
  else if (occurrences == 2)
    add (badges, NULL, g_strdup (_ ("Position seen twice")));

  halfmoves = arb_game_status_get_halfmove_clock (status, n);
  if (claims & ARB_DRAW_CLAIM_FIFTY_MOVES)
    add (badges, "warning", g_strdup (_ ("50 moves: claim open")));
  else if (halfmoves > 80)
    add (badges, NULL,
         /* Translators: a badge: moves without a capture or a pawn move */
         g_strdup_printf (_ ("50-move count: %u"), halfmoves / 2));

  return badges;
}

char *
arb_game_text_result (ArbResult result)
{
  static const char *const shown[ARB_RESULT_N] = {
    [ARB_RESULT_WHITE_WINS] = "1–0",
    [ARB_RESULT_BLACK_WINS] = "0–1",
    [ARB_RESULT_DRAW] = "½–½",
    [ARB_RESULT_BOTH_LOSE] = "0–0",
    [ARB_RESULT_WHITE_HALF] = "½–0",
    [ARB_RESULT_BLACK_HALF] = "0–½",
    [ARB_RESULT_WHITE_FORFEIT_WIN] = "+/−",
    [ARB_RESULT_BLACK_FORFEIT_WIN] = "−/+",
    [ARB_RESULT_DOUBLE_FORFEIT] = "−/−",
  };

  if ((guint) result >= ARB_RESULT_N || shown[result] == NULL)
    return NULL;
  return g_strdup (shown[result]);
}

char *
arb_game_text_state (ArbGame *game)
{
  ArbClock *clock;
  const ArbPosition *pos;
  char *result;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  result = arb_game_text_result (arb_game_get_result (game));
  if (result != NULL)
    return result;
  if (arb_game_is_adjourned (game))
    /* Translators: the state of an adjourned game on a card: its move is
     * sealed in the envelope (a move on the board, not a move number) */
    return g_strdup (C_ ("move on the board", "Sealed move"));

  clock = arb_game_get_clock (game);
  pos = arb_game_get_position (game, arb_game_get_n_plies (game));
  if (!arb_game_is_clock_kept (game))
    /* Translators: the state of a game whose time only the clock on the
     * table keeps (no moves entered, its clock never run here) */
    return g_strdup (_ ("Clock on the table"));
  if (!arb_clock_is_started (clock))
    return g_strdup (_ ("Not started"));
  if (arb_clock_is_paused (clock))
    /* Translators: the state of a game on a card; %u is the move number */
    return g_strdup_printf (C_ ("move number", "Paused · move %u"), pos->fullmove_number);
  /* Translators: the state of a game on a card; %u is the move number */
  return g_strdup_printf (C_ ("move number", "Move %u"), pos->fullmove_number);
}

/* "15.Qb3" or "15…Kh8" for the move that led to @ply. */
static char *
move_label (ArbGame *game, guint ply)
{
  const ArbPosition *before;

  if (ply == 0)
    return g_strdup (_ ("the start"));
  before = arb_game_get_position (game, ply - 1);
  {
    g_autofree char *san = arb_game_text_san (game, ply);

    return g_strdup_printf ("%u%s%s", before->fullmove_number,
                            before->side_to_move == ARB_WHITE ? "." : "…", san);
  }
}

GPtrArray *
arb_game_text_outcome (ArbGame *game)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const ArbRuling *ruling;
  g_autofree char *result = NULL;
  ArbEnding ending = ARB_ENDING_NONE;

  g_return_val_if_fail (ARB_IS_GAME (game), lines);

  if (!arb_game_is_finished (game))
    return lines;
  result = arb_game_text_result (arb_game_get_result (game));
  /* Translators: the first line of a finished game's status, e.g.
   * "Game over: 1–0." */
  g_ptr_array_add (lines, g_strdup_printf (_ ("Game over: %s."), result != NULL ? result : ""));

  ruling = arb_game_get_end_ruling (game);
  if (ruling != NULL)
    {
      const ArbEffect *set = arb_ruling_find_effect (ruling, ARB_EFFECT_SET_RESULT);

      ending = set != NULL ? set->ending : ARB_ENDING_NONE;
    }
  if (ending == ARB_ENDING_NONE)
    ending = arb_move_path_get_end (arb_game_get_status (game), NULL);
  if (ending != ARB_ENDING_NONE)
    /* Translators: how a finished game ended, e.g. "How it ended: Lost on time." */
    g_ptr_array_add (lines,
                     g_strdup_printf (_ ("How it ended: %s."), arb_ruling_wording_ending (ending)));
  if (ruling != NULL)
    {
      g_autofree char *verdict = arb_ruling_wording_verdict (ruling);
      g_autofree char *articles = arb_ruling_articles_text (ruling);

      g_ptr_array_add (lines,
                       /* Translators: the ruling that ended a game: its kind, the
                        * decision and the articles, e.g. "Ruling: Flag fall — Black
                        * loses (1-0); Art. 6.9, 6.8." */
                       g_strdup_printf (_ ("Ruling: %s — %s; Art. %s."),
                                        arb_ruling_wording_kind (ruling->kind), verdict,
                                        *articles != '\0' ? articles : "–"));
    }
  else
    g_ptr_array_add (lines, g_strdup (_ ("The result was recorded without a ruling (an imported "
                                         "or entered result).")));
  return lines;
}

GPtrArray *
arb_game_text_status (ArbGame *game, guint ply)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const ArbGameStatus *status;
  const ArbPosition *pos;
  ArbGameEventKind end;
  guint end_ply;
  guint plies[8];
  guint occurrences;
  guint halfmoves;

  g_return_val_if_fail (ARB_IS_GAME (game), lines);

  status = arb_game_get_status (game);
  pos = arb_game_get_position (game, ply);
  if (pos == NULL)
    return lines;

  /* Article numbers are those of the 2018 and 2023 Laws. */
  if (arb_game_status_get_end (status, &end, &end_ply) && end_ply <= ply)
    {
      const char *article = arb_game_event_kind_article (end);

      switch (end)
        {
        case ARB_GAME_EVENT_CHECKMATE:
          g_ptr_array_add (lines,
                           g_strdup_printf (_ ("Checkmate: the game is over (%s)."), article));
          break;
        case ARB_GAME_EVENT_STALEMATE:
          g_ptr_array_add (lines,
                           g_strdup_printf (_ ("Stalemate: the game is drawn (%s)."), article));
          break;
        case ARB_GAME_EVENT_DEAD_POSITION:
          g_ptr_array_add (lines,
                           g_strdup_printf (_ ("Dead position: neither player can checkmate; "
                                               "the game is drawn (%s)."),
                                            article));
          break;
        case ARB_GAME_EVENT_FIVEFOLD:
          g_ptr_array_add (
            lines, g_strdup_printf (_ ("Fivefold repetition: the game is drawn (%s)."), article));
          break;
        case ARB_GAME_EVENT_SEVENTY_FIVE:
          g_ptr_array_add (lines,
                           g_strdup_printf (_ ("75 moves without a capture or a pawn move: the "
                                               "game is drawn (%s)."),
                                            article));
          break;
        case ARB_GAME_EVENT_THREEFOLD:
        case ARB_GAME_EVENT_FIFTY:
        default:
          break;
        }
      if (end_ply < ply)
        g_ptr_array_add (lines, g_strdup (_ ("Moves after the end of the game do not count.")));
    }
  else if (arb_position_in_check (pos))
    g_ptr_array_add (lines,
                     g_strdup_printf (_ ("%s is in check."),
                                      pos->side_to_move == ARB_WHITE ? _ ("White") : _ ("Black")));

  occurrences = arb_game_status_get_occurrences (status, ply, plies, G_N_ELEMENTS (plies));
  if (occurrences >= 2)
    {
      GString *where = g_string_new (NULL);

      for (guint i = 0; i < MIN (occurrences, G_N_ELEMENTS (plies)); i++)
        {
          g_autofree char *label = move_label (game, plies[i]);

          if (i > 0)
            g_string_append (where, ", ");
          g_string_append (where, label);
        }
      g_ptr_array_add (
        lines,
        /* Translators: %u is a count (2 or more); %s lists moves: "15.Qb3, 17.Qb3" */
        g_strdup_printf (ngettext ("This position has occurred %u time: after %s.",
                                   "This position has occurred %u times: after %s.", occurrences),
                         occurrences, where->str));
      g_string_free (where, TRUE);
    }
  if (ply == arb_game_get_n_plies (game) && !arb_game_is_finished (game))
    {
      ArbDrawClaims claims = arb_game_status_claims_now (status);

      if (claims & ARB_DRAW_CLAIM_THREEFOLD)
        g_ptr_array_add (lines, g_strdup (_ ("The player to move may claim a draw by threefold "
                                             "repetition (9.2).")));
      if (claims & ARB_DRAW_CLAIM_FIFTY_MOVES)
        g_ptr_array_add (lines, g_strdup (_ ("The player to move may claim a draw under the "
                                             "50-move rule (9.3).")));
    }

  halfmoves = arb_game_status_get_halfmove_clock (status, ply);
  g_ptr_array_add (lines,
                   /* Translators: %u half-moves, then the count in moves for 9.3 */
                   g_strdup_printf (ngettext ("%u half-move without a capture or a pawn move "
                                              "(50-move count: %u).",
                                              "%u half-moves without a capture or a pawn move "
                                              "(50-move count: %u).",
                                              halfmoves),
                                    halfmoves, halfmoves / 2));

  /* What the record holds beyond the moves, for the game as it stands. */
  if (ply == arb_game_get_n_plies (game))
    {
      ArbColor flag_side;

      for (int side = 0; side < 2; side++)
        {
          guint count = arb_game_get_illegal_moves (game, side);

          if (count > 0)
            g_ptr_array_add (lines,
                             /* Translators: %s is White or Black */
                             g_strdup_printf (ngettext ("%s has made %u illegal move.",
                                                        "%s has made %u illegal moves.", count),
                                              side_label (side), count));
        }
      if (arb_game_has_flag_fallen (game, &flag_side))
        g_ptr_array_add (lines,
                         /* Translators: %s is White or Black */
                         g_strdup_printf (_ ("%s’s flag has fallen."), side_label (flag_side)));
      if (arb_game_is_adjourned (game))
        g_ptr_array_add (lines, g_strdup (_ ("The game is adjourned: the sealed move waits in "
                                             "its envelope.")));
    }
  return lines;
}

/* The notation the arbiter chose in Preferences. */
static ArbNotationStyle
notation_style (void)
{
  GApplication *app = g_application_get_default ();
  GSettings *settings =
    ARB_IS_APPLICATION (app) ? arb_application_get_settings (ARB_APPLICATION (app)) : NULL;

  if (settings == NULL)
    return ARB_NOTATION_LOCAL;
  return (ArbNotationStyle) g_settings_get_enum (settings, "notation");
}

char *
arb_game_text_san (ArbGame *game, guint ply)
{
  const char *san;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  san = arb_game_get_san (game, ply);
  if (san == NULL)
    return NULL;
  return arb_san_format (san, notation_style (), arb_i18n_get_language ());
}

char *
arb_game_text_line (const ArbPosition *start,
                    const ArbMove *moves,
                    guint n_moves,
                    gboolean complete,
                    guint max_plies)
{
  GString *text = g_string_new (NULL);
  ArbNotationStyle style = notation_style ();
  ArbPosition pos;
  guint shown = MIN (n_moves, max_plies);

  g_return_val_if_fail (start != NULL, g_string_free (text, FALSE));

  pos = *start;
  for (guint i = 0; i < shown; i++)
    {
      char san[ARB_SAN_MAX];
      g_autofree char *local = NULL;
      ArbUndo undo;

      arb_san_write (&pos, moves[i], san);
      local = arb_san_format (san, style, arb_i18n_get_language ());
      if (i > 0)
        g_string_append_c (text, ' ');
      if (pos.side_to_move == ARB_WHITE)
        g_string_append_printf (text, "%u.", pos.fullmove_number);
      else if (i == 0)
        g_string_append_printf (text, "%u…", pos.fullmove_number);
      g_string_append (text, local);
      arb_position_make_move (&pos, moves[i], &undo);
    }
  if (shown < n_moves || !complete)
    g_string_append (text, " …");
  return g_string_free (text, FALSE);
}

GPtrArray *
arb_game_text_voided (ArbGame *game, guint ply)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) voided = NULL;
  const ArbPosition *start;

  g_return_val_if_fail (ARB_IS_GAME (game), lines);

  voided =
    arb_tournament_list_voided_lines (arb_game_get_tournament (game), arb_game_get_id (game), NULL);
  start = arb_game_get_position (game, 0);
  for (guint i = 0; voided != NULL && i < voided->len; i++)
    {
      const ArbVoidedLine *line = g_ptr_array_index (voided, i);
      g_autofree char *moves = NULL;
      g_autofree char *set = NULL;

      if ((guint) line->restored_ply != ply)
        continue;
      moves = arb_ruling_text_voided_moves (line, start->fullmove_number, start->side_to_move);
      set = arb_ruling_text_clocks_set (line);
      /* Translators: a line of the rulings log: the moves a restoration
       * took back, kept in the record, e.g. "Moves voided: 18… Nc5 (1:09:24)" */
      g_ptr_array_add (lines, g_strdup_printf (_ ("Moves voided: %s"), moves));
      if (set != NULL)
        /* Translators: a line of the rulings log: the times the clocks were
         * set to at the restoration, e.g. "Clocks set: White 1:06:40, Black 0:50:00" */
        g_ptr_array_add (lines, g_strdup_printf (_ ("Clocks set: %s"), set));
    }
  return lines;
}
