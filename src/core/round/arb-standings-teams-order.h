/* arb-standings-teams-order.h: the order of a team event's standings
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-direct-encounter.h"
#include "arb-tournament-teams.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* The score that ranks first (C.07 2026, 11.1): match points or game
 * points; the other is the secondary score. Keys "mp", "gp": the nicks
 * of ARB_TYPE_TEAM_SCORE (arb-round-enums.h). */
typedef enum
{
  ARB_TEAM_SCORE_MP,
  ARB_TEAM_SCORE_GP,
} ArbTeamScore;

const char *arb_team_score_to_key (ArbTeamScore score);
gboolean arb_team_score_from_key (const char *key, ArbTeamScore *score);

/* The match points of a team's win, draw and loss (C.07 2026, 11.1: the
 * event's regulations give them; TRF-2026 record 362, TW, TD and TL,
 * 2.0, 1.0 and 0.0 when it is absent). The event's "team_scoring" keeps
 * them as "scoring" keeps a game's, "3-1-0". */
typedef struct
{
  double win;
  double draw;
  double loss;
} ArbTeamMatchPoints;

/* 2, 1, 0. */
void arb_team_match_points_init_default (ArbTeamMatchPoints *points);
/* "3-1-0": three numbers, win ≥ draw ≥ loss ≥ 0, as arb_scoring_parse ()
 * reads a game's; FALSE leaves @points as they were. */
gboolean arb_team_match_points_parse (const char *text, ArbTeamMatchPoints *points);
char *arb_team_match_points_to_text (const ArbTeamMatchPoints *points);
/* The event's "team_scoring", or the default where it is absent or
 * does not read. */
void arb_team_match_points_from_event (const ArbEventInfo *event, ArbTeamMatchPoints *points);

/* The tie-breaks a team event can rank by after its primary score, by
 * the keys an event's "team_tiebreaks" names them (lowercase acronyms of
 * C.07, 2026 edition, Article 5; the nicks of ARB_TYPE_TEAM_ORDER_KEY). DE, EDE, BH, SB and SSSC are counted
 * on the primary score, as 13 says a tie-break is when it names none. */
typedef enum
{
  ARB_TEAM_ORDER_MPVGP, /* "mpvgp", 13.1: the secondary score */
  ARB_TEAM_ORDER_DE,    /* "de", 6 */
  ARB_TEAM_ORDER_EDE,   /* "ede", 13.3 */
  ARB_TEAM_ORDER_BH,    /* "bh", 8.1 */
  ARB_TEAM_ORDER_SB,    /* "sb", 9.1: EMMSB on MP, EGGSB on GP */
  ARB_TEAM_ORDER_EMMSB, /* "emmsb", 13.2.1 */
  ARB_TEAM_ORDER_EMGSB, /* "emgsb", 13.2.2 */
  ARB_TEAM_ORDER_EGMSB, /* "egmsb", 13.2.3 */
  ARB_TEAM_ORDER_EGGSB, /* "eggsb", 13.2.4 */
  ARB_TEAM_ORDER_SSSC,  /* "sssc", 13.4 */
  ARB_TEAM_ORDER_BC,    /* "bc", 12.1: lower is better */
  ARB_TEAM_ORDER_TBR,   /* "tbr", 12.2: board by board, no one value */
  ARB_TEAM_ORDER_BBE,   /* "bbe", 12.3: board by board, no one value */
  ARB_TEAM_ORDER_N      /*< skip >*/
} ArbTeamOrderKey;

#define ARB_TEAM_ORDER_MAX 16

const char *arb_team_order_to_key (ArbTeamOrderKey key);
gboolean arb_team_order_from_key (const char *key, ArbTeamOrderKey *out);
/* The acronym of C.07 Article 5 ("MPvGP", "TBR"), for headings. */
const char *arb_team_order_acronym (ArbTeamOrderKey key);

/* What a tie-break of the order says besides its key, as the FIDE
 * Technical Commission's codes write it (TRF-2026 records 202, 212:
 * "BH:GP/C1"): the score it counts, where C.07 (2026) 13 lets a team
 * tie-break name one (DE, BH, SB: ":MP", ":GP"; none, the primary
 * score), and a Cut or Median (14.1 to 14.4: "/C1", "/C2", "/M1", "/M2")
 * for the sums BH, SB and the four ESB. All zero: the key alone. */
typedef enum
{
  ARB_TEAM_ON_PRIMARY, /* the score named by none */
  ARB_TEAM_ON_MP,
  ARB_TEAM_ON_GP,
} ArbTeamOn;

typedef struct
{
  ArbTeamOn on;
  char modifier; /* '\0', 'C' (Cut-n) or 'M' (Median-n) */
  int n;         /* 1 or 2 with a modifier */
} ArbTeamOrderOption;

typedef struct
{
  ArbTeamScore primary;
  guint n_order;
  ArbTeamOrderKey order[ARB_TEAM_ORDER_MAX];
  ArbTeamOrderOption options[ARB_TEAM_ORDER_MAX]; /* by position, as order */
} ArbTeamOrder;

/* An item of the order as the event's "team_tiebreaks" keeps it: the key,
 * then ":mp" or ":gp", then "-c1", "-c2", "-m1" or "-m2" ("bh:gp-c1"),
 * the cut after a slash too, and in either case, as a TRF code ("BH:GP/C1");
 * FALSE for a key unknown or an option the key does not take, with
 * @error set (G_OPTION_ERROR_BAD_VALUE) where not NULL. */
gboolean arb_team_order_item_from_text (const char *text,
                                        ArbTeamOrderKey *key,
                                        ArbTeamOrderOption *option,
                                        GError **error);
char *arb_team_order_item_to_text (ArbTeamOrderKey key, const ArbTeamOrderOption *option);
/* The item as its heading shows it: the acronym and the code's options
 * ("BH:GP/C1", "MPvGP"). */
char *arb_team_order_item_title (ArbTeamOrderKey key, const ArbTeamOrderOption *option);
/* Whether @key takes @option (C.07 13 for the score, 14 for the cuts). */
gboolean arb_team_order_option_allowed (ArbTeamOrderKey key, const ArbTeamOrderOption *option);
/* The score @option makes the item count under @primary. */
ArbTeamScore arb_team_order_option_score (const ArbTeamOrderOption *option, ArbTeamScore primary);
/* Whether @order has @key (BH or SB) on @score uncut as an item of its
 * own, so that a list shows it there and not beside the order; SB on
 * game points is EGGSB too (C.07 2026, 13.2.4). */
gboolean arb_team_order_has_plain (const ArbTeamOrder *order,
                                   ArbTeamOrderKey key,
                                   ArbTeamScore score);

/* Match points, then MPvGP (game points), DE, BH, SB. */
void arb_team_order_init_default (ArbTeamOrder *order);

/* The order an event's settings give: "team_score" ("mp", "gp") and
 * "team_tiebreaks" (["mpvgp", "de", "bh", "sb"], arb_team_order_to_key);
 * the default for what is absent or does not read (an unknown key is
 * skipped). */
void arb_team_order_from_event (const ArbEventInfo *event, ArbTeamOrder *order);

/* One team in the sort. The caller fills index, score, values (the keys
 * that are one value: not DE, EDE, TBR, BBE), items (the same by the
 * order's positions, with their options) and boards; the sort fills
 * rank and de. */
typedef struct
{
  int index;                          /* the caller's */
  double score[2];                    /* by ArbTeamScore */
  double values[ARB_TEAM_ORDER_N];    /* by ArbTeamOrderKey */
  double items[ARB_TEAM_ORDER_MAX];   /* by position in the order: each item's value */
  double boards[ARB_TEAM_MAX_BOARDS]; /* Σ game points on each board (12) */
  int rank;                           /* 0 first; the tied share one */
  double de;                          /* direct encounter's value, 0 when not ranked by it */
  double key;                         /* scratch of the sort */
} ArbTeamSortEntry;

/* Article 6 on @score for the teams @members (the caller's indices). */
typedef gboolean (*ArbTeamDeScoresFunc) (gpointer data,
                                         ArbTeamScore score,
                                         const int *members,
                                         int m,
                                         ArbDeScore *s);

/* Sorts @entries by @order as C.07 4.2 applies an order: each tie-break
 * splits the groups the ones before it left tied. @n_boards: the boards
 * TBR and BBE compare. */
void arb_team_order_sort (const ArbTeamOrder *order,
                          ArbTeamSortEntry *entries,
                          guint n,
                          int n_boards,
                          ArbTeamDeScoresFunc de_scores,
                          gpointer data);

G_END_DECLS
