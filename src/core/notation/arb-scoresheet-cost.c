/* arb-scoresheet-cost.c: the cost model, one token against one move
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-scoresheet-private.h"

/* ------------------------------------------------------------------------ */
/* Reading one token for one move */

void
_arb_scoresheet_features_of (const ArbPosition *pos, ArbMove move, Features *f)
{
  ArbSquare from = ARB_MOVE_FROM (move);
  ArbSquare to = ARB_MOVE_TO (move);
  ArbMoveKind kind = ARB_MOVE_KIND (move);

  f->piece = (gint8) ARB_PIECE_TYPE (pos->board[from]);
  f->from_file = (gint8) ARB_SQUARE_FILE (from);
  f->from_rank = (gint8) ARB_SQUARE_RANK (from);
  f->to_file = (gint8) ARB_SQUARE_FILE (to);
  f->to_rank = (gint8) ARB_SQUARE_RANK (to);
  f->castling = 0;
  f->capture = 0;
  f->promotion = 0;
  if (kind == ARB_MOVE_CASTLING)
    {
      /* The king takes its own rook in the encoding; it ends on g or c. */
      f->castling = to > from ? 1 : 2;
      f->king_file = f->castling == 1 ? 6 : 2;
      f->rook_file = f->to_file;
      f->to_file = f->king_file;
      return;
    }
  if (kind == ARB_MOVE_EN_PASSANT || pos->board[to] != ARB_NO_PIECE)
    f->capture = 1;
  if (ARB_MOVE_IS_PROMOTION (move))
    f->promotion = (guint8) ARB_MOVE_PROMOTION_TYPE (move);
}

/* A coordinate written wrong costs more the further it is from the real
 * one: the slip to the next file or rank is the commonest. */
static guint
coordinate_cost (int written, int actual)
{
  int distance = ABS (written - actual);

  if (distance == 0)
    return 0;
  return distance == 1 ? C_SQUARE_NEAR : distance == 2 ? C_SQUARE_NEAR + 1 : C_SQUARE_FAR;
}

/* A departure square written in full ("Rd1-e1") that the move does not
 * have. The player copies it from the board, where the piece has stood
 * since its last move: a square that contradicts the game says that move
 * was written wrong rather than this one. So it costs what the same slip
 * of the target costs, and one more, and the correction goes to the move
 * the player got wrong (the rook written going to g1, seen to leave d1
 * two moves later, went to d1), not to where the sheet stopped making
 * sense. A qualifier ("Rde1") is only a hint and costs C_ORIGIN. */
static guint
origin_square_cost (const ArbScoresheetReading *r, const Features *f, guint8 *dev)
{
  guint c =
    coordinate_cost (r->from_file, f->from_file) + coordinate_cost (r->from_rank, f->from_rank);

  if (c == 0)
    return 0;
  *dev |= DEV_ORIGIN;
  return c + C_ORIGIN_SQUARE;
}

/* The cost of reading @tok as the move with features @f, and what the
 * reading had to change (DEV_*); INF when it cannot be that move. */
guint
_arb_scoresheet_match_cost (const ArbScoresheetToken *tok, const Features *f, guint8 *dev_out)
{
  guint best = INF;
  guint8 best_dev = 0;

  if (tok->n_readings == 0)
    {
      *dev_out = DEV_ILLEGIBLE;
      return C_ILLEGIBLE;
    }
  for (guint i = 0; i < tok->n_readings; i++)
    {
      const ArbScoresheetReading *r = &tok->readings[i];
      guint c = r->cost;
      guint8 d = 0;

      if (r->castling)
        {
          if (!f->castling)
            continue;
          if (f->castling != r->castling)
            {
              c += C_CASTLING_SIDE;
              d |= DEV_CASTLING;
            }
        }
      else if (f->castling)
        {
          /* "Kg1", "Ke1-g1", or in Chess960 the king onto its rook. */
          if (r->piece != ARB_KING || r->to_file < 0)
            continue;
          if (r->to_file != f->king_file && r->to_file != f->rook_file)
            continue;
          if (r->to_rank >= 0 && r->to_rank != f->to_rank)
            continue;
          c += C_CASTLE_AS_KING;
        }
      else
        {
          if (r->piece != f->piece)
            {
              c += C_PIECE;
              d |= DEV_PIECE;
            }
          if (r->to_file >= 0)
            {
              guint k = coordinate_cost (r->to_file, f->to_file);
              if (k)
                {
                  c += k;
                  d |= DEV_SQUARE;
                }
            }
          else
            {
              c += C_PARTIAL;
              d |= DEV_PARTIAL;
            }
          if (r->to_rank >= 0)
            {
              guint k = coordinate_cost (r->to_rank, f->to_rank);
              if (k)
                {
                  c += k;
                  d |= DEV_SQUARE;
                }
            }
          else if (!(r->flags & ARB_SCORESHEET_READING_PAWN_FILES))
            {
              c += C_PARTIAL;
              d |= DEV_PARTIAL;
            }
          if (r->from_file >= 0 && r->from_rank >= 0)
            c += origin_square_cost (r, f, &d);
          else if (r->from_file >= 0 && r->from_file != f->from_file)
            {
              c += C_ORIGIN;
              d |= DEV_ORIGIN;
            }
          else if (r->from_rank >= 0 && r->from_rank != f->from_rank)
            {
              c += C_ORIGIN;
              d |= DEV_ORIGIN;
            }
          if (r->capture && !f->capture)
            {
              c += C_EXTRA_X;
              d |= DEV_CAPTURE;
            }
          else if (!r->capture && f->capture)
            {
              c += C_MISSING_X;
              /* "d5" for exd5: the file it came from is not written. */
              if (f->piece == ARB_PAWN && r->piece == ARB_PAWN && r->from_file < 0)
                c += C_PAWN_NO_FILE;
            }
          if (f->promotion)
            {
              if (r->promotion == 0)
                {
                  c += f->promotion == ARB_QUEEN ? C_PROMOTION_DEFAULT : C_PROMOTION_WRONG;
                  if (f->promotion != ARB_QUEEN)
                    d |= DEV_PROMOTION;
                }
              else if (r->promotion != f->promotion)
                {
                  c += C_PROMOTION_WRONG;
                  d |= DEV_PROMOTION;
                }
            }
          else if (r->promotion)
            {
              c += C_PROMOTION_WRONG;
              d |= DEV_PROMOTION;
            }
        }
      if (c < best)
        {
          best = c;
          best_dev = d;
        }
    }
  *dev_out = best_dev;
  return best;
}

/* Whether some reading of @tok could be a move in @pos, judged from the
 * pieces that reach its square (pins and checks aside). Used to try a
 * half-move never written only where the sheet goes on making sense. */
gboolean
_arb_scoresheet_token_plausible (const ArbPosition *pos, const ArbScoresheetToken *tok)
{
  ArbColor us = pos->side_to_move;
  ArbBitboard occ = arb_position_occupied (pos);

  if (tok->n_readings == 0)
    return TRUE;
  for (guint i = 0; i < tok->n_readings; i++)
    {
      const ArbScoresheetReading *r = &tok->readings[i];
      ArbSquare to;
      ArbPiece target;
      ArbBitboard reach = 0;

      if (r->castling)
        {
          if (arb_position_castling_rook (pos, us, r->castling == 1) != ARB_NO_SQUARE)
            return TRUE;
          continue;
        }
      if (r->to_file < 0 || r->to_rank < 0)
        return TRUE;
      to = ARB_SQUARE (r->to_file, r->to_rank);
      target = pos->board[to];
      if (target != ARB_NO_PIECE && ARB_PIECE_COLOR (target) == us)
        continue;
      switch (r->piece)
        {
        case ARB_PAWN:
          {
            int back = us == ARB_WHITE ? -8 : 8;
            ArbBitboard pawns = arb_position_pieces (pos, us, ARB_PAWN);

            if (target == ARB_NO_PIECE && to + back >= 0 && to + back < 64)
              {
                if (pawns & ARB_BB (to + back))
                  return TRUE;
                if (pos->board[to + back] == ARB_NO_PIECE && to + 2 * back >= 0 &&
                    to + 2 * back < 64 && (pawns & ARB_BB (to + 2 * back)))
                  return TRUE;
              }
            if ((target != ARB_NO_PIECE || to == pos->ep_square) &&
                (arb_pawn_attacks ((int) (us ^ 1), to) & pawns))
              return TRUE;
            continue;
          }
        default:
          break;
        }
      /* No reach for a piece letter that names no piece. */
      reach = arb_piece_attacks ((ArbPieceType) r->piece, to, occ);
      if (reach != 0 && (reach & arb_position_pieces (pos, us, (ArbPieceType) r->piece)))
        return TRUE;
    }
  return FALSE;
}

/* The move a reading names exactly in @pos, found from the attack tables
 * as the strict SAN reader does, or ARB_MOVE_NONE. */
static ArbMove
resolve_reading (const ArbPosition *pos, const ArbScoresheetReading *r)
{
  ArbSanShape shape = { 0 };
  ArbMove move = ARB_MOVE_NONE;
  ArbPiece target;

  if (r->cost > C_FITS)
    return ARB_MOVE_NONE;
  shape.castling = r->castling;
  shape.from_file = r->from_file;
  shape.from_rank = r->from_rank;
  shape.to = ARB_NO_SQUARE;
  if (!r->castling)
    {
      if (r->to_file < 0 || r->to_rank < 0)
        return ARB_MOVE_NONE;
      shape.piece = (ArbPieceType) r->piece;
      shape.to = ARB_SQUARE (r->to_file, r->to_rank);
      target = pos->board[shape.to];
      shape.capture =
        target != ARB_NO_PIECE || (r->piece == ARB_PAWN && shape.to == pos->ep_square &&
                                   r->from_file >= 0 && r->from_file != r->to_file);
      if (r->piece == ARB_PAWN && shape.capture && r->from_file < 0)
        return ARB_MOVE_NONE;
      /* "ed5" onto an empty square is no pawn push. */
      if (r->piece == ARB_PAWN && !shape.capture && r->from_file >= 0 && r->from_file != r->to_file)
        return ARB_MOVE_NONE;
      shape.promotion = (ArbPieceType) r->promotion;
      if (r->piece == ARB_PAWN && (r->to_rank == 0 || r->to_rank == 7) && r->promotion == 0)
        shape.promotion = ARB_QUEEN;
      if (r->from_rank >= 0 && r->piece == ARB_PAWN)
        shape.from_rank = -1;
    }
  if (arb_san_resolve_shape (pos, &shape, &move) != ARB_SAN_OK)
    return ARB_MOVE_NONE;
  return move;
}

/* The moves the token names exactly in @pos, found without generating
 * every legal move. FALSE when that cannot be decided so (a reading that
 * is ambiguous, or none that fits): the caller then looks at every move. */
gboolean
_arb_scoresheet_exact_moves (const ArbPosition *pos,
                             const ArbScoresheetToken *tok,
                             ArbMove out[ARB_SCORESHEET_MAX_READINGS],
                             guint *n_out)
{
  *n_out = 0;
  if (tok->n_readings == 0)
    return FALSE;
  for (guint i = 0; i < tok->n_readings; i++)
    {
      const ArbScoresheetReading *r = &tok->readings[i];
      ArbSanShape shape;
      ArbMove move;
      ArbSanError err;
      gboolean seen = FALSE;

      if (r->cost > C_FITS)
        continue;
      move = resolve_reading (pos, r);
      if (move == ARB_MOVE_NONE)
        {
          /* Ambiguous ("Sd2" when both knights can go): look at all. */
          if (!r->castling && r->to_file >= 0 && r->to_rank >= 0 && r->piece != ARB_PAWN)
            {
              memset (&shape, 0, sizeof shape);
              shape.piece = (ArbPieceType) r->piece;
              shape.from_file = r->from_file;
              shape.from_rank = r->from_rank;
              shape.to = ARB_SQUARE (r->to_file, r->to_rank);
              shape.capture = pos->board[shape.to] != ARB_NO_PIECE;
              err = arb_san_resolve_shape (pos, &shape, &move);
              if (err == ARB_SAN_ERROR_AMBIGUOUS)
                return FALSE;
            }
          continue;
        }
      for (guint k = 0; k < *n_out; k++)
        if (out[k] == move)
          seen = TRUE;
      if (!seen)
        out[(*n_out)++] = move;
    }
  return *n_out > 0;
}

/* How many of the tokens from @from on read as written, one after the
 * other, from @pos (at most @k). */
static guint
greedy_replay (const Search *s, const ArbPosition *pos, guint from, guint k)
{
  ArbPosition p = *pos;
  guint done = 0;

  for (guint t = from; t < s->n_tokens[0] && done < k; t++)
    {
      const ArbScoresheetToken *tok = &s->tokens[0][t];
      ArbMove found = ARB_MOVE_NONE;
      ArbUndo undo;

      for (guint i = 0; i < tok->n_readings && found == ARB_MOVE_NONE; i++)
        found = resolve_reading (&p, &tok->readings[i]);
      if (found == ARB_MOVE_NONE)
        break;
      arb_position_make_move (&p, found, &undo);
      done++;
    }
  return done;
}

static const int piece_value[] = { 0, 1, 3, 3, 5, 9, 100 };

/* Whether the piece that @move (just made in @after) put on its square can
 * be taken for less than it is worth, or for nothing. */
static gboolean
left_en_prise (const ArbPosition *after, ArbMove move)
{
  ArbSquare to = ARB_MOVE_TO (move);
  ArbPiece piece = after->board[to];
  ArbBitboard occ = arb_position_occupied (after);
  ArbBitboard attackers, defenders;
  ArbColor us;

  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING || piece == ARB_NO_PIECE ||
      ARB_PIECE_TYPE (piece) == ARB_KING)
    return FALSE;
  us = ARB_PIECE_COLOR (piece);
  attackers = arb_position_attackers_to (after, to, occ) & after->by_color[us ^ 1];
  if (attackers == 0)
    return FALSE;
  defenders = arb_position_attackers_to (after, to, occ) & after->by_color[us];
  if (defenders == 0)
    return TRUE;
  while (attackers)
    if (piece_value[ARB_PIECE_TYPE (after->board[arb_bb_pop (&attackers)])] <
        piece_value[ARB_PIECE_TYPE (piece)])
      return TRUE;
  return FALSE;
}

/* Whether @move (legal in @pos) gives material away: the piece that moves
 * can then be taken for at least two pawns more than the move took.
 * Strong players seldom do it, so among readings that cost the same the
 * game with fewer such moves is the likelier. */
gboolean
_arb_scoresheet_is_blunder (const ArbPosition *pos, ArbMove move)
{
  ArbPosition after = *pos;
  ArbSquare to = ARB_MOVE_TO (move);
  ArbPiece piece;
  ArbBitboard occ, attackers, defenders;
  ArbUndo undo;
  int gain = 0, loss = 0, cheapest = 1000;
  ArbColor us;

  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING)
    return FALSE;
  if (ARB_MOVE_KIND (move) == ARB_MOVE_EN_PASSANT)
    gain = 1;
  else if (pos->board[to] != ARB_NO_PIECE)
    gain = piece_value[ARB_PIECE_TYPE (pos->board[to])];
  if (ARB_MOVE_IS_PROMOTION (move))
    gain += piece_value[ARB_MOVE_PROMOTION_TYPE (move)] - 1;
  arb_position_make_move (&after, move, &undo);
  piece = after.board[to];
  us = ARB_PIECE_COLOR (piece);
  occ = arb_position_occupied (&after);
  attackers = arb_position_attackers_to (&after, to, occ) & after.by_color[us ^ 1];
  if (attackers == 0 || ARB_PIECE_TYPE (piece) == ARB_KING)
    return FALSE;
  defenders = arb_position_attackers_to (&after, to, occ) & after.by_color[us];
  while (attackers)
    {
      /* One pop per turn: MIN () would evaluate it twice. */
      ArbSquare a = arb_bb_pop (&attackers);

      cheapest = MIN (cheapest, piece_value[ARB_PIECE_TYPE (after.board[a])]);
    }
  if (defenders == 0)
    loss = piece_value[ARB_PIECE_TYPE (piece)];
  else if (cheapest < piece_value[ARB_PIECE_TYPE (piece)])
    loss = piece_value[ARB_PIECE_TYPE (piece)] - cheapest;
  return loss - gain >= 2;
}

/* The order among moves that no token names: fewer of the next tokens
 * readable after it, or the moved piece left to be taken, come later. */
guint8
_arb_scoresheet_wildcard_prior (const Search *s, const ArbPosition *pos, ArbMove move, guint next)
{
  ArbPosition after = *pos;
  ArbUndo undo;
  guint prior = 0;

  arb_position_make_move (&after, move, &undo);
  prior = 2 * (WILDCARD_LOOKAHEAD - greedy_replay (s, &after, next, WILDCARD_LOOKAHEAD));
  if (left_en_prise (&after, move))
    prior++;
  return (guint8) prior;
}
