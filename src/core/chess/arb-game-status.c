/* arb-game-status.c: follow a game ply by ply and tell how the Laws see it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-game-status.h"

#include <string.h>

#include "arb-chess-enums.h"
#include "arb-enum-nick.h"

#include "arb-material.h"
#include "arb-dead-memo.h"

/* 9.3 and 9.6.2 (2018/2023) count moves of each player; the half-move
 * clock counts plies. */
#define FIFTY_MOVES_PLIES 100
#define SEVENTY_FIVE_MOVES_PLIES 150

typedef struct
{
  guint64 key;
  /* The ply where the same position last occurred, or -1. */
  gint32 previous;
  guint16 count;
  guint16 clock;
  /* How many times in a row the position has stood at every second move
   * of each player (every fourth ply), this ply included: the 2014
   * fivefold rule. */
  guint16 alternate;
} PlyRecord;

struct _ArbGameStatus
{
  ArbPosition position;
  ArbEdition edition;

  PlyRecord *plies;
  guint n_plies;
  guint plies_allocated;
  /* A bit for every key's top byte met since the half-move clock was last
   * 0 (or since ply 0): a position whose bit is clear has not occurred
   * since, and most have not, so their search for an earlier occurrence
   * is skipped. */
  guint64 seen[4];

  GArray *events; /* of ArbGameEvent */

  gboolean dead_seen;
  /* arb_position_is_dead_by_material() of the last ply recorded. */
  gboolean dead_by_material;
  /* The search for dead positions beyond the material, and its budget per
   * side (0: material only), which remembers what it proved. */
  ArbDeadMemo *search;
  guint64 dead_budget;
  gboolean ended;
  ArbGameEventKind end_kind;
  guint end_ply;
};

/* Positions can only repeat since the last pawn move or capture, and the
 * half-move clock counts the plies since then; a clock taken over from a
 * FEN reaches back before ply 0, which has no record. */
static gint32
find_previous (const ArbGameStatus *status, guint ply, guint64 key, guint clock)
{
  guint oldest = clock >= ply ? 0 : ply - clock;

  for (guint j = ply; j >= oldest + 2; j -= 2)
    if (status->plies[j - 2].key == key)
      return (gint32) (j - 2);
  return -1;
}

static void
add_event (ArbGameStatus *status, ArbGameEventKind kind, guint ply)
{
  ArbGameEvent event = { kind, ply, status->ended };

  g_array_append_val (status->events, event);
}

/* 5.2.2 asks whether either player can still mate by any series of legal
 * moves; the 75-move rule does not enter into it (it ends the game on its
 * own). A side the search cannot decide counts as able to mate: a position
 * is dead only when it is proven. */
static gboolean
is_dead_by_search (ArbGameStatus *status)
{
  if (status->search == NULL || status->ended)
    return FALSE;
  return arb_dead_memo_is_dead (status->search, &status->position, status->dead_budget);
}

/* The events and the end of a ply that may have any: the rare plies,
 * apart so that the common one stays short. */
static G_GNUC_NO_INLINE void
weigh_ply (ArbGameStatus *status, const PlyRecord *rec, guint ply, gboolean has_move, gboolean dead)
{
  bool in_check = !has_move && arb_position_in_check (&status->position);
  gboolean mate = in_check && !has_move;
  gboolean stalemate = !in_check && !has_move;
  gboolean fifty, seventy_five, fivefold;
  ArbGameEventKind end_kind;

  /* A claim under 9.3 needs a game still going on: once the 100th ply mates
   * or stalemates, the game has already ended (5.1.1, 5.2.1). 9.6.2 says so
   * for checkmate; a stalemate ends the game as well, so both come first. A
   * clock over the limit at ply 0 comes from a FEN and counts at once. */
  fifty =
    has_move && rec->clock >= FIFTY_MOVES_PLIES && (ply == 0 || rec->clock == FIFTY_MOVES_PLIES);
  seventy_five = has_move && rec->clock >= SEVENTY_FIVE_MOVES_PLIES &&
                 (ply == 0 || rec->clock == SEVENTY_FIVE_MOVES_PLIES);

  if (rec->count == 3)
    add_event (status, ARB_GAME_EVENT_THREEFOLD, ply);
  /* 2014 9.6a: the same position on at least five consecutive alternate
   * moves by each player; from 2017 (2018 9.6.1) five times anywhere. */
  fivefold = status->edition == ARB_EDITION_2014 ? rec->alternate >= 5 : rec->count >= 5;
  if (status->edition == ARB_EDITION_2014 ? rec->alternate == 5 : rec->count == 5)
    add_event (status, ARB_GAME_EVENT_FIVEFOLD, ply);
  if (fifty)
    add_event (status, ARB_GAME_EVENT_FIFTY, ply);
  if (seventy_five)
    add_event (status, ARB_GAME_EVENT_SEVENTY_FIVE, ply);
  if (mate)
    add_event (status, ARB_GAME_EVENT_CHECKMATE, ply);
  if (stalemate)
    add_event (status, ARB_GAME_EVENT_STALEMATE, ply);
  /* Material only shrinks, so a position dead by material stays dead; it is
   * reported once, where it starts. */
  if (dead && !status->dead_seen)
    {
      status->dead_seen = TRUE;
      add_event (status, ARB_GAME_EVENT_DEAD_POSITION, ply);
    }

  if (status->ended)
    return;

  /* The first automatic end; on one ply, checkmate and stalemate come
   * before the rest (9.6.2), then the dead position. */
  if (mate)
    end_kind = ARB_GAME_EVENT_CHECKMATE;
  else if (stalemate)
    end_kind = ARB_GAME_EVENT_STALEMATE;
  else if (dead)
    end_kind = ARB_GAME_EVENT_DEAD_POSITION;
  else if (fivefold && status->edition >= ARB_EDITION_2014)
    end_kind = ARB_GAME_EVENT_FIVEFOLD;
  else if (seventy_five && status->edition >= ARB_EDITION_2014)
    end_kind = ARB_GAME_EVENT_SEVENTY_FIVE;
  else
    return;

  status->ended = TRUE;
  status->end_kind = end_kind;
  status->end_ply = ply;
}

/* With @movable, the caller knows a legal move in the current position
 * (the game's next move), so it is neither mate nor stalemate and no move
 * is looked for. Inlined where a replay records nearly all its plies
 * (arb_game_status_push_reached_with_next()). */
static inline __attribute__ ((always_inline)) void
record_ply (ArbGameStatus *status, gboolean movable)
{
  const ArbPosition *pos = &status->position;
  guint ply = status->n_plies;
  PlyRecord *rec;
  guint64 seen_bit, *seen_word;
  gboolean has_move, dead;

  if (status->n_plies == status->plies_allocated)
    {
      status->plies_allocated = MAX (256, status->plies_allocated * 2);
      status->plies = g_renew (PlyRecord, status->plies, status->plies_allocated);
    }

  if (status->search != NULL && !status->dead_seen)
    arb_dead_memo_prefetch (status->search, pos, FALSE);
  rec = &status->plies[ply];
  /* Without an e.p. square the identity key is the key itself. */
  rec->key = pos->ep_square == ARB_NO_SQUARE ? pos->key : arb_position_identity_key (pos);
  rec->clock = pos->halfmove_clock;
  /* find_previous() looks no further back than the clock, which grows by
   * one a ply from its last 0, so every ply it reads has set its bit. */
  if (rec->clock == 0 || ply == 0)
    memset (status->seen, 0, sizeof status->seen);
  seen_bit = (guint64) 1 << ((rec->key >> 56) & 63);
  seen_word = &status->seen[rec->key >> 62];
  if ((*seen_word & seen_bit) != 0)
    {
      rec->previous = find_previous (status, ply, rec->key, rec->clock);
      rec->count =
        rec->previous >= 0 ? MIN (status->plies[rec->previous].count + 1, G_MAXUINT16) : 1;
      rec->alternate = ply >= 4 && status->plies[ply - 4].key == rec->key
                         ? MIN (status->plies[ply - 4].alternate + 1, G_MAXUINT16)
                         : 1;
    }
  else
    {
      /* No key with this one's bit since the clock's last 0, so none
       * equal: ply - 4 is among them when the clock is 4 or more. */
      rec->previous = -1;
      rec->count = 1;
      rec->alternate = rec->clock < 4 && ply >= 4 && status->plies[ply - 4].key == rec->key
                         ? MIN (status->plies[ply - 4].alternate + 1, G_MAXUINT16)
                         : 1;
    }
  *seen_word |= seen_bit;
  status->n_plies++;
  /* No second prefetch, of the answer the index points at: it read the
   * index before it had come, and a position met again is nearly always
   * the answer after the last one, fetched by the first. */

  /* The check matters only without a legal move (mate or stalemate), and
   * the test for a move is cheaper without it. */
  has_move = movable || arb_position_has_legal_move (pos);
  /* The men change only by a capture or a pawn move (a promotion is one),
   * which set the clock to 0; otherwise the material's answer is the last
   * ply's (it could only differ by a mate on the board, which ends the
   * game). */
  if (ply == 0 || rec->clock == 0)
    status->dead_by_material = arb_position_is_dead_by_material (pos);
  dead = status->dead_by_material || (!status->dead_seen && is_dead_by_search (status));
  /* Most plies: a move to make, not dead, at most a second occurrence and
   * the clock under 50 moves, which is no event and no end below. (The
   * alternate count is never above the count; it is tested for the 2014
   * rule all the same.) */
  if (has_move && !dead && rec->count < 3 && rec->alternate < 5 && rec->clock < FIFTY_MOVES_PLIES)
    return;
  weigh_ply (status, rec, ply, has_move, dead);
}

static void
record_current_ply (ArbGameStatus *status)
{
  record_ply (status, FALSE);
}

ArbGameStatus *
arb_game_status_new (const ArbPosition *start)
{
  ArbGameStatus *status;

  g_return_val_if_fail (start != NULL, NULL);

  status = g_new0 (ArbGameStatus, 1);
  status->events = g_array_new (FALSE, FALSE, sizeof (ArbGameEvent));
  status->edition = ARB_EDITION_LATEST;
  arb_game_status_reset (status, start);
  return status;
}

void
arb_game_status_free (ArbGameStatus *status)
{
  if (status == NULL)
    return;
  g_free (status->plies);
  g_array_unref (status->events);
  g_clear_pointer (&status->search, arb_dead_memo_free);
  g_free (status);
}

void
arb_game_status_reset (ArbGameStatus *status, const ArbPosition *start)
{
  g_return_if_fail (status != NULL);
  g_return_if_fail (start != NULL);

  status->position = *start;
  status->n_plies = 0;
  g_array_set_size (status->events, 0);
  status->dead_seen = FALSE;
  status->ended = FALSE;
  status->end_kind = ARB_GAME_EVENT_CHECKMATE;
  status->end_ply = 0;
  record_current_ply (status);
}

void
arb_game_status_set_edition (ArbGameStatus *status, ArbEdition edition)
{
  ArbPosition start;

  g_return_if_fail (status != NULL);
  g_return_if_fail (arb_edition_from_year ((int) edition, NULL));
  g_return_if_fail (status->n_plies == 1);

  status->edition = edition;
  /* Ply 0 may itself be an end (a FEN clock of 150), so judge it again. */
  start = status->position;
  arb_game_status_reset (status, &start);
}

void
arb_game_status_set_dead_search (ArbGameStatus *status, guint64 node_budget)
{
  ArbPosition start;

  g_return_if_fail (status != NULL);
  g_return_if_fail (status->n_plies == 1);

  status->dead_budget = node_budget;
  if (node_budget > 0 && status->search == NULL)
    status->search = arb_dead_memo_new ();
  else if (node_budget == 0)
    g_clear_pointer (&status->search, arb_dead_memo_free);
  start = status->position;
  arb_game_status_reset (status, &start);
}

ArbEdition
arb_game_status_get_edition (const ArbGameStatus *status)
{
  g_return_val_if_fail (status != NULL, ARB_EDITION_LATEST);

  return status->edition;
}

gboolean
arb_game_status_push (ArbGameStatus *status, ArbMove move)
{
  ArbUndo undo;

  g_return_val_if_fail (status != NULL, FALSE);

  if (move == ARB_MOVE_NONE || !arb_position_is_legal (&status->position, move))
    return FALSE;

  arb_position_make_move (&status->position, move, &undo);
  record_current_ply (status);
  return TRUE;
}

void
arb_game_status_push_legal (ArbGameStatus *status, ArbMove move)
{
  ArbUndo undo;

  g_return_if_fail (status != NULL);
  g_return_if_fail (move != ARB_MOVE_NONE);

  arb_position_make_move (&status->position, move, &undo);
  record_current_ply (status);
}

void
arb_game_status_push_reached (ArbGameStatus *status, ArbMove move, const ArbPosition *after)
{
  g_return_if_fail (status != NULL);
  g_return_if_fail (move != ARB_MOVE_NONE);
  g_return_if_fail (after != NULL);
  g_return_if_fail (after->side_to_move != status->position.side_to_move);

  status->position = *after;
  record_current_ply (status);
}

gboolean
arb_game_status_push_reached_with_next (ArbGameStatus *status,
                                        ArbMove move,
                                        const ArbPosition *after,
                                        ArbMove next)
{
  g_return_val_if_fail (status != NULL, FALSE);
  g_return_val_if_fail (move != ARB_MOVE_NONE, FALSE);
  g_return_val_if_fail (after != NULL, FALSE);
  g_return_val_if_fail (next != ARB_MOVE_NONE, FALSE);

  if (after->side_to_move == status->position.side_to_move)
    return FALSE;
  status->position = *after;
  record_ply (status, TRUE);
  return TRUE;
}

guint
arb_game_status_get_ply (const ArbGameStatus *status)
{
  g_return_val_if_fail (status != NULL, 0);

  return status->n_plies - 1;
}

const ArbPosition *
arb_game_status_get_position (const ArbGameStatus *status)
{
  g_return_val_if_fail (status != NULL, NULL);

  return &status->position;
}

gboolean
arb_game_status_get_end (const ArbGameStatus *status, ArbGameEventKind *kind, guint *ply)
{
  g_return_val_if_fail (status != NULL, FALSE);

  if (!status->ended)
    return FALSE;
  if (kind != NULL)
    *kind = status->end_kind;
  if (ply != NULL)
    *ply = status->end_ply;
  return TRUE;
}

guint
arb_game_status_get_void_plies (const ArbGameStatus *status)
{
  g_return_val_if_fail (status != NULL, 0);

  return status->ended ? status->n_plies - 1 - status->end_ply : 0;
}

const ArbGameEvent *
arb_game_status_get_events (const ArbGameStatus *status, guint *n_events)
{
  g_return_val_if_fail (status != NULL, NULL);

  if (n_events != NULL)
    *n_events = status->events->len;
  return (const ArbGameEvent *) (gpointer) status->events->data;
}

guint
arb_game_status_get_occurrences (const ArbGameStatus *status,
                                 guint ply,
                                 guint *plies,
                                 guint max_plies)
{
  guint count;
  gint32 j;

  g_return_val_if_fail (status != NULL, 0);
  g_return_val_if_fail (ply < status->n_plies, 0);

  count = status->plies[ply].count;
  if (plies == NULL)
    return count;

  /* The chain runs backwards; fill the output from its end so that the
   * plies come out in increasing order. */
  j = (gint32) ply;
  for (guint i = count; i > 0 && j >= 0; i--, j = status->plies[j].previous)
    if (i <= max_plies)
      plies[i - 1] = (guint) j;
  return count;
}

guint16
arb_game_status_get_halfmove_clock (const ArbGameStatus *status, guint ply)
{
  g_return_val_if_fail (status != NULL, 0);
  g_return_val_if_fail (ply < status->n_plies, 0);

  return status->plies[ply].clock;
}

ArbDrawClaims
arb_game_status_claims_now (const ArbGameStatus *status)
{
  const PlyRecord *rec;
  ArbDrawClaims claims = ARB_DRAW_CLAIM_NONE;

  g_return_val_if_fail (status != NULL, ARB_DRAW_CLAIM_NONE);

  if (status->ended)
    return ARB_DRAW_CLAIM_NONE;

  rec = &status->plies[status->n_plies - 1];
  /* 9.2.1.2: the position has just appeared for (at least) the third time. */
  if (rec->count >= 3)
    claims |= ARB_DRAW_CLAIM_THREEFOLD;
  /* 9.3.2: the last 50 moves of each player had no pawn move and no capture. */
  if (rec->clock >= FIFTY_MOVES_PLIES)
    claims |= ARB_DRAW_CLAIM_FIFTY_MOVES;
  return claims;
}

ArbDrawClaims
arb_game_status_claims_with_move (const ArbGameStatus *status, ArbMove move)
{
  ArbPosition after;
  ArbUndo undo;
  ArbDrawClaims claims = ARB_DRAW_CLAIM_NONE;
  guint64 key;
  gint32 previous;

  g_return_val_if_fail (status != NULL, ARB_DRAW_CLAIM_NONE);

  if (status->ended)
    return ARB_DRAW_CLAIM_NONE;
  if (move == ARB_MOVE_NONE || !arb_position_is_legal (&status->position, move))
    return ARB_DRAW_CLAIM_NONE;

  after = status->position;
  arb_position_make_move (&after, move, &undo);
  key = arb_position_identity_key (&after);

  /* 9.2.1.1: the written move would make the position appear for the third
   * time; the position after it is not on the board, so it would stand at
   * ply n_plies. */
  previous = find_previous (status, status->n_plies, key, after.halfmove_clock);
  if (previous >= 0 && status->plies[previous].count >= 2)
    claims |= ARB_DRAW_CLAIM_THREEFOLD;
  /* 9.3.1: the written move would complete the 50 moves. */
  if (after.halfmove_clock >= FIFTY_MOVES_PLIES)
    claims |= ARB_DRAW_CLAIM_FIFTY_MOVES;
  return claims;
}

const char *
arb_game_event_kind_to_string (ArbGameEventKind kind)
{
  const char *nick = arb_enum_nick (ARB_TYPE_GAME_EVENT_KIND, kind);
  gboolean kind_known = nick != NULL;

  g_return_val_if_fail (kind_known, "unknown");
  return nick;
}

const char *
arb_game_event_kind_article (ArbGameEventKind kind)
{
  switch (kind)
    {
    case ARB_GAME_EVENT_THREEFOLD:
      return "9.2";
    case ARB_GAME_EVENT_FIVEFOLD:
      return "9.6.1";
    case ARB_GAME_EVENT_FIFTY:
      return "9.3";
    case ARB_GAME_EVENT_SEVENTY_FIVE:
      return "9.6.2";
    case ARB_GAME_EVENT_CHECKMATE:
      return "5.1.1";
    case ARB_GAME_EVENT_STALEMATE:
      return "5.2.1";
    case ARB_GAME_EVENT_DEAD_POSITION:
      return "5.2.2";
    default:
      g_return_val_if_reached ("");
    }
}

gboolean
arb_game_event_kind_is_automatic_end (ArbGameEventKind kind)
{
  return kind != ARB_GAME_EVENT_THREEFOLD && kind != ARB_GAME_EVENT_FIFTY;
}
