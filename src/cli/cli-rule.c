/* cli-rule.c: arbiter-cli rule — what the Laws of an edition prescribe
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "arb-laws.h"
#include "arb-pgn-game.h"
#include "arb-position.h"
#include "arb-ruling-facts.h"
#include "arb-i18n.h"
#include "arb-ruling-wording.h"
#include "cli-commands.h"
#include "cli-rule-desk.h"
#include "cli-rule-print.h"
#include "cli-rule-record.h"

/* Translators: keep the command, the kinds, the options, the words in
 * capitals and the JSON keys as they are */
static const char *const usage_text =
  N_ ("Usage: arbiter-cli rule KIND --edition YEAR [OPTIONS…]\n"
      "\n"
      "Prints what the FIDE Laws of the edition prescribe: the decision, its\n"
      "effects (position, clocks, result) and the articles, with a one-line\n"
      "paraphrase of each. Nothing is applied anywhere.\n"
      "\n"
      "KIND: illegal-move, claim-threefold, claim-fifty, fivefold, seventy-five,\n"
      "      flag, quickplay-claim, sealed-move, resume, late-arrival, device,\n"
      "      resign, penalties\n"
      "\n"
      "Event:\n"
      "  --edition YEAR          2001, 2009, 2014, 2018 or 2023 (required)\n"
      "  --time-control TC       MIN[+SEC], e.g. 90+30, 15+10, 3+2; gives the\n"
      "                          category under the edition's limits\n"
      "  --category CAT          standard, rapid or blitz (instead of a TC)\n"
      "  --supervision full|partial  rapid/blitz supervision (default full)\n"
      "  --default-time TIME     late-arrival default time set by the event\n"
      "  --national no           the Norwegian 60-minute default (2009)\n"
      "  --guidelines            quickplay-finish guidelines announced (2014+)\n"
      "  --supervised-blitz-penalty 1|2  minutes for an illegal move or an\n"
      "                          incorrect claim in supervised 2023 blitz (B.2):\n"
      "                          1, common practice (default), or 2, the\n"
      "                          Competition Rules read literally\n"
      "\n"
      "Game state (a position is needed for the 'auto' facts):\n"
      "  --pgn FILE [--game N]   the game (N from 1); its last position unless\n"
      "  --ply N                 names an earlier one (ply 0 is the start)\n"
      "  --fen FEN               a position instead of a PGN\n"
      "  --by white|black|both   the player who made the illegal move, claims,\n"
      "                          flagged, resigned, sealed or arrived late\n"
      "                          (default: the side to move)\n"
      "  --move TEXT             the written or sealed move (SAN)\n"
      "  --count K               completed illegal moves the player made before\n"
      "  --opponent-cannot-mate yes|no|auto  (auto: from the material)\n"
      "\n"
      "By kind:\n"
      "  illegal-move   --illegal-kind ordinary|unpromoted|clock|two-hands,\n"
      "                 --claimed, --arbiter-saw, --opponent-moved, --kings-in-check\n"
      "                 --ply is the position just before the illegal move\n"
      "  claim-*        --correct yes|no|auto (auto: replays the PGN),\n"
      "                 --remaining TIME (claimant's clock), --touched\n"
      "  fivefold, seventy-five  --mate (the last move mates)\n"
      "  flag           --both, --order-known, --last-period,\n"
      "                 --called-by arbiter|opponent, --claimant-flag-down,\n"
      "                 --game-over\n"
      "  quickplay-claim  --verdict draw|postpone|reject|increment, --extra-time,\n"
      "                 --remaining TIME, --no-arbiter, --not-final-period,\n"
      "                 --increment (the control has one)\n"
      "  sealed-move, resume  --white-used TIME, --black-used TIME,\n"
      "                 --session-left TIME, --resumption TEXT, --draw-offer SIDE,\n"
      "                 --white-name, --black-name; resume also --validity\n"
      "                 valid|ambiguous|unreadable|illegal|auto, --absent\n"
      "                 sealer|replier, --late TIME, --envelope-lost,\n"
      "                 --position-lost, --flag-fell\n"
      "  late-arrival   --late TIME, --both-absent\n"
      "  device         --sounded, --switched-off, --milder\n"
      "  penalties      lists the edition's penalties; with --penalty ID also\n"
      "                 --amount TIME, --current RESULT, --offender-score H,\n"
      "                 --opponent-score H (half points), --text TEXT\n"
      "\n"
      "TIME is SECONDS, M:SS or H:MM:SS.\n"
      "\n"
      "  --json   one object: {\"kind\",\"edition\",\"category\",\"decision\",\n"
      "           \"result\" (\"1-0\", \"0-1\", \"1/2-1/2\", … or null when play goes on),\n"
      "           \"clock\":{\"white\":S,\"black\":S} (seconds added, negative when\n"
      "           removed), \"restore_ply\" (or null), \"articles\":[…],\n"
      "           \"explanation\", \"ruling\":{the stored form}}\n"
      "\n"
      "Exit status: 0 on success, 2 on bad usage or input.\n");

typedef struct
{
  int edition;
  char *time_control;
  char *category;
  char *supervision;
  char *default_time;
  char *national;
  gboolean guidelines;
  int supervised_blitz_penalty;
  char *pgn;
  int game;
  int ply;
  char *fen;
  char *by;
  char *move;
  int count;
  char *cannot_mate;
  gboolean json;
  /* illegal move */
  char *illegal_kind;
  gboolean claimed, arbiter_saw, opponent_moved, kings_in_check;
  /* claims */
  char *correct;
  char *remaining;
  gboolean touched;
  gboolean mate;
  /* flag */
  gboolean both, order_known, last_period, claimant_flag_down, game_over;
  char *called_by;
  /* quickplay */
  char *verdict;
  gboolean extra_time, no_arbiter, not_final_period, increment;
  /* seal / resume */
  char *white_used, *black_used, *session_left, *resumption, *draw_offer;
  char *white_name, *black_name;
  char *validity, *absent, *late;
  gboolean envelope_lost, position_lost, flag_fell;
  /* late arrival, device */
  gboolean both_absent, sounded, switched_off, milder;
  /* penalties */
  char *penalty, *amount, *current, *text;
  int offender_score, opponent_score;
  /* through the chief's desk */
  ArbCliRuleDesk desk;
} Options;

typedef struct
{
  gboolean have;
  ArbPosition pos; /* at the chosen ply */
  int ply;
  ArbPgnGame *game; /* owned, may be NULL with a FEN */
  /* The game as its record gives it up to the position (owned). */
  ArbCliRecord record;
} State;

static gboolean fail (const char *format, ...) G_GNUC_PRINTF (1, 2);

static gboolean
fail (const char *format, ...)
{
  va_list args;

  fputs ("arbiter-cli rule: ", stderr);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  return FALSE;
}

/* TIME: SECONDS, M:SS or H:MM:SS. */
static gboolean
parse_time (const char *text, gint64 *ms)
{
  g_auto (GStrv) parts = NULL;
  gint64 total = 0;
  guint n;

  if (text == NULL || *text == '\0')
    return FALSE;
  parts = g_strsplit (text, ":", -1);
  n = g_strv_length (parts);
  if (n > 3)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      guint64 v;

      if (!g_ascii_string_to_unsigned (parts[i], 10, 0, 359999, &v, NULL))
        return FALSE;
      if (i > 0 && v > 59)
        return FALSE;
      total = total * 60 + (gint64) v;
    }
  *ms = total * 1000;
  return TRUE;
}

static gboolean
parse_side (const char *text, int *side, gboolean allow_both)
{
  if (g_strcmp0 (text, "white") == 0)
    *side = 0;
  else if (g_strcmp0 (text, "black") == 0)
    *side = 1;
  else if (allow_both && g_strcmp0 (text, "both") == 0)
    *side = ARB_COLOR_NONE;
  else
    return FALSE;
  return TRUE;
}

static gboolean
parse_yes_no_auto (const char *text, int *value)
{
  if (text == NULL || strcmp (text, "auto") == 0)
    *value = -1;
  else if (strcmp (text, "yes") == 0)
    *value = 1;
  else if (strcmp (text, "no") == 0)
    *value = 0;
  else
    return FALSE;
  return TRUE;
}

static gboolean
load_state (const Options *o, State *state)
{
  memset (state, 0, sizeof *state);
  state->ply = -1;

  if (o->pgn != NULL && o->fen != NULL)
    return fail (_ ("give --pgn or --fen, not both"));

  if (o->pgn != NULL)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) games = arb_pgn_game_read_file (o->pgn, ARB_PGN_READER_DEFAULT, &error);
      ArbPgnGame *game;
      guint n_plies;

      if (games == NULL)
        return fail ("%s: %s", o->pgn, error->message);
      if (o->game < 1 || (guint) o->game > games->len)
        return fail (ngettext ("%s has %u game; --game %d does not exist",
                               "%s has %u games; --game %d does not exist", games->len),
                     o->pgn, games->len, o->game);
      game = g_ptr_array_steal_index (games, (guint) o->game - 1);
      state->game = game;
      if (game->error != NULL)
        return fail (_ ("%s, game %d: %s"), o->pgn, o->game, game->error->message);
      n_plies = arb_pgn_game_get_n_plies (game);
      if (o->ply > (int) n_plies)
        return fail (_ ("--ply %d is beyond the game's %u plies"), o->ply, n_plies);
      state->ply = o->ply >= 0 ? o->ply : (int) n_plies;
      arb_pgn_game_get_position (game, (guint) state->ply, &state->pos);
      state->have = TRUE;
    }
  else if (o->fen != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!arb_position_set_fen (&state->pos, o->fen, ARB_FEN_FLAGS_NONE, &error))
        return fail (_ ("--fen: %s"), error->message);
      state->have = TRUE;
      state->ply = o->ply;
    }
  else
    state->ply = o->ply;
  return TRUE;
}

static gboolean
resolve_by (const Options *o, const State *state, int *by, gboolean allow_both)
{
  if (o->by != NULL)
    {
      if (!parse_side (o->by, by, allow_both))
        return fail ("%s", allow_both ? _ ("--by must be white, black or both")
                                      : _ ("--by must be white or black"));
      return TRUE;
    }
  if (state->have)
    {
      *by = state->pos.side_to_move;
      return TRUE;
    }
  return fail (_ ("--by is needed without a position"));
}

static gboolean
resolve_cannot_mate (const Options *o, const State *state, int opponent, gboolean *out)
{
  int v;

  if (!parse_yes_no_auto (o->cannot_mate, &v))
    return fail (_ ("--opponent-cannot-mate must be yes, no or auto"));
  if (v >= 0)
    *out = v == 1;
  else
    *out = state->have &&
           arb_ruling_facts_cannot_mate (&state->pos, (ArbColor) opponent) == ARB_PROOF_TRUE;
  return TRUE;
}

static const char *
validity_text (ArbSealedValidity validity)
{
  switch (validity)
    {
    case ARB_SEALED_AMBIGUOUS:
      return "ambiguous";
    case ARB_SEALED_ILLEGAL:
      return "not a legal move here";
    case ARB_SEALED_UNREADABLE:
      return "not readable as a move";
    case ARB_SEALED_VALID:
    default:
      return "valid";
    }
}

/* 9.2 / 9.3 correctness from the replayed game. */
static gboolean
claim_correct_auto (const State *state,
                    ArbEdition edition,
                    ArbClaimKind kind,
                    const char *written,
                    gboolean *correct,
                    gboolean *written_illegal)
{
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  ArbClaimCheck check;

  /* 9.3 counts half-moves, which a FEN carries; 9.2 needs the game. */
  if (state->game == NULL && state->record.status != NULL && kind == ARB_CLAIM_FIFTY)
    {
      g_autoptr (GError) error = NULL;

      if (!arb_cli_record_fifty_correct (&state->record, written, correct, &error))
        return fail (_ ("the written move '%s' is %s"), written, error->message);
      return TRUE;
    }
  if (state->game == NULL)
    return fail (_ ("--correct auto needs --pgn (the whole game), or give --correct yes|no"));
  for (int i = 1; i <= state->ply; i++)
    {
      ArbMove move = arb_pgn_game_get_node (state->game, (guint) i)->move;
      g_array_append_val (moves, move);
    }
  if (!arb_ruling_facts_check_claim (&state->game->start, (const ArbMove *) moves->data, moves->len,
                                     edition, kind, written, &check))
    {
      /* An illegal written move is a claim to rule on (9.5.3): it is
       * incorrect. An ambiguous or unreadable one is asked again. */
      if (check.written_validity == ARB_SEALED_ILLEGAL)
        {
          *correct = FALSE;
          *written_illegal = TRUE;
          return TRUE;
        }
      if (check.written_validity != ARB_SEALED_VALID)
        return fail (_ ("the written move '%s' is %s"), written,
                     validity_text (check.written_validity));
      return fail (_ ("the game cannot be replayed"));
    }
  *correct = check.correct;
  return TRUE;
}

static gboolean
build_settings (const Options *o, ArbEventSettings *event)
{
  ArbEdition edition;
  ArbCategory category = ARB_CATEGORY_STANDARD;
  gboolean have_category = FALSE;

  if (!arb_edition_from_year (o->edition, &edition))
    return fail (_ ("--edition must be 2001, 2009, 2014, 2018 or 2023"));
  if (o->time_control != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (o->time_control, "+", 2);
      guint64 base = 0, inc = 0;

      if (!g_ascii_string_to_unsigned (parts[0], 10, 0, 100000, &base, NULL) ||
          (parts[1] != NULL && !g_ascii_string_to_unsigned (parts[1], 10, 0, 100000, &inc, NULL)))
        return fail (_ ("--time-control must look like MIN[+SEC], e.g. 90+30"));
      category = arb_laws_edition_category (arb_laws_edition_get (edition), (gint64) base * 60000,
                                            (gint64) inc * 1000);
      have_category = TRUE;
      event->increment = inc > 0;
    }
  if (o->category != NULL)
    {
      if (have_category)
        return fail (_ ("give --time-control or --category, not both"));
      if (strcmp (o->category, "standard") == 0)
        category = ARB_CATEGORY_STANDARD;
      else if (strcmp (o->category, "rapid") == 0)
        category = ARB_CATEGORY_RAPID;
      else if (strcmp (o->category, "blitz") == 0)
        category = ARB_CATEGORY_BLITZ;
      else
        return fail (_ ("--category must be standard, rapid or blitz"));
    }
  {
    gboolean inc = event->increment;
    arb_event_settings_init (event, edition, category);
    event->increment = inc || o->increment;
  }
  if (o->supervision != NULL)
    {
      if (strcmp (o->supervision, "full") == 0)
        event->adequately_supervised = TRUE;
      else if (strcmp (o->supervision, "partial") == 0)
        event->adequately_supervised = FALSE;
      else
        return fail (_ ("--supervision must be full or partial"));
    }
  if (o->default_time != NULL && !parse_time (o->default_time, &event->default_time_ms))
    return fail (_ ("--default-time: bad TIME '%s'"), o->default_time);
  if (o->national != NULL)
    {
      if (strcmp (o->national, "no") == 0)
        event->national = ARB_NATIONAL_NORWAY;
      else if (strcmp (o->national, "none") != 0)
        return fail (_ ("--national must be no (Norway) or none"));
    }
  event->quickplay_guidelines = o->guidelines;
  if (o->supervised_blitz_penalty != 0 && o->supervised_blitz_penalty != 1 &&
      o->supervised_blitz_penalty != 2)
    return fail (_ ("--supervised-blitz-penalty must be 1 or 2 (minutes)"));
  event->supervised_blitz_two_minutes = o->supervised_blitz_penalty == 2;
  return TRUE;
}

static gboolean
optional_time (const char *text, const char *name, gint64 *out)
{
  *out = 0;
  if (text == NULL)
    return TRUE;
  if (!parse_time (text, out))
    return fail (_ ("%s: bad TIME '%s'"), name, text);
  return TRUE;
}

static ArbRuling *
rule_illegal_move (const Options *o, const ArbEventSettings *event, const State *state)
{
  ArbIllegalMoveFacts f = { 0 };

  if (!resolve_by (o, state, &f.by, FALSE))
    return NULL;
  if (o->illegal_kind == NULL || strcmp (o->illegal_kind, "ordinary") == 0)
    f.kind = ARB_ILLEGAL_ORDINARY;
  else if (strcmp (o->illegal_kind, "unpromoted") == 0)
    f.kind = ARB_ILLEGAL_UNPROMOTED_PAWN;
  else if (strcmp (o->illegal_kind, "clock") == 0)
    f.kind = ARB_ILLEGAL_CLOCK_NO_MOVE;
  else if (strcmp (o->illegal_kind, "two-hands") == 0)
    f.kind = ARB_ILLEGAL_TWO_HANDS;
  else
    {
      fail (_ ("--illegal-kind must be ordinary, unpromoted, clock or two-hands"));
      return NULL;
    }
  if (o->count < 0)
    {
      fail (_ ("--count must be 0 or more"));
      return NULL;
    }
  f.previous_count = (guint) o->count;
  f.ply_before = state->ply;
  f.last_identifiable_ply = -1;
  f.claimed_by_opponent = o->claimed;
  f.seen_by_arbiter = o->arbiter_saw;
  f.opponent_has_moved = o->opponent_moved;
  f.kings_in_check_or_unfinished_promotion = o->kings_in_check;
  if (!resolve_cannot_mate (o, state, 1 - f.by, &f.opponent_cannot_mate))
    return NULL;
  return arb_laws_illegal_move (event, &f);
}

static ArbRuling *
rule_claim (const Options *o, const ArbEventSettings *event, const State *state, ArbClaimKind kind)
{
  ArbDrawClaimFacts f = { 0 };
  int correct;

  if (!resolve_by (o, state, &f.by, FALSE))
    return NULL;
  if (state->have && f.by != (int) state->pos.side_to_move)
    {
      g_autoptr (GError) error = NULL;

      /* Only the player having the move may claim (9.2, 9.3). */
      if (!arb_cli_record_check_to_move (&state->record, f.by,
                                         kind == ARB_CLAIM_FIFTY ? "9.3" : "9.2", &error))
        fail ("%s", error->message);
      else
        fail (_ ("only the player having the move may claim (9.2, 9.3)"));
      return NULL;
    }
  f.kind = kind;
  f.written_move = o->move;
  f.right_lost = o->touched;
  if (!optional_time (o->remaining, "--remaining", &f.claimant_remaining_ms))
    return NULL;
  if (!parse_yes_no_auto (o->correct, &correct))
    {
      fail (_ ("--correct must be yes, no or auto"));
      return NULL;
    }
  if (correct >= 0)
    f.correct = correct == 1;
  else if (!claim_correct_auto (state, event->edition, kind, o->move, &f.correct,
                                &f.written_move_illegal))
    return NULL;
  return arb_laws_draw_claim (event, &f);
}

static ArbRuling *
rule_flag (const Options *o, const ArbEventSettings *event, const State *state)
{
  ArbFlagFacts f = { 0 };

  if (!resolve_by (o, state, &f.by, FALSE))
    return NULL;
  /* One flag down: it is that of the player having the move, whose clock
   * runs. */
  if (!o->both && state->record.status != NULL &&
      f.by != (int) arb_game_status_get_position (state->record.status)->side_to_move)
    {
      ArbColor to_move = arb_game_status_get_position (state->record.status)->side_to_move;

      /* Translators: --by as given, the ply, and the side having the move */
      fail (_ ("--by %s: at ply %u %s has the move, and only the clock of the player having the "
               "move runs"),
            f.by == ARB_WHITE ? "white" : "black",
            state->record.first_ply + arb_game_status_get_ply (state->record.status),
            to_move == ARB_WHITE ? _ ("White") : _ ("Black"));
      return NULL;
    }
  if (o->called_by == NULL || strcmp (o->called_by, "arbiter") == 0)
    f.called_by = ARB_CALLED_BY_ARBITER;
  else if (strcmp (o->called_by, "opponent") == 0)
    f.called_by = ARB_CALLED_BY_OPPONENT;
  else
    {
      fail (_ ("--called-by must be arbiter or opponent"));
      return NULL;
    }
  f.both_fallen = o->both;
  f.order_known = o->order_known || !o->both;
  f.last_period = o->last_period;
  f.game_already_over = o->game_over;
  f.claimant_flag_up = !o->claimant_flag_down;
  if (!resolve_cannot_mate (o, state, 1 - f.by, &f.opponent_cannot_mate))
    return NULL;
  return arb_laws_flag_fall (event, &f);
}

static ArbRuling *
rule_quickplay (const Options *o, const ArbEventSettings *event, const State *state)
{
  ArbQuickplayFacts f = { 0 };

  if (!resolve_by (o, state, &f.by, FALSE))
    return NULL;
  if (!optional_time (o->remaining, "--remaining", &f.claimant_remaining_ms))
    return NULL;
  if (o->remaining == NULL)
    f.claimant_remaining_ms = 60 * 1000;
  f.in_quickplay_finish = !o->not_final_period;
  f.arbiter_present = !o->no_arbiter;
  f.postpone_extra_time = o->extra_time;
  if (o->verdict == NULL || strcmp (o->verdict, "draw") == 0)
    f.verdict = ARB_QUICKPLAY_DRAW;
  else if (strcmp (o->verdict, "postpone") == 0)
    f.verdict = ARB_QUICKPLAY_POSTPONE;
  else if (strcmp (o->verdict, "reject") == 0)
    f.verdict = ARB_QUICKPLAY_REJECT;
  else if (strcmp (o->verdict, "increment") == 0)
    f.verdict = ARB_QUICKPLAY_INCREMENT;
  else
    {
      fail (_ ("--verdict must be draw, postpone, reject or increment"));
      return NULL;
    }
  return arb_laws_quickplay_claim (event, &f);
}

static gboolean
seal_facts (const Options *o, const State *state, ArbSealFacts *f, char **fen_out)
{
  memset (f, 0, sizeof *f);
  if (!resolve_by (o, state, &f->sealer, FALSE))
    return FALSE;
  if (state->have)
    {
      *fen_out = arb_position_to_fen (&state->pos, ARB_FEN_FLAGS_NONE);
      f->move_number = state->pos.fullmove_number;
    }
  else
    f->move_number = 1;
  f->fen_before = *fen_out;
  f->ply = state->ply;
  f->sealed_move = o->move;
  f->white = o->white_name != NULL ? o->white_name
             : state->game != NULL ? arb_pgn_game_get_tag (state->game, "White")
                                   : NULL;
  f->black = o->black_name != NULL ? o->black_name
             : state->game != NULL ? arb_pgn_game_get_tag (state->game, "Black")
                                   : NULL;
  f->resumption = o->resumption;
  f->draw_offer_by = ARB_COLOR_NONE;
  if (o->draw_offer != NULL && !parse_side (o->draw_offer, &f->draw_offer_by, FALSE))
    return fail (_ ("--draw-offer must be white or black"));
  return optional_time (o->white_used, "--white-used", &f->white_used_ms) &&
         optional_time (o->black_used, "--black-used", &f->black_used_ms) &&
         optional_time (o->session_left, "--session-left", &f->session_time_left_ms);
}

static ArbRuling *
rule_seal (const Options *o, const ArbEventSettings *event, const State *state)
{
  ArbSealFacts f;
  g_autofree char *fen = NULL;

  if (!seal_facts (o, state, &f, &fen))
    return NULL;
  return arb_laws_seal_move (event, &f);
}

static ArbRuling *
rule_resume (const Options *o, const ArbEventSettings *event, const State *state)
{
  ArbSealFacts sf;
  ArbResumeFacts f = { 0 };
  g_autofree char *fen = NULL;
  g_autoptr (ArbRuling) seal = NULL;
  int validity_auto = o->validity == NULL || strcmp (o->validity, "auto") == 0;

  if (!seal_facts (o, state, &sf, &fen))
    return NULL;
  seal = arb_laws_seal_move (event, &sf);
  f.envelope = seal->envelope;
  f.ply = state->ply;
  f.envelope_lost = o->envelope_lost || o->position_lost;
  f.position_reconstructible = !o->position_lost;
  f.stated_move = o->move;
  f.sealer_present = TRUE;
  f.replier_present = TRUE;
  if (o->absent != NULL)
    {
      if (strcmp (o->absent, "sealer") == 0)
        f.sealer_present = FALSE;
      else if (strcmp (o->absent, "replier") == 0)
        f.replier_present = FALSE;
      else
        {
          fail (_ ("--absent must be sealer or replier"));
          return NULL;
        }
    }
  if (!optional_time (o->late, "--late", &f.absent_late_ms))
    return NULL;
  f.present_player_flag_fell = o->flag_fell;
  if (!resolve_cannot_mate (o, state, 1 - sf.sealer, &f.opponent_cannot_mate))
    return NULL;

  f.validity = ARB_SEALED_VALID;
  f.outcome = ARB_SEALED_ENDS_NOTHING;
  if (!validity_auto)
    {
      static const char *const names[] = { "valid", "ambiguous", "unreadable", "illegal" };
      gboolean found = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        if (strcmp (o->validity, names[i]) == 0)
          {
            f.validity = (ArbSealedValidity) i;
            found = TRUE;
          }
      if (!found)
        {
          fail (_ ("--validity must be valid, ambiguous, unreadable, illegal or auto"));
          return NULL;
        }
    }
  if (state->have && o->move != NULL)
    {
      ArbSealedValidity validity;

      arb_ruling_facts_sealed_move (&state->pos, o->move, &validity, &f.outcome, NULL);
      if (validity_auto)
        f.validity = validity;
    }
  else if (validity_auto && o->move == NULL && !f.envelope_lost)
    {
      fail (_ ("resume needs --move (the sealed move) or --envelope-lost"));
      return NULL;
    }
  return arb_laws_resume (event, &f);
}

static ArbRuling *
rule_late (const Options *o, const ArbEventSettings *event, const State *state)
{
  ArbLateFacts f = { 0 };

  if (o->by == NULL || !parse_side (o->by, &f.by, TRUE))
    {
      fail (_ ("late-arrival needs --by white|black|both"));
      return NULL;
    }
  if (o->late == NULL || !parse_time (o->late, &f.late_ms))
    {
      fail (_ ("late-arrival needs --late TIME"));
      return NULL;
    }
  f.neither_present_at_start = o->both_absent || f.by == ARB_COLOR_NONE;
  return arb_laws_late_arrival (event, &f);
}

static ArbRuling *
rule_device (const Options *o, const ArbEventSettings *event, const State *state)
{
  ArbDeviceFacts f = { 0 };

  if (!resolve_by (o, state, &f.by, FALSE))
    return NULL;
  f.sounded = o->sounded;
  f.switched_off = o->switched_off;
  f.event_milder_penalty = o->milder;
  if (!resolve_cannot_mate (o, state, 1 - f.by, &f.opponent_cannot_mate))
    return NULL;
  return arb_laws_device (event, &f);
}

static ArbRuling *
rule_resign (const Options *o, const ArbEventSettings *event, const State *state)
{
  int by;
  gboolean cannot_mate;

  if (!resolve_by (o, state, &by, FALSE) || !resolve_cannot_mate (o, state, 1 - by, &cannot_mate))
    return NULL;
  return arb_laws_resign (event, by, cannot_mate);
}

static ArbRuling *
rule_penalty (const Options *o, const ArbEventSettings *event, const State *state)
{
  ArbPenaltyFacts f = { 0 };

  if (!arb_penalty_from_string (o->penalty, &f.penalty))
    {
      fail (_ ("unknown --penalty '%s' (run 'rule penalties' for the list)"), o->penalty);
      return NULL;
    }
  if (!resolve_by (o, state, &f.by, FALSE) || !optional_time (o->amount, "--amount", &f.ms))
    return NULL;
  f.current = ARB_RESULT_ONGOING;
  if (o->current != NULL && !arb_result_from_string (o->current, &f.current))
    {
      fail (_ ("--current: '%s' is not a result the Laws allow"), o->current);
      return NULL;
    }
  /* 12.9.6: the opponent's score is the arbiter's decision, given. */
  if (f.penalty == ARB_PENALTY_DECLARE_LOST && o->opponent_score == -1)
    {
      /* Translators: arbiter-cli rule refuses 12.9.6 without the
       * opponent's score; option names and numbers stay as they are */
      fail (_ ("--penalty declare-lost (12.9.6): give the opponent’s score with "
               "--opponent-score 2, 1 or 0"));
      return NULL;
    }
  f.opponent_scored = o->opponent_score != -1;
  if (o->offender_score < 0 || o->opponent_score < -1)
    {
      fail (_ ("scores are half points, 0 to 2"));
      return NULL;
    }
  f.offender_half_points = (guint) o->offender_score;
  f.opponent_half_points = (guint) MAX (0, o->opponent_score);
  f.text = o->text;
  return arb_laws_penalty (event, &f);
}

/* The facts the record gives (the end of the game, the position's counts)
 * come first: a ruling about play after the end of the game is refused
 * with that end, and an automatic draw is declared only where the
 * position meets it (9.6.1, 9.6.2). */
static gboolean
record_facts (const char *kind, const ArbEventSettings *event, State *state)
{
  static const char *const play_kinds[] = {
    "illegal-move", "claim-threefold", "claim-fifty", "fivefold", "seventy-five",
    "flag",         "quickplay-claim", "sealed-move", "resign",   NULL,
  };
  g_autoptr (GError) error = NULL;
  ArbAutomaticKind automatic =
    strcmp (kind, "fivefold") == 0 ? ARB_AUTOMATIC_FIVEFOLD : ARB_AUTOMATIC_SEVENTY_FIVE;
  gboolean is_automatic = strcmp (kind, "fivefold") == 0 || strcmp (kind, "seventy-five") == 0;

  arb_cli_record_follow (&state->record, &state->pos, state->game, state->ply, event->edition);
  if (!g_strv_contains (play_kinds, kind))
    return TRUE;
  if (!arb_cli_record_check_open (&state->record, is_automatic ? &automatic : NULL, &error) ||
      (is_automatic && !arb_cli_record_check_automatic (&state->record, automatic, &error)))
    return fail ("%s", error->message);
  return TRUE;
}

/* The ruling of @kind, or NULL when it cannot be made (the reason
 * printed); *listed is TRUE for the list of penalties, printed instead. */
static ArbRuling *
rule_kind (const char *kind,
           const Options *o,
           const ArbEventSettings *event,
           State *state,
           gboolean *listed)
{
  *listed = FALSE;
  if (strcmp (kind, "illegal-move") == 0)
    return rule_illegal_move (o, event, state);
  if (strcmp (kind, "claim-threefold") == 0)
    return rule_claim (o, event, state, ARB_CLAIM_THREEFOLD);
  if (strcmp (kind, "claim-fifty") == 0)
    return rule_claim (o, event, state, ARB_CLAIM_FIFTY);
  if (strcmp (kind, "fivefold") == 0)
    return arb_laws_automatic_draw (event, ARB_AUTOMATIC_FIVEFOLD, FALSE);
  if (strcmp (kind, "seventy-five") == 0)
    return arb_laws_automatic_draw (event, ARB_AUTOMATIC_SEVENTY_FIVE, o->mate);
  if (strcmp (kind, "flag") == 0)
    return rule_flag (o, event, state);
  if (strcmp (kind, "quickplay-claim") == 0)
    return rule_quickplay (o, event, state);
  if (strcmp (kind, "sealed-move") == 0)
    return rule_seal (o, event, state);
  if (strcmp (kind, "resume") == 0)
    return rule_resume (o, event, state);
  if (strcmp (kind, "late-arrival") == 0)
    return rule_late (o, event, state);
  if (strcmp (kind, "device") == 0)
    return rule_device (o, event, state);
  if (strcmp (kind, "resign") == 0)
    return rule_resign (o, event, state);
  if (strcmp (kind, "penalties") == 0)
    {
      if (o->penalty != NULL)
        return rule_penalty (o, event, state);
      arb_cli_rule_print_penalties (event, o->json);
      *listed = TRUE;
      return NULL;
    }
  fail (_ ("unknown KIND '%s'"), kind);
  return NULL;
}

int
arb_cli_rule (int argc, char **argv)
{
  Options o = { .opponent_score = -1 };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  ArbEventSettings event = { 0 };
  State state = { 0 };
  g_autoptr (ArbRuling) ruling = NULL;
  const char *kind;
  gboolean help = FALSE;
  gboolean listed = FALSE;
  int status = 2;
  GOptionEntry entries[] = {
    { "edition", 0, 0, G_OPTION_ARG_INT, &o.edition, NULL, NULL },
    { "time-control", 0, 0, G_OPTION_ARG_STRING, &o.time_control, NULL, NULL },
    { "category", 0, 0, G_OPTION_ARG_STRING, &o.category, NULL, NULL },
    { "supervision", 0, 0, G_OPTION_ARG_STRING, &o.supervision, NULL, NULL },
    { "default-time", 0, 0, G_OPTION_ARG_STRING, &o.default_time, NULL, NULL },
    { "national", 0, 0, G_OPTION_ARG_STRING, &o.national, NULL, NULL },
    { "guidelines", 0, 0, G_OPTION_ARG_NONE, &o.guidelines, NULL, NULL },
    { "supervised-blitz-penalty", 0, 0, G_OPTION_ARG_INT, &o.supervised_blitz_penalty, NULL, NULL },
    { "pgn", 0, 0, G_OPTION_ARG_FILENAME, &o.pgn, NULL, NULL },
    { "game", 0, 0, G_OPTION_ARG_INT, &o.game, NULL, NULL },
    { "ply", 0, 0, G_OPTION_ARG_INT, &o.ply, NULL, NULL },
    { "fen", 0, 0, G_OPTION_ARG_STRING, &o.fen, NULL, NULL },
    { "by", 0, 0, G_OPTION_ARG_STRING, &o.by, NULL, NULL },
    { "move", 0, 0, G_OPTION_ARG_STRING, &o.move, NULL, NULL },
    { "count", 0, 0, G_OPTION_ARG_INT, &o.count, NULL, NULL },
    { "opponent-cannot-mate", 0, 0, G_OPTION_ARG_STRING, &o.cannot_mate, NULL, NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o.json, NULL, NULL },
    { "illegal-kind", 0, 0, G_OPTION_ARG_STRING, &o.illegal_kind, NULL, NULL },
    { "claimed", 0, 0, G_OPTION_ARG_NONE, &o.claimed, NULL, NULL },
    { "arbiter-saw", 0, 0, G_OPTION_ARG_NONE, &o.arbiter_saw, NULL, NULL },
    { "opponent-moved", 0, 0, G_OPTION_ARG_NONE, &o.opponent_moved, NULL, NULL },
    { "kings-in-check", 0, 0, G_OPTION_ARG_NONE, &o.kings_in_check, NULL, NULL },
    { "correct", 0, 0, G_OPTION_ARG_STRING, &o.correct, NULL, NULL },
    { "remaining", 0, 0, G_OPTION_ARG_STRING, &o.remaining, NULL, NULL },
    { "touched", 0, 0, G_OPTION_ARG_NONE, &o.touched, NULL, NULL },
    { "mate", 0, 0, G_OPTION_ARG_NONE, &o.mate, NULL, NULL },
    { "both", 0, 0, G_OPTION_ARG_NONE, &o.both, NULL, NULL },
    { "order-known", 0, 0, G_OPTION_ARG_NONE, &o.order_known, NULL, NULL },
    { "last-period", 0, 0, G_OPTION_ARG_NONE, &o.last_period, NULL, NULL },
    { "called-by", 0, 0, G_OPTION_ARG_STRING, &o.called_by, NULL, NULL },
    { "claimant-flag-down", 0, 0, G_OPTION_ARG_NONE, &o.claimant_flag_down, NULL, NULL },
    { "game-over", 0, 0, G_OPTION_ARG_NONE, &o.game_over, NULL, NULL },
    { "verdict", 0, 0, G_OPTION_ARG_STRING, &o.verdict, NULL, NULL },
    { "extra-time", 0, 0, G_OPTION_ARG_NONE, &o.extra_time, NULL, NULL },
    { "no-arbiter", 0, 0, G_OPTION_ARG_NONE, &o.no_arbiter, NULL, NULL },
    { "not-final-period", 0, 0, G_OPTION_ARG_NONE, &o.not_final_period, NULL, NULL },
    { "increment", 0, 0, G_OPTION_ARG_NONE, &o.increment, NULL, NULL },
    { "white-used", 0, 0, G_OPTION_ARG_STRING, &o.white_used, NULL, NULL },
    { "black-used", 0, 0, G_OPTION_ARG_STRING, &o.black_used, NULL, NULL },
    { "session-left", 0, 0, G_OPTION_ARG_STRING, &o.session_left, NULL, NULL },
    { "resumption", 0, 0, G_OPTION_ARG_STRING, &o.resumption, NULL, NULL },
    { "draw-offer", 0, 0, G_OPTION_ARG_STRING, &o.draw_offer, NULL, NULL },
    { "white-name", 0, 0, G_OPTION_ARG_STRING, &o.white_name, NULL, NULL },
    { "black-name", 0, 0, G_OPTION_ARG_STRING, &o.black_name, NULL, NULL },
    { "validity", 0, 0, G_OPTION_ARG_STRING, &o.validity, NULL, NULL },
    { "absent", 0, 0, G_OPTION_ARG_STRING, &o.absent, NULL, NULL },
    { "late", 0, 0, G_OPTION_ARG_STRING, &o.late, NULL, NULL },
    { "envelope-lost", 0, 0, G_OPTION_ARG_NONE, &o.envelope_lost, NULL, NULL },
    { "position-lost", 0, 0, G_OPTION_ARG_NONE, &o.position_lost, NULL, NULL },
    { "flag-fell", 0, 0, G_OPTION_ARG_NONE, &o.flag_fell, NULL, NULL },
    { "both-absent", 0, 0, G_OPTION_ARG_NONE, &o.both_absent, NULL, NULL },
    { "sounded", 0, 0, G_OPTION_ARG_NONE, &o.sounded, NULL, NULL },
    { "switched-off", 0, 0, G_OPTION_ARG_NONE, &o.switched_off, NULL, NULL },
    { "milder", 0, 0, G_OPTION_ARG_NONE, &o.milder, NULL, NULL },
    { "penalty", 0, 0, G_OPTION_ARG_STRING, &o.penalty, NULL, NULL },
    { "amount", 0, 0, G_OPTION_ARG_STRING, &o.amount, NULL, NULL },
    { "current", 0, 0, G_OPTION_ARG_STRING, &o.current, NULL, NULL },
    { "offender-score", 0, 0, G_OPTION_ARG_INT, &o.offender_score, NULL, NULL },
    { "opponent-score", 0, 0, G_OPTION_ARG_INT, &o.opponent_score, NULL, NULL },
    { "text", 0, 0, G_OPTION_ARG_STRING, &o.text, NULL, NULL },
    { "desk", 0, 0, G_OPTION_ARG_STRING, &o.desk.url, NULL, NULL },
    { "token", 0, 0, G_OPTION_ARG_STRING, &o.desk.token, NULL, NULL },
    { "round", 0, 0, G_OPTION_ARG_INT, &o.desk.round, NULL, NULL },
    { "board", 0, 0, G_OPTION_ARG_INT, &o.desk.board, NULL, NULL },
    { "note", 0, 0, G_OPTION_ARG_STRING, &o.desk.note, NULL, NULL },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, NULL, NULL },
    { NULL }
  };

  o.game = 1;
  o.ply = -1;
  o.count = 0;
  context = g_option_context_new (NULL);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fail ("%s", error->message);
      fprintf (stderr, "%s\n", _ ("Run 'arbiter-cli rule --help' for the options."));
      goto out;
    }
  if (help)
    {
      fputs (_ (usage_text), stdout);
      fputs ("\n", stdout);
      fputs (arb_cli_rule_desk_usage (), stdout);
      status = 0;
      goto out;
    }
  if (argc != 2)
    {
      fputs (_ (usage_text), stderr);
      goto out;
    }
  kind = argv[1];
  if (o.edition == 0)
    {
      fail (_ ("--edition YEAR is required"));
      goto out;
    }
  if (!arb_cli_rule_desk_check (&o.desk) || !build_settings (&o, &event) ||
      !load_state (&o, &state))
    goto out_state;
  if (state.have && !record_facts (kind, &event, &state))
    goto out_state;

  ruling = rule_kind (kind, &o, &event, &state, &listed);
  if (listed)
    status = 0;
  else if (ruling == NULL)
    goto out_state;

  if (ruling != NULL)
    {
      if (o.json)
        arb_cli_rule_print_json (ruling);
      else
        arb_cli_rule_print_text (ruling, ruling->kind == ARB_RULING_SEAL);
      o.desk.json = o.json;
      status = o.desk.url != NULL ? arb_cli_rule_desk_send (&o.desk, ruling, state.ply) : 0;
    }

out_state:
  arb_cli_record_clear (&state.record);
  g_clear_pointer (&state.game, arb_pgn_game_free);
out:
  /* GOption allocates the string values; the entries know where they are. */
  for (gsize i = 0; entries[i].long_name != NULL; i++)
    if (entries[i].arg == G_OPTION_ARG_STRING || entries[i].arg == G_OPTION_ARG_FILENAME)
      g_clear_pointer ((char **) entries[i].arg_data, g_free);
  return status;
}
