/* arb-trf.h: FIDE Tournament Report File, TRF16 and TRF26
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRF16 is a fixed-width text format. A player line (record 001), with
 * columns counted from 1:
 *
 *   1-3   "001"            49-52  rating
 *   5-8   starting rank    54-56  federation
 *   10    sex              58-68  FIDE id
 *   11-13 title            70-79  birth date (YYYY/MM/DD)
 *   15-47 name             81-84  points     86-89  rank
 *
 * then one 10-column block per round, the first at column 92:
 *
 *   92-95 opponent's starting rank (0000 for a bye)
 *   97    colour (w, b or -)
 *   99    result code: 1 = 0 (played), + - (forfeit), W D L (played,
 *         not rated), H F U Z (half, full, pairing-allocated, zero bye),
 *         blank when not yet played.
 *
 * Header records are a three-digit code and a value from column 5
 * (012 name, 022 city, 042/052 dates, 102 chief arbiter, 132 round dates
 * at the round columns…).
 *
 * TRF26 keeps the 001 line as it is and adds records; those the reader
 * understands are also kept verbatim in `records`, so a file is written
 * back as it was read:
 *
 *   142    the number of rounds (the XXR line of pairing programs too)
 *   222    the time control, in the PGN TimeControl form
 *   240    byes asked for: code in column 5 (H, F, Z), the round in 7-9,
 *          then starting ranks of four columns from column 11, one blank
 *          apart
 *   300    a board out of the published order: round (0 for all),
 *          board and a player's starting rank, blank separated from
 *          column 5 (read by storage when it numbers the boards)
 *   310    a team: its number in 5-7, name in 9-40, then the starting
 *          ranks of its players in board order, four columns each from
 *          column 74, one blank apart
 *   352    the colours of board 1, 2… for the team named first in a match
 *          ("WBWB")
 *   162    the points of each kind of result (ArbTrfScoring)
 *   362    the match points of a team's win, draw and loss
 *          (ArbTrfTeamScoring)
 *   202    the tie-breaks that break ties on points, in order, and
 *   212    the order of the whole standings, "PTS" first (ArbTrfTiebreak;
 *          arb-trf-event.c)
 *
 * and TRF16's team record 013: the name in 5-36, the players' starting
 * ranks from column 37 as in 310. */

#define ARB_TRF_ERROR (arb_trf_error_quark ())

typedef enum
{
  ARB_TRF_ERROR_SYNTAX,       /* a field that cannot be read */
  ARB_TRF_ERROR_INCONSISTENT, /* two player lines disagree about a game */
  ARB_TRF_ERROR_UNSUPPORTED,
} ArbTrfError;

typedef struct
{
  int opponent; /* starting rank, 0 for none */
  char colour;  /* 'w', 'b', '-', or ' ' when the block is blank */
  char result;  /* a result code, or ' ' */
} ArbTrfRound;

typedef struct
{
  int line; /* where it was read, for messages */
  int start_no;
  char sex;
  char title[4];
  char *name;
  int rating;
  char federation[4];
  gint64 fide_id;
  char *birth_date;
  int points_x2; /* points times two, exact */
  int rank;
  GArray *rounds; /* ArbTrfRound, index 0 is round 1 */
} ArbTrfPlayer;

typedef struct
{
  char code[4];
  char *value;
} ArbTrfRecord;

/* A team of a team competition (records 013 and 310). */
typedef struct
{
  int line;
  int number; /* 310: the team's number; 013: its place among the 013 lines */
  char *name;
  GArray *members; /* int: starting ranks in board order */
  /* 310 only, as the pairing program wrote them: match points (55-60)
   * and game points (62-67) in half points, -1 where blank; the team's
   * rank (69-71), 0 where blank. */
  int match_points_x2;
  int game_points_x2;
  int rank;
} ArbTrfTeam;

/* Byes asked for before a round is paired (record 240). */
typedef struct
{
  int line;
  char code; /* H, F or Z (a blank code is a zero-point bye) */
  int round;
  GArray *start_nos; /* int */
} ArbTrfBye;

/* Record 162 of TRF-2026 ("Scoring point system for individuals", FIDE
 * Technical Commission, Format of Tournament Report File, Version 2026):
 * the points of each kind of result, a code letter in column 6 and its
 * points in 7-10, the next pair from column 15, then 24… A kind the
 * record does not give has the format's default. */
typedef enum
{
  ARB_TRF_SCORE_WIN,         /* W: won over the board or by forfeit, a full-point bye; 1.0 */
  ARB_TRF_SCORE_DRAW,        /* D: drawn, a half-point bye; 0.5 */
  ARB_TRF_SCORE_LOSS,        /* L: lost over the board; 0.0 */
  ARB_TRF_SCORE_ABSENCE,     /* A: a forfeit loss, a zero-point bye; 0.0 */
  ARB_TRF_SCORE_PAIRING_BYE, /* P: the pairing-allocated bye; W's points */
  ARB_TRF_SCORE_UNKNOWN,     /* X: a result not known yet (adjourned); D's points */
} ArbTrfScoreKind;

#define ARB_TRF_SCORE_N (ARB_TRF_SCORE_UNKNOWN + 1)

typedef struct
{
  int line; /* of the 162 record; 0 when the file has none */
  double points[ARB_TRF_SCORE_N];
  guint given; /* 1 << kind for each kind the record names */
} ArbTrfScoring;

/* Record 362 of TRF-2026 ("Scoring point system for teams"): the match
 * points of a team win (TW), draw (TD) and loss (TL), each code followed
 * by its points as 162 lays them out (read tolerantly: blank separated,
 * in any columns); 2.0, 1.0 and 0.0 when not given. */
typedef enum
{
  ARB_TRF_TEAM_SCORE_WIN,  /* TW */
  ARB_TRF_TEAM_SCORE_DRAW, /* TD */
  ARB_TRF_TEAM_SCORE_LOSS, /* TL */
} ArbTrfTeamScoreKind;

#define ARB_TRF_TEAM_SCORE_N (ARB_TRF_TEAM_SCORE_LOSS + 1)

typedef struct
{
  int line; /* of the 362 record; 0 when the file has none */
  double points[ARB_TRF_TEAM_SCORE_N];
  guint given; /* 1 << kind for each kind the record names */
} ArbTrfTeamScoring;

/* One code of records 202 and 212 of TRF-2026: comma-separated codes of
 * the FIDE Technical Commission's list of Mandatory Tie-Breaks, each
 * NAME[:MP|:GP][/Cn|/Mn|/L±n|/Kx][/P][/F] (the acronym of C.07, the
 * score of a team event, Cut-n, Median-n, the Koya limit in half points,
 * the factor of SSSC, forfeits as played games, Fore Buchholz), in any
 * case. */
typedef struct
{
  int line;
  int column;
  char *code;         /* as written, in upper case: "BH:MP/C1/P" */
  char *name;         /* "BH" */
  char score[3];      /* the letters after ':' ("MP", "GP"), "" for none */
  char modifier;      /* 'C', 'M', 'L', 'K', or '\0' for none */
  int modifier_value; /* n of Cn and Mn, ±n of L, x of K */
  gboolean played;    /* /P */
  gboolean fore;      /* /F */
  gboolean other;     /* an option the grammar does not have, or two modifiers */
} ArbTrfTiebreak;

typedef enum
{
  ARB_TRF_VERSION_16 = 16,
  ARB_TRF_VERSION_26 = 26,
} ArbTrfVersion;

typedef struct
{
  GPtrArray *records;             /* ArbTrfRecord, header lines other than 001 and 132 */
  GPtrArray *round_dates;         /* char *, 132 */
  GPtrArray *players;             /* ArbTrfPlayer */
  GPtrArray *teams;               /* ArbTrfTeam, from 013 or 310 (310 when both are there) */
  GPtrArray *byes;                /* ArbTrfBye, from 240 */
  int n_rounds;                   /* 142 or XXR; 0 when the file does not say */
  ArbTrfScoring scoring;          /* 162, or the defaults */
  ArbTrfTeamScoring team_scoring; /* 362, or the defaults */
  GPtrArray *tiebreaks;           /* ArbTrfTiebreak, from 202 */
  GPtrArray *standings;           /* ArbTrfTiebreak, from 212 ("PTS" and the tie-breaks) */
  ArbTrfVersion version;          /* 26 when a record only TRF26 has is there */
} ArbTrf;

GQuark arb_trf_error_quark (void);

/* Errors carry the line and column. Unknown record codes are kept. */
ArbTrf *arb_trf_parse (const char *text, gsize length, GError **error);
char *arb_trf_write (const ArbTrf *trf);
ArbTrf *arb_trf_new (void);
void arb_trf_free (ArbTrf *trf);

/* TRF lines start with a three-digit record code and a blank, or with a
 * `###` comment (a TRF-2026 file may begin with one); PGN starts with a
 * tag or with movetext. */
gboolean arb_trf_looks_like (const char *text, gsize length);

/* TEXT, a TRF file, as version TO writes it: to TRF16 without the
 * records only TRF-2026 has (310 becomes 013, 142 stays as XXR), to
 * TRF-2026 with 013 as 310 and the number of rounds in 142. Every other
 * line and the line ends are kept; TEXT unchanged when it is already TO
 * (arb-trf-convert.c). */
char *arb_trf_convert (const char *text, ArbTrfVersion to);

/* Points a result code gives (times two). */
int arb_trf_code_points_x2 (char code);

/* A title as FIDE spells it: TRF files from older programs write "g", "m",
 * "wf"…; NULL for an empty title. */
const char *arb_trf_title_normalize (const char *title);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTrf, arb_trf_free)

G_END_DECLS
