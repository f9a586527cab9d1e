/* arb-tournament-team.h: the arbiters' team, their sign-ins and what they send from the floor
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament.h"

G_BEGIN_DECLS

typedef enum
{
  ARB_TEAM_ROLE_FLOOR,  /* walks a sector of boards */
  ARB_TEAM_ROLE_DEPUTY, /* at a desk of their own */
  ARB_TEAM_ROLE_CHIEF,
} ArbTeamRole;

typedef struct
{
  gint64 id;
  char *name;
  ArbTeamRole role;
  char *sectors; /* "1-20,41-60"; empty: every board */
  char *added_at;
  char *revoked_at; /* NULL while the sign-in stands */
  char *revoke_reason;
} ArbTeamArbiter;

void arb_team_arbiter_free (ArbTeamArbiter *arbiter);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTeamArbiter, arb_team_arbiter_free)

const char *arb_team_role_to_string (ArbTeamRole role);
gboolean arb_team_role_from_string (const char *text, ArbTeamRole *role);

/* Checks @text as sectors: ranges "A-B" or boards "N" from 1, separated by
 * commas, A ≤ B; empty means every board. */
gboolean arb_team_sectors_check (const char *text, GError **error);
/* Whether @board is in @sectors (checked ones). */
gboolean arb_team_sectors_contain (const char *sectors, int board);

/* Adds an arbiter with a new sign-in token: 32 bytes from the system's
 * random source, as 64 hex digits in *token (the only time it is seen:
 * the file keeps its SHA-256 alone). One transaction. */
gboolean arb_tournament_add_arbiter (ArbTournament *self,
                                     const char *name,
                                     ArbTeamRole role,
                                     const char *sectors,
                                     char **token,
                                     GError **error);
/* Records the revocation of @name's sign-in with @reason (not blank). */
gboolean arb_tournament_revoke_arbiter (ArbTournament *self,
                                        const char *name,
                                        const char *reason,
                                        GError **error);
GPtrArray *arb_tournament_list_team (ArbTournament *self, GError **error);
/* The arbiter whose sign-in @token is and stands; NULL without an error
 * when none is (unknown, revoked, malformed). */
ArbTeamArbiter *arb_tournament_find_arbiter_by_token (ArbTournament *self,
                                                      const char *token,
                                                      GError **error);

typedef enum
{
  ARB_FLOOR_RESULT,   /* a result, as typed at the results desk */
  ARB_FLOOR_CALL,     /* "call the desk" about a board */
  ARB_FLOOR_INCIDENT, /* an incident reported, for the desk to rule on */
  ARB_FLOOR_CLOCK,    /* the times a physical clock shows */
} ArbFloorKind;

const char *arb_floor_kind_to_string (ArbFloorKind kind);
gboolean arb_floor_kind_from_string (const char *text, ArbFloorKind *kind);

typedef struct
{
  gint64 id;
  char *client_id; /* made by the phone: unique, so nothing is applied twice */
  char *arbiter;
  ArbFloorKind kind;
  int round;
  int board;
  char *body;    /* what was sent (JSON) */
  char *outcome; /* what the desk made of it (JSON) */
  char *recorded_at;
  char *answered_by; /* a call: who answered it, NULL while open */
  char *answered_at;
} ArbFloorRecord;

void arb_floor_record_free (ArbFloorRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbFloorRecord, arb_floor_record_free)

/* Stores @record (its id, times and answer ignored) in one transaction.
 * When an entry with its client id is stored already, nothing is written
 * and *stored is that first one, with *repeat TRUE. */
gboolean arb_tournament_add_floor_entry (ArbTournament *self,
                                         const ArbFloorRecord *record,
                                         ArbFloorRecord **stored,
                                         gboolean *repeat,
                                         GError **error);
/* The entry sent with @client_id, NULL (and no error) when none is. */
ArbFloorRecord *arb_tournament_get_floor_entry (ArbTournament *self,
                                                const char *client_id,
                                                GError **error);
/* The entries, oldest first; @open_calls only: the calls not answered. */
GPtrArray *arb_tournament_list_floor_entries (ArbTournament *self,
                                              gboolean open_calls,
                                              GError **error);
/* Records that @arbiter answered call @id. */
gboolean arb_tournament_answer_call (ArbTournament *self,
                                     gint64 id,
                                     const char *arbiter,
                                     GError **error);

G_END_DECLS
