/* arb-scoresheet-result.c: the games found, their corrections and alternatives
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-scoresheet-private.h"

const char *
arb_scoresheet_correction_kind_to_string (ArbScoresheetCorrectionKind kind)
{
  static const char *const names[] = {
    "square",  "piece",     "origin",  "capture", "promotion", "castling",
    "several", "illegible", "missing", "extra",   "swapped",
  };

  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (names), "unknown");
  return names[kind];
}

/* ------------------------------------------------------------------------ */
/* Results */

static void
correction_clear (gpointer data)
{
  ArbScoresheetCorrection *c = data;

  g_free (c->written);
}

void
_arb_scoresheet_game_free (gpointer data)
{
  ArbScoresheetGame *game = data;

  if (game == NULL)
    return;
  g_array_unref (game->moves);
  g_array_unref (game->corrections);
  for (guint k = 0; k < 2; k++)
    g_array_unref (game->tokens[k]);
  g_free (game);
}

static ArbScoresheetCorrectionKind
kind_of_dev (guint8 dev, gboolean *substantive)
{
  guint8 change =
    dev & (DEV_PIECE | DEV_SQUARE | DEV_ORIGIN | DEV_CAPTURE | DEV_PROMOTION | DEV_CASTLING);

  *substantive = TRUE;
  if (dev & DEV_ILLEGIBLE)
    return ARB_SCORESHEET_CORRECTION_ILLEGIBLE;
  if (change == 0)
    {
      *substantive = (dev & DEV_PARTIAL) != 0;
      return ARB_SCORESHEET_CORRECTION_ILLEGIBLE;
    }
  if (change & (change - 1))
    return ARB_SCORESHEET_CORRECTION_SEVERAL;
  switch (change)
    {
    case DEV_PIECE:
      return ARB_SCORESHEET_CORRECTION_PIECE;
    case DEV_SQUARE:
      return ARB_SCORESHEET_CORRECTION_SQUARE;
    case DEV_ORIGIN:
      return ARB_SCORESHEET_CORRECTION_ORIGIN;
    case DEV_CAPTURE:
      return ARB_SCORESHEET_CORRECTION_CAPTURE;
    case DEV_PROMOTION:
      return ARB_SCORESHEET_CORRECTION_PROMOTION;
    default:
      return ARB_SCORESHEET_CORRECTION_CASTLING;
    }
}

static void
add_correction (const Search *s,
                ArbScoresheetGame *game,
                guint ply,
                guint sheet,
                int token,
                ArbScoresheetCorrectionKind kind,
                const char *san,
                guint cost)
{
  ArbScoresheetCorrection c = { 0 };

  c.ply = ply;
  c.sheet = sheet;
  c.token = token;
  c.kind = kind;
  c.written = g_strdup (token >= 0 ? s->tokens[sheet][token].text : "");
  g_strlcpy (c.read, san != NULL ? san : "", sizeof c.read);
  c.cost = cost;
  g_array_append_val (game->corrections, c);
}

/* A cell the reader found empty from the move numbers ("4. Ba4" with the
 * next line "5. Nf6 O-O") that the game skips: the player wrote Black's
 * move in White's column and the rest of the sheet one column off. Nothing
 * was written wrong, so it is no correction; it still costs
 * C_DELETE_BLANK, which beats reading it as a move and inventing one. */
static gboolean
is_skipped_empty_cell (const Search *s, guint sheet, guint token)
{
  const ArbScoresheetToken *tok = &s->tokens[sheet][token];

  return (tok->flags & ARB_SCORESHEET_TOKEN_BLANK) && tok->text[0] == '\0';
}

static void
add_extra (const Search *s, ArbScoresheetGame *game, guint ply, guint sheet, guint token, guint at)
{
  if (is_skipped_empty_cell (s, sheet, token))
    return;
  add_correction (s, game, ply, sheet, (int) token, ARB_SCORESHEET_CORRECTION_EXTRA, NULL,
                  _arb_scoresheet_delete_cost (s, sheet, token, at));
}

ArbScoresheetGame *
_arb_scoresheet_game_from_final (const Search *s, const ArbPosition *start, const Final *f)
{
  ArbScoresheetGame *game = g_new0 (ArbScoresheetGame, 1);
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (guint32));
  ArbPosition pos = *start;

  game->moves = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  game->corrections = g_array_new (FALSE, FALSE, sizeof (ArbScoresheetCorrection));
  g_array_set_clear_func (game->corrections, correction_clear);
  for (guint k = 0; k < 2; k++)
    game->tokens[k] = g_array_new (FALSE, FALSE, sizeof (int));
  game->cost = f->cost;

  for (guint32 h = f->hist; h != NO_HIST; h = g_array_index (s->hist, Hist, h).parent)
    g_array_prepend_val (path, h);

  for (guint p = 0; p < path->len; p++)
    {
      const Hist *h = &g_array_index (s->hist, Hist, g_array_index (path, guint32, p));
      guint ply = p + 1;
      char san[ARB_SAN_MAX];
      ArbUndo undo;

      arb_san_write (&pos, h->move, san);
      g_array_append_val (game->moves, h->move);
      for (guint k = 0; k < s->n_sheets; k++)
        {
          int read = h->read[k];
          gboolean substantive;
          ArbScoresheetCorrectionKind kind;

          for (guint d = 0; d < h->n_del[k]; d++)
            add_extra (s, game, ply, k, h->del_first[k] + d, p);
          g_array_append_val (game->tokens[k], read);
          switch (h->op[k])
            {
            case OP_INSERT:
              add_correction (s, game, ply, k, -1, ARB_SCORESHEET_CORRECTION_MISSING, san,
                              h->step[k]);
              break;
            case OP_SWAP1_START:
            case OP_SWAP1_END:
            case OP_SWAP2_START:
            case OP_SWAP2_END:
              add_correction (s, game, ply, k, read, ARB_SCORESHEET_CORRECTION_SWAPPED, san,
                              h->step[k]);
              break;
            case OP_MATCH:
            case OP_SWAP2_MID:
              kind = kind_of_dev (h->dev[k], &substantive);
              if (substantive)
                add_correction (s, game, ply, k, read, kind, san, h->step[k]);
              break;
            default:
              break;
            }
        }
      arb_position_make_move (&pos, h->move, &undo);
    }
  for (guint k = 0; k < s->n_sheets; k++)
    for (guint d = 0; d < f->trail_del[k]; d++)
      add_extra (s, game, path->len + 1, k, f->trail_first[k] + d, path->len);
  /* Extra tokens were met while walking by ply; the correction of a step
   * that skipped comes after them, which is the order of the sheet. */
  return game;
}

guint16
_arb_scoresheet_count_blunders (const Search *s, const ArbPosition *start, guint32 hist)
{
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  ArbPosition pos = *start;
  guint16 n = 0;

  for (guint32 h = hist; h != NO_HIST; h = g_array_index (s->hist, Hist, h).parent)
    g_array_prepend_val (path, g_array_index (s->hist, Hist, h).move);
  for (guint i = 0; i < path->len; i++)
    {
      ArbMove move = g_array_index (path, ArbMove, i);
      ArbUndo undo;

      if (_arb_scoresheet_is_blunder (&pos, move))
        n++;
      arb_position_make_move (&pos, move, &undo);
    }
  return n;
}

int
_arb_scoresheet_final_compare (gconstpointer a, gconstpointer b)
{
  const Final *x = a, *y = b;

  if (x->cost != y->cost)
    return x->cost < y->cost ? -1 : 1;
  if (x->blunders != y->blunders)
    return x->blunders < y->blunders ? -1 : 1;
  if (x->plies != y->plies)
    return x->plies < y->plies ? -1 : 1;
  return x->hist < y->hist ? -1 : x->hist > y->hist ? 1 : 0;
}

gboolean
_arb_scoresheet_same_moves (const ArbScoresheetGame *a,
                            const ArbScoresheetGame *b,
                            guint *differs_at)
{
  guint n = MIN (a->moves->len, b->moves->len);

  for (guint i = 0; i < n; i++)
    if (g_array_index (a->moves, ArbMove, i) != g_array_index (b->moves, ArbMove, i))
      {
        *differs_at = i + 1;
        return FALSE;
      }
  *differs_at = n + 1;
  return a->moves->len == b->moves->len;
}

void
arb_scoresheet_result_free (ArbScoresheetResult *result)
{
  if (result == NULL)
    return;
  _arb_scoresheet_game_free (result->best);
  g_ptr_array_unref (result->alternatives);
  g_free (result);
}

gboolean
arb_scoresheet_result_is_undecided (const ArbScoresheetResult *result)
{
  g_return_val_if_fail (result != NULL, FALSE);
  return result->n_tied > 0;
}

gboolean
arb_scoresheet_game_follows_sheet (const ArbScoresheetGame *game, guint ply, guint sheet)
{
  g_return_val_if_fail (game != NULL && sheet < 2, FALSE);

  if (ply == 0 || ply > game->tokens[sheet]->len ||
      g_array_index (game->tokens[sheet], int, ply - 1) < 0)
    return FALSE;
  for (guint i = 0; i < game->corrections->len; i++)
    {
      const ArbScoresheetCorrection *c =
        &g_array_index (game->corrections, ArbScoresheetCorrection, i);

      if (c->ply == ply && c->sheet == sheet && c->kind != ARB_SCORESHEET_CORRECTION_EXTRA)
        return FALSE;
    }
  return TRUE;
}

void
arb_scoresheet_game_get_position (const ArbScoresheetResult *result,
                                  const ArbScoresheetGame *game,
                                  guint plies,
                                  ArbPosition *pos)
{
  g_return_if_fail (result != NULL && game != NULL && pos != NULL);

  *pos = result->start;
  for (guint i = 0; i < plies && i < game->moves->len; i++)
    {
      ArbUndo undo;

      arb_position_make_move (pos, g_array_index (game->moves, ArbMove, i), &undo);
    }
}

guint
arb_scoresheet_game_ply_of_token (const ArbScoresheetGame *game, guint sheet, int token)
{
  g_return_val_if_fail (game != NULL && sheet < 2, 0);

  if (token < 0)
    return 0;
  for (guint i = 0; i < game->tokens[sheet]->len; i++)
    if (g_array_index (game->tokens[sheet], int, i) == token)
      return i + 1;
  return 0;
}

/* The cost of each half-move of a final's game, in order. */
static GArray *
steps_of (const Search *s, guint32 hist)
{
  GArray *steps = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint32 h = hist; h != NO_HIST; h = g_array_index (s->hist, Hist, h).parent)
    {
      const Hist *step = &g_array_index (s->hist, Hist, h);
      guint c = step->step[0] + step->step[1];

      g_array_prepend_val (steps, c);
    }
  return steps;
}

/* Whether the game of @steps reads the sheets as written for longer than
 * the game of @than: at the first half-move where their costs differ, it
 * is the cheaper. */
static gboolean
reads_longer (GArray *steps, GArray *than)
{
  guint n = MIN (steps->len, than->len);

  for (guint i = 0; i < n; i++)
    {
      guint a = g_array_index (steps, guint, i), b = g_array_index (than, guint, i);

      if (a != b)
        return a < b;
    }
  return FALSE;
}

/* Among the games that cost the same as the first of the sorted @finals
 * and give material away as seldom, puts first the one that reads the
 * sheets as written for longer. A mistake shows where the sheet stops
 * making sense; one correction there is likelier than one at an earlier
 * half-move that read well as written (a piece's earlier move read to
 * another square so that a later move written wrong becomes legal). */
void
_arb_scoresheet_prefer_as_written (const Search *s, GArray *finals)
{
  g_autoptr (GArray) best_steps = NULL;
  guint best = 0;

  if (finals->len < 2)
    return;
  best_steps = steps_of (s, g_array_index (finals, Final, 0).hist);
  for (guint i = 1; i < finals->len; i++)
    {
      const Final *f = &g_array_index (finals, Final, i);
      const Final *first = &g_array_index (finals, Final, 0);
      g_autoptr (GArray) steps = NULL;

      if (f->cost != first->cost || f->blunders != first->blunders)
        break;
      steps = steps_of (s, f->hist);
      if (reads_longer (steps, best_steps))
        {
          best = i;
          g_array_unref (best_steps);
          best_steps = g_steal_pointer (&steps);
        }
    }
  if (best > 0)
    {
      Final chosen = g_array_index (finals, Final, best);

      g_array_remove_index (finals, best);
      g_array_prepend_val (finals, chosen);
    }
}
