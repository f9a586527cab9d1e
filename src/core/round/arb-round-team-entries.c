/* arb-round-team-entries.c: a team's bye and a team match forfeited, at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The desk decides here whether a record may be made; storage keeps it
 * (arb-tournament-match-entries.c) and the team standings count it
 * (arb-standings-teams.c: C.07 (2026) Article 16). */

#include "config.h"

#include "arb-round-team-entries.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-tournament-teams.h"

static gboolean
given (const char *text)
{
  g_autofree char *copy = g_strdup (text != NULL ? text : "");

  return *g_strstrip (copy) != '\0';
}

/* What @round holds for @team: its match (the first that names it) or its
 * bye, NULL when nothing. Owned by @matches. */
static const ArbTeamMatchInfo *
team_in_round (GPtrArray *matches, const char *team)
{
  for (guint i = 0; i < matches->len; i++)
    {
      const ArbTeamMatchInfo *m = matches->pdata[i];

      if (g_strcmp0 (m->home_team, team) == 0 || g_strcmp0 (m->away_team, team) == 0)
        return m;
    }
  return NULL;
}

static void
set_busy_error (GError **error, const char *team, int round)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
               /* Translators: refused when a team given a bye or a forfeit already has a
                * match or a bye in the round; %s is the team, %d the round */
               _ ("%s already has a match or a bye in round %d"), team, round);
}

gboolean
arb_round_team_bye (ArbTournament *tournament,
                    int round,
                    const char *team,
                    char code,
                    int match_points_x2,
                    int game_points_x2,
                    const char *arbiter,
                    const char *note,
                    gint64 *entry_id,
                    GError **error)
{
  g_autoptr (GPtrArray) matches = NULL;
  ArbTeamEntryRecord record = { 0 };
  ArbTeamRules rules;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (!arb_tournament_get_team_rules (tournament, &rules, error))
    return FALSE;
  if (!given (team) || code == '\0' || strchr ("UFHZ", code) == NULL || round < 1 || round > 999 ||
      match_points_x2 < 0 || match_points_x2 > 4 || game_points_x2 < 0 ||
      game_points_x2 > 2 * rules.boards)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: refused when a team's bye is given without a team, or
                    * with more points than a match has; %d is the boards of a match */
                   _ ("A team's bye needs the team, a round from 1 to 999, at most 2 match "
                      "points and at most %d game points"),
                   rules.boards);
      return FALSE;
    }
  matches = arb_tournament_list_team_matches (tournament, round, error);
  if (matches == NULL)
    return FALSE;
  if (team_in_round (matches, team) != NULL)
    {
      set_busy_error (error, team, round);
      return FALSE;
    }
  record.kind = ARB_TEAM_ENTRY_BYE;
  record.round = round;
  record.team = (char *) team;
  record.code = code;
  record.match_points_x2 = match_points_x2;
  record.home_points_x2 = game_points_x2;
  record.arbiter = (char *) arbiter;
  record.note = (char *) note;
  return arb_tournament_add_team_entry (tournament, &record, entry_id, error);
}

gboolean
arb_round_team_forfeit (ArbTournament *tournament,
                        int round,
                        const char *home,
                        const char *away,
                        ArbTeamForfeit winner,
                        const char *arbiter,
                        const char *note,
                        gint64 *entry_id,
                        GError **error)
{
  g_autoptr (GPtrArray) matches = NULL;
  const ArbTeamMatchInfo *h, *a;
  ArbTeamEntryRecord record = { 0 };
  ArbTeamRules rules;
  int all = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (!arb_tournament_get_team_rules (tournament, &rules, error))
    return FALSE;
  if (!given (home) || !given (away) || g_strcmp0 (home, away) == 0 || round < 1 || round > 999 ||
      arb_team_forfeit_to_key (winner) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   /* Translators: refused when a forfeited match does not name two teams */
                   _ ("A forfeited match needs two different teams, a round from 1 to 999 and "
                      "its winner, or none"));
      return FALSE;
    }
  matches = arb_tournament_list_team_matches (tournament, round, error);
  if (matches == NULL)
    return FALSE;
  h = team_in_round (matches, home);
  a = team_in_round (matches, away);
  if ((h != NULL || a != NULL) && (h != a || h->away_team == NULL))
    {
      set_busy_error (error, h != NULL && (h != a || h->away_team == NULL) ? home : away, round);
      return FALSE;
    }
  if (h != NULL && h->kind == ARB_TEAM_MATCH_FORFEIT)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   /* Translators: %s – %s are the two teams, %d the round */
                   _ ("The match %s – %s of round %d is forfeited already"), h->home_team,
                   h->away_team, round);
      return FALSE;
    }
  /* The match as stored names the home team first: the winner follows. */
  if (h != NULL && g_strcmp0 (h->home_team, home) != 0 && winner != ARB_TEAM_FORFEIT_NONE)
    winner = winner == ARB_TEAM_FORFEIT_HOME ? ARB_TEAM_FORFEIT_AWAY : ARB_TEAM_FORFEIT_HOME;
  all = 2 * rules.boards;
  record.kind = ARB_TEAM_ENTRY_FORFEIT;
  record.round = round;
  record.winner = winner;
  record.home_points_x2 = winner == ARB_TEAM_FORFEIT_HOME ? all : 0;
  record.away_points_x2 = winner == ARB_TEAM_FORFEIT_AWAY ? all : 0;
  record.arbiter = (char *) arbiter;
  record.note = (char *) note;
  if (h != NULL)
    return arb_tournament_add_team_forfeit (tournament, &record, h->home_team, h->away_team,
                                            entry_id, error);
  return arb_tournament_add_team_forfeit (tournament, &record, home, away, entry_id, error);
}

gboolean
arb_round_cancel_team_entry (ArbTournament *tournament,
                             gint64 entry_id,
                             const char *reason,
                             const char *arbiter,
                             GError **error)
{
  g_autoptr (GPtrArray) entries = NULL;
  const ArbTeamEntryRecord *target = NULL;
  ArbTeamEntryRecord record = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (!given (reason))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   /* Translators: refused when a team's bye or forfeit is taken back without
                    * saying why */
                   _ ("Say why the record is taken back"));
      return FALSE;
    }
  entries = arb_tournament_list_team_entries (tournament, 0, FALSE, error);
  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    if (((ArbTeamEntryRecord *) entries->pdata[i])->id == entry_id)
      target = entries->pdata[i];
  if (target == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                   /* Translators: refused when the record to take back is not there, or
                    * was taken back already */
                   _ ("No such team bye or forfeited match stands"));
      return FALSE;
    }
  record.kind = ARB_TEAM_ENTRY_CANCEL;
  record.round = target->round;
  record.supersedes = entry_id;
  record.arbiter = (char *) arbiter;
  record.note = (char *) reason;
  return arb_tournament_add_team_entry (tournament, &record, NULL, error);
}
