/* arb-scoresheet-search.c: the legal game that best explains one or two scoresheets
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arb-scoresheet-private.h"
#include "arb-i18n.h"

/* ------------------------------------------------------------------------ */
/* The beam */

static gboolean
same_text (const Search *s, guint sheet, guint a, guint b)
{
  return strcmp (s->tokens[sheet][a].text, s->tokens[sheet][b].text) == 0;
}

/* Whether @token is one of a pair of moves written again right after
 * themselves: a row of the sheet copied onto the next line ("13. Nf1 Bf8
 * 13. Nf1 Bf8"). One player's two moves written the same ("Rxd8" twice
 * in an exchange) are not enough: both columns repeat. */
static gboolean
in_row_written_twice (const Search *s, guint sheet, guint token)
{
  guint total = s->n_tokens[sheet];

  /* The first of the copy, or the second. */
  if (token >= 2 && token + 1 < total && same_text (s, sheet, token, token - 2) &&
      same_text (s, sheet, token + 1, token - 1))
    return TRUE;
  return token >= 3 && same_text (s, sheet, token, token - 2) &&
         same_text (s, sheet, token - 1, token - 3);
}

guint
_arb_scoresheet_delete_cost (const Search *s, guint sheet, guint token, guint ply)
{
  const ArbScoresheetToken *tok = &s->tokens[sheet][token];

  if (tok->flags & (ARB_SCORESHEET_TOKEN_BLANK | ARB_SCORESHEET_TOKEN_ILLEGIBLE))
    return C_DELETE_BLANK;
  /* The same move written twice in a row. */
  if (token > 0 && strcmp (tok->text, s->tokens[sheet][token - 1].text) == 0)
    return C_DELETE_REPEAT;
  if (in_row_written_twice (s, sheet, token))
    return C_DELETE_ROW;
  if (tok->expected >= 0 && (guint) tok->expected < ply)
    return C_DELETE_NUMBERED;
  return C_DELETE;
}

/* The ways a live state can use sheet @sheet for its next half-move. */
static guint
sheet_options (const Search *s, const Live *live, guint sheet, guint ply, Opt out[MAX_OPTS])
{
  guint n = 0;
  guint i = live->tok[sheet];
  guint total = s->n_tokens[sheet];

  switch (live->pending[sheet])
    {
    case PENDING_SWAP1:
      out[n++] = (Opt){ OP_SWAP1_END, 0, PENDING_NONE, 0, (int) i, (guint16) (i + 2), 0 };
      return n;
    case PENDING_SWAP2A:
      out[n++] = (Opt){ OP_SWAP2_MID, 0, PENDING_SWAP2B, 0, (int) i + 1, (guint16) i, 0 };
      return n;
    case PENDING_SWAP2B:
      out[n++] = (Opt){ OP_SWAP2_END, 0, PENDING_NONE, 0, (int) i, (guint16) (i + 3), 0 };
      return n;
    default:
      break;
    }

  if (i >= total)
    {
      if (s->n_sheets > 1)
        out[n++] = (Opt){ OP_ENDED, 0, PENDING_NONE, 0, -1, (guint16) i, C_SHEET_ENDED };
      return n;
    }

  /* Read the next token, or skip one or two first. */
  {
    guint skipped = 0;

    for (guint k = 0; k < 3 && i + k < total; k++)
      {
        out[n++] = (Opt){ OP_MATCH,         (guint8) k,
                          PENDING_NONE,     0,
                          (int) (i + k),    (guint16) (i + k + 1),
                          (guint16) skipped };
        skipped += _arb_scoresheet_delete_cost (s, sheet, i + k, ply);
      }
  }
  if (i + 1 < total && live->cool[sheet] == 0)
    out[n++] = (Opt){ OP_SWAP1_START, 0, PENDING_SWAP1, 0, (int) i + 1, (guint16) i, C_SWAP };
  if (i + 2 < total && live->cool[sheet] == 0)
    out[n++] = (Opt){ OP_SWAP2_START, 0, PENDING_SWAP2A, 0, (int) i + 2, (guint16) i, C_SWAP };
  /* A move left out of its cell and written after the next one ("6. Re1"
   * with Black's cell empty, then "7. Bb3 b5"): skip the empty cell and
   * read the two after it in the other order. */
  if (i + 2 < total && live->cool[sheet] == 0 &&
      (s->tokens[sheet][i].flags & (ARB_SCORESHEET_TOKEN_BLANK | ARB_SCORESHEET_TOKEN_ILLEGIBLE)))
    out[n++] = (Opt){ OP_SWAP1_START,
                      1,
                      PENDING_SWAP1,
                      0,
                      (int) i + 2,
                      (guint16) (i + 1),
                      (guint16) (C_SWAP + _arb_scoresheet_delete_cost (s, sheet, i, ply)) };
  if (live->ins_run[sheet] < 2 && live->inserts < s->insert_budget)
    {
      const ArbScoresheetToken *tok = &s->tokens[sheet][i];
      guint cost = tok->expected >= 0 && (guint) tok->expected > ply ? C_INSERT_NUMBERED : C_INSERT;

      out[n++] = (Opt){ OP_INSERT, 0,           PENDING_NONE,  (guint8) (live->ins_run[sheet] + 1),
                        -1,        (guint16) i, (guint16) cost };
    }
  return n;
}

static gboolean
live_is_done (const Search *s, const Live *live)
{
  for (guint k = 0; k < s->n_sheets; k++)
    if (live->tok[k] < s->n_tokens[k] || live->pending[k] != PENDING_NONE)
      return FALSE;
  return TRUE;
}

static void
push_cand (Search *s,
           const Live *parent,
           guint ply,
           guint32 cost,
           guint32 live,
           ArbMove move,
           const guint8 opt[2],
           const guint8 dev[2],
           const guint step[2])
{
  Cand c;

  c.cost = cost;
  c.last_change = step[0] + step[1] >= 4 ? (guint16) (ply + 1) : parent->last_change;
  c.late = parent->late + (step[0] + step[1]) * (ply + 1);
  c.prior = 0;
  /* A move that no token names (a blank, "?", a half-move never written)
   * could be any legal move, and they all cost the same: try first those
   * after which the next tokens of the sheet read as written. */
  if (s->n_sheets == 1)
    {
      const Opt *o = &g_array_index (s->opts, Opt, (gsize) live * 2 * MAX_OPTS + opt[0]);
      int next = -1;

      if (o->op == OP_INSERT)
        next = (int) o->next_tok;
      else if (o->j >= 0 && o->op == OP_MATCH && s->tokens[0][o->j].n_readings == 0)
        next = o->j + 1;
      if (next >= 0)
        c.prior = _arb_scoresheet_wildcard_prior (s, &parent->pos, move, (guint) next);
    }
  c.live = live;
  c.order = s->cands->len;
  c.move = move;
  for (guint k = 0; k < 2; k++)
    {
      c.opt[k] = opt[k];
      c.dev[k] = dev[k];
      c.step[k] = (guint8) MIN (step[k], 255u);
    }
  g_array_append_val (s->cands, c);
}

/* Offers @c's candidate to the search: kept when within *@bound, which
 * then narrows to it plus MARGIN. */
static void
offer_cand (Search *s,
            const Live *live,
            guint ply,
            guint32 total,
            guint index,
            ArbMove move,
            const guint8 oi[2],
            const guint8 dv[2],
            const guint st[2],
            guint32 *bound)
{
  if (total > *bound)
    return;
  push_cand (s, live, ply, total, index, move, oi, dv, st);
  if (total + MARGIN < *bound)
    *bound = total + MARGIN;
}

/* A state that is not among the best few and whose next token names a
 * move exactly only reads that token as written: no need to look at
 * every legal move. TRUE when that was so and the steps are pushed. */
static gboolean
expand_exact (Search *s, const Live *live, guint index, guint ply, Opt *opts, guint32 *bound)
{
  ArbMove exact[ARB_SCORESHEET_MAX_READINGS];
  ArbMove fixed = ply < s->n_fixed ? s->fixed[ply] : ARB_MOVE_NONE;
  guint n_exact;

  if (s->n_sheets != 1 || index < JUNK_TOP || live->pending[0] != PENDING_NONE ||
      live->tok[0] >= s->n_tokens[0])
    return FALSE;
  if (!_arb_scoresheet_exact_moves (&live->pos, &s->tokens[0][live->tok[0]], exact, &n_exact))
    return FALSE;
  sheet_options (s, live, 0, ply, opts);
  for (guint e = 0; e < n_exact; e++)
    {
      Features f;
      guint8 oi[2] = { 0, 0 };
      guint8 dv[2] = { 0, 0 };
      guint st[2] = { 0, 0 };
      guint c;

      if (fixed != ARB_MOVE_NONE && exact[e] != fixed)
        continue;
      _arb_scoresheet_features_of (&live->pos, exact[e], &f);
      c = _arb_scoresheet_match_cost (&s->tokens[0][live->tok[0]], &f, &dv[0]);
      if (c > MAX_STEP)
        continue;
      st[0] = c;
      offer_cand (s, live, ply, live->cost + c, index, exact[e], oi, dv, st, bound);
    }
  return TRUE;
}

/* The cost of reading option @o's token of sheet @k as each of the @n
 * legal moves (s->match, s->dev); returns the lowest. */
static guint
match_option (Search *s, guint k, guint o, const Opt *opt, guint n)
{
  guint best = INF;

  for (guint m = 0; m < n; m++)
    {
      guint c =
        _arb_scoresheet_match_cost (&s->tokens[k][opt->j], &s->features[m], &s->dev[k][o][m]);

      s->match[k][o][m] = (guint16) (c > MAX_STEP ? INF : c);
      best = MIN (best, c);
    }
  return best;
}

/* Sheet @k's options at @live and what each costs for the @n legal
 * moves; the options not to try are set in *@disabled. */
static guint
score_sheet (Search *s,
             const Live *live,
             guint index,
             guint ply,
             guint k,
             guint n,
             Opt *opts,
             guint *disabled)
{
  guint n_opts = sheet_options (s, live, k, ply, opts);
  guint best_next = INF;
  gboolean fits;

  /* The first option reads the next token in its place; how well it
   * fits decides how much else is tried. */
  if (n_opts > 0 && opts[0].j >= 0)
    best_next = match_option (s, k, 0, &opts[0], n);
  fits = best_next <= C_FITS && opts[0].op == OP_MATCH;

  /* Where the next token fits as written, only the best few states also
   * try other readings of it, skipping tokens, swaps and a half-move
   * never written: a shifted sheet can fit by chance for a move or two,
   * and the best states carry those hypotheses. */
  if (fits && index >= JUNK_TOP)
    {
      for (guint m = 0; m < n; m++)
        if (s->match[k][0][m] != INF && s->match[k][0][m] > C_FITS)
          s->match[k][0][m] = INF;
      for (guint o = 1; o < n_opts; o++)
        if (index >= INSERT_TOP || opts[o].op != OP_INSERT)
          *disabled |= 1u << o;
      return n_opts;
    }
  for (guint o = 1; o < n_opts; o++)
    {
      if (opts[o].op == OP_INSERT && index >= INSERT_STUCK)
        *disabled |= 1u << o;
      if (opts[o].j >= 0)
        match_option (s, k, o, &opts[o], n);
    }
  return n_opts;
}

/* The steps of the legal move @m read from one sheet, by each option. */
static void
push_one_sheet (Search *s,
                const Live *live,
                guint index,
                guint ply,
                ArbMove move,
                guint m,
                const Opt *opts,
                guint n_opts,
                guint disabled,
                guint32 *bound)
{
  for (guint o = 0; o < n_opts; o++)
    {
      const Opt *opt = &opts[o];
      guint step = opt->base;
      guint8 oi[2] = { (guint8) o, 0 };
      guint8 dv[2] = { 0, 0 };
      guint st[2] = { 0, 0 };

      if (disabled & (1u << o))
        continue;
      if (opt->j >= 0)
        {
          if (s->match[0][o][m] == INF)
            continue;
          step += s->match[0][o][m];
          dv[0] = s->dev[0][o][m];
        }
      st[0] = step;
      offer_cand (s, live, ply, live->cost + step, index, move, oi, dv, st, bound);
    }
}

/* The steps of the legal move @m read from two sheets, by each pair of
 * options of which one at least reads a token. */
static void
push_two_sheets (Search *s,
                 const Live *live,
                 guint index,
                 guint ply,
                 ArbMove move,
                 guint m,
                 const Opt *opts,
                 const guint n_opts[2],
                 const guint disabled[2],
                 guint32 *bound)
{
  for (guint o0 = 0; o0 < n_opts[0]; o0++)
    {
      const Opt *a = &opts[o0];
      guint c0 = a->base;

      if (disabled[0] & (1u << o0))
        continue;
      if (a->j >= 0)
        {
          if (s->match[0][o0][m] == INF)
            continue;
          c0 += s->match[0][o0][m];
        }
      for (guint o1 = 0; o1 < n_opts[1]; o1++)
        {
          const Opt *b = &opts[MAX_OPTS + o1];
          guint c1 = b->base;
          guint8 oi[2] = { (guint8) o0, (guint8) o1 };
          guint8 dv[2] = { 0, 0 };
          guint st[2];

          /* Some sheet must have written the move. */
          if ((a->j < 0 && b->j < 0) || (disabled[1] & (1u << o1)))
            continue;
          if (b->j >= 0)
            {
              if (s->match[1][o1][m] == INF)
                continue;
              c1 += s->match[1][o1][m];
              dv[1] = s->dev[1][o1][m];
            }
          if (a->j >= 0)
            dv[0] = s->dev[0][o0][m];
          st[0] = c0;
          st[1] = c1;
          offer_cand (s, live, ply, live->cost + c0 + c1, index, move, oi, dv, st, bound);
        }
    }
}

/* Generates the candidate steps of one live state. */
static void
expand (Search *s, const Live *lives, guint index, guint ply, guint32 *bound)
{
  const Live *live = &lives[index];
  ArbMoveList list;
  Opt *opts = &g_array_index (s->opts, Opt, (gsize) index * 2 * MAX_OPTS);
  guint n_opts[2] = { 0, 0 };
  guint disabled[2] = { 0, 0 };
  ArbMove fixed = ply < s->n_fixed ? s->fixed[ply] : ARB_MOVE_NONE;

  s->expanded++;
  if (expand_exact (s, live, index, ply, opts, bound))
    return;

  arb_position_legal_moves (&live->pos, &list);
  if (list.n_moves == 0)
    return;
  for (guint m = 0; m < list.n_moves; m++)
    _arb_scoresheet_features_of (&live->pos, list.moves[m], &s->features[m]);
  for (guint k = 0; k < s->n_sheets; k++)
    n_opts[k] =
      score_sheet (s, live, index, ply, k, list.n_moves, opts + k * MAX_OPTS, &disabled[k]);

  for (guint m = 0; m < list.n_moves; m++)
    {
      ArbMove move = list.moves[m];

      if (fixed != ARB_MOVE_NONE && move != fixed)
        continue;
      if (s->n_sheets == 1)
        push_one_sheet (s, live, index, ply, move, m, opts, n_opts[0], disabled[0], bound);
      else
        push_two_sheets (s, live, index, ply, move, m, opts, n_opts, disabled, bound);
    }
}

static int
cand_compare (gconstpointer a, gconstpointer b)
{
  const Cand *x = a, *y = b;

  if (x->cost != y->cost)
    return x->cost < y->cost ? -1 : 1;
  /* Of two readings that cost the same, the one that has been right for
   * longer is the better bet. */
  if (x->prior != y->prior)
    return x->prior < y->prior ? -1 : 1;
  /* Of two that cost the same and reach the same state, the one whose
   * corrections come later read the sheet as written for longer: a
   * mistake shows where the sheet stops making sense. */
  if (x->late != y->late)
    return x->late > y->late ? -1 : 1;
  if (x->last_change != y->last_change)
    return x->last_change < y->last_change ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order ? 1 : 0;
}

static guint64
state_key (const Live *live)
{
  return live->pos.key ^ ((guint64) live->tok[0] * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) ^
         ((guint64) live->tok[1] * G_GUINT64_CONSTANT (0xC2B2AE3D27D4EB4F)) ^
         ((guint64) (live->pending[0] | (live->pending[1] << 4)) *
          G_GUINT64_CONSTANT (0x165667B19E3779F9));
}

/* Remaining tokens of a sheet that a finished game may leave unread: at
 * most two, and only dear ones. Returns FALSE when more are left. */
static gboolean
trailing_cost (const Search *s, const Live *live, guint sheet, guint ply, guint *cost)
{
  guint left = s->n_tokens[sheet] - live->tok[sheet];

  *cost = 0;
  if (live->pending[sheet] != PENDING_NONE || left > 2)
    return FALSE;
  for (guint t = live->tok[sheet]; t < s->n_tokens[sheet]; t++)
    *cost += _arb_scoresheet_delete_cost (s, sheet, t, ply);
  return TRUE;
}

static void
add_final (Search *s, const Live *live, guint plies)
{
  Final f = { 0 };
  guint extra = 0;

  for (guint k = 0; k < s->n_sheets; k++)
    {
      guint c;

      if (!trailing_cost (s, live, k, plies, &c))
        return;
      f.trail_del[k] = (guint8) (s->n_tokens[k] - live->tok[k]);
      f.trail_first[k] = live->tok[k];
      extra += c;
    }
  f.hist = live->hist;
  f.cost = live->cost + extra;
  f.plies = (guint16) plies;
  if (f.cost > s->limit)
    return;
  if (s->finals->len >= MAX_FINALS)
    {
      /* Keep the cheapest: replace the dearest if this one is cheaper. */
      guint worst = 0;

      for (guint i = 1; i < s->finals->len; i++)
        if (g_array_index (s->finals, Final, i).cost > g_array_index (s->finals, Final, worst).cost)
          worst = i;
      if (g_array_index (s->finals, Final, worst).cost <= f.cost)
        return;
      g_array_index (s->finals, Final, worst) = f;
      return;
    }
  g_array_append_val (s->finals, f);
}

static guint32
best_final_cost (const Search *s)
{
  guint32 best = G_MAXUINT32;

  for (guint i = 0; i < s->finals->len; i++)
    best = MIN (best, g_array_index (s->finals, Final, i).cost);
  return best;
}

/* How a candidate lines up its sheets with the game: for each sheet, the
 * half-moves played less the tokens read (a missing half-move raises it,
 * a skipped token lowers it), kept within -4..4. */
static guint
alignment_class (const Search *s, const Cand *cand, guint ply)
{
  const Opt *opts = &g_array_index (s->opts, Opt, (gsize) cand->live * 2 * MAX_OPTS);
  guint cls = 0;

  for (guint k = 0; k < s->n_sheets; k++)
    {
      const Opt *opt = &opts[k * MAX_OPTS + cand->opt[k]];
      int held = opt->next_pending == PENDING_SWAP2B ? 2
                 : opt->next_pending != PENDING_NONE ? 1
                                                     : 0;
      int offset = (int) ply + 1 - (int) opt->next_tok - held;

      cls = cls * 9 + (guint) (CLAMP (offset, -4, 4) + 4);
    }
  return cls;
}

typedef struct
{
  guint64 *table;
  guint table_size;
  guint accepted;
  GArray *next;
} Layer;

/* Makes a candidate into a state of the next layer; FALSE when it is
 * refused (an implausible missing move, a sheet that stopped making sense,
 * a state already reached more cheaply). */
static gboolean
accept (Search *s, GArray *lives, const Cand *cand, guint ply, Layer *layer)
{
  const Live *parent = &g_array_index (lives, Live, cand->live);
  const Opt *opts = &g_array_index (s->opts, Opt, (gsize) cand->live * 2 * MAX_OPTS);
  Live child;
  Hist h;
  ArbUndo undo;
  guint64 key;
  guint slot;
  gboolean inserted_only = TRUE;
  guint32 step_total = 0;

  child = *parent;
  arb_position_make_move (&child.pos, cand->move, &undo);
  h.parent = parent->hist;
  h.move = cand->move;
  for (guint k = 0; k < 2; k++)
    {
      h.read[k] = -1;
      h.del_first[k] = 0;
      h.n_del[k] = 0;
      h.op[k] = OP_ENDED;
      h.dev[k] = 0;
      h.step[k] = 0;
    }
  for (guint k = 0; k < s->n_sheets; k++)
    {
      const Opt *opt = &opts[k * MAX_OPTS + cand->opt[k]];

      h.read[k] = (gint16) opt->j;
      h.del_first[k] = parent->tok[k];
      h.n_del[k] = opt->n_del;
      h.op[k] = opt->op;
      h.dev[k] = cand->dev[k];
      h.step[k] = cand->step[k];
      child.tok[k] = opt->next_tok;
      child.pending[k] = opt->next_pending;
      child.ins_run[k] = opt->op == OP_INSERT ? opt->ins_run : 0;
      if (opt->op == OP_SWAP1_END || opt->op == OP_SWAP2_END)
        child.cool[k] = 3;
      else if (child.cool[k] > 0)
        child.cool[k]--;
      if (opt->op == OP_INSERT)
        child.inserts++;
      if (opt->j >= 0)
        inserted_only = FALSE;
      step_total += cand->step[k];
    }
  /* With one sheet, a half-move never written must let the sheet's next
   * token make sense. */
  if (s->n_sheets == 1 && inserted_only && child.tok[0] < s->n_tokens[0] &&
      !_arb_scoresheet_token_plausible (&child.pos, &s->tokens[0][child.tok[0]]))
    return FALSE;
  child.recent = parent->recent - parent->recent / 4 + step_total;
  if (child.recent > RECENT_LIMIT)
    return FALSE;
  child.cost = cand->cost;
  child.last_change = cand->last_change;
  child.late = cand->late;
  if (child.cost > s->limit)
    return FALSE;

  key = state_key (&child) | 1;
  slot = (guint) (key & (layer->table_size - 1));
  while (layer->table[slot] != 0)
    {
      if (layer->table[slot] == key)
        return FALSE;
      slot = (slot + 1) & (layer->table_size - 1);
    }
  layer->table[slot] = key;

  layer->accepted++;
  child.hist = s->hist->len;
  g_array_append_val (s->hist, h);
  add_final (s, &child, ply + 1);
  if (!live_is_done (s, &child))
    g_array_append_val (layer->next, child);
  return TRUE;
}

/* Makes the chosen candidates into the next layer: first the best few of
 * each way of lining up the sheets, then the cheapest of the rest. The
 * readings that correct one character are many and cheap; without the
 * first pass they would crowd out a missing half-move (dearer at first,
 * cheaper in the end). */
static GArray *
select_layer (Search *s, GArray *lives, guint ply)
{
  Layer layer = { 0 };
  g_autofree guint8 *taken = NULL;
  guint class_count[81] = { 0 };
  guint32 best;

  layer.table_size = 1;
  while (layer.table_size < s->width * 4)
    layer.table_size <<= 1;
  layer.table = g_new0 (guint64, layer.table_size);
  layer.next = g_array_sized_new (FALSE, FALSE, sizeof (Live), s->width);
  if (s->cands->len == 0)
    goto out;

  /* Candidates were made against a bound that only fell as they came:
   * drop those beyond the final one before sorting. */
  best = G_MAXUINT32;
  for (guint c = 0; c < s->cands->len; c++)
    best = MIN (best, g_array_index (s->cands, Cand, c).cost);
  {
    guint kept = 0;

    for (guint c = 0; c < s->cands->len; c++)
      if (g_array_index (s->cands, Cand, c).cost <= best + MARGIN)
        g_array_index (s->cands, Cand, kept++) = g_array_index (s->cands, Cand, c);
    g_array_set_size (s->cands, kept);
  }
  g_array_sort (s->cands, cand_compare);
  taken = g_new0 (guint8, s->cands->len);
  for (guint c = 0; c < s->cands->len && layer.accepted < s->width; c++)
    {
      const Cand *cand = &g_array_index (s->cands, Cand, c);
      guint cls;

      if (cand->cost > best + MARGIN)
        break;
      cls = alignment_class (s, cand, ply);
      if (class_count[cls] >= CLASS_GUARANTEE)
        continue;
      taken[c] = 1;
      if (accept (s, lives, cand, ply, &layer))
        class_count[cls]++;
    }
  for (guint c = 0; c < s->cands->len && layer.accepted < s->width; c++)
    {
      const Cand *cand = &g_array_index (s->cands, Cand, c);

      if (cand->cost > best + MARGIN)
        break;
      if (!taken[c])
        accept (s, lives, cand, ply, &layer);
    }
out:
  g_free (layer.table);
  return layer.next;
}

/* ------------------------------------------------------------------------ */

typedef struct
{
  guint min_step; /* the cheapest step into the layer */
  guint sheet;
  int token;      /* the token that step read (or stood before) */
  int next_token; /* the token the best state reads next */
} LayerRecord;

/* Where the sheet stops making sense: the start of the last stretch of
 * half-moves where no partial game could read its token cheaply (a cheap
 * reading or two inside the stretch do not end it). */
static void
set_failure (const Search *s,
             GArray *layers,
             guint ply,
             ArbScoresheetFailure *failure,
             GError **error)
{
  guint sheet = 0;
  int token = -1;
  guint cheap = 0;

  for (guint i = layers->len; i > 0; i--)
    {
      const LayerRecord *r = &g_array_index (layers, LayerRecord, i - 1);

      if (r->min_step < C_SQUARE_NEAR)
        {
          if (++cheap == 3)
            break;
          continue;
        }
      cheap = 0;
      ply = i;
      sheet = r->sheet;
      token = r->token;
    }
  if (token < 0 && layers->len > 0)
    {
      const LayerRecord *r = &g_array_index (layers, LayerRecord, layers->len - 1);

      sheet = r->sheet;
      token = r->next_token;
    }
  if (failure != NULL)
    {
      failure->ply = ply;
      failure->sheet = sheet;
      failure->token = token;
    }
  if (token >= 0 && (guint) token < s->n_tokens[sheet])
    {
      const ArbScoresheetToken *tok = &s->tokens[sheet][token];

      if (s->n_sheets > 1)
        g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NO_GAME,
                     /* Translators: a ply is a half-move; "sheet 1" or "sheet 2" is
                      * one of the two players' scoresheets; '%s' is what is written
                      * there, at that line and column of the sheet's text */
                     _ ("ply %u: no legal move fits sheet %u's '%s' (line %u, column %u) and "
                        "what follows"),
                     ply, sheet + 1, tok->text, tok->line, tok->column);
      else
        g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NO_GAME,
                     /* Translators: a ply is a half-move; '%s' is what is written on
                      * the scoresheet, at that line and column of its text */
                     _ ("ply %u: no legal move fits '%s' (line %u, column %u) and what follows"),
                     ply, tok->text, tok->line, tok->column);
    }
  else
    g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NO_GAME,
                 /* Translators: a ply is a half-move, counted from 1 */
                 _ ("ply %u: no legal game explains the sheet"), ply);
}

/* What a layer's cheapest partial game read, for the error. */
static void
record_layer (const Search *s, GArray *layers, GArray *lives, const Live *before)
{
  LayerRecord r = { G_MAXUINT, 0, -1, -1 };

  if (lives->len == 0)
    {
      /* Nothing could be played: the token the best state was to read. */
      for (guint k = 0; k < s->n_sheets; k++)
        if (before->tok[k] < s->n_tokens[k])
          {
            r.sheet = k;
            r.token = before->tok[k];
            break;
          }
      g_array_append_val (layers, r);
      return;
    }

  {
    /* The cheapest partial game's own step. */
    const Live *l = &g_array_index (lives, Live, 0);
    const Hist *h = &g_array_index (s->hist, Hist, l->hist);

    r.min_step = 0;
    for (guint k = 0; k < s->n_sheets; k++)
      r.min_step += h->step[k];
    r.token = h->read[0] >= 0 ? h->read[0] : h->del_first[0];
    for (guint k = 0; k < s->n_sheets; k++)
      if (h->step[k] >= C_SQUARE_NEAR)
        {
          r.sheet = k;
          r.token = h->read[k] >= 0 ? h->read[k] : h->del_first[k];
          break;
        }
  }
  if (lives->len > 0)
    {
      const Live *best = &g_array_index (lives, Live, 0);

      r.next_token = best->tok[r.sheet] < s->n_tokens[r.sheet] ? best->tok[r.sheet] : -1;
    }
  g_array_append_val (layers, r);
}

/* The other games within ALT_MARGIN of the best, one per line of moves,
 * cheapest first; those at the best's cost are counted as tied. */
static void
collect_alternatives (const Search *s, const ArbPosition *start, ArbScoresheetResult *result)
{
  for (guint i = 1; i < s->finals->len && result->alternatives->len < MAX_ALTERNATIVES; i++)
    {
      const Final *f = &g_array_index (s->finals, Final, i);
      ArbScoresheetGame *alt;
      gboolean duplicate = FALSE;
      guint differs_at = 0;

      if (f->cost > result->best->cost + ALT_MARGIN)
        break;
      alt = _arb_scoresheet_game_from_final (s, start, f);
      if (_arb_scoresheet_same_moves (alt, result->best, &differs_at))
        duplicate = TRUE;
      for (guint a = 0; !duplicate && a < result->alternatives->len; a++)
        {
          guint unused;

          if (_arb_scoresheet_same_moves (alt, g_ptr_array_index (result->alternatives, a),
                                          &unused))
            duplicate = TRUE;
        }
      if (duplicate)
        {
          _arb_scoresheet_game_free (alt);
          continue;
        }
      alt->differs_at = differs_at;
      g_ptr_array_add (result->alternatives, alt);
    }
  /* Alternatives come cheapest first: those at the best's cost lead. */
  while (
    result->n_tied < result->alternatives->len &&
    ((const ArbScoresheetGame *) g_ptr_array_index (result->alternatives, result->n_tied))->cost ==
      result->best->cost)
    result->n_tied++;
}

/* A game that corrects more of the sheets than it reads as written
 * explains nothing: rows of letters and squares would always become some
 * game. Not asked where the arbiter has fixed moves. */
static gboolean
reads_as_a_sheet (const Search *s, const ArbScoresheetGame *best, GError **error)
{
  guint as_written = 0;
  const ArbScoresheetCorrection *first = NULL;
  const ArbScoresheetToken *tok;

  if (s->n_fixed > 0)
    return TRUE;
  for (guint ply = 1; ply <= best->moves->len; ply++)
    for (guint k = 0; k < s->n_sheets; k++)
      as_written += arb_scoresheet_game_follows_sheet (best, ply, k);
  /* Two at least: a sheet being typed may be one move written in part. */
  if (best->corrections->len <= as_written || best->corrections->len < 2)
    return TRUE;
  for (guint i = 0; i < best->corrections->len && first == NULL; i++)
    if (g_array_index (best->corrections, ArbScoresheetCorrection, i).token >= 0)
      first = &g_array_index (best->corrections, ArbScoresheetCorrection, i);
  tok = first != NULL ? &s->tokens[first->sheet][first->token] : &s->tokens[0][0];
  g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_NOT_A_SHEET,
               /* Translators: the line and the column are where in the scoresheet's text the
                * fault is */
               _ ("line %u, column %u: '%s' does not read as a move there, and the likeliest game "
                  "corrects %u of the moves written and reads only %u as written: this is not a "
                  "scoresheet"),
               tok->line, tok->column, tok->text, best->corrections->len, as_written);
  return FALSE;
}

ArbScoresheetResult *
arb_scoresheet_search (const ArbPosition *start,
                       ArbScoresheet *const *sheets,
                       guint n_sheets,
                       const ArbScoresheetOptions *options,
                       ArbScoresheetFailure *failure,
                       GError **error)
{
  Search *s;
  g_autoptr (GArray) lives = NULL;
  ArbScoresheetResult *result = NULL;
  guint max_plies = 0;
  guint total_tokens = 0;
  Live root;
  guint ply;
  Live last_best;
  guint last_ply = 0;
  g_autoptr (GArray) layers = g_array_new (FALSE, FALSE, sizeof (LayerRecord));

  g_return_val_if_fail (start != NULL, NULL);
  g_return_val_if_fail (sheets != NULL && n_sheets >= 1 && n_sheets <= 2, NULL);

  s = g_new0 (Search, 1);
  s->sheets = sheets;
  s->n_sheets = n_sheets;
  for (guint k = 0; k < n_sheets; k++)
    {
      s->n_tokens[k] = arb_scoresheet_get_n_tokens (sheets[k]);
      s->tokens[k] = arb_scoresheet_get_token (sheets[k], 0);
      total_tokens += s->n_tokens[k];
      max_plies = MAX (max_plies, s->n_tokens[k]);
    }
  s->width = options != NULL && options->beam_width > 0
               ? options->beam_width
               : (n_sheets == 1 ? DEFAULT_WIDTH_ONE : DEFAULT_WIDTH_TWO);
  s->insert_budget = (guint16) MIN (max_plies / 8 + 4, 1000u);
  max_plies += s->insert_budget + 2;
  s->limit = 40 + 4 * total_tokens;
  s->fixed = options != NULL ? options->fixed : NULL;
  s->n_fixed = options != NULL && options->fixed != NULL ? options->n_fixed : 0;
  s->hist = g_array_new (FALSE, FALSE, sizeof (Hist));
  s->finals = g_array_new (FALSE, FALSE, sizeof (Final));
  s->cands = g_array_new (FALSE, FALSE, sizeof (Cand));
  s->opts = g_array_new (FALSE, TRUE, sizeof (Opt));

  memset (&root, 0, sizeof root);
  root.pos = *start;
  root.hist = NO_HIST;
  lives = g_array_new (FALSE, FALSE, sizeof (Live));
  g_array_append_val (lives, root);

  for (ply = 0; ply < max_plies && lives->len > 0; ply++)
    {
      guint32 bound = s->limit;
      GArray *next;

      if (options != NULL && g_cancellable_set_error_if_cancelled (options->cancellable, error))
        goto out;

      g_array_set_size (s->cands, 0);
      g_array_set_size (s->opts, (gsize) lives->len * 2 * MAX_OPTS);
      for (guint i = 0; i < lives->len; i++)
        {
          /* States come cheapest first: once one costs more than the
           * bound, none of the rest can give a candidate. */
          if (g_array_index (lives, Live, i).cost > bound)
            break;
          expand (s, (const Live *) lives->data, i, ply, &bound);
        }

      last_best = g_array_index (lives, Live, 0);
      last_ply = ply + 1;
      next = select_layer (s, lives, ply);
      g_array_unref (lives);
      lives = next;
      record_layer (s, layers, lives, &last_best);

      if (s->finals->len > 0)
        {
          guint32 best = best_final_cost (s);

          if (lives->len == 0 || g_array_index (lives, Live, 0).cost >= best + ALT_MARGIN)
            break;
        }
    }

  if (s->finals->len == 0)
    {
      if (s->n_fixed > 0 && last_ply > 0 && last_ply - 1 < s->n_fixed &&
          s->fixed[last_ply - 1] != ARB_MOVE_NONE)
        {
          ArbMoveList list;
          gboolean legal = FALSE;

          arb_position_legal_moves (&last_best.pos, &list);
          for (guint m = 0; m < list.n_moves; m++)
            if (list.moves[m] == s->fixed[last_ply - 1])
              legal = TRUE;
          if (!legal)
            {
              g_set_error (error, ARB_SCORESHEET_ERROR, ARB_SCORESHEET_ERROR_CONSTRAINT,
                           /* Translators: a ply is a half-move, counted from 1 */
                           _ ("ply %u: the move fixed there is not legal in that position"),
                           last_ply);
              goto out;
            }
        }
      set_failure (s, layers, last_ply, failure, error);
      goto out;
    }

  /* Games that explain the sheets equally well are told apart by how
   * often they give material away. */
  g_array_sort (s->finals, _arb_scoresheet_final_compare);
  for (guint i = 0; i < s->finals->len; i++)
    {
      Final *f = &g_array_index (s->finals, Final, i);

      if (f->cost > g_array_index (s->finals, Final, 0).cost)
        break;
      f->blunders = _arb_scoresheet_count_blunders (s, start, f->hist);
    }
  g_array_sort (s->finals, _arb_scoresheet_final_compare);
  _arb_scoresheet_prefer_as_written (s, s->finals);
  result = g_new0 (ArbScoresheetResult, 1);
  result->start = *start;
  result->n_sheets = n_sheets;
  result->alternatives = g_ptr_array_new_with_free_func (_arb_scoresheet_game_free);
  result->best = _arb_scoresheet_game_from_final (s, start, &g_array_index (s->finals, Final, 0));
  result->expanded = s->expanded;
  collect_alternatives (s, start, result);
  if (!reads_as_a_sheet (s, result->best, error))
    g_clear_pointer (&result, arb_scoresheet_result_free);

out:
  g_array_unref (s->hist);
  g_array_unref (s->finals);
  g_array_unref (s->cands);
  g_array_unref (s->opts);
  g_free (s);
  return result;
}
