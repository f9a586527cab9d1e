/* arb-tournament-trf.c: players and pairings in and out as TRF16
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-tournament-trf.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-time-control.h"
#include "arb-tournament-entries.h"
#include "arb-tournament-match-entries.h"
#include "arb-tournament-private.h"
#include "arb-tournament-trf-rules.h"
#include "arb-tournament-teams.h"
#include "arb-tournament-trf-teams.h"

/* Results of a paired game as TRF codes, white's then black's. */
static const struct
{
  ArbResult result;
  gboolean rated;
  char white;
  char black;
} result_codes[] = {
  { ARB_RESULT_WHITE_WINS, TRUE, '1', '0' },
  { ARB_RESULT_BLACK_WINS, TRUE, '0', '1' },
  { ARB_RESULT_DRAW, TRUE, '=', '=' },
  { ARB_RESULT_BOTH_LOSE, TRUE, '0', '0' },
  { ARB_RESULT_WHITE_HALF, TRUE, '=', '0' },
  { ARB_RESULT_BLACK_HALF, TRUE, '0', '=' },
  { ARB_RESULT_WHITE_FORFEIT_WIN, TRUE, '+', '-' },
  { ARB_RESULT_BLACK_FORFEIT_WIN, TRUE, '-', '+' },
  { ARB_RESULT_DOUBLE_FORFEIT, TRUE, '-', '-' },
  { ARB_RESULT_WHITE_WINS, FALSE, 'W', 'L' },
  { ARB_RESULT_BLACK_WINS, FALSE, 'L', 'W' },
  { ARB_RESULT_DRAW, FALSE, 'D', 'D' },
  { ARB_RESULT_ONGOING, TRUE, ' ', ' ' },
};

/* The result a bye stands for in the game table. */
static ArbResult
bye_result (char code)
{
  switch (arb_trf_code_points_x2 (code))
    {
    case 2:
      return code == '+' ? ARB_RESULT_WHITE_FORFEIT_WIN : ARB_RESULT_WHITE_WINS;
    case 1:
      return ARB_RESULT_WHITE_HALF;
    default:
      return code == ' ' ? ARB_RESULT_ONGOING : ARB_RESULT_BOTH_LOSE;
    }
}

static const ArbTrfPlayer *
find_trf_player (const ArbTrf *trf, int start_no)
{
  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *p = trf->players->pdata[i];
      if (p->start_no == start_no)
        return p;
    }
  return NULL;
}

static const ArbTrfRound *
player_round (const ArbTrfPlayer *p, int r)
{
  if (p == NULL || r < 1 || (guint) r > p->rounds->len)
    return NULL;
  return &g_array_index (p->rounds, ArbTrfRound, r - 1);
}

static int
pairing_compare (gconstpointer a, gconstpointer b)
{
  const ArbTrfPairing *pa = a, *pb = b;
  /* Games before byes; games by their better-placed player. */
  int ka = pa->black == 0 ? 100000 + pa->white : MIN (pa->white, pa->black);
  int kb = pb->black == 0 ? 100000 + pb->white : MIN (pb->white, pb->black);
  return ka - kb;
}

static GArray *
collect_pairings (const ArbTrf *trf, int r, GError **error)
{
  g_autoptr (GArray) pairings = g_array_new (FALSE, TRUE, sizeof (ArbTrfPairing));

  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *p = trf->players->pdata[i];
      const ArbTrfRound *mine = player_round (p, r);
      const ArbTrfPlayer *opp;
      const ArbTrfRound *theirs;
      ArbTrfPairing pairing = { 0 };
      gboolean found = FALSE;

      if (mine == NULL || (mine->opponent == 0 && mine->colour == ' ' && mine->result == ' '))
        continue;

      if (mine->opponent == 0)
        {
          if (mine->result == ' ')
            {
              g_set_error (
                error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                /* Translators: “line %d” is where in the TRF file the fault is */
                _ ("line %d: round %d: a bye (0000) needs a result code (H, F, U, Z, -…)"), p->line,
                r);
              return NULL;
            }
          pairing.white = p->start_no;
          pairing.bye_code = mine->result;
          pairing.result = bye_result (mine->result);
          pairing.rated = TRUE;
          g_array_append_val (pairings, pairing);
          continue;
        }

      opp = find_trf_player (trf, mine->opponent);
      theirs = player_round (opp, r);
      if (opp == NULL)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                       /* Translators: “line %d” is where in the TRF file the fault is */
                       _ ("line %d: round %d: opponent %d has no player line"), p->line, r,
                       mine->opponent);
          return NULL;
        }
      if (theirs == NULL || theirs->opponent != p->start_no)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                       /* Translators: “line %d” is where in the TRF file the fault is */
                       _ ("line %d: round %d: player %d meets %d, but line %d does not say so"),
                       p->line, r, p->start_no, opp->start_no, opp->line);
          return NULL;
        }
      if (mine->colour == '-' || theirs->colour == '-' || mine->colour == theirs->colour ||
          mine->colour == ' ' || theirs->colour == ' ')
        {
          g_set_error (
            error, ARB_TRF_ERROR, ARB_TRF_ERROR_UNSUPPORTED,
            /* Translators: “line %d” is where in the TRF file the fault is */
            _ ("line %d: round %d: players %d and %d need one white (w) and one black (b)"),
            p->line, r, p->start_no, opp->start_no);
          return NULL;
        }
      if (mine->colour == 'b')
        continue; /* read from white's line */

      pairing.white = p->start_no;
      pairing.black = opp->start_no;
      for (gsize k = 0; k < G_N_ELEMENTS (result_codes); k++)
        if (result_codes[k].white == mine->result && result_codes[k].black == theirs->result)
          {
            pairing.result = result_codes[k].result;
            pairing.rated = result_codes[k].rated;
            found = TRUE;
            break;
          }
      if (!found)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                       /* Translators: “line %d” is where in the TRF file the fault is */
                       _ ("line %d: round %d: the results “%c” (player %d) and “%c” (player %d) "
                          "do not make one game's result"),
                       p->line, r, mine->result, p->start_no, theirs->result, opp->start_no);
          return NULL;
        }
      g_array_append_val (pairings, pairing);
    }

  g_array_sort (pairings, pairing_compare);
  return g_steal_pointer (&pairings);
}

/* Round dates are stored as ISO 8601; TRF16 writes YY/MM/DD. A date in
 * another form is kept as it is. Two-digit years are taken as 20YY. */
static char *
trf_date_to_iso (const char *date)
{
  if (strlen (date) == 8 && date[2] == '/' && date[5] == '/' && g_ascii_isdigit (date[0]) &&
      g_ascii_isdigit (date[1]) && g_ascii_isdigit (date[3]) && g_ascii_isdigit (date[4]) &&
      g_ascii_isdigit (date[6]) && g_ascii_isdigit (date[7]))
    return g_strdup_printf ("20%.2s-%.2s-%.2s", date, date + 3, date + 6);
  return g_strdup (date);
}

static char *
iso_date_to_trf (const char *date)
{
  if (date == NULL)
    return NULL;
  if (strlen (date) == 10 && date[4] == '-' && date[7] == '-' && strncmp (date, "20", 2) == 0)
    return g_strdup_printf ("%.2s/%.2s/%.2s", date + 2, date + 5, date + 8);
  return g_strdup (date);
}

/* Header records the event models; the rest are kept verbatim. */
static gboolean
is_computed_record (const char *code)
{
  return strcmp (code, "062") == 0 || strcmp (code, "072") == 0;
}

static gboolean
is_event_record (const char *code)
{
  static const char *const codes[] = { "012", "022", "042", "052", "102" };

  for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
    if (strcmp (code, codes[i]) == 0)
      return TRUE;
  return FALSE;
}

static char **
event_slot (ArbEventInfo *event, const char *code)
{
  if (strcmp (code, "012") == 0)
    return &event->name;
  if (strcmp (code, "022") == 0)
    return &event->venue;
  if (strcmp (code, "042") == 0)
    return &event->start_date;
  if (strcmp (code, "052") == 0)
    return &event->end_date;
  if (strcmp (code, "102") == 0)
    return &event->chief_arbiter;
  return NULL;
}

/* A repeated record (112 for each deputy arbiter, 240 for each round's
 * byes…) is kept as one value per code, its lines joined by '\n'. */
static gboolean
store_records (ArbTournament *self, const ArbTrf *trf, GError **error)
{
  g_autoptr (GHashTable) joined = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) order = g_ptr_array_new ();

  for (guint i = 0; i < trf->records->len; i++)
    {
      const ArbTrfRecord *r = trf->records->pdata[i];
      GString *value = g_hash_table_lookup (joined, r->code);

      if (is_event_record (r->code) || is_computed_record (r->code))
        continue;
      if (value == NULL)
        {
          value = g_string_new (r->value);
          g_hash_table_insert (joined, g_strdup (r->code), value);
          g_ptr_array_add (order, value);
          g_ptr_array_add (order, (gpointer) r->code);
        }
      else
        g_string_append_printf (value, "\n%s", r->value);
    }
  for (guint i = 0; i < order->len; i += 2)
    {
      GString *value = order->pdata[i];
      gboolean ok = _arb_tournament_set_event_record (self, order->pdata[i + 1], value->str, error);

      g_string_free (value, TRUE);
      if (!ok)
        {
          for (guint k = i + 2; k < order->len; k += 2)
            g_string_free (order->pdata[k], TRUE);
          return FALSE;
        }
    }
  return TRUE;
}

/* The text itself, in UTF-8, for the export to give back what Arbiter
 * does not read (arb-tournament-trf-keep.c). */
static gboolean
store_source (ArbTournament *self, const char *text, gsize length, GError **error)
{
  g_autofree char *utf8 = NULL;

  if (g_utf8_validate (text, (gssize) length, NULL))
    utf8 = g_strndup (text, length);
  else
    utf8 = g_convert (text, (gssize) length, "UTF-8", "WINDOWS-1252", NULL, NULL, NULL);
  if (utf8 == NULL)
    return TRUE; /* the parse read it, so this does not happen */
  return _arb_tournament_set_event_record (self, ARB_TRF_SOURCE_KEY, utf8, error);
}

/* The byes a TRF26 file asks for in round r (record 240) that the player
 * lines do not show yet. Only in individual events: in a team event the
 * numbers of 240 are teams. */
static void
add_asked_byes (const ArbTrf *trf, int r, GArray *pairings)
{
  if (trf->teams->len > 0)
    return;
  for (guint i = 0; i < trf->byes->len; i++)
    {
      const ArbTrfBye *bye = trf->byes->pdata[i];

      if (bye->round != r)
        continue;
      for (guint k = 0; k < bye->start_nos->len; k++)
        {
          int start_no = g_array_index (bye->start_nos, int, k);
          gboolean paired = FALSE;
          ArbTrfPairing pairing = { 0 };

          for (guint j = 0; j < pairings->len; j++)
            {
              const ArbTrfPairing *p = &g_array_index (pairings, ArbTrfPairing, j);
              paired |= p->white == start_no || p->black == start_no;
            }
          if (paired)
            continue;
          pairing.white = start_no;
          pairing.bye_code = bye->code;
          pairing.result = bye_result (bye->code);
          pairing.rated = TRUE;
          g_array_append_val (pairings, pairing);
        }
    }
  g_array_sort (pairings, pairing_compare);
}

/* A zero-point bye ("0000 - Z", or "0000 - -") for a player the stored
 * round does not have: how a pairing program writes a round the player
 * was absent from (withdrawn, not yet entered; docs/notation.md). */
static gboolean
is_absence_in (const ArbTrfPairing *pr, GPtrArray *stored, gint64 player)
{
  if (pr->black != 0 || (pr->bye_code != 'Z' && pr->bye_code != '-'))
    return FALSE;
  for (guint i = 0; i < stored->len; i++)
    {
      const ArbGameInfo *g = stored->pdata[i];
      if (g->white_id == player || g->black_id == player)
        return FALSE;
    }
  return TRUE;
}

/* The absence, as a bye on the board after the round's last. */
static gboolean
add_absence (ArbTournament *self,
             int r,
             GPtrArray *stored,
             gint64 player,
             const ArbTrfPairing *pr,
             GError **error)
{
  char bye[2] = { pr->bye_code, '\0' };
  ArbGameInfo game = { 0 };
  gint64 id;

  game.round = r;
  for (guint i = 0; i < stored->len; i++)
    game.board = MAX (game.board, ((ArbGameInfo *) stored->pdata[i])->board);
  game.board++;
  game.white_id = player;
  game.bye_code = bye;
  game.result = pr->result;
  game.rated = pr->rated;
  if (!_arb_tournament_add_game (self, &game, &id, error))
    return FALSE;
  /* The next absence of the round goes on the board after this one. */
  g_ptr_array_add (stored, arb_tournament_get_game (self, id, NULL));
  return TRUE;
}

/* A round already in the tournament: the file must pair the same players
 * with the same colours. A result the file has and the tournament lacks
 * is taken (the results desk of the pairing program); two different
 * results are an error, since one of them must be corrected. */
/* The records 330, 320 and 240 of round @r of a team event whose round
 * the tournament has already (arb-tournament-match-entries.c passes over
 * what it holds). */
static gboolean
import_stored_team_entries (ArbTournament *self, const ArbTrf *trf, int r, GError **error)
{
  ArbTeamRules rules;

  return arb_tournament_get_team_rules (self, &rules, error) &&
         _arb_tournament_import_team_entries (self, trf, r, rules.boards, error);
}

static gboolean
merge_stored_round (ArbTournament *self,
                    int r,
                    GArray *pairings,
                    GPtrArray *stored,
                    GHashTable *ids,
                    GError **error)
{
  for (guint k = 0; k < pairings->len; k++)
    {
      const ArbTrfPairing *pr = &g_array_index (pairings, ArbTrfPairing, k);
      gint64 white =
        (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (ids, GINT_TO_POINTER (pr->white)));
      gint64 black =
        pr->black != 0
          ? (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (ids, GINT_TO_POINTER (pr->black)))
          : 0;
      const ArbGameInfo *same = NULL;

      for (guint i = 0; i < stored->len; i++)
        {
          const ArbGameInfo *g = stored->pdata[i];
          if (g->white_id == white && g->black_id == black)
            same = g;
        }
      if (same == NULL && is_absence_in (pr, stored, white))
        {
          if (!add_absence (self, r, stored, white, pr, error))
            return FALSE;
          continue;
        }
      if (same == NULL)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                       pr->black != 0
                         ? _ ("round %d is already in the tournament, but without the game of "
                              "players %d (white) and %d (black) that the TRF pairs")
                         : _ ("round %d is already in the tournament, but without the bye of "
                              "player %d that the TRF gives"),
                       r, pr->white, pr->black);
          return FALSE;
        }
      if (pr->result == ARB_RESULT_ONGOING || pr->result == same->result)
        continue;
      if (same->result != ARB_RESULT_ONGOING)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                       /* Translators: the two %s are results, as 1-0 or 1/2-1/2 */
                       _ ("round %d board %d: the TRF says %s but the tournament has %s; correct "
                          "one of them and import again"),
                       r, same->board, arb_result_to_string (pr->result),
                       arb_result_to_string (same->result));
          return FALSE;
        }
      if (!_arb_tournament_set_result (self, same->id, pr->result, NULL, error))
        return FALSE;
    }
  for (guint i = 0; i < stored->len; i++)
    {
      const ArbGameInfo *g = stored->pdata[i];
      gboolean in_file = FALSE;

      for (guint k = 0; k < pairings->len && !in_file; k++)
        {
          const ArbTrfPairing *pr = &g_array_index (pairings, ArbTrfPairing, k);
          gint64 white =
            (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (ids, GINT_TO_POINTER (pr->white)));
          gint64 black =
            pr->black != 0
              ? (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (ids, GINT_TO_POINTER (pr->black)))
              : 0;
          in_file = g->white_id == white && g->black_id == black;
        }
      if (!in_file)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                       _ ("round %d board %d is in the tournament but not in the TRF: the file "
                          "pairs round %d differently"),
                       r, g->board, r);
          return FALSE;
        }
    }
  return TRUE;
}

/* The event fields TRF names, into @event. */
static void
take_event_records (ArbEventInfo *event, const ArbTrf *trf)
{
  for (guint i = 0; i < trf->records->len; i++)
    {
      const ArbTrfRecord *r = trf->records->pdata[i];
      char **slot = event_slot (event, r->code);

      if (slot != NULL && r->value[0] != '\0')
        {
          g_free (*slot);
          *slot = g_strdup (r->value);
        }
      /* TRF26 222 is a time control the clocks can run, when the event
       * has none yet. */
      if (strcmp (r->code, "222") == 0 && event->time_control == NULL)
        {
          ArbTimeControl tc;

          if (arb_time_control_parse (r->value, &tc, NULL, NULL))
            event->time_control = arb_time_control_to_pgn (&tc);
        }
    }
}

/* Players: new ones are added; those already in the file (by starting
 * rank) must be the same people. Fills @ids, starting rank to player id. */
static gboolean
import_players (ArbTournament *self,
                const ArbTrf *trf,
                GPtrArray *existing,
                GHashTable *ids,
                GError **error)
{
  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *p = trf->players->pdata[i];
      const ArbPlayerInfo *same = NULL;
      gint64 id = 0;

      for (guint k = 0; k < existing->len; k++)
        if (((ArbPlayerInfo *) existing->pdata[k])->start_no == p->start_no)
          same = existing->pdata[k];

      if (same != NULL)
        {
          if (g_strcmp0 (same->name, p->name) != 0)
            {
              g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                           _ ("line %d: starting rank %d is %s in the TRF but %s in the "
                              "tournament"),
                           p->line, p->start_no, p->name, same->name);
              return FALSE;
            }
          id = same->id;
        }
      else
        {
          ArbPlayerInfo info = { 0 };
          char sex[2] = { p->sex, '\0' };

          info.start_no = p->start_no;
          info.name = p->name;
          info.title = (char *) arb_trf_title_normalize (p->title);
          info.sex = p->sex != ' ' ? sex : NULL;
          info.fide_id = p->fide_id;
          info.rating = p->rating;
          info.federation = p->federation[0] != '\0' ? (char *) p->federation : NULL;
          info.birth_date = p->birth_date[0] != '\0' ? p->birth_date : NULL;
          if (!_arb_tournament_add_player (self, &info, &id, error))
            {
              g_prefix_error (error, _ ("line %d: "), p->line);
              return FALSE;
            }
        }
      g_hash_table_insert (ids, GINT_TO_POINTER (p->start_no), GSIZE_TO_POINTER ((gsize) id));
    }
  for (guint i = 0; i < trf->byes->len; i++)
    {
      const ArbTrfBye *bye = trf->byes->pdata[i];

      for (guint k = 0; k < bye->start_nos->len && trf->teams->len == 0; k++)
        if (!g_hash_table_contains (ids, GINT_TO_POINTER (g_array_index (bye->start_nos, int, k))))
          {
            g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                         _ ("line %d: the bye of round %d names player %d, who has no player line"),
                         bye->line, bye->round, g_array_index (bye->start_nos, int, k));
            return FALSE;
          }
    }
  return TRUE;
}

/* Adds the games of round @r of an individual tournament, in board order. */
static gboolean
add_round_games (ArbTournament *self,
                 const ArbTrf *trf,
                 int r,
                 GArray *pairings,
                 GHashTable *ids,
                 int *imported_games,
                 GError **error)
{
  _arb_trf_order_boards (trf, r, pairings);
  for (guint k = 0; k < pairings->len; k++)
    {
      const ArbTrfPairing *pr = &g_array_index (pairings, ArbTrfPairing, k);
      char bye[2] = { pr->bye_code, '\0' };
      ArbGameInfo game = { 0 };
      gint64 id;

      game.round = r;
      game.board = (int) k + 1;
      game.white_id =
        (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (ids, GINT_TO_POINTER (pr->white)));
      game.black_id =
        pr->black != 0
          ? (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (ids, GINT_TO_POINTER (pr->black)))
          : 0;
      game.bye_code = pr->black == 0 ? bye : NULL;
      game.result = pr->result;
      game.rated = pr->rated;
      if (!_arb_tournament_add_game (self, &game, &id, error))
        {
          g_prefix_error (error, _ ("round %d: "), r);
          return FALSE;
        }
      (*imported_games)++;
    }
  return TRUE;
}

gboolean
arb_tournament_import_trf (ArbTournament *self,
                           const char *text,
                           gsize length,
                           int round,
                           GError **error)
{
  g_autoptr (ArbTrf) trf = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) existing = NULL;
  g_autoptr (GHashTable) ids = g_hash_table_new (NULL, NULL);
  int n_rounds = 0;
  int imported_games = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (round >= 0, FALSE);

  trf = arb_trf_parse (text, length, error);
  if (trf == NULL)
    return FALSE;

  for (guint i = 0; i < trf->players->len; i++)
    n_rounds = MAX (n_rounds, (int) ((ArbTrfPlayer *) trf->players->pdata[i])->rounds->len);
  for (guint i = 0; i < trf->byes->len; i++)
    n_rounds = MAX (n_rounds, ((ArbTrfBye *) trf->byes->pdata[i])->round);
  if (round > n_rounds)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                   _ ("the file has no pairings for round %d (it has %d rounds)"), round, n_rounds);
      return FALSE;
    }

  if (!_arb_tournament_begin (self, error))
    return FALSE;

  event = arb_tournament_get_event (self, error);
  existing = arb_tournament_list_players (self, error);
  if (event == NULL || existing == NULL)
    goto fail;

  take_event_records (event, trf);
  if (!_arb_tournament_set_event (self, event, error) || !store_records (self, trf, error) ||
      !store_source (self, text, length, error))
    goto fail;
  for (guint r = 0; r < trf->round_dates->len; r++)
    if (trf->round_dates->pdata[r] != NULL)
      {
        g_autofree char *iso = trf_date_to_iso (trf->round_dates->pdata[r]);
        if (!_arb_tournament_set_round_date (self, (int) r + 1, iso, error))
          goto fail;
      }

  if (!import_players (self, trf, existing, ids, error))
    goto fail;

  /* Round 0 means every round of the file: those the tournament has are
   * checked against it (and take the results it lacks), the others are
   * added. So the file a pairing program writes after pairing round 5
   * adds round 5 to a tournament that has rounds 1 to 4. */
  for (int r = round > 0 ? round : 1; r <= (round > 0 ? round : n_rounds); r++)
    {
      g_autoptr (GArray) pairings = collect_pairings (trf, r, error);
      g_autoptr (GPtrArray) stored = NULL;

      if (pairings == NULL)
        goto fail;
      add_asked_byes (trf, r, pairings);
      stored = arb_tournament_list_games (self, r, error);
      if (stored == NULL)
        goto fail;
      if (stored->len > 0)
        {
          /* A round the tournament has takes the team records the file
           * adds to it (a forfeit, a bye), each once. */
          if (!merge_stored_round (self, r, pairings, stored, ids, error) ||
              (trf->teams->len > 0 && !import_stored_team_entries (self, trf, r, error)))
            goto fail;
          continue;
        }
      /* A team competition: the games of two teams' players make a match. */
      if (trf->teams->len > 0)
        {
          if (!_arb_tournament_add_team_round (self, trf, r, pairings, ids, &imported_games, error))
            goto fail;
          continue;
        }
      if (!add_round_games (self, trf, r, pairings, ids, &imported_games, error))
        goto fail;
    }

  {
    g_autofree char *players = g_strdup_printf ("%u", trf->players->len);
    g_autofree char *games = g_strdup_printf ("%d", imported_games);
    if (!_arb_tournament_audit (self, "import-trf", 0, error, "players", players, "games", games,
                                NULL))
      goto fail;
  }
  return _arb_tournament_commit (self, error);

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}

static int
rank_compare (gconstpointer a, gconstpointer b)
{
  const ArbTrfPlayer *pa = *(ArbTrfPlayer *const *) a;
  const ArbTrfPlayer *pb = *(ArbTrfPlayer *const *) b;

  if (pa->points_x2 != pb->points_x2)
    return pb->points_x2 - pa->points_x2;
  return pa->start_no - pb->start_no;
}

static void
add_record (ArbTrf *trf, const char *code, const char *value)
{
  ArbTrfRecord *r;

  if (value == NULL)
    return;
  r = g_new0 (ArbTrfRecord, 1);
  g_strlcpy (r->code, code, sizeof r->code);
  r->value = g_strdup (value);
  g_ptr_array_add (trf->records, r);
}

static int
record_compare (gconstpointer a, gconstpointer b)
{
  const ArbTrfRecord *ra = *(ArbTrfRecord *const *) a;
  const ArbTrfRecord *rb = *(ArbTrfRecord *const *) b;
  return strcmp (ra->code, rb->code);
}

void
arb_trf_note_free (ArbTrfNote *note)
{
  if (note == NULL)
    return;
  g_free (note->white);
  g_free (note->black);
  g_free (note);
}

static const char *
name_of (GPtrArray *players, gint64 id)
{
  for (guint i = 0; i < players->len; i++)
    if (((ArbPlayerInfo *) players->pdata[i])->id == id)
      return ((ArbPlayerInfo *) players->pdata[i])->name;
  return "?";
}

/* TRF has one block per player and round. A player with two games in a
 * round (a match of several games between the same two players, a double
 * round) cannot be written without dropping one: refused, by name. */
static gboolean
check_one_game_per_round (GPtrArray *games, GPtrArray *players, GError **error)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];
      gint64 sides[2] = { g->white_id, g->black_id };

      for (int s = 0; s < 2; s++)
        {
          g_autofree char *key = NULL;
          const ArbGameInfo *first;
          g_autoptr (GString) boards = NULL;
          guint n = 0;

          if (sides[s] == 0)
            continue;
          key = g_strdup_printf ("%d/%" G_GINT64_FORMAT, g->round, sides[s]);
          first = g_hash_table_lookup (seen, key);
          if (first == NULL)
            {
              g_hash_table_insert (seen, g_steal_pointer (&key), (gpointer) g);
              continue;
            }
          boards = g_string_new (NULL);
          for (guint k = 0; k < games->len; k++)
            {
              const ArbGameInfo *o = games->pdata[k];
              if (o->round == g->round && (o->white_id == sides[s] || o->black_id == sides[s]))
                {
                  g_string_append_printf (boards, "%s%d", n > 0 ? ", " : "", o->board);
                  n++;
                }
            }
          if ((first->white_id == g->white_id && first->black_id == g->black_id) ||
              (first->white_id == g->black_id && first->black_id == g->white_id))
            g_set_error (
              error, ARB_TRF_ERROR, ARB_TRF_ERROR_UNSUPPORTED,
              /* Translators: the two %s are players' names; “boards %s” is a list, as “1, 3” */
              _ ("round %d: %s and %s play %u games (boards %s), and TRF holds one game "
                 "per player and round; export this match as PGN"),
              g->round, name_of (players, first->white_id), name_of (players, first->black_id), n,
              boards->str);
          else
            g_set_error (
              error, ARB_TRF_ERROR, ARB_TRF_ERROR_UNSUPPORTED,
              /* Translators: the first %s is a player's name; “boards %s” is a list, as “1, 3” */
              _ ("round %d: %s plays %u games (boards %s), and TRF holds one game per "
                 "player and round; export this round as PGN"),
              g->round, name_of (players, sides[s]), n, boards->str);
          return FALSE;
        }
    }
  return TRUE;
}

static void
add_note (GPtrArray *notes,
          ArbTrfNoteKind kind,
          int round,
          int board,
          const char *white,
          const char *black,
          int start_no)
{
  ArbTrfNote *note;

  if (notes == NULL)
    return;
  note = g_new0 (ArbTrfNote, 1);
  note->kind = kind;
  note->round = round;
  note->board = board;
  note->white = g_strdup (white);
  note->black = g_strdup (black);
  note->start_no = start_no;
  g_ptr_array_add (notes, note);
}

char *
arb_tournament_export_trf (ArbTournament *self, GError **error)
{
  return arb_tournament_export_trf_full (self, NULL, error);
}

/* One record per code so far: the order by code is the order of the
 * file. A repeated record was kept as its lines joined (see
 * store_records); it becomes one record per line again, in order. */
static void
sort_and_split_records (ArbTrf *trf)
{
  g_ptr_array_sort (trf->records, record_compare);
  for (guint i = 0; i < trf->records->len; i++)
    {
      ArbTrfRecord *r = trf->records->pdata[i];
      g_auto (GStrv) lines = NULL;

      if (strchr (r->value, '\n') == NULL)
        continue;
      lines = g_strsplit (r->value, "\n", -1);
      g_free (r->value);
      r->value = g_strdup (lines[0]);
      for (guint k = 1; lines[k] != NULL; k++)
        {
          ArbTrfRecord *more = g_new0 (ArbTrfRecord, 1);

          g_strlcpy (more->code, r->code, sizeof more->code);
          more->value = g_strdup (lines[k]);
          g_ptr_array_insert (trf->records, (int) ++i, more);
        }
    }
}

/* The rounds' dates, or none when no round has one. */
static void
set_round_dates (ArbTrf *trf, const GPtrArray *dates)
{
  gboolean any = FALSE;

  for (guint r = 0; r < dates->len; r++)
    g_ptr_array_add (trf->round_dates, iso_date_to_trf (dates->pdata[r]));
  for (guint r = 0; r < trf->round_dates->len; r++)
    any |= trf->round_dates->pdata[r] != NULL;
  if (!any)
    g_ptr_array_set_size (trf->round_dates, 0);
}

/* The event's records: what the tournament holds, the records kept from
 * the import, the rules as the event has them now, a team event's byes
 * and forfeits as the desk has them. */
static void
add_event_records (ArbTrf *trf,
                   const ArbEventInfo *event,
                   GHashTable *records,
                   GPtrArray *team_rounds,
                   const char *n_players,
                   const char *n_rated,
                   gboolean *from_entries)
{
  GHashTableIter iter;
  gpointer key, value;

  add_record (trf, "012", event->name);
  add_record (trf, "022", event->venue);
  add_record (trf, "042", event->start_date);
  add_record (trf, "052", event->end_date);
  add_record (trf, "062", n_players);
  add_record (trf, "072", n_rated);
  add_record (trf, "102", event->chief_arbiter);
  /* 162, 202 and 212 as the event now has them, where the arbiter
   * changed them since the import. */
  _arb_trf_rules_over_records (event->settings, records);
  /* A team event's byes and forfeits as the desk has them. */
  {
    gboolean any_team_entry = FALSE;

    _arb_trf_team_entries_over_records (team_rounds, records, &any_team_entry);
    *from_entries |= any_team_entry;
  }
  g_hash_table_iter_init (&iter, records);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (strcmp (key, ARB_TRF_SOURCE_KEY) != 0)
      add_record (trf, key, value);
  sort_and_split_records (trf);
}

char *
arb_tournament_export_trf_full (ArbTournament *self, GPtrArray *notes, GError **error)

{
  g_autoptr (ArbTrf) trf = arb_trf_new ();
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) dates = NULL;
  g_autoptr (GHashTable) records = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (GPtrArray) team_rounds = NULL;
  g_autoptr (GHashTable) forfeits = NULL;
  g_autoptr (GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  char forfeit_black;
  g_autofree char *n_players = NULL;
  g_autofree char *n_rated = NULL;
  int next_start_no = 1;
  int n_rounds = 0;
  int rated = 0;
  gboolean from_entries = FALSE;
  g_autoptr (GPtrArray) ranked = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  event = arb_tournament_get_event (self, error);
  players = arb_tournament_list_players (self, error);
  games = arb_tournament_list_games (self, 0, error);
  dates = _arb_tournament_get_round_dates (self, error);
  records = _arb_tournament_get_event_records (self, error);
  entries = arb_tournament_list_entries (self, FALSE, error);
  if (event == NULL || players == NULL || games == NULL || dates == NULL || records == NULL ||
      entries == NULL)
    return NULL;
  if (!check_one_game_per_round (games, players, error))
    return NULL;
  for (guint i = 0; i < games->len; i++)
    n_rounds = MAX (n_rounds, ((ArbGameInfo *) games->pdata[i])->round);
  team_rounds = _arb_trf_team_rounds (self, n_rounds, error);
  if (team_rounds == NULL)
    return NULL;
  forfeits = _arb_trf_team_forfeits (team_rounds);

  for (guint i = 0; i < players->len; i++)
    next_start_no = MAX (next_start_no, ((ArbPlayerInfo *) players->pdata[i])->start_no + 1);

  for (guint i = 0; i < players->len; i++)
    {
      const ArbPlayerInfo *info = players->pdata[i];
      ArbTrfPlayer *p = g_new0 (ArbTrfPlayer, 1);
      ArbTrfRound blank = { 0, ' ', ' ' };

      /* Players that came from PGN have no starting rank yet. */
      p->start_no = info->start_no > 0 ? info->start_no : next_start_no++;
      if (info->start_no <= 0)
        add_note (notes, ARB_TRF_NOTE_NEW_START_NO, 0, 0, info->name, NULL, p->start_no);
      p->sex = info->sex != NULL && info->sex[0] != '\0' ? info->sex[0] : ' ';
      g_strlcpy (p->title, info->title != NULL ? info->title : "", sizeof p->title);
      p->name = g_strdup (info->name);
      p->rating = info->rating;
      g_strlcpy (p->federation, info->federation != NULL ? info->federation : "",
                 sizeof p->federation);
      p->fide_id = info->fide_id;
      p->birth_date = g_strdup (info->birth_date != NULL ? info->birth_date : "");
      p->rounds = g_array_new (FALSE, TRUE, sizeof (ArbTrfRound));
      for (int r = 0; r < n_rounds; r++)
        g_array_append_val (p->rounds, blank);
      if (p->rating > 0)
        rated++;
      g_ptr_array_add (trf->players, p);
      g_hash_table_insert (by_id, (gpointer) &info->id, p);
    }

  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];
      ArbTrfPlayer *white = g_hash_table_lookup (by_id, &g->white_id);
      ArbTrfPlayer *black = g->black_id != 0 ? g_hash_table_lookup (by_id, &g->black_id) : NULL;
      ArbTrfRound *wr, *br;

      if (white == NULL)
        continue;
      wr = &g_array_index (white->rounds, ArbTrfRound, g->round - 1);
      /* A board of a match forfeited as a whole is the forfeit. */
      if (black != NULL && _arb_trf_team_forfeit_codes (forfeits, g, &wr->result, &forfeit_black))
        {
          br = &g_array_index (black->rounds, ArbTrfRound, g->round - 1);
          wr->opponent = black->start_no;
          br->opponent = white->start_no;
          wr->colour = 'w';
          br->colour = 'b';
          br->result = forfeit_black;
          continue;
        }
      if (g->result == ARB_RESULT_ONGOING)
        add_note (notes, ARB_TRF_NOTE_NO_RESULT, g->round, g->board, white->name,
                  black != NULL ? black->name : NULL, 0);
      if (black == NULL)
        {
          wr->opponent = 0;
          wr->colour = '-';
          wr->result = g->bye_code != NULL ? g->bye_code[0] : ' ';
          continue;
        }
      br = &g_array_index (black->rounds, ArbTrfRound, g->round - 1);
      wr->opponent = black->start_no;
      br->opponent = white->start_no;
      wr->colour = 'w';
      br->colour = 'b';
      for (gsize k = 0; k < G_N_ELEMENTS (result_codes); k++)
        if (result_codes[k].result == g->result && result_codes[k].rated == g->rated)
          {
            wr->result = result_codes[k].white;
            br->result = result_codes[k].black;
            break;
          }
    }

  /* The desk's byes, withdrawals and late entries fill the rounds the
   * games leave blank; the round to be paired gives no points yet. */
  from_entries = _arb_trf_apply_entries (trf, players, entries, n_rounds);
  for (guint i = 0; i < trf->players->len; i++)
    {
      ArbTrfPlayer *p = trf->players->pdata[i];
      for (guint r = 0; r < MIN (p->rounds->len, (guint) n_rounds); r++)
        p->points_x2 += arb_trf_code_points_x2 (g_array_index (p->rounds, ArbTrfRound, r).result);
    }
  /* Rank by points, then by starting rank: tie-breaks are the pairing
   * program's business. */
  /* A view without a free function: the players belong to trf. */
  ranked = g_ptr_array_sized_new (trf->players->len);
  for (guint i = 0; i < trf->players->len; i++)
    g_ptr_array_add (ranked, trf->players->pdata[i]);
  g_ptr_array_sort (ranked, rank_compare);
  for (guint i = 0; i < ranked->len; i++)
    ((ArbTrfPlayer *) ranked->pdata[i])->rank = (int) i + 1;

  n_players = g_strdup_printf ("%u", players->len);
  n_rated = g_strdup_printf ("%d", rated);
  add_event_records (trf, event, records, team_rounds, n_players, n_rated, &from_entries);
  from_entries |= _arb_trf_add_entry_byes (trf, players, entries, n_rounds);
  set_round_dates (trf, dates);

  /* The kept text cannot say what the desk recorded since. */
  {
    char *kept =
      from_entries
        ? NULL
        : _arb_trf_write_over_source (g_hash_table_lookup (records, ARB_TRF_SOURCE_KEY), trf);
    return kept != NULL ? kept : arb_trf_write (trf);
  }
}
