/* arb-tournament-match-entries.c: a team's bye and a team match forfeited
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Storage keeps the records (table team_round_entry, schema 15) and
 * guards what the schema cannot say in a CHECK: a forfeit names a match
 * of its own round, a CANCEL a record that stands. Whether the desk may
 * make a record (a team already paired, a match already forfeited) is
 * the round layer's decision (arb-round-team-entries.c). */

#include "arb-tournament-match-entries.h"

#include <stdlib.h>
#include <string.h>

#include "arb-enum-nick.h"
#include "arb-i18n.h"
#include "arb-storage-enums.h"
#include "arb-tournament-private.h"

static const char *const kind_keys[] = { "bye", "forfeit", "cancel" };

void
arb_team_entry_record_free (ArbTeamEntryRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->team);
  g_free (record->home_team);
  g_free (record->away_team);
  g_free (record->arbiter);
  g_free (record->note);
  g_free (record->recorded_at);
  g_free (record);
}

const char *
arb_team_forfeit_to_key (ArbTeamForfeit winner)
{
  return arb_enum_nick (ARB_TYPE_TEAM_FORFEIT, (int) winner);
}

gboolean
arb_team_forfeit_from_key (const char *key, ArbTeamForfeit *winner)
{
  int value;

  if (!arb_enum_from_nick (ARB_TYPE_TEAM_FORFEIT, key, &value))
    return FALSE;
  *winner = (ArbTeamForfeit) value;
  return TRUE;
}

static const char *
blank_to_null (const char *text)
{
  return text != NULL && text[0] != '\0' ? text : NULL;
}

static gboolean
points_are_valid (int x2)
{
  return x2 >= 0 && x2 <= 16; /* 8 boards at most, each won */
}

/* The match's teams, or FALSE with an error when @round has no match
 * @match_id. */
static gboolean
match_teams (ArbTournament *self,
             gint64 match_id,
             int round,
             char **home,
             char **away,
             GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  if (!_arb_query_init (&query, self, "cannot read the team match",
                        "SELECT home_team, away_team FROM team_match WHERE id = ? AND round_no = ?",
                        error, "li", match_id, round))
    return FALSE;
  rc = _arb_query_step (&query, error);
  if (rc < 0)
    return FALSE;
  if (rc == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                   /* Translators: a team match of the tournament file, by its number */
                   _ ("round %d has no team match %lld"), round, (long long) match_id);
      return FALSE;
    }
  *home = _arb_query_dup_text (&query, 0);
  *away = _arb_query_dup_text (&query, 1);
  return TRUE;
}

/* A CANCEL takes back a record that stands and is no CANCEL itself. */
static gboolean
check_cancel (ArbTournament *self, gint64 supersedes, int *round, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  if (!_arb_query_init (&query, self, "cannot read the team entries",
                        "SELECT kind, round_no, "
                        "(SELECT count (*) FROM team_round_entry c WHERE c.supersedes = e.id) "
                        "FROM team_round_entry e WHERE e.id = ?",
                        error, "l", supersedes))
    return FALSE;
  rc = _arb_query_step (&query, error);
  if (rc < 0)
    return FALSE;
  if (rc == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                   /* Translators: the number of a team's bye or forfeited match at the desk */
                   _ ("there is no team entry %lld"), (long long) supersedes);
      return FALSE;
    }
  if (g_strcmp0 (_arb_query_text (&query, 0), "cancel") == 0 || _arb_query_int (&query, 2) > 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: the number of a team's bye or forfeited match at the desk */
                   _ ("team entry %lld was taken back already, or takes back another"),
                   (long long) supersedes);
      return FALSE;
    }
  *round = (int) _arb_query_int (&query, 1);
  return TRUE;
}

static gboolean
check_record (const ArbTeamEntryRecord *r, GError **error)
{
  gboolean ok;

  switch (r->kind)
    {
    case ARB_TEAM_ENTRY_BYE:
      ok = blank_to_null (r->team) != NULL && r->code != '\0' && strchr ("UFHZ", r->code) != NULL &&
           r->match_points_x2 >= 0 && r->match_points_x2 <= 4 &&
           points_are_valid (r->home_points_x2);
      break;
    case ARB_TEAM_ENTRY_FORFEIT:
      ok = r->team_match_id > 0 && arb_team_forfeit_to_key (r->winner) != NULL &&
           points_are_valid (r->home_points_x2) && points_are_valid (r->away_points_x2);
      break;
    case ARB_TEAM_ENTRY_CANCEL:
      ok = r->supersedes > 0 && blank_to_null (r->note) != NULL;
      break;
    default:
      ok = FALSE;
    }
  if (!ok || r->round < 1)
    g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                 _ ("a team entry needs its round from 1, its team or match, points from 0 to 8 "
                    "(2 match points at most), and a reason to take one back"));
  return ok && r->round >= 1;
}

gboolean
_arb_tournament_insert_team_entry (ArbTournament *self,
                                   const ArbTeamEntryRecord *r,
                                   gint64 *id,
                                   GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_autofree char *home = NULL;
  g_autofree char *away = NULL;
  g_autofree char *round = NULL;
  g_autofree char *what = NULL;
  char code[2] = { r->code, '\0' };
  gboolean bye = r->kind == ARB_TEAM_ENTRY_BYE, forfeit = r->kind == ARB_TEAM_ENTRY_FORFEIT;
  int cancel_round = r->round;

  if (!check_record (r, error))
    return FALSE;
  if (forfeit && !match_teams (self, r->team_match_id, r->round, &home, &away, error))
    return FALSE;
  if (r->kind == ARB_TEAM_ENTRY_CANCEL && !check_cancel (self, r->supersedes, &cancel_round, error))
    return FALSE;
  if (!_arb_tournament_run (
        self, "cannot store the team entry",
        "INSERT INTO team_round_entry (kind, round_no, team, code, team_match_id, winner, "
        "match_points_x2, home_points_x2, away_points_x2, arbiter, note, supersedes, recorded_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        error, "tittntmmmttnt", kind_keys[r->kind], cancel_round, bye ? r->team : NULL,
        bye ? code : NULL, forfeit ? r->team_match_id : (gint64) 0,
        forfeit ? arb_team_forfeit_to_key (r->winner) : NULL,
        bye ? (gint64) r->match_points_x2 : (gint64) -1,
        bye || forfeit ? (gint64) r->home_points_x2 : (gint64) -1,
        forfeit ? (gint64) r->away_points_x2 : (gint64) -1, blank_to_null (r->arbiter),
        blank_to_null (r->note), r->kind == ARB_TEAM_ENTRY_CANCEL ? r->supersedes : (gint64) 0,
        now))
    return FALSE;
  if (id != NULL)
    *id = _arb_tournament_last_id (self);
  round = g_strdup_printf ("%d", cancel_round);
  /* The audit line takes four facts: what the record says is one. */
  if (bye)
    what = g_strdup_printf ("%s %c %d/%d", r->team, r->code, r->match_points_x2, r->home_points_x2);
  else if (forfeit)
    what = g_strdup_printf ("%s-%s %s %d-%d", home, away, arb_team_forfeit_to_key (r->winner),
                            r->home_points_x2, r->away_points_x2);
  else
    what = g_strdup_printf ("%" G_GINT64_FORMAT, r->supersedes);
  return _arb_tournament_audit (self, "team-entry", 0, error, "kind", kind_keys[r->kind], "round",
                                round, "what", what, "arbiter", blank_to_null (r->arbiter), NULL);
}

gboolean
_arb_tournament_insert_team_forfeit (ArbTournament *self,
                                     const ArbTeamEntryRecord *record,
                                     const char *home,
                                     const char *away,
                                     gint64 *id,
                                     GError **error)
{
  ArbTeamEntryRecord r = *record;
  g_auto (ArbQuery) query = { 0 };
  int rc;

  if (blank_to_null (home) == NULL || blank_to_null (away) == NULL || g_strcmp0 (home, away) == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a team match is between two different teams"));
      return FALSE;
    }
  if (!_arb_query_init (&query, self, "cannot read the team matches",
                        "SELECT id FROM team_match WHERE round_no = ? AND home_team = ? "
                        "AND away_team = ? ORDER BY id LIMIT 1",
                        error, "itt", record->round, home, away))
    return FALSE;
  rc = _arb_query_step (&query, error);
  if (rc < 0)
    return FALSE;
  r.kind = ARB_TEAM_ENTRY_FORFEIT;
  if (rc > 0)
    r.team_match_id = _arb_query_int (&query, 0);
  else if (record->round >= 1)
    {
      if (!_arb_tournament_run (self, "cannot store the round",
                                "INSERT OR IGNORE INTO round (number) VALUES (?)", error, "i",
                                record->round) ||
          !_arb_tournament_run (self, "cannot store the team match",
                                "INSERT INTO team_match (round_no, home_team, away_team) "
                                "VALUES (?, ?, ?)",
                                error, "itt", record->round, home, away))
        return FALSE;
      r.team_match_id = _arb_tournament_last_id (self);
      if (!_arb_tournament_audit (self, "add-team-match", 0, error, "home", home, "away", away,
                                  NULL))
        return FALSE;
    }
  return _arb_tournament_insert_team_entry (self, &r, id, error);
}

gboolean
arb_tournament_add_team_entry (ArbTournament *self,
                               const ArbTeamEntryRecord *record,
                               gint64 *id,
                               GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!_arb_tournament_insert_team_entry (self, record, id, error) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_tournament_add_team_forfeit (ArbTournament *self,
                                 const ArbTeamEntryRecord *record,
                                 const char *home,
                                 const char *away,
                                 gint64 *id,
                                 GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!_arb_tournament_insert_team_forfeit (self, record, home, away, id, error) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}

static ArbTeamEntryRecord *
record_of_row (ArbQuery *query)
{
  ArbTeamEntryRecord *r = g_new0 (ArbTeamEntryRecord, 1);
  const char *kind = _arb_query_text (query, 1);

  r->id = _arb_query_int (query, 0);
  for (gsize i = 0; kind != NULL && i < G_N_ELEMENTS (kind_keys); i++)
    if (g_str_equal (kind, kind_keys[i]))
      r->kind = (ArbTeamEntryKind) i;
  r->round = (int) _arb_query_int (query, 2);
  r->team = _arb_query_dup_text (query, 3);
  r->team_match_id = _arb_query_int_or (query, 4, 0);
  if (!arb_team_forfeit_from_key (_arb_query_text (query, 5), &r->winner))
    r->winner = ARB_TEAM_FORFEIT_NONE;
  r->match_points_x2 = (int) _arb_query_int_or (query, 6, 0);
  r->home_points_x2 = (int) _arb_query_int_or (query, 7, 0);
  r->away_points_x2 = (int) _arb_query_int_or (query, 8, 0);
  r->arbiter = _arb_query_dup_text (query, 9);
  r->note = _arb_query_dup_text (query, 10);
  r->supersedes = _arb_query_int_or (query, 11, 0);
  r->recorded_at = _arb_query_dup_text (query, 12);
  r->superseded_by = _arb_query_int_or (query, 13, 0);
  r->home_team = _arb_query_dup_text (query, 14);
  r->away_team = _arb_query_dup_text (query, 15);
  r->code = _arb_query_text (query, 16) != NULL ? _arb_query_text (query, 16)[0] : '\0';
  return r;
}

GPtrArray *
arb_tournament_list_team_entries (ArbTournament *self, int round, gboolean all, GError **error)
{
  g_autoptr (GPtrArray) records =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_entry_record_free);
  g_auto (ArbQuery) query = { 0 };
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the team entries",
                        "SELECT e.id, e.kind, e.round_no, e.team, e.team_match_id, e.winner, "
                        "e.match_points_x2, e.home_points_x2, e.away_points_x2, e.arbiter, e.note, "
                        "e.supersedes, e.recorded_at, "
                        "(SELECT c.id FROM team_round_entry c WHERE c.supersedes = e.id), "
                        "m.home_team, m.away_team, e.code "
                        "FROM team_round_entry e LEFT JOIN team_match m ON m.id = e.team_match_id "
                        "WHERE ?1 = 0 OR e.round_no = ?1 ORDER BY e.id",
                        error, "i", round))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      g_autoptr (ArbTeamEntryRecord) r = record_of_row (&query);

      if (!all && (r->kind == ARB_TEAM_ENTRY_CANCEL || r->superseded_by != 0))
        continue;
      if (!_arb_tournament_check_range (self, "team_round_entry", "round_no", r->round, 1, 999,
                                        error))
        return NULL;
      g_ptr_array_add (records, g_steal_pointer (&r));
    }
  if (rc < 0)
    return NULL;
  return g_steal_pointer (&records);
}

/* Import (arb-tournament-trf.c) */

/* The record's fields, split at blanks. */
static char **
record_fields (const ArbTrfRecord *record)
{
  g_auto (GStrv) all = g_strsplit_set (record->value, " \t\r", -1);
  GPtrArray *fields = g_ptr_array_new ();

  for (guint i = 0; all[i] != NULL; i++)
    if (all[i][0] != '\0')
      g_ptr_array_add (fields, g_strdup (all[i]));
  g_ptr_array_add (fields, NULL);
  return (char **) g_ptr_array_free (fields, FALSE);
}

static const char *
team_named (const ArbTrf *trf, const char *number)
{
  char *end = NULL;
  gint64 n = g_ascii_strtoll (number, &end, 10);

  for (guint i = 0; end != number && *end == '\0' && n > 0 && i < trf->teams->len; i++)
    if (((ArbTrfTeam *) trf->teams->pdata[i])->number == n)
      return ((ArbTrfTeam *) trf->teams->pdata[i])->name;
  return NULL;
}

/* "2.0", "04.0": points of a TRF field, doubled; -1 when they do not read. */
static int
field_x2 (const char *text)
{
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || value < 0 || value > 8 || value * 2 != (int) (value * 2))
    return -1;
  return (int) (value * 2);
}

/* Record 330 of round @round: a match forfeited, the white team (named
 * first) and the black team by their numbers, "+-" when White's wins,
 * "-+" when Black's, "--" for both. The match the round holds between the
 * two, in either order, is the one forfeited. */
static gboolean
import_forfeit (ArbTournament *self,
                const ArbTrf *trf,
                int round,
                char **f,
                int boards,
                GError **error)
{
  const char *white, *black;
  ArbTeamEntryRecord r = { .kind = ARB_TEAM_ENTRY_FORFEIT, .round = round };
  g_auto (ArbQuery) query = { 0 };
  gboolean reversed = FALSE;
  int rc;

  if (g_strv_length (f) < 4 || atoi (f[1]) != round)
    return TRUE;
  white = team_named (trf, f[2]);
  black = team_named (trf, f[3]);
  if (white == NULL || black == NULL || g_strcmp0 (white, black) == 0)
    return TRUE;
  /* A match that has a forfeit record, standing or taken back, is passed
   * over: a second import of the same file records nothing new, and the
   * desk's taking back is not undone by a file written before it. */
  if (!_arb_query_init (&query, self, "cannot read the team matches",
                        "SELECT home_team = ?, EXISTS (SELECT 1 FROM team_round_entry e WHERE "
                        "e.kind = 'forfeit' AND e.team_match_id = m.id) FROM team_match m "
                        "WHERE round_no = ? AND ((home_team = ? AND away_team = ?) OR "
                        "(home_team = ? AND away_team = ?)) ORDER BY id LIMIT 1",
                        error, "titttt", white, round, white, black, black, white))
    return FALSE;
  rc = _arb_query_step (&query, error);
  if (rc < 0)
    return FALSE;
  if (rc > 0 && _arb_query_int (&query, 1) != 0)
    return TRUE;
  reversed = rc > 0 && _arb_query_int (&query, 0) == 0;
  if (strcmp (f[0], "+-") == 0)
    r.winner = reversed ? ARB_TEAM_FORFEIT_AWAY : ARB_TEAM_FORFEIT_HOME;
  else if (strcmp (f[0], "-+") == 0)
    r.winner = reversed ? ARB_TEAM_FORFEIT_HOME : ARB_TEAM_FORFEIT_AWAY;
  else if (strcmp (f[0], "--") == 0)
    r.winner = ARB_TEAM_FORFEIT_NONE;
  else
    return TRUE;
  r.home_points_x2 = r.winner == ARB_TEAM_FORFEIT_HOME ? 2 * boards : 0;
  r.away_points_x2 = r.winner == ARB_TEAM_FORFEIT_AWAY ? 2 * boards : 0;
  return _arb_tournament_insert_team_forfeit (self, &r, reversed ? black : white,
                                              reversed ? white : black, NULL, error);
}

/* A bye for a team the round neither pairs nor gives a bye already. */
static gboolean
add_bye (ArbTournament *self, const ArbTeamEntryRecord *r, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  if (!_arb_query_init (&query, self, "cannot read the team matches",
                        "SELECT (SELECT count (*) FROM team_match WHERE round_no = ?1 AND "
                        "(home_team = ?2 OR away_team = ?2)) + (SELECT count (*) FROM "
                        "team_round_entry e WHERE e.round_no = ?1 AND e.team = ?2 AND NOT EXISTS "
                        "(SELECT 1 FROM team_round_entry c WHERE c.supersedes = e.id))",
                        error, "it", r->round, r->team))
    return FALSE;
  rc = _arb_query_step (&query, error);
  if (rc <= 0)
    return rc == 0;
  if (_arb_query_int (&query, 0) > 0)
    return TRUE;
  return _arb_tournament_insert_team_entry (self, r, NULL, error);
}

/* Record 320: the pairing-allocated byes, with their match and game
 * points, one team number a round (000 for none). */
static gboolean
import_bye (ArbTournament *self, const ArbTrf *trf, int round, char **f, GError **error)
{
  ArbTeamEntryRecord r = { .kind = ARB_TEAM_ENTRY_BYE, .round = round, .code = 'U' };

  if (g_strv_length (f) < 2 + (guint) round)
    return TRUE;
  r.team = (char *) team_named (trf, f[1 + round]);
  r.match_points_x2 = field_x2 (f[0]);
  r.home_points_x2 = field_x2 (f[1]);
  if (r.team == NULL || r.match_points_x2 < 0 || r.match_points_x2 > 4 || r.home_points_x2 < 0)
    return TRUE;
  return add_bye (self, &r, error);
}

/* Records 240 of a team event: the byes asked for of round @round, by
 * team number; a full-point bye scores a won match and a won game on
 * every board, a half-point bye a drawn match and half the boards, a
 * zero-point bye nothing. */
static gboolean
import_asked_byes (ArbTournament *self, const ArbTrf *trf, int round, int boards, GError **error)
{
  for (guint i = 0; i < trf->byes->len; i++)
    {
      const ArbTrfBye *bye = trf->byes->pdata[i];
      char code = bye->code == 'F' || bye->code == 'H' ? bye->code : 'Z';

      for (guint k = 0; bye->round == round && k < bye->start_nos->len; k++)
        {
          g_autofree char *number = g_strdup_printf ("%d", g_array_index (bye->start_nos, int, k));
          ArbTeamEntryRecord r = { .kind = ARB_TEAM_ENTRY_BYE, .round = round, .code = code };

          r.team = (char *) team_named (trf, number);
          r.match_points_x2 = code == 'F' ? 4 : code == 'H' ? 2 : 0;
          r.home_points_x2 = code == 'F' ? 2 * boards : code == 'H' ? boards : 0;
          if (r.team != NULL && !add_bye (self, &r, error))
            return FALSE;
        }
    }
  return TRUE;
}

gboolean
_arb_tournament_import_team_entries (ArbTournament *self,
                                     const ArbTrf *trf,
                                     int round,
                                     int boards,
                                     GError **error)
{
  for (guint i = 0; i < trf->records->len; i++)
    {
      const ArbTrfRecord *record = trf->records->pdata[i];
      g_auto (GStrv) f = NULL;

      if (strcmp (record->code, "320") != 0 && strcmp (record->code, "330") != 0)
        continue;
      f = record_fields (record);
      if (strcmp (record->code, "330") == 0 ? !import_forfeit (self, trf, round, f, boards, error)
                                            : !import_bye (self, trf, round, f, error))
        return FALSE;
    }
  return import_asked_byes (self, trf, round, boards, error);
}
