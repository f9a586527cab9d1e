/* arb-round-import-settings.c: the event's scoring and tie-breaks from a TRF
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TRF-2026 file says how its event is scored (record 162) and broken
 * (202, the tie-breaks after points; 212, the whole order of the
 * standings with PTS first), as the FIDE Technical Commission's "Format
 * of Tournament Report File, Version 2026" defines them; arb-trf-event.c
 * reads them. The import makes them the event's settings where Arbiter
 * can count them as the file says, and tells the arbiter every point
 * where it cannot; it invents nothing:
 *  - a tie-break code becomes a key generically, the acronym of C.07
 *    (Play-Off and Tie-Break Regulations, in force from 1 March 2026,
 *    Article 5) in lower case with a Cut or Median (Articles 14.1 to
 *    14.4) as "-c1", "-m2", and the key is taken when
 *    arb_tiebreak_from_key () knows it. A code with more than a key says
 *    (a team score :MP or :GP, /P, /F, the factor of SSSC, an option
 *    outside the grammar) or a key Arbiter does not compute is left out
 *    of the order and reported by its code; Koya's Limit (14.5, KS/L+1)
 *    becomes the event's "koya_limit";
 *  - the points of a win, a draw and a loss are the event's "scoring";
 *    Arbiter counts a pairing-allocated bye as a win and an absence (a
 *    zero-point bye, a forfeit loss) as a loss, so a file that gives them
 *    other points is reported. X (a result not known yet) is not: a game
 *    without its result counts nothing in Arbiter's standings whatever
 *    the file gives it.
 *  - a team event's codes become its "team_tiebreaks" and "team_score"
 *    (arb-standings-teams-order.h): the acronym of C.07 in lower case,
 *    and EDEBT, EDEBB, EDET and EDEB (13.3.2) as EDE then BC and TBR, BC
 *    and BBE, TBR, BBE. TRF-2026 names no primary score but in 212's
 *    first code: "PTS:GP" makes it game points; else it is match points,
 *    the one record 362 scores and most team events rank by. A code's
 *    score (:MP, :GP) is kept for DE, BH and SB (C.07 13; the primary
 *    named is the key alone), a Cut or Median (/C1, /C2, /M1, /M2, 14.1
 *    to 14.4) for BH, SB and the four ESB ("bh:gp-c1"); /P, /F, /K, /L,
 *    another score or cut, an option outside the grammar or a code
 *    Arbiter does not compute is left out and reported by its line and
 *    column;
 *  - record 362's match points of a team's win, draw and loss (TW, TD,
 *    TL) are the event's "team_scoring", which the team standings count
 *    (arb-standings-teams.c); points that do not go win ≥ draw ≥ loss
 *    are reported and the event keeps its own;
 *  - when the file has both 202 and 212, 202's order is taken, and a 212
 *    that says another after its PTS is reported.
 */

#include "config.h"

#include <string.h>

#include "arb-event-settings.h"
#include "arb-i18n.h"
#include "arb-round-entries.h"
#include "arb-standings-teams-order.h"
#include "arb-standings.h"
#include "arb-tournament-trf-rules.h"

static void
add_warning (GPtrArray *warnings, ArbEntryWarning *w)
{
  if (warnings != NULL)
    g_ptr_array_add (warnings, w);
  else
    arb_entry_warning_free (w);
}

static ArbEntryWarning *
warning_new (ArbEntryWarningKind kind, int record, int line)
{
  ArbEntryWarning *w = g_new0 (ArbEntryWarning, 1);

  w->kind = kind;
  w->record = record;
  w->line = line;
  return w;
}

static ArbEntryWarning *
code_warning (ArbEntryWarningKind kind, int record, const ArbTrfTiebreak *tb)
{
  ArbEntryWarning *w = warning_new (kind, record, tb->line);

  w->column = tb->column;
  w->code = g_strdup (tb->code);
  return w;
}

/* The key of a code as arb_tiebreak_from_key () reads keys, or NULL for
 * a code whose options say more than a key can. */
static char *
key_of (const ArbTrfTiebreak *tb)
{
  g_autofree char *name = NULL;

  if (tb->other || tb->played || tb->fore || tb->score[0] != '\0' || tb->modifier == 'K')
    return NULL;
  /* Koya's Limit (14.5) is the event's "koya_limit", beside the key. */
  if (tb->modifier == 'L')
    return strcmp (tb->name, "KS") == 0 && ABS (tb->modifier_value) <= ARB_KOYA_LIMIT_MAX
             ? g_strdup ("ks")
             : NULL;
  /* C.07 of August 2024 renamed GE (games one elected to play) REP,
   * Article 7.6; older files still write GE. */
  name = g_ascii_strdown (strcmp (tb->name, "GE") == 0 ? "REP" : tb->name, -1);
  if (tb->modifier == 'C' || tb->modifier == 'M')
    return g_strdup_printf ("%s-%c%d", name, g_ascii_tolower (tb->modifier), tb->modifier_value);
  return g_steal_pointer (&name);
}

static gboolean
is_points (const ArbTrfTiebreak *tb)
{
  return strcmp (tb->code, "PTS") == 0;
}

/* 212 after its PTS says the same as 202. */
static gboolean
orders_agree (const ArbTrf *trf)
{
  guint first = trf->standings->len > 0 && is_points (trf->standings->pdata[0]) ? 1 : 0;

  if (trf->standings->len - first != trf->tiebreaks->len)
    return FALSE;
  for (guint i = 0; i < trf->tiebreaks->len; i++)
    if (strcmp (((ArbTrfTiebreak *) trf->tiebreaks->pdata[i])->code,
                ((ArbTrfTiebreak *) trf->standings->pdata[first + i])->code) != 0)
      return FALSE;
  return TRUE;
}

/* 13.3.2: the four sequences C.07 names, by what follows EDE. */
static const struct
{
  const char *name;
  ArbTeamOrderKey then[2];
  guint n;
} ede_sequences[] = {
  { "EDEBT", { ARB_TEAM_ORDER_BC, ARB_TEAM_ORDER_TBR }, 2 },
  { "EDEBB", { ARB_TEAM_ORDER_BC, ARB_TEAM_ORDER_BBE }, 2 },
  { "EDET", { ARB_TEAM_ORDER_TBR }, 1 },
  { "EDEB", { ARB_TEAM_ORDER_BBE }, 1 },
};

/* The team keys of @tb into @keys (at most 3); 0 when the standings
 * cannot rank by the code as it is written. */
static guint
team_keys_of (const ArbTrfTiebreak *tb,
              ArbTeamScore primary,
              ArbTeamOrderKey *keys,
              ArbTeamOrderOption *option)
{
  g_autofree char *name = g_ascii_strdown (tb->name, -1);
  ArbTeamScore named = primary;

  memset (option, 0, sizeof *option);
  if (tb->other || tb->played || tb->fore || tb->modifier == 'K' || tb->modifier == 'L')
    return 0;
  if (g_ascii_strcasecmp (tb->score, "MP") == 0 || g_ascii_strcasecmp (tb->score, "GP") == 0)
    named = g_ascii_strcasecmp (tb->score, "GP") == 0 ? ARB_TEAM_SCORE_GP : ARB_TEAM_SCORE_MP;
  else if (tb->score[0] != '\0')
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (ede_sequences); i++)
    if (strcmp (tb->name, ede_sequences[i].name) == 0)
      {
        keys[0] = ARB_TEAM_ORDER_EDE;
        memcpy (keys + 1, ede_sequences[i].then, ede_sequences[i].n * sizeof *keys);
        return named == primary && tb->modifier == '\0' ? ede_sequences[i].n + 1 : 0;
      }
  if (!arb_team_order_from_key (name, keys))
    return 0;
  /* C.07 13: the score a tie-break counts where it names one (the
   * primary named is the key alone); 14: a Cut or Median. */
  if (named != primary)
    option->on = named == ARB_TEAM_SCORE_GP ? ARB_TEAM_ON_GP : ARB_TEAM_ON_MP;
  option->modifier = tb->modifier;
  option->n = tb->modifier != '\0' ? tb->modifier_value : 0;
  return arb_team_order_option_allowed (keys[0], option) ? 1 : 0;
}

/* The primary score: game points when 212 begins "PTS:GP". */
static ArbTeamScore
team_primary (const ArbTrf *trf)
{
  const ArbTrfTiebreak *first = trf->standings->len > 0 ? trf->standings->pdata[0] : NULL;

  return first != NULL && strcmp (first->name, "PTS") == 0 && strcmp (first->score, "GP") == 0
           ? ARB_TEAM_SCORE_GP
           : ARB_TEAM_SCORE_MP;
}

static gboolean
take_team_order (const ArbTrf *trf,
                 GPtrArray *codes,
                 int record,
                 JsonObject *settings,
                 GPtrArray *warnings)
{
  ArbTeamOrder order = { .primary = team_primary (trf), .n_order = 0 };
  JsonArray *keys;

  for (guint i = 0; i < codes->len; i++)
    {
      const ArbTrfTiebreak *tb = codes->pdata[i];
      ArbTeamOrderKey found[3];
      ArbTeamOrderOption option;
      guint n;

      /* 212 ranks by its primary score first, as the standings always do. */
      if (record == 212 && i == 0 && strcmp (tb->name, "PTS") == 0)
        continue;
      n = team_keys_of (tb, order.primary, found, &option);
      if (n == 0)
        add_warning (warnings, code_warning (ARB_ENTRY_WARNING_TRF_TIEBREAK, record, tb));
      else if (order.n_order + n > ARB_TEAM_ORDER_MAX)
        add_warning (warnings, code_warning (ARB_ENTRY_WARNING_TRF_ORDER_FULL, record, tb));
      else
        for (guint k = 0; k < n; k++)
          {
            order.options[order.n_order] = k == 0 ? option : (ArbTeamOrderOption){ 0 };
            order.order[order.n_order++] = found[k];
          }
    }
  if (order.n_order == 0)
    return FALSE; /* every code was reported; the event keeps its order */
  keys = json_array_new ();
  for (guint i = 0; i < order.n_order; i++)
    {
      g_autofree char *item = arb_team_order_item_to_text (order.order[i], &order.options[i]);

      json_array_add_string_element (keys, item);
    }
  json_object_set_string_member (settings, "team_score", arb_team_score_to_key (order.primary));
  json_object_set_array_member (settings, "team_tiebreaks", keys);
  return TRUE;
}

static gboolean
take_order (const ArbTrf *trf, JsonObject *settings, GPtrArray *warnings)
{
  GPtrArray *codes = trf->tiebreaks->len > 0 ? trf->tiebreaks : trf->standings;
  int record = codes == trf->tiebreaks ? 202 : 212;
  guint first = 0, n = 0;
  JsonArray *keys;

  if (codes->len == 0)
    return FALSE;
  /* Two orders: the one 202 gives is taken, and the arbiter told. */
  if (trf->tiebreaks->len > 0 && trf->standings->len > 0 && !orders_agree (trf))
    add_warning (warnings, warning_new (ARB_ENTRY_WARNING_TRF_ORDERS_DIFFER, 212,
                                        ((ArbTrfTiebreak *) trf->standings->pdata[0])->line));
  if (trf->teams->len > 0)
    return take_team_order (trf, codes, record, settings, warnings);
  /* 212 ranks by points first, as the standings always do. */
  if (record == 212 && is_points (codes->pdata[0]))
    first = 1;
  keys = json_array_new ();
  for (guint i = first; i < codes->len; i++)
    {
      const ArbTrfTiebreak *tb = codes->pdata[i];
      g_autofree char *key = key_of (tb);
      ArbTiebreak tiebreak;

      if (key == NULL || !arb_tiebreak_from_key (key, &tiebreak))
        add_warning (warnings, code_warning (ARB_ENTRY_WARNING_TRF_TIEBREAK, record, tb));
      else if (n == ARB_TIEBREAK_MAX_ORDER)
        add_warning (warnings, code_warning (ARB_ENTRY_WARNING_TRF_ORDER_FULL, record, tb));
      else
        {
          json_array_add_string_element (keys, arb_tiebreak_to_key (tiebreak));
          if (tiebreak == ARB_TIEBREAK_KOYA)
            json_object_set_int_member (settings, "koya_limit",
                                        tb->modifier == 'L' ? tb->modifier_value : 0);
          n++;
        }
    }
  if (n == 0)
    {
      /* Every code was reported; the event keeps its order. */
      json_array_unref (keys);
      return FALSE;
    }
  json_object_set_array_member (settings, "tiebreaks", keys);
  return TRUE;
}

static void
differs (GPtrArray *warnings, const ArbTrfScoring *s, ArbTrfScoreKind kind, double counted)
{
  static const char letters[ARB_TRF_SCORE_N] = { 'W', 'D', 'L', 'A', 'P', 'X' };
  ArbEntryWarning *w;

  if (s->points[kind] == counted)
    return;
  w = warning_new (ARB_ENTRY_WARNING_TRF_SCORING, 162, s->line);
  w->score = letters[kind];
  w->points = s->points[kind];
  w->counted = counted;
  add_warning (warnings, w);
}

/* A record's points for a win, a draw and a loss as @member's "3-1-0",
 * or, where the text would not read back (win ≥ draw ≥ loss ≥ 0), a
 * warning on the record's line, the event keeping its own. A team's
 * match points are written and read as a game's are
 * (arb_team_match_points_parse ()), so one check serves 162 and 362. */
static gboolean
take_points (JsonObject *settings,
             const char *member,
             int record,
             int line,
             const double wdl[3],
             GPtrArray *warnings)
{
  ArbScoring points, check;
  g_autofree char *text = NULL;

  arb_scoring_init_default (&points);
  points.win = wdl[0];
  points.draw = wdl[1];
  points.loss = wdl[2];
  text = arb_scoring_to_text (&points);
  if (!arb_scoring_parse (text, &check))
    {
      ArbEntryWarning *w = warning_new (ARB_ENTRY_WARNING_TRF_SCORING, record, line);

      w->file_win = points.win;
      w->file_draw = points.draw;
      w->file_loss = points.loss;
      add_warning (warnings, w);
      return FALSE;
    }
  json_object_set_string_member (settings, member, text);
  return TRUE;
}

/* Record 162: a game's points, as "scoring"; a pairing-allocated bye's
 * and an absence's are those of a win and a loss, or a warning. */
static gboolean
take_scoring (const ArbTrf *trf, JsonObject *settings, GPtrArray *warnings)
{
  const ArbTrfScoring *s = &trf->scoring;
  const double wdl[3] = { s->points[ARB_TRF_SCORE_WIN], s->points[ARB_TRF_SCORE_DRAW],
                          s->points[ARB_TRF_SCORE_LOSS] };

  if (s->line == 0 || !take_points (settings, "scoring", 162, s->line, wdl, warnings))
    return FALSE;
  differs (warnings, s, ARB_TRF_SCORE_PAIRING_BYE, wdl[0]);
  differs (warnings, s, ARB_TRF_SCORE_ABSENCE, wdl[2]);
  return TRUE;
}

/* Record 362 (TRF-2026): a team's match points, as "team_scoring". */
static gboolean
take_team_scoring (const ArbTrf *trf, JsonObject *settings, GPtrArray *warnings)
{
  const ArbTrfTeamScoring *s = &trf->team_scoring;
  const double wdl[3] = { s->points[ARB_TRF_TEAM_SCORE_WIN], s->points[ARB_TRF_TEAM_SCORE_DRAW],
                          s->points[ARB_TRF_TEAM_SCORE_LOSS] };

  return s->line != 0 && take_points (settings, "team_scoring", 362, s->line, wdl, warnings);
}

/* Record 092, the type of the tournament, in the pairing programs'
 * words ("Individual: Swiss-System", "Round Robin"): a round robin's
 * pairings are fixed in advance, which C.07 Article 15.2 counts apart
 * (the event's "round_robin"); a Swiss says it is none. Any other type
 * (a Scheveningen, a knock-out) says nothing and changes nothing. */
static gboolean
take_type (const ArbTrf *trf, JsonObject *settings)
{
  for (guint i = 0; i < trf->records->len; i++)
    {
      const ArbTrfRecord *r = trf->records->pdata[i];
      g_autofree char *type = NULL;
      gboolean robin, swiss;

      if (strcmp (r->code, "092") != 0 || r->value == NULL)
        continue;
      type = g_ascii_strdown (r->value, -1);
      robin = strstr (type, "round robin") != NULL || strstr (type, "round-robin") != NULL ||
              strstr (type, "roundrobin") != NULL;
      swiss = strstr (type, "swiss") != NULL;
      if (robin == swiss)
        return FALSE;
      json_object_set_boolean_member (settings, "round_robin", robin);
      return TRUE;
    }
  return FALSE;
}

gboolean
arb_round_trf_settings (const ArbTrf *trf, JsonObject *settings, GPtrArray *warnings)
{
  gboolean changed;

  g_return_val_if_fail (trf != NULL, FALSE);
  g_return_val_if_fail (settings != NULL, FALSE);

  /* What the records became is remembered beside them, so that an
   * export writes 162 and 202 (212) from the settings only once the
   * arbiter has changed them (arb-tournament-trf-rules.h). */
  changed = take_type (trf, settings);
  if (take_scoring (trf, settings, warnings))
    {
      g_autofree char *record = arb_trf_rules_scoring_record (settings);

      if (record != NULL)
        json_object_set_string_member (settings, ARB_TRF_RULES_IMPORTED_162, record);
      changed = TRUE;
    }
  if (take_team_scoring (trf, settings, warnings))
    {
      g_autofree char *record = arb_trf_rules_team_scoring_record (settings);

      if (record != NULL)
        json_object_set_string_member (settings, ARB_TRF_RULES_IMPORTED_362, record);
      else if (json_object_has_member (settings, ARB_TRF_RULES_IMPORTED_362))
        json_object_remove_member (settings, ARB_TRF_RULES_IMPORTED_362);
      changed = TRUE;
    }
  if (take_order (trf, settings, warnings))
    {
      g_autofree char *codes = arb_trf_rules_tiebreak_codes (settings);
      g_autofree char *team = arb_trf_rules_team_standings_codes (settings);

      if (codes != NULL)
        json_object_set_string_member (settings, ARB_TRF_RULES_IMPORTED_202, codes);
      if (team != NULL)
        json_object_set_string_member (settings, ARB_TRF_RULES_IMPORTED_TEAM_212, team);
      changed = TRUE;
    }
  return changed;
}

static char *
points_text (double points)
{
  return g_strdup_printf ("%g", points);
}

char *
arb_round_describe_trf_setting (const ArbEntryWarning *w)
{
  g_autofree char *points = NULL, *counted = NULL;

  g_return_val_if_fail (w != NULL, NULL);

  switch (w->kind)
    {
    case ARB_ENTRY_WARNING_TRF_TIEBREAK:
      /* Translators: import warning: line and column in the TRF file, a tie-break code
       * ("BH/P"), the record (202 or 212) */
      return g_strdup_printf (_ ("Line %d, column %d: Arbiter does not compute the tie-break %s "
                                 "of record %d; the event's order leaves it out"),
                              w->line, w->column, w->code, w->record);
    case ARB_ENTRY_WARNING_TRF_ORDER_FULL:
      /* Translators: import warning: line and column in the TRF file, a tie-break code, the
       * record (202 or 212), the most tie-breaks an order holds */
      return g_strdup_printf (_ ("Line %d, column %d: the tie-break %s of record %d comes after "
                                 "the %d an event's order holds; it is left out"),
                              w->line, w->column, w->code, w->record, ARB_TIEBREAK_MAX_ORDER);
    case ARB_ENTRY_WARNING_TRF_ORDERS_DIFFER:
      /* Translators: import warning: line in the TRF file; records 212 and 202 list tie-breaks */
      return g_strdup_printf (_ ("Line %d: record 212 orders the standings otherwise than "
                                 "record 202; the event's order follows 202"),
                              w->line);
    default:
      break;
    }
  if (w->score == '\0' && w->record == 362)
    {
      g_autofree char *draw = points_text (w->file_draw);

      points = points_text (w->file_win);
      counted = points_text (w->file_loss);
      /* Translators: import warning: line in the TRF file, the match points of a team's win,
       * draw and loss */
      return g_strdup_printf (_ ("Line %d: record 362 gives %s match points for a team's win, "
                                 "%s for a draw and %s for a loss; the event keeps its own "
                                 "match points"),
                              w->line, points, draw, counted);
    }
  if (w->score == '\0')
    {
      g_autofree char *draw = points_text (w->file_draw);

      points = points_text (w->file_win);
      counted = points_text (w->file_loss);
      /* Translators: import warning: line in the TRF file, the points of a win, a draw and a
       * loss */
      return g_strdup_printf (_ ("Line %d: record 162 gives %s for a win, %s for a draw and %s "
                                 "for a loss; the event keeps its own scoring"),
                              w->line, points, draw, counted);
    }
  points = points_text (w->points);
  counted = points_text (w->counted);
  if (w->score == 'P')
    /* Translators: import warning: line in the TRF file, points the file gives, points Arbiter
     * counts */
    return g_strdup_printf (_ ("Line %d: record 162 gives a pairing-allocated bye %s points; "
                               "Arbiter counts it as a win, %s"),
                            w->line, points, counted);
  /* Translators: import warning: line in the TRF file, points the file gives, points Arbiter
   * counts */
  return g_strdup_printf (_ ("Line %d: record 162 gives an absence or a forfeit loss %s points; "
                             "Arbiter counts it as a loss, %s"),
                          w->line, points, counted);
}
