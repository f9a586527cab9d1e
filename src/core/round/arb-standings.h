/* arb-standings.h: standings and tie-breaks from the tournament record
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

/* The tie-breaks of the FIDE Tie-Break Regulations (Handbook C.07, in
 * force for FIDE-rated events from 1 April 2024, and its edition of
 * 1 March 2026), by their acronyms there. The key a file stores is the
 * nick (ARB_TYPE_TIEBREAK, arb-round-enums.h): the acronym in lowercase. */
typedef enum
{
  ARB_TIEBREAK_BUCHHOLZ, /*< nick=bh >*/            /* BH, 8.1 */
  ARB_TIEBREAK_BUCHHOLZ_CUT1, /*< nick=bh-c1 >*/    /* BH-C1, 8.1 with 14.1 */
  ARB_TIEBREAK_BUCHHOLZ_MEDIAN1, /*< nick=bh-m1 >*/ /* BH-M1, 8.1 with 14.3 */
  ARB_TIEBREAK_SONNEBORN_BERGER, /*< nick=sb >*/    /* SB, 9.1 */
  ARB_TIEBREAK_PROGRESSIVE, /*< nick=ps >*/         /* PS, 7.5 */
  ARB_TIEBREAK_DIRECT_ENCOUNTER, /*< nick=de >*/    /* DE, 6 */
  ARB_TIEBREAK_WINS, /*< nick=win >*/               /* WIN, 7.1: rounds won, played or not */
  ARB_TIEBREAK_GAMES_WON, /*< nick=won >*/          /* WON, 7.2: games won over the board */
  ARB_TIEBREAK_BLACK_GAMES, /*< nick=bpg >*/        /* BPG, 7.3: games played with Black */
  ARB_TIEBREAK_ARO,                                 /* ARO, 10.1 */
  ARB_TIEBREAK_KOYA, /*< nick=ks >*/                /* KS, 9.2: round robins */
  /* Those of the edition in force from 1 March 2026 ("Play-Off and
   * Tie-Break Regulations") not above (arb-standings-counts.c). */
  ARB_TIEBREAK_BUCHHOLZ_CUT2, /*< nick=bh-c2 >*/         /* BH-C2, 8.1 with 14.2 */
  ARB_TIEBREAK_BUCHHOLZ_MEDIAN2, /*< nick=bh-m2 >*/      /* BH-M2, 8.1 with 14.4 */
  ARB_TIEBREAK_SONNEBORN_BERGER_CUT1, /*< nick=sb-c1 >*/ /* SB-C1, 9.1 with 14.1 */
  ARB_TIEBREAK_BLACK_WINS, /*< nick=bwg >*/              /* BWG, 7.4: games won with Black */
  ARB_TIEBREAK_ROUNDS_ELECTED, /*< nick=rep >*/          /* REP, 7.6: rounds elected to play */
  ARB_TIEBREAK_STANDARD_POINTS, /*< nick=std >*/         /* STD, 7.7: wins 1, draws ½ */
  ARB_TIEBREAK_PAIRING_NUMBER, /*< nick=tpn >*/          /* TPN, 7.8: the lower first */
  ARB_TIEBREAK_AOB,                                      /* AOB, 8.2 */
  ARB_TIEBREAK_FORE_BUCHHOLZ, /*< nick=fb >*/            /* FB, 8.3 */
  /* The rating-based tie-breaks of C.07's edition in force from 1 March
   * 2026, Article 10 (arb-standings-rating.c): whole numbers, as ARO. */
  ARB_TIEBREAK_TPR,  /* TPR, 10.2: tournament performance rating */
  ARB_TIEBREAK_PTP,  /* PTP, 10.3: perfect tournament performance */
  ARB_TIEBREAK_APRO, /* APRO, 10.4: average of the opponents' TPR */
  ARB_TIEBREAK_APPO, /* APPO, 10.5: average of the opponents' PTP */
  ARB_TIEBREAK_RTNG, /* RTNG, 10.6: the participant's own rating */
} ArbTiebreak;

#define ARB_TIEBREAK_N (ARB_TIEBREAK_RTNG + 1)

/* How the tie-breaks made of the opponents' scores (Buchholz and its
 * Cut and Median, Sonneborn-Berger) count the rounds not played over the
 * board; the other tie-breaks are the same under every rule (see
 * arb-standings.c for each).
 *  - ARB_UNPLAYED_C07: C.07 (2023, in force for FIDE-rated events from
 *    1 April 2024) Article 16: a participant's own unplayed round is a
 *    game against a dummy opponent with the participant's own score; an
 *    opponent's byes and absences after the opponent's last round that
 *    was no voluntarily unplayed round count as draws; a cut takes a
 *    voluntarily unplayed round first. The default.
 *  - ARB_UNPLAYED_C07_2026: the edition in force from 1 March 2026: as
 *    C.07 of 2024, but the dummy's score is capped (Article 16.4): for a
 *    forfeit at the scheduled opponent's adjusted score (16.4.1), for a
 *    bye or an absence at a draw's points times the number of rounds
 *    (16.4.2).
 *  - ARB_UNPLAYED_FIDE_2009: the rule in force before C.07 (Handbook
 *    C.02, Article 13 in its 2017 edition, since the 2009 General
 *    Assembly): an own unplayed round is a game against a "virtual
 *    opponent" with the participant's score before that round, the
 *    round's opposite result and a draw in every later round; every
 *    unplayed round of an opponent counts as a draw.
 *  - ARB_UNPLAYED_PLAIN: no adjustment: each round's opponent (the one
 *    the pairing named, a forfeit too) with the score as it stands; a
 *    round without an opponent counts nothing. What many club programs
 *    print. */
typedef enum
{
  ARB_UNPLAYED_C07,
  ARB_UNPLAYED_C07_2026,
  ARB_UNPLAYED_FIDE_2009,
  ARB_UNPLAYED_PLAIN,
} ArbUnplayedRule;

#define ARB_UNPLAYED_N (ARB_UNPLAYED_PLAIN + 1)

/* Points for a win, a draw and a loss (forfeits score as wins and
 * losses), and for the byes by their TRF code: H half a point, F and U a
 * full point, Z (and an absence) zero; and the rule for unplayed rounds
 * (0, zeroed, is C.07's; a value out of range reads as C.07's too).
 * round_robin: the pairings were fixed in advance (a round robin), so
 * C.07 Article 15.2 takes the place of the rule for unplayed rounds: a
 * forfeit is a regular game against the scheduled opponent, except that
 * every forfeit stays unplayed for the tie-breaks by rating (Article 10)
 * and a forfeit loss for the participant's own record (Article 7). */
typedef struct
{
  double win;
  double draw;
  double loss;
  ArbUnplayedRule unplayed;
  gboolean round_robin;
  /* C.07 Article 14.5, the Limit modifier of Koya: its line (half the
   * points possible) moved up (> 0) or down by this many half points,
   * a half point being half a win's points ("KS/L+1" in TRF-2026). */
  int koya_limit;
} ArbScoring;

/* The largest move of the Koya line the settings take, in half points. */
#define ARB_KOYA_LIMIT_MAX 40

/* 1-½-0, and the 3-1-0 some events use. */
void arb_scoring_init_default (ArbScoring *scoring);
/* "1-0.5-0", "3-1-0": three numbers, win ≥ draw ≥ loss ≥ 0; sets the
 * points only, the rule for unplayed rounds stays as it was. */
gboolean arb_scoring_parse (const char *text, ArbScoring *scoring);

/* The stable key of a rule for unplayed rounds ("c07", "c07-2026",
 * "fide-2009", "plain": the nicks of ARB_TYPE_UNPLAYED_RULE), and back,
 * in any case; FALSE when unknown. @rule may be NULL. */
const char *arb_unplayed_rule_to_key (ArbUnplayedRule rule);
gboolean arb_unplayed_rule_from_key (const char *key, ArbUnplayedRule *rule);

/* The stable key of a tie-break ("bh-c1"), and back, in any case; FALSE
 * when unknown. @tiebreak may be NULL. */
const char *arb_tiebreak_to_key (ArbTiebreak tiebreak);
gboolean arb_tiebreak_from_key (const char *key, ArbTiebreak *tiebreak);

/* TRUE for the tie-breaks that are ratings (ARO and C.07 Article 10's
 * others): whole numbers, shown without a fraction. */
gboolean arb_tiebreak_is_rating (ArbTiebreak tiebreak);

/* The order used when the event names none (see arb-standings.c). */
const ArbTiebreak *arb_tiebreak_default_order (guint *n);

/* The longest order of tie-breaks an event names. */
#define ARB_TIEBREAK_MAX_ORDER 16

/* What the event's settings decide (docs/tournament-file.md): "scoring"
 * ("3-1-0"), "tiebreaks" (["bh-c1", "bh", …]), "unplayed_rounds"
 * ("c07", "fide-2009", "plain"), "round_robin" (true, false) and
 * "koya_limit" (a whole number of half points, -40 to 40). What is absent, or does not read,
 * leaves the default: 1-½-0, arb_tiebreak_default_order () and C.07's
 * rule. @order holds ARB_TIEBREAK_MAX_ORDER. */
void arb_standings_event_settings (const ArbEventInfo *event,
                                   ArbScoring *scoring,
                                   ArbTiebreak *order,
                                   guint *n_order);

typedef struct
{
  int rank; /* 1, 2, … in the order of the standings */
  /* The place: rank when the tie-breaks separate the player; when they
   * leave players tied (on points and every tie-break of the order),
   * each of them has the first and the last of their ranks ("3–4"). */
  int place_first;
  int place_last;
  int after_round; /* the standings are after this round */
  gint64 player_id;
  int start_no;
  char *name;
  int rating;
  double points;
  double values[ARB_TIEBREAK_N]; /* every tie-break, whichever orders */
} ArbStandingsRow;

void arb_standings_row_free (ArbStandingsRow *row);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbStandingsRow, arb_standings_row_free)

/* The place of @row as text: "3", or "3–4" when shared. Free it. */
char *arb_standings_row_place (const ArbStandingsRow *row);

/* The standings after round @up_to (0: the last round all of whose
 * games have a result; a game without one counts nothing), from
 * @players (ArbPlayerInfo) and @games (ArbGameInfo, every round): pure,
 * nothing read or written. Ordered by points, then @order, then starting
 * rank. Returns ArbStandingsRow. */
GPtrArray *arb_standings_compute (GPtrArray *players,
                                  GPtrArray *games,
                                  int up_to,
                                  const ArbScoring *scoring,
                                  const ArbTiebreak *order,
                                  guint n_order);

/* Stores @rule as the event's "unplayed_rounds", keeping every other
 * setting: read and written in one transaction (arb-event-settings.h). */
gboolean arb_standings_set_unplayed_rule (ArbTournament *tournament,
                                          ArbUnplayedRule rule,
                                          GError **error);

/* The same, read from @tournament. */
GPtrArray *arb_standings_read (ArbTournament *tournament,
                               int up_to,
                               const ArbScoring *scoring,
                               const ArbTiebreak *order,
                               guint n_order,
                               GError **error);

G_END_DECLS
