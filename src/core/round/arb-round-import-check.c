/* arb-round-import-check.c: a TRF's points and ranks against the record
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A pairing program writes each player's points (columns 81-84 of the
 * TRF16 player line, the same in TRF-2026) and rank (86-89). After an
 * import the record's standings are computed from the games themselves
 * (arb-standings.h, byes as the event scores them); where the two
 * disagree the arbiter is told, field by field, and decides: nothing is
 * corrected either way.
 *
 * What the points count. They are the results the file holds: the
 * record's games and byes are counted only where the file gives them a
 * result, so a file older than the record (results entered at the desk
 * since) is not told against. A file written to pair a round already
 * holds that round's byes (a pairing-allocated bye, a bye asked for), and
 * the programs differ on whether those count: bbpPairings reads a score
 * with or without the points of the last column (docs/notation.md),
 * tests/data/entries-6-r3.trf leaves a half-point bye of the round it
 * pairs out and open-5-paired.trf counts a pairing-allocated one in. So a
 * field stands when it is the record's standings after the file's last
 * round with every result in, or those with the byes and results the file
 * holds of its later rounds.
 * The ranks are read the same way, and may also be the standings the
 * file's last round was paired on, once that round is complete: a file
 * exported with the results of the round it paired keeps the rank column
 * the pairing program wrote before them (docs/tournament-file.md, as
 * tests/data/keep-16-results.trf has it).
 *
 * What is not compared. A rank among the players level on points (the
 * program's tie-breaks need not be the event's); the individual ranks of
 * a team event (the program ranks teams; TRF16 leaves the individual rank
 * of a team event to it, and the team leagues' files in tests/data write
 * the starting rank there); and everything when the record lacks a round
 * the file holds (an import of one round of it: the file's points count
 * rounds the record does not have).
 *
 * A team event's teams. TRF-2026's record 310 gives each team's match
 * points, game points and rank as the pairing program has them; they are
 * compared, in the same way, with the record's team standings
 * (arb-standings-teams.h) after the file's last round with every result
 * in, or after its last round: a rank only where it orders the teams
 * otherwise than their match points do (the program's tie-breaks need
 * not be the event's). A blank field is not compared.
 */

#include "config.h"

#include "arb-i18n.h"
#include "arb-round-entries.h"
#include "arb-standings-teams.h"
#include "arb-standings.h"

typedef struct
{
  GPtrArray *before; /* ArbStandingsRow: after the last round with every result in */
  GPtrArray *later;  /* the same with what the record holds of later rounds, or NULL */
  GPtrArray *paired; /* when the file's last round is complete, the standings before it */
  int later_round;   /* the file's last round, when later is not NULL */
  gboolean team;     /* a team event: ranks are not compared */
  int complete;      /* the file's last round with every result in */
  int file_last;     /* the file's last round */
} Standings;

static void
standings_clear (Standings *s)
{
  g_clear_pointer (&s->before, g_ptr_array_unref);
  g_clear_pointer (&s->later, g_ptr_array_unref);
  g_clear_pointer (&s->paired, g_ptr_array_unref);
}

static const ArbTrfRound *
block_of (const ArbTrfPlayer *p, int round)
{
  if (p == NULL || p->rounds == NULL || round < 1 || (guint) round > p->rounds->len)
    return NULL;
  return &g_array_index (p->rounds, ArbTrfRound, round - 1);
}

/* The last round a player line of @trf has a block for, and in
 * @complete the last round up to which every game on the lines has its
 * result. */
static int
file_rounds (const ArbTrf *trf, int *complete)
{
  int last = 0, open = G_MAXINT;

  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *p = trf->players->pdata[i];

      for (int r = 1; block_of (p, r) != NULL; r++)
        {
          const ArbTrfRound *block = block_of (p, r);

          if (block->opponent != 0 || block->colour != ' ' || block->result != ' ')
            last = MAX (last, r);
          if (block->opponent != 0 && block->result == ' ')
            open = MIN (open, r);
        }
    }
  *complete = MIN (last, open - 1);
  return last;
}

/* The player line of the player whose id is @id. */
static const ArbTrfPlayer *
line_of (const ArbTrf *trf, GPtrArray *players, gint64 id)
{
  int start_no = 0;

  for (guint i = 0; start_no == 0 && i < players->len; i++)
    if (((const ArbPlayerInfo *) players->pdata[i])->id == id)
      start_no = ((const ArbPlayerInfo *) players->pdata[i])->start_no;
  for (guint i = 0; start_no != 0 && i < trf->players->len; i++)
    if (((const ArbTrfPlayer *) trf->players->pdata[i])->start_no == start_no)
      return trf->players->pdata[i];
  return NULL;
}

/* Whether the file holds a result for @g: a game or bye of a round whose
 * games all have theirs in the file (@complete), or one whose player line
 * gives it a result code. */
static gboolean
file_has_result (const ArbTrf *trf, GPtrArray *players, const ArbGameInfo *g, int complete)
{
  const ArbTrfRound *block;

  if (g->round <= complete)
    return TRUE;
  block = block_of (line_of (trf, players, g->white_id), g->round);
  return block != NULL && block->result != ' ';
}

typedef struct
{
  GPtrArray *players; /* ArbPlayerInfo */
  ArbScoring scoring;
  ArbTiebreak order[ARB_TIEBREAK_MAX_ORDER];
  guint n_order;
} Record;

/* The standings after round @up_to of the games of @games that the file
 * holds results for (@complete: see file_has_result()). */
static GPtrArray *
standings_of (const Record *rec, const ArbTrf *trf, GPtrArray *games, int complete, int up_to)
{
  g_autoptr (GPtrArray) held = g_ptr_array_new ();

  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      if (g->round <= up_to && file_has_result (trf, rec->players, g, complete))
        g_ptr_array_add (held, games->pdata[i]);
    }
  /* With @up_to 0 nothing is held: the standings before round 1. */
  return arb_standings_compute (rec->players, held, up_to, &rec->scoring, rec->order, rec->n_order);
}

/* The record's standings for the rounds @trf holds (*@compared FALSE
 * when the record does not hold them all). */
static gboolean
read_standings (ArbTournament *tournament,
                const ArbTrf *trf,
                Standings *s,
                gboolean *compared,
                GError **error)
{
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GPtrArray) games = NULL;
  Record rec = { 0 };
  int complete = 0, file_last = file_rounds (trf, &complete), record_last = 0;

  *compared = FALSE;
  if ((event = arb_tournament_get_event (tournament, error)) == NULL ||
      (players = arb_tournament_list_players (tournament, error)) == NULL ||
      (games = arb_tournament_list_games (tournament, 0, error)) == NULL)
    return FALSE;
  rec.players = players;
  arb_standings_event_settings (event, &rec.scoring, rec.order, &rec.n_order);
  s->team = trf->teams != NULL && trf->teams->len > 0;
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      record_last = MAX (record_last, g->round);
      s->team = s->team || g->team_match_id != 0;
    }
  if (record_last < file_last)
    return TRUE;
  *compared = TRUE;
  s->complete = complete;
  s->file_last = file_last;
  s->before = standings_of (&rec, trf, games, complete, complete);
  if (complete < file_last)
    {
      s->later = standings_of (&rec, trf, games, complete, file_last);
      s->later_round = file_last;
    }
  else if (file_last > 1)
    s->paired = standings_of (&rec, trf, games, complete, file_last - 1);
  return TRUE;
}

static void
add_difference (GPtrArray *warnings,
                const ArbStandingsRow *row,
                ArbTrfField field,
                int in_file,
                const int in_record[2],
                int later_round,
                const int later[2])
{
  ArbEntryWarning *w = g_new0 (ArbEntryWarning, 1);

  w->kind = ARB_ENTRY_WARNING_TRF_DIFFERS;
  w->round = row->after_round;
  w->player = g_strdup (row->name);
  w->start_no = row->start_no;
  w->field = field;
  w->in_file = in_file;
  w->in_record = in_record[0];
  w->in_record_last = in_record[1];
  if (later[0] != in_record[0] || later[1] != in_record[1])
    {
      w->later_round = later_round;
      w->later = later[0];
      w->later_last = later[1];
    }
  g_ptr_array_add (warnings, w);
}

/* The ranks of the players level on points with @row. */
static void
level_ranks (GPtrArray *rows, const ArbStandingsRow *row, int ranks[2])
{
  ranks[0] = ranks[1] = row->rank;
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbStandingsRow *other = rows->pdata[i];

      if (other->points != row->points)
        continue;
      ranks[0] = MIN (ranks[0], other->rank);
      ranks[1] = MAX (ranks[1], other->rank);
    }
}

static const ArbStandingsRow *
row_of (GPtrArray *rows, int start_no)
{
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    if (((const ArbStandingsRow *) rows->pdata[i])->start_no == start_no)
      return rows->pdata[i];
  return NULL;
}

static int
points_x2 (const ArbStandingsRow *row)
{
  return (int) (row->points * 2 + 0.5) /* never negative */;
}

/* Whether @p's rank orders the players as @rows do (NULL: no). */
static gboolean
rank_in (GPtrArray *rows, const ArbTrfPlayer *p)
{
  const ArbStandingsRow *row = row_of (rows, p->start_no);
  int ranks[2];

  if (row == NULL)
    return FALSE;
  level_ranks (rows, row, ranks);
  return p->rank >= ranks[0] && p->rank <= ranks[1];
}

static void
check_player (const Standings *s, const ArbTrfPlayer *p, GPtrArray *warnings)
{
  const ArbStandingsRow *before = row_of (s->before, p->start_no);
  const ArbStandingsRow *later = row_of (s->later, p->start_no);
  int in_record[2], with_later[2];

  if (before == NULL)
    return;
  if (later == NULL)
    later = before;
  in_record[0] = in_record[1] = points_x2 (before);
  with_later[0] = with_later[1] = points_x2 (later);
  if (p->points_x2 != in_record[0] && p->points_x2 != with_later[0])
    add_difference (warnings, before, ARB_TRF_FIELD_POINTS, p->points_x2, in_record, s->later_round,
                    with_later);
  if (s->team || p->rank <= 0)
    return;
  level_ranks (s->before, before, in_record);
  level_ranks (s->later != NULL ? s->later : s->before, later, with_later);
  if (rank_in (s->paired, p) || !(p->rank < in_record[0] || p->rank > in_record[1]) ||
      !(p->rank < with_later[0] || p->rank > with_later[1]))
    return;
  add_difference (warnings, before, ARB_TRF_FIELD_RANK, p->rank, in_record, s->later_round,
                  with_later);
}

static const ArbTeamStandingsRow *
team_row_of (GPtrArray *rows, const char *team)
{
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    if (g_strcmp0 (((const ArbTeamStandingsRow *) rows->pdata[i])->team, team) == 0)
      return rows->pdata[i];
  return NULL;
}

/* The ranks of the teams level on match points with @row. */
static void
team_level_ranks (GPtrArray *rows, const ArbTeamStandingsRow *row, int ranks[2])
{
  ranks[0] = ranks[1] = row->rank;
  for (guint i = 0; i < rows->len; i++)
    {
      const ArbTeamStandingsRow *other = rows->pdata[i];

      if (other->match_points != row->match_points)
        continue;
      ranks[0] = MIN (ranks[0], other->rank);
      ranks[1] = MAX (ranks[1], other->rank);
    }
}

/* One field of a team's record 310 against the team standings @before
 * (after the file's last round with every result in) and @later (after
 * its last round): @value (half points, or a rank) stands when it is
 * either's. */
static void
check_team_field (const ArbTrfTeam *team,
                  ArbTrfField field,
                  int value,
                  GPtrArray *before,
                  GPtrArray *later,
                  int later_round,
                  GPtrArray *warnings)
{
  const ArbTeamStandingsRow *row = team_row_of (before, team->name);
  const ArbTeamStandingsRow *then = team_row_of (later, team->name);
  int in_record[2], with_later[2];
  ArbEntryWarning *w;

  if (row == NULL)
    return;
  if (then == NULL)
    then = row;
  if (field == ARB_TRF_FIELD_TEAM_RANK)
    {
      team_level_ranks (before, row, in_record);
      team_level_ranks (later != NULL ? later : before, then, with_later);
      if ((value >= in_record[0] && value <= in_record[1]) ||
          (value >= with_later[0] && value <= with_later[1]))
        return;
    }
  else
    {
      double points = field == ARB_TRF_FIELD_MATCH_POINTS ? row->match_points : row->game_points;
      double points_then =
        field == ARB_TRF_FIELD_MATCH_POINTS ? then->match_points : then->game_points;

      in_record[0] = in_record[1] = (int) (points * 2 + 0.5);
      with_later[0] = with_later[1] = (int) (points_then * 2 + 0.5);
      if (value == in_record[0] || value == with_later[0])
        return;
    }
  w = g_new0 (ArbEntryWarning, 1);
  w->kind = ARB_ENTRY_WARNING_TRF_DIFFERS;
  w->round = row->after_round;
  w->player = g_strdup (team->name);
  w->start_no = team->number;
  w->field = field;
  w->in_file = value;
  w->in_record = in_record[0];
  w->in_record_last = in_record[1];
  if (with_later[0] != in_record[0] || with_later[1] != in_record[1])
    {
      w->later_round = later_round;
      w->later = with_later[0];
      w->later_last = with_later[1];
    }
  g_ptr_array_add (warnings, w);
}

/* The teams of the file's records 310 against the record's team
 * standings. */
static gboolean
check_teams (ArbTournament *tournament,
             const ArbTrf *trf,
             const Standings *s,
             GPtrArray *warnings,
             GError **error)
{
  g_autoptr (GPtrArray) before = NULL;
  g_autoptr (GPtrArray) later = NULL;
  gboolean any = FALSE;

  for (guint i = 0; i < trf->teams->len; i++)
    {
      const ArbTrfTeam *team = trf->teams->pdata[i];

      any = any || team->match_points_x2 >= 0 || team->game_points_x2 >= 0 || team->rank > 0;
    }
  if (!any || s->complete < 1)
    return TRUE;
  before = arb_team_standings_read (tournament, s->complete, error);
  if (before == NULL)
    return FALSE;
  if (s->file_last > s->complete &&
      (later = arb_team_standings_read (tournament, s->file_last, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < trf->teams->len; i++)
    {
      const ArbTrfTeam *team = trf->teams->pdata[i];

      if (team->match_points_x2 >= 0)
        check_team_field (team, ARB_TRF_FIELD_MATCH_POINTS, team->match_points_x2, before, later,
                          s->file_last, warnings);
      if (team->game_points_x2 >= 0)
        check_team_field (team, ARB_TRF_FIELD_GAME_POINTS, team->game_points_x2, before, later,
                          s->file_last, warnings);
      if (team->rank > 0)
        check_team_field (team, ARB_TRF_FIELD_TEAM_RANK, team->rank, before, later, s->file_last,
                          warnings);
    }
  return TRUE;
}

GPtrArray *
arb_round_check_trf (ArbTournament *tournament, const ArbTrf *trf, GError **error)
{
  g_autoptr (GPtrArray) warnings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
  Standings s = { 0 };
  gboolean compared = FALSE;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);
  g_return_val_if_fail (trf != NULL, NULL);

  if (!read_standings (tournament, trf, &s, &compared, error))
    return NULL;
  for (guint i = 0; compared && i < trf->players->len; i++)
    check_player (&s, trf->players->pdata[i], warnings);
  if (compared && !check_teams (tournament, trf, &s, warnings, error))
    {
      standings_clear (&s);
      return NULL;
    }
  standings_clear (&s);
  return g_steal_pointer (&warnings);
}

/* What a field's value reads as: a rank or a range of them, or points
 * from points times two. */
static char *
trf_field_value (ArbTrfField field, int value, int last)
{
  gboolean rank = field == ARB_TRF_FIELD_RANK || field == ARB_TRF_FIELD_TEAM_RANK;

  if (rank && last > value)
    return g_strdup_printf ("%d–%d", value, last);
  if (rank)
    return g_strdup_printf ("%d", value);
  if (value % 2 == 0)
    return g_strdup_printf ("%d", value / 2);
  if (value == 1)
    return g_strdup ("½");
  /* Translators: half a point more than the number, as in "2½" */
  return g_strdup_printf (_ ("%d½"), value / 2);
}

/* A team's field of record 310 (@what: "match points", …, already
 * translated) as a sentence. */
static char *
describe_team_difference (const ArbEntryWarning *w,
                          const char *in_file,
                          const char *in_record,
                          const char *later)
{
  const char *what = w->field == ARB_TRF_FIELD_MATCH_POINTS  ? _ ("match points")
                     : w->field == ARB_TRF_FIELD_GAME_POINTS ? _ ("game points")
                                                             : _ ("rank");

  if (w->later_round > 0)
    return g_strdup_printf (
      /* Translators: import warning of a team event: round, team, the
       * team's number, what is compared ("match points", "game points" or
       * "rank"), its value in the TRF file's record 310, in the record's
       * team standings after the round, and counting what the file holds
       * of later rounds, the last of them */
      _ ("After round %d: team %s (%d): %s %s in the file, %s in the record (%s with what the "
         "file holds up to round %d)"),
      w->round, w->player, w->start_no, what, in_file, in_record, later, w->later_round);
  return g_strdup_printf (
    /* Translators: import warning of a team event: round, team, the team's
     * number, what is compared ("match points", "game points" or "rank"),
     * its value in the TRF file's record 310 and in the record's team
     * standings */
    _ ("After round %d: team %s (%d): %s %s in the file, %s in the record"), w->round, w->player,
    w->start_no, what, in_file, in_record);
}

char *
arb_round_describe_trf_difference (const ArbEntryWarning *w)
{
  g_autofree char *in_file = trf_field_value (w->field, w->in_file, w->in_file);
  g_autofree char *in_record = trf_field_value (w->field, w->in_record, w->in_record_last);
  g_autofree char *later = trf_field_value (w->field, w->later, w->later_last);

  g_return_val_if_fail (w->kind == ARB_ENTRY_WARNING_TRF_DIFFERS, NULL);

  if (w->field >= ARB_TRF_FIELD_MATCH_POINTS)
    return describe_team_difference (w, in_file, in_record, later);
  if (w->field == ARB_TRF_FIELD_RANK && w->later_round > 0)
    return g_strdup_printf (
      /* Translators: import warning: round, player, starting rank, the
       * rank the TRF file gives, the rank (or range of ranks, "5–6") the
       * standings give after the round, the rank they give counting the
       * byes and results the file holds of later rounds, the last of them */
      _ ("After round %d: %s (%d): rank %s in the file, %s in the standings (%s with what the "
         "file holds up to round %d)"),
      w->round, w->player, w->start_no, in_file, in_record, later, w->later_round);
  if (w->field == ARB_TRF_FIELD_RANK)
    return g_strdup_printf (
      /* Translators: import warning: round, player, starting rank, the
       * rank the TRF file gives, the rank (or range of ranks, "5–6") the
       * standings give */
      _ ("After round %d: %s (%d): rank %s in the file, %s in the standings"), w->round, w->player,
      w->start_no, in_file, in_record);
  if (w->later_round > 0)
    return g_strdup_printf (
      /* Translators: import warning: round, player, starting rank, the
       * points the TRF file gives, the points the recorded games give
       * after the round, the points counting the byes and results the
       * file holds of later rounds, the last of them */
      _ ("After round %d: %s (%d): points %s in the file, %s in the record (%s with what the "
         "file holds up to round %d)"),
      w->round, w->player, w->start_no, in_file, in_record, later, w->later_round);
  return g_strdup_printf (
    /* Translators: import warning: round, player, starting rank, the
     * points the TRF file gives, the points the recorded games give */
    _ ("After round %d: %s (%d): points %s in the file, %s in the record"), w->round, w->player,
    w->start_no, in_file, in_record);
}
