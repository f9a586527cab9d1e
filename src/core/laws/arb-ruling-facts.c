/* arb-ruling-facts.c: the facts of a ruling that the program can establish
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-ruling-facts.h"

#include <string.h>

#include "arb-game-status.h"
#include "arb-material.h"
#include "arb-san-letters.h"

static ArbProof
decide (const ArbPosition *pos,
        ArbColor side,
        const ArbUnwinnableOptions *options,
        ArbUnwinnableResult *result)
{
  arb_position_decide_mate (pos, side, options, result);
  switch (result->verdict)
    {
    case ARB_UNWINNABLE_CANNOT_MATE:
      return ARB_PROOF_TRUE;
    case ARB_UNWINNABLE_CAN_MATE:
      return ARB_PROOF_FALSE;
    case ARB_UNWINNABLE_UNDETERMINED:
    default:
      return ARB_PROOF_UNKNOWN;
    }
}

ArbProof
arb_ruling_facts_mate_search_until (const ArbPosition *pos,
                                    ArbColor side,
                                    ArbEdition edition,
                                    gboolean (*stop) (gpointer data),
                                    gpointer stop_data,
                                    ArbUnwinnableResult *result)
{
  ArbUnwinnableOptions options = { 0, edition >= ARB_EDITION_2014, stop, stop_data };

  g_return_val_if_fail (pos != NULL, ARB_PROOF_UNKNOWN);
  g_return_val_if_fail (result != NULL, ARB_PROOF_UNKNOWN);

  return decide (pos, side, &options, result);
}

ArbProof
arb_ruling_facts_mate_search (const ArbPosition *pos,
                              ArbColor side,
                              ArbEdition edition,
                              ArbUnwinnableResult *result)
{
  return arb_ruling_facts_mate_search_until (pos, side, edition, NULL, NULL, result);
}

ArbProof
arb_ruling_facts_cannot_mate_within (const ArbPosition *pos, ArbColor side, guint64 node_budget)
{
  g_autofree ArbUnwinnableResult *result = g_new (ArbUnwinnableResult, 1);
  /* The latest edition: the 75-move rule bounds the series. */
  ArbUnwinnableOptions options = { node_budget, TRUE };

  g_return_val_if_fail (pos != NULL, ARB_PROOF_UNKNOWN);

  return decide (pos, side, &options, result);
}

ArbProof
arb_ruling_facts_cannot_mate (const ArbPosition *pos, ArbColor side)
{
  return arb_ruling_facts_cannot_mate_within (pos, side, 0);
}

/* --- Reading a written move ------------------------------------------ */

/* The piece types a written letter can stand for, as a bit set of
 * 1 << ArbPieceType. P is the English pawn ("Pe4") and the Dutch knight
 * (paard); D the Scandinavian and Dutch queen; T the rook; L the bishop;
 * S the knight (the letters of arb-san-letters.h). */
static guint
piece_letter_types (char c)
{
  switch (c)
    {
    case 'K':
      return 1u << ARB_KING;
    case 'Q':
    case 'D':
      return 1u << ARB_QUEEN;
    case 'R':
    case 'T':
      return 1u << ARB_ROOK;
    case 'B':
    case 'L':
      return 1u << ARB_BISHOP;
    case 'N':
    case 'S':
      return 1u << ARB_KNIGHT;
    case 'P':
      return (1u << ARB_PAWN) | (1u << ARB_KNIGHT);
    default:
      return 0;
    }
}

/* A promotion piece: the same letters, where P can only be the knight. */
static guint
promotion_letter_types (char c)
{
  guint types = piece_letter_types (g_ascii_toupper (c));

  return types & ~((1u << ARB_PAWN) | (1u << ARB_KING));
}

typedef struct
{
  guint pieces; /* bit set of the piece types the letter allows */
  int from_file;
  int from_rank;
  int to_file;
  int to_rank;
  guint promotion; /* bit set, 0 when none is written */
  int castling;    /* 1 king side, 2 queen side */
} LooseMove;

static gboolean
is_file (char c)
{
  return c >= 'a' && c <= 'h';
}

static gboolean
is_rank (char c)
{
  return c >= '1' && c <= '8';
}

/* Takes the marks players add or leave out: captures, hyphens, check and
 * mate signs, annotations, "e.p.", brackets around a promotion piece. */
static char *
strip_marks (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      if (g_str_has_prefix (p, "e.p.") || g_str_has_prefix (p, "ep"))
        {
          /* "e.p." after a square, never the e-file of a move ("e4"). */
          if (out->len >= 2 && is_rank (out->str[out->len - 1]))
            {
              p += p[1] == '.' ? 4 : 2;
              continue;
            }
        }
      if (strchr ("x:-+#!?=()/. ", *p) == NULL)
        g_string_append_c (out, *p);
      p++;
    }
  return g_string_free (out, FALSE);
}

static gboolean
parse_castling (const char *text, LooseMove *loose)
{
  g_autofree char *lower = g_ascii_strdown (text, -1);
  GString *letters = g_string_new (NULL);
  gboolean ok;

  for (const char *p = lower; *p != '\0'; p++)
    if (*p == 'o' || *p == '0')
      g_string_append_c (letters, 'o');
    else if (strchr ("-+#!? ", *p) == NULL)
      {
        g_string_free (letters, TRUE);
        return FALSE;
      }
  ok = g_str_equal (letters->str, "oo") || g_str_equal (letters->str, "ooo");
  if (ok)
    loose->castling = letters->len == 2 ? 1 : 2;
  g_string_free (letters, TRUE);
  return ok;
}

static gboolean
parse_loose (const char *text, LooseMove *loose)
{
  g_autofree char *english = NULL;
  g_autofree char *plain = NULL;
  const char *p;
  gsize n;

  memset (loose, 0, sizeof *loose);
  loose->from_file = loose->from_rank = -1;
  if (parse_castling (text, loose))
    return TRUE;

  /* Figurines to letters first; the letters of every language are read
   * below, so no language is assumed here. */
  english = arb_san_from_local (text, "en");
  plain = strip_marks (english);
  p = plain;
  if (*p == '\0')
    return FALSE;
  if (g_ascii_isupper (*p))
    {
      loose->pieces = piece_letter_types (*p);
      if (loose->pieces == 0)
        return FALSE;
      p++;
    }
  else if (g_ascii_islower (*p) && !is_file (*p) && piece_letter_types (g_ascii_toupper (*p)))
    {
      /* "nf3", "sf3": a piece letter in lower case (b stays a file). */
      loose->pieces = piece_letter_types (g_ascii_toupper (*p));
      p++;
    }
  else
    loose->pieces = 1u << ARB_PAWN;

  n = strlen (p);
  /* A promotion piece after the target square. */
  if (n >= 3 && is_rank (p[n - 2]) && g_ascii_isalpha (p[n - 1]) && !is_file (p[n - 1]))
    {
      loose->promotion = promotion_letter_types (p[n - 1]);
      if (loose->promotion == 0)
        return FALSE;
      n--;
    }
  else if (n >= 3 && is_rank (p[n - 2]) && strchr ("qrnb", p[n - 1]) != NULL)
    {
      /* UCI-style lower-case promotion ("e7e8q"). */
      loose->promotion = promotion_letter_types (p[n - 1]);
      n--;
    }
  /* [file][rank] [file][rank], or a partial origin, then the target. */
  if (n < 2 || n > 4 || !is_file (p[n - 2]) || !is_rank (p[n - 1]))
    return FALSE;
  loose->to_file = p[n - 2] - 'a';
  loose->to_rank = p[n - 1] - '1';
  if (n == 4)
    {
      if (!is_file (p[0]) || !is_rank (p[1]))
        return FALSE;
      loose->from_file = p[0] - 'a';
      loose->from_rank = p[1] - '1';
    }
  else if (n == 3)
    {
      if (is_file (p[0]))
        loose->from_file = p[0] - 'a';
      else if (is_rank (p[0]))
        loose->from_rank = p[0] - '1';
      else
        return FALSE;
    }
  return TRUE;
}

/* The square the king lands on (castling is stored as king takes rook). */
static ArbSquare
landing_square (const ArbPosition *pos, ArbMove move)
{
  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING)
    {
      ArbSquare from = ARB_MOVE_FROM (move);
      ArbSquare rook = ARB_MOVE_TO (move);
      int file = ARB_SQUARE_FILE (rook) > ARB_SQUARE_FILE (from) ? 6 : 2;

      return ARB_SQUARE (file, ARB_SQUARE_RANK (from));
    }
  return ARB_MOVE_TO (move);
}

static gboolean
matches (const ArbPosition *pos, ArbMove move, const LooseMove *loose)
{
  ArbSquare from = ARB_MOVE_FROM (move);
  ArbSquare to = landing_square (pos, move);
  ArbPieceType type = ARB_PIECE_TYPE (arb_position_piece_at (pos, from));
  gboolean castling = ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING;

  if (loose->castling != 0)
    return castling && (ARB_SQUARE_FILE (to) == 6) == (loose->castling == 1);
  if ((loose->pieces & (1u << type)) == 0)
    return FALSE;
  if (ARB_SQUARE_FILE (to) != loose->to_file || ARB_SQUARE_RANK (to) != loose->to_rank)
    return FALSE;
  if (loose->from_file >= 0 && ARB_SQUARE_FILE (from) != loose->from_file)
    return FALSE;
  if (loose->from_rank >= 0 && ARB_SQUARE_RANK (from) != loose->from_rank)
    return FALSE;
  if (ARB_MOVE_IS_PROMOTION (move))
    return loose->promotion == 0 || (loose->promotion & (1u << ARB_MOVE_PROMOTION_TYPE (move)));
  return loose->promotion == 0;
}

ArbSealedValidity
arb_ruling_facts_read_move (const ArbPosition *pos, const char *text, ArbMove *move)
{
  LooseMove loose;
  ArbMoveList list;
  ArbMove found = ARB_MOVE_NONE;
  guint n_found = 0;

  g_return_val_if_fail (pos != NULL, ARB_SEALED_UNREADABLE);

  if (move != NULL)
    *move = ARB_MOVE_NONE;
  if (text == NULL || !g_utf8_validate (text, -1, NULL) || !parse_loose (text, &loose))
    return ARB_SEALED_UNREADABLE;

  arb_position_legal_moves (pos, &list);
  for (guint i = 0; i < list.n_moves; i++)
    if (matches (pos, list.moves[i], &loose) && list.moves[i] != found)
      {
        found = list.moves[i];
        n_found++;
      }
  if (n_found == 0)
    return ARB_SEALED_ILLEGAL;
  if (n_found > 1)
    return ARB_SEALED_AMBIGUOUS;
  if (move != NULL)
    *move = found;
  return ARB_SEALED_VALID;
}

void
arb_ruling_facts_sealed_move (const ArbPosition *before,
                              const char *text,
                              ArbSealedValidity *validity,
                              ArbSealedOutcome *outcome,
                              ArbMove *move)
{
  ArbMove found = ARB_MOVE_NONE;
  ArbSealedValidity v;
  ArbSealedOutcome o = ARB_SEALED_ENDS_NOTHING;

  g_return_if_fail (before != NULL);

  v = arb_ruling_facts_read_move (before, text, &found);
  if (v == ARB_SEALED_VALID)
    {
      ArbPosition after = *before;
      ArbUndo undo;

      arb_position_make_move (&after, found, &undo);
      /* 2018 E.10 / 2023 I.10, 2001 A10: a sealed move that mates,
       * stalemates or leaves a dead position ends the game. */
      if (arb_position_is_checkmate (&after))
        o = ARB_SEALED_MATES;
      else if (arb_position_is_stalemate (&after))
        o = ARB_SEALED_STALEMATES;
      else if (arb_position_is_dead_by_material (&after))
        o = ARB_SEALED_DEAD_POSITION;
    }
  if (validity != NULL)
    *validity = v;
  if (outcome != NULL)
    *outcome = o;
  if (move != NULL)
    *move = found;
}

/* --- Draw claims ----------------------------------------------------- */

gboolean
arb_ruling_facts_check_claim (const ArbPosition *start,
                              const ArbMove *moves,
                              guint n_moves,
                              ArbEdition edition,
                              ArbClaimKind kind,
                              const char *written,
                              ArbClaimCheck *check)
{
  g_autoptr (ArbGameStatus) status = NULL;
  ArbDrawClaims claims;
  ArbDrawClaims wanted =
    kind == ARB_CLAIM_THREEFOLD ? ARB_DRAW_CLAIM_THREEFOLD : ARB_DRAW_CLAIM_FIFTY_MOVES;
  guint ply;

  g_return_val_if_fail (start != NULL && check != NULL, FALSE);
  g_return_val_if_fail (moves != NULL || n_moves == 0, FALSE);

  memset (check, 0, sizeof *check);
  check->written_validity = ARB_SEALED_VALID;
  status = arb_game_status_new (start);
  arb_game_status_set_edition (status, edition);
  for (guint i = 0; i < n_moves; i++)
    if (!arb_game_status_push (status, moves[i]))
      return FALSE;

  if (written != NULL && *written != '\0')
    {
      check->written_validity = arb_ruling_facts_read_move (arb_game_status_get_position (status),
                                                            written, &check->written);
      if (check->written_validity != ARB_SEALED_VALID)
        return FALSE;
      /* 9.2.1.1, 9.3.1: the move is written, not played. */
      claims = arb_game_status_claims_with_move (status, check->written);
      arb_game_status_push (status, check->written);
    }
  else
    claims = arb_game_status_claims_now (status);

  check->correct = (claims & wanted) != 0;
  ply = arb_game_status_get_ply (status);
  check->ply = ply;
  check->occurrences =
    arb_game_status_get_occurrences (status, ply, check->plies, ARB_CLAIM_CHECK_MAX_PLIES);
  check->n_plies = MIN (check->occurrences, ARB_CLAIM_CHECK_MAX_PLIES);
  check->quiet_moves = arb_game_status_get_halfmove_clock (status, ply) / 2;
  return TRUE;
}
