/* arb-round-entries.h: byes asked for, withdrawals and late entries at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "arb-tournament-entries.h"
#include "arb-tournament.h"
#include "arb-trf.h"

G_BEGIN_DECLS

/* The one path of the window and arbiter-cli for what the desk records of
 * a player's rounds before the pairing program pairs them. Each call is
 * one durable transaction; a refusal (G_IO_ERROR_INVALID_ARGUMENT,
 * G_IO_ERROR_EXISTS, G_IO_ERROR_NOT_FOUND) says why in the reader's
 * language and stores nothing. @arbiter and @note may be NULL. */

/* A bye asked for @round: @code 'H' (half a point) or 'Z' (none).
 * Refused when the player is already paired in the round, absent from it
 * (withdrawn, not yet entered) or has a bye asked for it that stands. */
gboolean arb_round_request_bye (ArbTournament *tournament,
                                gint64 player_id,
                                int round,
                                char code,
                                const char *arbiter,
                                const char *note,
                                gint64 *entry_id,
                                GError **error);

/* The player is absent from @round on: not paired in it or after. Refused
 * when the player already has a game in such a round, or is withdrawn. */
gboolean arb_round_withdraw_player (ArbTournament *tournament,
                                    gint64 player_id,
                                    int round,
                                    const char *arbiter,
                                    const char *note,
                                    gint64 *entry_id,
                                    GError **error);

/* A new player who plays from @round on (absent before it), with the next
 * starting rank. @player needs a name; its start_no is ignored. Refused
 * when @round is paired already, or another player has the FIDE id. */
gboolean arb_round_late_entry (ArbTournament *tournament,
                               const ArbPlayerInfo *player,
                               int round,
                               const char *arbiter,
                               const char *note,
                               gint64 *player_id,
                               GError **error);

/* Takes back a bye asked for or a withdrawal, with @reason (required):
 * a record that supersedes it. A late entry is not taken back (the player
 * is withdrawn instead). */
gboolean arb_round_cancel_entry (ArbTournament *tournament,
                                 gint64 entry_id,
                                 const char *reason,
                                 const char *arbiter,
                                 GError **error);

/* What a round the pairing program paired says against the records. */
typedef enum
{
  ARB_ENTRY_WARNING_ABSENT_PAIRED, /* withdrawn or not yet entered, and paired */
  ARB_ENTRY_WARNING_BYE_NOT_GIVEN, /* a bye asked for, and paired or given another bye */
  ARB_ENTRY_WARNING_TRF_DIFFERS,   /* a player line's points or rank against the record */
  /* The file's rules (TRF-2026 records 162, 202, 212) as far as Arbiter
   * cannot take them (arb-round-import-settings.c): */
  ARB_ENTRY_WARNING_TRF_TIEBREAK,      /* a tie-break code Arbiter cannot compute */
  ARB_ENTRY_WARNING_TRF_ORDER_FULL,    /* a code past ARB_TIEBREAK_MAX_ORDER */
  ARB_ENTRY_WARNING_TRF_SCORING,       /* points of 162 that Arbiter counts otherwise */
  ARB_ENTRY_WARNING_TRF_ORDERS_DIFFER, /* 212 after PTS is not 202: 202 is taken */
} ArbEntryWarningKind;

/* The field of a TRF player line, or of a team's record 310 (TRF-2026),
 * that TRF_DIFFERS is about; for a team, the warning's player is the
 * team's name and its start_no the team's number. */
typedef enum
{
  ARB_TRF_FIELD_POINTS,       /* columns 81-84 */
  ARB_TRF_FIELD_RANK,         /* columns 86-89 */
  ARB_TRF_FIELD_MATCH_POINTS, /* 310, columns 55-60 */
  ARB_TRF_FIELD_GAME_POINTS,  /* 310, columns 62-67 */
  ARB_TRF_FIELD_TEAM_RANK,    /* 310, columns 69-71 */
} ArbTrfField;

typedef struct
{
  ArbEntryWarningKind kind;
  ArbEntryKind entry; /* the record it contradicts */
  int round;
  int board;    /* the player's board in the round, 0 when none */
  char *player; /* the player's name */
  int start_no;
  char asked;        /* the bye asked for ('H', 'Z'), '\0' for an absence */
  char given;        /* the bye given ('H', 'F', 'U', 'Z'…), '\0' for a game or nothing */
  gboolean unpaired; /* BYE_NOT_GIVEN: the round has no game or bye for the player */
  /* TRF_DIFFERS (round: the last round of the record with every result
   * in, the standings are after it): what the file says and what the
   * record gives, points times two or a rank; for a rank, the record's
   * ranks from in_record to in_record_last are the players level on
   * points with this one (their order is the tie-breaks'). When the file
   * holds rounds after that one (the round it pairs, its byes), later_round
   * is its last and later to later_last what the record gives counting
   * the byes and results it has of those rounds; else later_round is 0. */
  ArbTrfField field;
  int in_file;
  int in_record;
  int in_record_last;
  int later_round;
  int later;
  int later_last;
  /* The file's rules: where the record or the code is (record 162, 202
   * or 212), the code as written ("BH/P"); for TRF_SCORING the result
   * letter (P, A; '\0' when the points are not win ≥ draw ≥ loss), the
   * points the file gives it and those Arbiter counts instead, and for
   * '\0' the file's win, draw and loss in points, record and later. */
  int record;
  int line;
  int column;
  char *code;
  char score;
  double points;
  double counted;
  double file_win;
  double file_draw;
  double file_loss;
} ArbEntryWarning;

void arb_entry_warning_free (ArbEntryWarning *warning);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbEntryWarning, arb_entry_warning_free)

/* The records that stand checked against the games of rounds @first to
 * @last: ArbEntryWarning, empty when the games agree. */
GPtrArray *arb_round_check_entries (ArbTournament *tournament, int first, int last, GError **error);

/* The points and ranks of @trf's player lines against the record, for
 * the games and byes the file gives a result (TRF_DIFFERS,
 * arb-round-import-check.c). A file written to pair a round may count
 * that round's byes in the points and ranks or not (TRF16 does not say;
 * see the file's comment), so either stands: the standings after the
 * file's last round with every result in, or those with the byes and
 * results the file holds of its later rounds. A rank of 0 (blank)
 * is not compared, nor one among the players level on points (the
 * pairing program need not break ties as the event's tie-breaks do), nor
 * any rank in a team event. Nothing is compared when the record lacks a
 * round the file holds (an import of one round of it). */
GPtrArray *arb_round_check_trf (ArbTournament *tournament, const ArbTrf *trf, GError **error);

/* The TRF_DIFFERS warning as a sentence (arb_entry_warning_describe()). */
char *arb_round_describe_trf_difference (const ArbEntryWarning *warning);

/* arb_tournament_import_trf(), then the rounds the import added checked
 * against the records (arb_round_check_entries()) and the file's points
 * and ranks against the record (arb_round_check_trf()): @warnings (may be
 * NULL) receives what the pairing program did against them. The import
 * stands either way: the arbiter decides. */
gboolean arb_round_import_trf (ArbTournament *tournament,
                               const char *text,
                               gsize length,
                               int round,
                               GPtrArray *warnings,
                               GError **error);

/* What @trf's records 162, 202 and 212 set in the event's settings
 * (@settings: "scoring" and "tiebreaks", the other members kept): the
 * points for a win, a draw and a loss, and the tie-breaks of 202 (else
 * those after PTS in 212) that Arbiter computes, by their keys
 * (arb_tiebreak_from_key ()), in the file's order. Whatever the file
 * says that Arbiter cannot count so is added to @warnings (may be NULL),
 * never dropped silently: a code it does not compute, a team event's
 * tie-breaks, points for a pairing-allocated bye other than a win's or
 * for an absence other than a loss's. TRUE when @settings changed. */
gboolean arb_round_trf_settings (const ArbTrf *trf, JsonObject *settings, GPtrArray *warnings);

/* Those warnings as sentences (arb_entry_warning_describe ()). */
char *arb_round_describe_trf_setting (const ArbEntryWarning *warning);

/* The warning as a sentence in the reader's language. */
char *arb_entry_warning_describe (const ArbEntryWarning *warning);

G_END_DECLS
