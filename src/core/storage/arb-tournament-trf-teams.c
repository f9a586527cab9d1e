/* arb-tournament-trf-teams.c: a team event's byes and forfeits in the TRF export
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pairing program reads a team round's byes and forfeits from the
 * records of TRF-2026 (FIDE, Format of Tournament Report File, Version
 * 2026): 330 a match forfeited as a whole ("+-" the white team, named
 * first, wins, "-+" the black team, "--" neither; round in 8-10, the
 * teams' numbers in 12-14 and 16-18), 320 the pairing-allocated byes (the
 * bye's match points in 5-8, its game points in 10-13, then a team number
 * for each round from 15, "000" for none) and 240 the byes asked for (the
 * code in 5, the round in 7-9, the teams from 11, four columns each). An
 * import turns them into team entries (arb-tournament-match-entries.c);
 * the export writes them back from the entries, so that one made at the
 * desk reaches the pairing program and one taken back leaves it.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arb-tournament-teams.h"
#include "arb-tournament-trf-teams.h"

/* Characters @from to @to (1-based, of the record's line: the value
 * starts at column 5) of @value, trimmed. */
static char *
columns (const char *value, int from, int to)
{
  glong n, a = from - 5, b;

  /* A file written around Arbiter may hold anything in its records. */
  if (!g_utf8_validate (value, -1, NULL))
    return g_strdup ("");
  n = g_utf8_strlen (value, -1);
  b = MIN ((glong) to - 4, n);
  if (a >= n || b <= a)
    return g_strdup ("");
  return g_strstrip (g_utf8_substring (value, a, b));
}

/* The teams' numbers by name: 310's own, or the place among the 013
 * lines. */
static GHashTable *
team_numbers (GHashTable *records)
{
  GHashTable *numbers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *r310 = g_hash_table_lookup (records, "310");
  const char *r013 = g_hash_table_lookup (records, "013");
  g_auto (GStrv) lines = g_strsplit (r310 != NULL ? r310 : r013 != NULL ? r013 : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *name = columns (lines[i], r310 != NULL ? 9 : 5, r310 != NULL ? 40 : 36);
      g_autofree char *number = r310 != NULL ? columns (lines[i], 5, 7) : NULL;
      int n = number != NULL ? atoi (number) : (int) i + 1;

      if (name[0] != '\0' && n > 0)
        g_hash_table_insert (numbers, g_steal_pointer (&name), GINT_TO_POINTER (n));
    }
  return numbers;
}

static int
number_of (GHashTable *numbers, const char *team)
{
  return team != NULL ? GPOINTER_TO_INT (g_hash_table_lookup (numbers, team)) : 0;
}

static void
append_line (GString *lines, const char *line)
{
  if (lines->len > 0)
    g_string_append_c (lines, '\n');
  g_string_append (lines, line);
}

/* "11.5" of half points, as TRF writes points. */
static char *
points (int x2)
{
  return g_strdup_printf ("%2d.%d", x2 / 2, (x2 % 2) * 5);
}

/* The pairing-allocated byes: one 320 line for each match and game
 * points a bye was given, with its team (or 000) in each round. */
static void
write_allocated (GString *out, GPtrArray *byes, GHashTable *numbers, int n_rounds)
{
  g_autoptr (GHashTable) done = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; i < byes->len; i++)
    {
      const ArbTeamMatchInfo *bye = byes->pdata[i];
      int worth = bye->bye_match_points_x2 * 1000 + bye->home_points_x2;
      g_autofree char *mp = points (bye->bye_match_points_x2);
      g_autofree char *gp = points (bye->home_points_x2);
      g_autoptr (GString) line = NULL;

      if (g_hash_table_contains (done, GINT_TO_POINTER (worth + 1)))
        continue;
      g_hash_table_add (done, GINT_TO_POINTER (worth + 1));
      line = g_string_new (NULL);
      g_string_append_printf (line, "%s %s", mp, gp);
      for (int r = 1; r <= n_rounds; r++)
        {
          int team = 0;

          for (guint k = 0; k < byes->len; k++)
            {
              const ArbTeamMatchInfo *other = byes->pdata[k];

              if (other->round == r &&
                  other->bye_match_points_x2 * 1000 + other->home_points_x2 == worth)
                team = number_of (numbers, other->home_team);
            }
          g_string_append_printf (line, " %03d", team);
        }
      append_line (out, line->str);
    }
}

GPtrArray *
_arb_trf_team_rounds (ArbTournament *self, int n_rounds, GError **error)
{
  g_autoptr (GPtrArray) rounds =
    g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  for (int r = 1; r <= n_rounds; r++)
    {
      GPtrArray *matches = arb_tournament_list_team_matches (self, r, error);

      if (matches == NULL)
        return NULL;
      g_ptr_array_add (rounds, matches);
    }
  return g_steal_pointer (&rounds);
}

void
_arb_trf_team_entries_over_records (GPtrArray *rounds, GHashTable *records, gboolean *any)
{
  int n_rounds = (int) rounds->len;
  g_autoptr (GHashTable) numbers = team_numbers (records);
  g_autoptr (GPtrArray) allocated = g_ptr_array_new (); /* borrowed from @rounds */
  g_autoptr (GString) forfeits = g_string_new (NULL);
  g_autoptr (GString) asked = g_string_new (NULL);
  g_autoptr (GString) pab = g_string_new (NULL);
  gboolean team_event = g_hash_table_size (numbers) > 0;

  *any = FALSE;
  for (int r = 1; r <= n_rounds; r++)
    {
      GPtrArray *matches = rounds->pdata[r - 1];
      static const char bye_codes[] = "FHZ";

      team_event = team_event || matches->len > 0;
      for (guint i = 0; i < matches->len; i++)
        {
          ArbTeamMatchInfo *m = matches->pdata[i];
          int home = number_of (numbers, m->home_team), away = number_of (numbers, m->away_team);

          if (m->kind == ARB_TEAM_MATCH_FORFEIT && home > 0 && away > 0)
            {
              static const char *const kinds[] = { "+-", "-+", "--" };
              g_autofree char *line = g_strdup_printf (
                "%s %03d %03d %03d", kinds[MIN ((guint) m->forfeit, 2u)], r, home, away);

              append_line (forfeits, line);
            }
          else if (m->kind == ARB_TEAM_MATCH_BYE && home > 0 && m->bye_code == 'U')
            g_ptr_array_add (allocated, m);
          *any = *any || m->kind != ARB_TEAM_MATCH_PLAYED;
        }
      /* The byes asked for: one 240 line a code and round. */
      for (const char *code = bye_codes; *code != '\0'; code++)
        {
          g_autoptr (GString) line = g_string_new (NULL);

          for (guint i = 0; i < matches->len; i++)
            {
              const ArbTeamMatchInfo *m = matches->pdata[i];

              if (m->kind == ARB_TEAM_MATCH_BYE && m->bye_code == *code &&
                  number_of (numbers, m->home_team) > 0)
                g_string_append_printf (line, " %4d", number_of (numbers, m->home_team));
            }
          if (line->len > 0)
            {
              g_autofree char *record = g_strdup_printf ("%c %03d%s", *code, r, line->str);

              append_line (asked, record);
            }
        }
    }
  write_allocated (pab, allocated, numbers, n_rounds);
  /* Only a team event's: an individual event's 240 are its players'. */
  if (!team_event)
    return;
  g_hash_table_remove (records, "330");
  g_hash_table_remove (records, "320");
  g_hash_table_remove (records, "240");
  if (forfeits->len > 0)
    g_hash_table_insert (records, g_strdup ("330"), g_strdup (forfeits->str));
  if (pab->len > 0)
    g_hash_table_insert (records, g_strdup ("320"), g_strdup (pab->str));
  if (asked->len > 0)
    g_hash_table_insert (records, g_strdup ("240"), g_strdup (asked->str));
}

GHashTable *
_arb_trf_team_forfeits (GPtrArray *rounds)
{
  GHashTable *forfeits = g_hash_table_new (g_int64_hash, g_int64_equal);

  for (guint r = 0; r < rounds->len; r++)
    {
      GPtrArray *matches = rounds->pdata[r];

      for (guint i = 0; i < matches->len; i++)
        {
          ArbTeamMatchInfo *m = matches->pdata[i];

          if (m->kind == ARB_TEAM_MATCH_FORFEIT && m->first_board > 0)
            g_hash_table_insert (forfeits, &m->id, m);
        }
    }
  return forfeits;
}

gboolean
_arb_trf_team_forfeit_codes (GHashTable *forfeits,
                             const ArbGameInfo *game,
                             char *white,
                             char *black)
{
  const ArbTeamMatchInfo *m;
  int k;
  gboolean home_white, home_wins, away_wins;

  if (game->result != ARB_RESULT_ONGOING || game->team_match_id == 0 || game->black_id == 0)
    return FALSE;
  m = g_hash_table_lookup (forfeits, &game->team_match_id);
  if (m == NULL)
    return FALSE;
  k = game->board - m->first_board;
  home_white = k < 0 || k >= ARB_TEAM_MAX_BOARDS || m->home_colours[k] != 'B';
  home_wins = m->forfeit == ARB_TEAM_FORFEIT_HOME;
  away_wins = m->forfeit == ARB_TEAM_FORFEIT_AWAY;
  *white = (home_white ? home_wins : away_wins) ? '+' : '-';
  *black = (home_white ? away_wins : home_wins) ? '+' : '-';
  return TRUE;
}
