/* arb-scoresheet-private.h: what the scoresheet reader and search share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-scoresheet-reader.h"
#include "arb-scoresheet-search.h"

G_BEGIN_DECLS

/* The three sets of piece letters players write (K Q R B N order). Swedish,
 * Norwegian and Danish use K D T L S (2009 Swedish Laws App. C.2, 2009
 * Norwegian Laws App. C.3, Danish Laws App. E.1), as does German (König,
 * Dame, Turm, Läufer, Springer); Dutch K D T L P (2001 Dutch Laws App. E.1). */
typedef enum
{
  FAMILY_EN,
  FAMILY_KDTLS,
  FAMILY_KDTLP,
  FAMILY_AUTO,
} Family;

extern const char *const _arb_scoresheet_family_letters[];

/* Costs of a reading's own liberties; docs/scoresheets.md lists them all. */
enum
{
  COST_FOREIGN_LETTER = 2,
  COST_CAPITAL_FILE = 2,
  COST_CAPITAL_PIECE_FILE = 6,
  COST_LOWER_PIECE = 2,
  COST_PAWN_LETTER = 1,
};

/* A figurine becomes one of these bytes in the normalised word, so that
 * it reads as its piece whatever the language. */
enum
{
  FIG_KING = 1,
  FIG_QUEEN,
  FIG_ROOK,
  FIG_BISHOP,
  FIG_KNIGHT,
  FIG_PAWN,
};

#define WORD_MAX 32

/* A piece letter's meaning, and what reading it so costs. */
typedef struct
{
  ArbPieceType piece;
  guint8 cost;
  guint8 flags;
} LetterReading;

/* Moves (arb-scoresheet-moves.c) */
gboolean _arb_scoresheet_family_for_language (const char *language, Family *family);
gboolean _arb_scoresheet_only_chars (const char *t, guint n, const char *set);
int _arb_scoresheet_castling_of (const char *t, guint n);
guint _arb_scoresheet_strip_suffixes (const char *t, guint n, guint *flags);
void _arb_scoresheet_read_move (const char *t, guint n, Family family, ArbScoresheetToken *tok);
gboolean _arb_scoresheet_looks_like_move (const char *t, guint n, Family family);

enum
{
  C_MISSING_X = 1,         /* a capture written without "x" */
  C_EXTRA_X = 10,          /* "x" on a move that takes nothing */
  C_FITS = 3,              /* a reading this cheap takes only liberties of form */
  C_PAWN_NO_FILE = 3,      /* "d5" for exd5 */
  C_SQUARE_NEAR = 8,       /* a file or rank off by one */
  C_SQUARE_FAR = 10,       /* a file or rank written wrong */
  C_PIECE = 10,            /* another piece's letter */
  C_ORIGIN = 6,            /* a departure file or rank the move does not have */
  C_ORIGIN_SQUARE = 1,     /* a full departure square wrong: its coordinates' cost and this */
  C_PROMOTION_DEFAULT = 1, /* "e8" for e8=Q */
  C_PROMOTION_WRONG = 8,   /* another promotion piece, or one where none is */
  C_CASTLING_SIDE = 10,    /* 0-0 for 0-0-0 */
  C_CASTLE_AS_KING = 1,    /* "Kg1" for 0-0 */
  C_PARTIAL = 4,           /* per coordinate not written */
  C_ILLEGIBLE = 12,        /* "?" or a blank cell: any legal move */
  C_INSERT = 26,           /* a half-move never written */
  C_INSERT_NUMBERED = 16,  /* ... where the move numbers show the gap */
  C_DELETE = 30,           /* a written move that is not in the game */
  C_DELETE_NUMBERED = 15,  /* ... where the move numbers show a repeat */
  C_DELETE_BLANK = 4,      /* a blank or "?" that is not in the game */
  C_DELETE_REPEAT = 6,     /* a move written twice in a row */
  C_DELETE_ROW = 4,        /* each move of a row written twice (two moves repeated) */
  C_SWAP = 10,             /* two moves written in the other order */
  C_SHEET_ENDED = 1,       /* per half-move after one of two sheets ends */
  MAX_STEP = 24,           /* dearest reading of one token */
  MARGIN = 40,             /* partial games this much dearer than the best are dropped */
  ALT_MARGIN = 12,         /* alternatives within this of the best are reported */
  RECENT_LIMIT = 52,       /* cost in the last few half-moves where a sheet stops making sense */
  DEFAULT_WIDTH_ONE = 128, /* beam width for one sheet */
  DEFAULT_WIDTH_TWO = 96,  /* and for two */
  INSERT_TOP = 4,          /* the best few always try a half-move never written */
  JUNK_TOP = 6,            /* and only they try another reading of a token that fits */
  INSERT_STUCK = 16,       /* states that try a missing half-move where nothing fits */
  CLASS_GUARANTEE = 16,    /* states kept for each way of lining up the sheets */
  WILDCARD_LOOKAHEAD = 4,  /* tokens read ahead to order moves no token names */
  MAX_ALTERNATIVES = 4,
  MAX_FINALS = 64,
  INF = 0xFFFF,
};

/* What a reading changed to fit a move. */
enum
{
  DEV_PIECE = 1 << 0,
  DEV_SQUARE = 1 << 1,
  DEV_ORIGIN = 1 << 2,
  DEV_CAPTURE = 1 << 3,
  DEV_PROMOTION = 1 << 4,
  DEV_CASTLING = 1 << 5,
  DEV_PARTIAL = 1 << 6,
  DEV_ILLEGIBLE = 1 << 7,
};

/* How a step used a sheet. */
enum
{
  OP_MATCH,
  OP_INSERT,
  OP_SWAP1_START, /* read the next-but-one token now, ... */
  OP_SWAP1_END,   /* ... and the skipped one for the next half-move */
  OP_SWAP2_START, /* a player's two moves in the other order: token i + 2 now, */
  OP_SWAP2_MID,   /* i + 1 next, */
  OP_SWAP2_END,   /* then i */
  OP_ENDED,       /* the sheet has ended (two sheets only) */
};

enum
{
  PENDING_NONE,
  PENDING_SWAP1,
  PENDING_SWAP2A,
  PENDING_SWAP2B,
};

#define MAX_OPTS 8
#define NO_HIST G_MAXUINT32

typedef struct
{
  gint8 piece;
  gint8 from_file, from_rank, to_file, to_rank;
  guint8 capture;
  guint8 promotion;
  guint8 castling;
  gint8 king_file; /* where the king ends, for castling */
  gint8 rook_file;
} Features;

typedef struct
{
  guint8 op;
  guint8 n_del;
  guint8 next_pending;
  guint8 ins_run;
  int j; /* token read, -1 for none */
  guint16 next_tok;
  guint16 base; /* the step's cost before the reading */
} Opt;

typedef struct
{
  ArbPosition pos;
  guint32 hist;
  guint32 cost;
  guint32 recent;
  guint16 tok[2];
  guint8 pending[2];
  guint8 ins_run[2];
  guint8 cool[2]; /* half-moves before another swap may start */
  guint16 inserts;
  guint16 last_change; /* the last half-move that changed what was written */
  guint32 late;        /* the sum of each step's cost times its half-move */
} Live;

typedef struct
{
  guint32 parent;
  ArbMove move;
  gint16 read[2];
  guint16 del_first[2];
  guint8 n_del[2];
  guint8 op[2];
  guint8 dev[2];
  guint8 step[2];
} Hist;

typedef struct
{
  guint32 hist;
  guint32 cost;
  guint16 blunders; /* counted only where games tie on cost */
  guint16 plies;
  guint8 trail_del[2];
  guint16 trail_first[2];
} Final;

typedef struct
{
  guint32 cost;
  guint32 live;
  guint16 last_change;
  guint32 late;  /* as Live's: among equal costs, the higher read as written for longer */
  guint8 prior;  /* for a move no token names: how badly the next tokens fit after it */
  guint32 order; /* last ties are broken by generation order: the search is deterministic */
  ArbMove move;
  guint8 opt[2];
  guint8 dev[2];
  guint8 step[2];
} Cand;

typedef struct
{
  ArbScoresheet *const *sheets;
  guint n_sheets;
  guint n_tokens[2];
  const ArbScoresheetToken *tokens[2];
  guint width;
  guint32 limit;
  guint16 insert_budget;
  const ArbMove *fixed;
  guint n_fixed;

  GArray *hist;   /* Hist */
  GArray *finals; /* Final */
  GArray *cands;  /* Cand */
  GArray *opts;   /* Opt, MAX_OPTS per sheet per live state */
  guint64 expanded;

  /* scratch per expansion */
  Features features[ARB_MAX_MOVES];
  guint16 match[2][MAX_OPTS][ARB_MAX_MOVES];
  guint8 dev[2][MAX_OPTS][ARB_MAX_MOVES];
} Search;

/* Cost model (arb-scoresheet-cost.c) */
void _arb_scoresheet_features_of (const ArbPosition *pos, ArbMove move, Features *f);
guint _arb_scoresheet_match_cost (const ArbScoresheetToken *tok,
                                  const Features *f,
                                  guint8 *dev_out);
gboolean _arb_scoresheet_token_plausible (const ArbPosition *pos, const ArbScoresheetToken *tok);
gboolean _arb_scoresheet_exact_moves (const ArbPosition *pos,
                                      const ArbScoresheetToken *tok,
                                      ArbMove out[ARB_SCORESHEET_MAX_READINGS],
                                      guint *n_out);
gboolean _arb_scoresheet_is_blunder (const ArbPosition *pos, ArbMove move);
guint8 _arb_scoresheet_wildcard_prior (const Search *s,
                                       const ArbPosition *pos,
                                       ArbMove move,
                                       guint next);

/* Search (arb-scoresheet-search.c) */
guint _arb_scoresheet_delete_cost (const Search *s, guint sheet, guint token, guint ply);

/* Results (arb-scoresheet-result.c) */
void _arb_scoresheet_game_free (gpointer game);
ArbScoresheetGame *_arb_scoresheet_game_from_final (const Search *s,
                                                    const ArbPosition *start,
                                                    const Final *f);
guint16 _arb_scoresheet_count_blunders (const Search *s, const ArbPosition *start, guint32 hist);
int _arb_scoresheet_final_compare (gconstpointer a, gconstpointer b);
void _arb_scoresheet_prefer_as_written (const Search *s, GArray *finals);
gboolean _arb_scoresheet_same_moves (const ArbScoresheetGame *a,
                                     const ArbScoresheetGame *b,
                                     guint *differs_at);

G_END_DECLS
