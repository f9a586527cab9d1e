/* arb-result-entry.h: what an arbiter types at the results desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-color.h"
#include "arb-game.h"
#include "arb-result.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* The grammar of the results desk, shared by the window's desk bar and
 * `arbiter-cli result`:
 *
 *   ENTRY  = WHO [" "] RESULT | WHO
 *   WHO    = a board number ("12") | a player's name or part of it ("Öberg",
 *            "van der", "Oberg")
 *   RESULT = a score of the side WHO names: 1 (won), 0 (lost), ½ = 1/2
 *            (a draw), + (won by forfeit), - − (lost by forfeit), -- (both
 *            forfeited), * (no result yet)
 *          | a game's result, White first whoever is named: 1-0, 0-1, ½-½,
 *            1/2-1/2, +/-, -/+, -/-
 *
 * A board number names White, so "12 1" is 1-0 on board 12; a name names
 * that player, so "Öberg 0" is a loss for Öberg: 1-0 when Öberg has Black.
 * A result of symbols may follow the number without a space ("12=", "7--").
 * A name matches as GNOME's search does: each word typed begins a word of
 * the name, ignoring case and accents ("oberg" finds "Öberg, Nils"); a
 * player with every word typed as a whole word of the name is taken before
 * those who only begin with them, so "Ek" is Ek and not Ekström. */

#define ARB_RESULT_ENTRY_ERROR (arb_result_entry_error_quark ())

/* Why an entry names no board; the messages are translated sentences. */
typedef enum
{
  ARB_RESULT_ENTRY_ERROR_EMPTY,          /* nothing typed */
  ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT, /* "3 0.5": not a result of the grammar */
  ARB_RESULT_ENTRY_ERROR_NO_BOARD,       /* "31 1": the round has no board 31 */
  ARB_RESULT_ENTRY_ERROR_NO_PLAYER,      /* no player of the round is called so */
  ARB_RESULT_ENTRY_ERROR_SEVERAL,        /* the name fits players of several boards */
  ARB_RESULT_ENTRY_ERROR_BYE,            /* the player named has a bye this round */
} ArbResultEntryError;

GQuark arb_result_entry_error_quark (void);

typedef struct
{
  char *who;           /* the board number or the name, as typed */
  gboolean by_number;  /* WHO is a board number */
  int board;           /* that number */
  gboolean has_result; /* FALSE: the entry only chooses a board */
  /* The result as if the side named had White ("0": ARB_RESULT_BLACK_WINS),
   * or the game's result as written when `as_written`. */
  ArbResult score;
  gboolean as_written;
} ArbResultEntry;

/* Reads @text into @entry (cleared first; free its fields with
 * arb_result_entry_clear()). FALSE with ARB_RESULT_ENTRY_ERROR_EMPTY or
 * ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT otherwise. */
gboolean arb_result_entry_parse (const char *text, ArbResultEntry *entry, GError **error);
void arb_result_entry_clear (ArbResultEntry *entry);

/* The game's result the entry means on a board where it named @side. */
ArbResult arb_result_entry_game_result (const ArbResultEntry *entry, ArbColor side);

/* The board an entry names. */
typedef struct
{
  gint64 game_id;
  int round;
  int board;
  ArbColor side;     /* the side named: White for a board number */
  ArbResult result;  /* what the entry means for the game (when it has a result) */
  ArbResult current; /* the result the file holds now */
  char *white;       /* the players' names */
  char *black;
} ArbResultEntryTarget;

/* Finds the board of @round of @tournament that @entry names, reading the
 * round's games and players from the file. FALSE with
 * ARB_RESULT_ENTRY_ERROR_NO_BOARD, _NO_PLAYER, _SEVERAL or _BYE (or a
 * storage error) otherwise. Free the target's fields with
 * arb_result_entry_target_clear(). */
gboolean arb_result_entry_find (const ArbResultEntry *entry,
                                ArbTournament *tournament,
                                int round,
                                ArbResultEntryTarget *target,
                                GError **error);
void arb_result_entry_target_clear (ArbResultEntryTarget *target);

/* How well @query fits a player's @name: 0 not at all, 1 every word typed
 * begins a word of the name, 2 every word typed is a whole word of it
 * (case and accents ignored). */
guint arb_result_entry_match_name (const char *query, const char *name);

/* Stores @result for @game as the results desk decides it, for the
 * window and `arbiter-cli result` alike: a game without a result gets it;
 * a result that replaces another is a correction of the rulings log
 * (arb_ruling_correct_result ()) with @arbiter and @reason (may be NULL);
 * the result the game has already stores nothing. *ruling_id (may be
 * NULL) gets the correction's id, or 0 when the entry made none. */
gboolean arb_result_entry_store (ArbGame *game,
                                 ArbResult result,
                                 const char *arbiter,
                                 const char *reason,
                                 gint64 *ruling_id,
                                 GError **error);

/* Takes back what arb_result_entry_store () stored: a correction
 * (@ruling_id not 0) is withdrawn with @reason, in the log beside it, and
 * the result it replaced comes back; a first result gives way to
 * @previous. */
gboolean arb_result_entry_take_back (ArbGame *game,
                                     ArbResult previous,
                                     gint64 ruling_id,
                                     const char *arbiter,
                                     const char *reason,
                                     GError **error);

/* The side that wins the game with @result (over the board or by
 * forfeit), ARB_COLOR_NONE when none does (a draw, both lose, a half
 * point against nothing, no result). */
ArbColor arb_result_winner (ArbResult result);

/* The result as the desk shows it: "1–0", "½–½", "+/−", "—" for none. */
const char *arb_result_entry_display (ArbResult result);

G_END_DECLS
