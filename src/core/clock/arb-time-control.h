/* arb-time-control.h: FIDE time controls, their notations and categories
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-edition.h"
#include "arb-position.h"

G_BEGIN_DECLS

/* An ArbTimeControl is a plain value: copy it with '=', compare it with
 * arb_time_control_equal(). It holds, for each side, a list of periods; a
 * period gives a time, optionally a number of moves that must be completed
 * within it, and a bonus per move (Fischer increment or a delay).
 *
 * Notation (read by arb_time_control_parse(), written by
 * arb_time_control_to_pgn()). It is the PGN TimeControl tag, which FIDE TRF26
 * record 222 also uses, plus an extension for what neither can say:
 *
 *   control  := "?" | "-" | "*" SECONDS | sides
 *   sides    := periods | "W" periods SIDESEP "B" periods
 *   SIDESEP  := "-" | "/"                 (written as "-", as in TRF26)
 *   periods  := period { ":" period }     (at most ARB_TIME_CONTROL_MAX_PERIODS)
 *   period   := [ MOVES "/" ] SECONDS [ bonus ]
 *   bonus    := "+" SECONDS [ "^" ]       Fischer increment
 *             | "d" SECONDS               Bronstein delay (extension)
 *             | "s" SECONDS               simple (US) delay (extension)
 *   SECONDS  := digits [ "." 1 to 3 digits ]   (time is kept in milliseconds)
 *   MOVES    := digits, at least 1
 *
 *   "?"      unknown (PGN); "-" no time control (PGN);
 *   "*180"   sandclock (hourglass) of 180 seconds (PGN);
 *   "40/5400+30:1800+30"  90 min for 40 moves, then 30 min for the rest of
 *            the game, 30 s increment from move 1;
 *   "40/7200:20/3600:900+30"  increment only from move 61;
 *   "300+2"  5 min sudden death with 2 s increment; "300+0" keeps its "+0";
 *   "300d5"  5 min with a 5 s Bronstein delay: after each move the player
 *            gets back the time used on it, at most 5 s;
 *   "300s5"  5 min with a 5 s simple delay: each move the main time only
 *            starts to run after 5 s (2018 Laws, art. 6.3.2);
 *   "300+2^" the increment is credited before each move instead of after it,
 *            as FIDE clocks such as the DGT 3000 do: the clock shows 5:02
 *            before move 1 and nothing is added after the last move. Without
 *            "^" the increment is added after each completed move (PGN);
 *   "W300-B240"  Armageddon: White 5 min, Black 4 min (TRF26 222 form;
 *            "W300/B240" is also read). Each side may have its own periods.
 *
 * If the last period has a move count ("40/7200"), it repeats: each further
 * block of that many moves brings its time again.
 *
 * Moves are counted per side: "40/..." means each player's own 40 moves. */

#define ARB_TIME_CONTROL_MAX_PERIODS 8

typedef enum
{
  ARB_TIME_CONTROL_UNKNOWN,   /* "?" */
  ARB_TIME_CONTROL_NONE,      /* "-": the game has no time limit */
  ARB_TIME_CONTROL_PERIODS,   /* one or more periods per side */
  ARB_TIME_CONTROL_SANDCLOCK, /* "*T": time used by one side goes to the other */
} ArbTimeControlKind;

typedef enum
{
  ARB_BONUS_NONE,         /* no "+..." at all */
  ARB_BONUS_INCREMENT,    /* Fischer increment, "+N" */
  ARB_BONUS_BRONSTEIN,    /* Bronstein delay, "dN" */
  ARB_BONUS_SIMPLE_DELAY, /* simple or US delay, "sN" */
} ArbBonusKind;

typedef struct
{
  guint moves;    /* moves to complete in the period; 0 = rest of the game */
  gint64 time_ms; /* time given for the period */
  ArbBonusKind bonus;
  gint64 bonus_ms;            /* increment or delay per move */
  gboolean bonus_before_move; /* "^": increment credited when the move starts */
} ArbTimePeriod;

typedef struct
{
  ArbTimeControlKind kind;
  gboolean per_side;  /* White and Black have different periods */
  guint n_periods[2]; /* indexed by ArbColor */
  ArbTimePeriod periods[2][ARB_TIME_CONTROL_MAX_PERIODS];
  gint64 sandclock_ms; /* for ARB_TIME_CONTROL_SANDCLOCK */
} ArbTimeControl;

#define ARB_TIME_CONTROL_ERROR (arb_time_control_error_quark ())

typedef enum
{
  ARB_TIME_CONTROL_ERROR_SYNTAX,      /* unexpected character or end of text */
  ARB_TIME_CONTROL_ERROR_RANGE,       /* a number too large, zero, or too precise */
  ARB_TIME_CONTROL_ERROR_TOO_MANY,    /* more than ARB_TIME_CONTROL_MAX_PERIODS */
  ARB_TIME_CONTROL_ERROR_UNSUPPORTED, /* the target notation cannot express it */
} ArbTimeControlError;

GQuark arb_time_control_error_quark (void);

/* Parses @text (see the notation above) into @tc. On error, returns FALSE,
 * leaves @tc untouched, sets @error (its message names the position) and, if
 * @error_offset is not NULL, stores the offset in characters (not bytes,
 * counted from 0) of the offending character; the length of @text if the
 * text ended too early. */
gboolean arb_time_control_parse (const char *text,
                                 ArbTimeControl *tc,
                                 glong *error_offset,
                                 GError **error);

/* Sets @tc to @n_periods periods for both sides. */
void arb_time_control_init (ArbTimeControl *tc, const ArbTimePeriod *periods, guint n_periods);

gboolean arb_time_control_equal (const ArbTimeControl *a, const ArbTimeControl *b);

/* TRUE if the control limits time (periods or sandclock). */
gboolean arb_time_control_has_limit (const ArbTimeControl *tc);

/* The PGN TimeControl value, in the notation above. Newly allocated. */
char *arb_time_control_to_pgn (const ArbTimeControl *tc);

/* The FIDE TRF26 record 222 value: the same as the PGN form for what TRF can
 * express (periods with moves, time and increment, per-side times). Delays,
 * increments credited before the move, sandclocks, "?" and "-" cannot be
 * written: returns NULL with ARB_TIME_CONTROL_ERROR_UNSUPPORTED. */
char *arb_time_control_to_trf (const ArbTimeControl *tc, GError **error);

/* A readable, translated form such as "90′/40 + 30′, 30″/move from move 1". */
char *arb_time_control_to_readable (const ArbTimeControl *tc);

/* The time a side has for its first 60 moves: the times of all periods that
 * begin within those moves plus the bonus of each of them. For a single
 * period this is "base + 60 × increment", the measure the Laws use. A delay
 * counts as an increment (it can give back up to its length each move).
 * Returns -1 when the control has no limit. */
gint64 arb_time_control_time_for_60_moves_ms (const ArbTimeControl *tc, ArbColor side);

/* The category of a game under @edition:
 *   2001  rapid: 15 to 60 min, both included (App. B.1); blitz: under 15 min
 *         (App. C.1). The 2001 text does not say how increments count; the
 *         60-move measure of later editions is used.
 *   2009  rapid: at least 15 and less than 60 min (App. A.1); blitz: less than
 *         15 min (App. B.1).
 *   2014, 2018, 2023  blitz: 10 min or less (App. B.1); rapid: more than 10 and
 *         less than 60 min (App. A.1); otherwise standard.
 * The time measured is arb_time_control_time_for_60_moves_ms(), the larger of
 * the two sides when they differ (Armageddon). No limit, or unknown: standard. */
ArbCategory arb_time_control_category (const ArbTimeControl *tc, ArbEdition edition);

/* Which period (index into tc->periods[side]) a side's move number
 * @move (1 = its first move) falls in, following the repetition of a last
 * period with a move count. Returns the unbounded "stage" in @stage if not
 * NULL: it grows by one at each new period, also when the last repeats. */
guint arb_time_control_period_of_move (const ArbTimeControl *tc,
                                       ArbColor side,
                                       guint move,
                                       guint *stage);

/* The first move (1-based, of each side) played in stage @stage. */
guint arb_time_control_first_move_of_stage (const ArbTimeControl *tc, ArbColor side, guint stage);

/* Milliseconds as PGN and JSON write seconds: "5400", "10.931", "0.05". */
void arb_time_control_append_seconds (GString *out, gint64 ms);

G_END_DECLS
