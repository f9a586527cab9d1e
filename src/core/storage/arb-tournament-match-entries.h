/* arb-tournament-match-entries.h: a team's bye and a team match forfeited
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-tournament.h"
#include "arb-trf.h"

G_BEGIN_DECLS

/* What the desk records of a team's round that no match played over the
 * board says (table team_round_entry, schema version 15): a bye of one
 * team, with the match and game points it gives, or a match forfeited as
 * a whole (TRF-2026 record 330: by one team, or by both). A record is
 * never changed: taking one back stores a record of kind CANCEL that
 * supersedes it, with the reason in its note. The round layer decides
 * whether a record may be made (arb-round-team-entries.h); storage keeps
 * it. */
typedef enum
{
  ARB_TEAM_ENTRY_BYE,     /* TEAM has no match in ROUND and is given points */
  ARB_TEAM_ENTRY_FORFEIT, /* the match TEAM_MATCH_ID was forfeited as a whole */
  ARB_TEAM_ENTRY_CANCEL,  /* takes back the record SUPERSEDES */
} ArbTeamEntryKind;

/* Who won a match forfeited as a whole; the key stored is the nick
 * (ARB_TYPE_TEAM_FORFEIT, arb-storage-enums.h). */
typedef enum
{
  ARB_TEAM_FORFEIT_HOME, /* the home team (named first) wins: "+-" in TRF-2026 */
  ARB_TEAM_FORFEIT_AWAY, /* the away team wins: "-+" */
  ARB_TEAM_FORFEIT_NONE, /* both teams forfeited: "--" */
} ArbTeamForfeit;

typedef struct
{
  gint64 id;
  ArbTeamEntryKind kind;
  int round;
  char *team;           /* BYE: the team */
  char code;            /* BYE: 'U' pairing-allocated, 'F' full-point, 'H' half-point,
                          * 'Z' zero-point (H and Z asked for: C.07 16.1's requested byes) */
  gint64 team_match_id; /* FORFEIT: the match */
  char *home_team;      /* FORFEIT: the match's teams, as read (ignored when stored) */
  char *away_team;
  ArbTeamForfeit winner; /* FORFEIT */
  int match_points_x2;   /* BYE: its match points, doubled (4: a win's 2) */
  int home_points_x2;    /* BYE: the team's game points; FORFEIT: the home team's; doubled */
  int away_points_x2;    /* FORFEIT: the away team's game points, doubled */
  char *arbiter;
  char *note;
  gint64 supersedes;    /* CANCEL: the record taken back */
  gint64 superseded_by; /* the CANCEL that took this one back, 0 when it stands */
  char *recorded_at;
} ArbTeamEntryRecord;

void arb_team_entry_record_free (ArbTeamEntryRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTeamEntryRecord, arb_team_entry_record_free)

/* "home", "away", "none", and back; FALSE (NULL) when unknown. */
const char *arb_team_forfeit_to_key (ArbTeamForfeit winner);
gboolean arb_team_forfeit_from_key (const char *key, ArbTeamForfeit *winner);

/* Stores @record (its id, names of the match, superseded_by and
 * recorded_at are ignored) in one transaction with its audit line; *id
 * (may be NULL) gets its id. A FORFEIT names an existing match of its
 * round; a CANCEL a standing record that is not a CANCEL. */
gboolean arb_tournament_add_team_entry (ArbTournament *self,
                                        const ArbTeamEntryRecord *record,
                                        gint64 *id,
                                        GError **error);

/* A forfeit of the match of @round between @home and @away, the match
 * stored first when the round has none between them (a pairing that was
 * never played), in one transaction. */
gboolean arb_tournament_add_team_forfeit (ArbTournament *self,
                                          const ArbTeamEntryRecord *record,
                                          const char *home,
                                          const char *away,
                                          gint64 *id,
                                          GError **error);

/* Every record (ArbTeamEntryRecord) of @round (0: every round) in the
 * order they were made, those taken back and the CANCELs too when @all,
 * else only those that stand. */
GPtrArray *arb_tournament_list_team_entries (ArbTournament *self,
                                             int round,
                                             gboolean all,
                                             GError **error);

/* In the caller's transaction (a TRF import): as the two above. */
gboolean _arb_tournament_insert_team_entry (ArbTournament *self,
                                            const ArbTeamEntryRecord *record,
                                            gint64 *id,
                                            GError **error);
gboolean _arb_tournament_insert_team_forfeit (ArbTournament *self,
                                              const ArbTeamEntryRecord *record,
                                              const char *home,
                                              const char *away,
                                              gint64 *id,
                                              GError **error);

/* In the import's transaction, after round @round's matches are stored:
 * the TRF-2026 records 330 of the round (a match forfeited: "+-" the
 * white team wins, "-+" the black team, "--" neither; the winner scores
 * a won game on each of @boards) and 320 (the pairing-allocated bye of
 * each round, with its match and game points, for a team the round does
 * not pair), and the records 240 (a team's bye asked for: F a won
 * match and a won game on every board, H a drawn match and half the
 * boards, Z nothing). A record that does not read, names a team the file
 * does not have, or a bye for a team the round pairs or gives a bye
 * already, is passed over. */
gboolean _arb_tournament_import_team_entries (ArbTournament *self,
                                              const ArbTrf *trf,
                                              int round,
                                              int boards,
                                              GError **error);

G_END_DECLS
