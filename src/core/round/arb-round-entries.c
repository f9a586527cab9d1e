/* arb-round-entries.c: byes asked for, withdrawals and late entries at the desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The desk decides here whether a record may be made; storage keeps it
 * (arb-tournament-entries.c) and the TRF export tells the pairing program
 * (docs/notation.md). When the pairing program's next round comes back,
 * the rounds it added are checked against the records, and what it did
 * against them is reported, not taken silently.
 */

#include "config.h"

#include "arb-round-entries.h"
#include "arb-round-entries-private.h"

#include "arb-event-settings.h"
#include "arb-i18n.h"
#include "arb-round-team-entries.h"
#include "arb-tournament-rounds.h"
#include "arb-tournament-trf.h"

void
arb_entry_warning_free (ArbEntryWarning *warning)
{
  if (warning == NULL)
    return;
  g_free (warning->player);
  g_free (warning->code);
  g_free (warning);
}

gboolean
_arb_round_text_given (const char *text)
{
  g_autofree char *copy = g_strdup (text != NULL ? text : "");

  return *g_strstrip (copy) != '\0';
}

gboolean
_arb_round_check_reason (const char *reason, GError **error)
{
  if (_arb_round_text_given (reason))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
               /* Translators: refused when a bye or withdrawal, or a team's bye or
                * forfeit, is taken back without saying why */
               _ ("Say why the record is taken back"));
  return FALSE;
}

/* The player's game in @round, or NULL. */
static const ArbGameInfo *
game_of (GPtrArray *games, gint64 player_id, int round)
{
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      if (g->round == round && (g->white_id == player_id || g->black_id == player_id))
        return g;
    }
  return NULL;
}

/* The first round from @from on in which the player has a game, or 0. */
static int
paired_from (GPtrArray *games, gint64 player_id, int from)
{
  int first = 0;

  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      if (g->round >= from && (g->white_id == player_id || g->black_id == player_id) &&
          (first == 0 || g->round < first))
        first = g->round;
    }
  return first;
}

/* The record of @kind that stands for the player, or NULL. */
static const ArbEntryRecord *
standing (GPtrArray *entries, gint64 player_id, ArbEntryKind kind, int round)
{
  for (guint i = 0; i < entries->len; i++)
    {
      const ArbEntryRecord *e = entries->pdata[i];

      if (e->player_id == player_id && e->kind == kind && (round == 0 || e->round == round))
        return e;
    }
  return NULL;
}

static gboolean
check_round (int round, GError **error)
{
  if (round >= 1 && round <= 999)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
               /* Translators: refused when the round of a bye, withdrawal or late entry is
                * not a round number */
               _ ("A round is numbered from 1 to 999"));
  return FALSE;
}

gboolean
arb_round_request_bye (ArbTournament *tournament,
                       gint64 player_id,
                       int round,
                       char code,
                       const char *arbiter,
                       const char *note,
                       gint64 *entry_id,
                       GError **error)
{
  g_autoptr (ArbPlayerInfo) player = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  const ArbEntryRecord *absent;
  ArbEntryRecord record = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (code != 'H' && code != 'Z')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   /* Translators: refused when a bye asked for is neither kind */
                   _ ("A bye asked for is a half-point bye or a zero-point bye"));
      return FALSE;
    }
  if (!check_round (round, error) ||
      (player = arb_tournament_get_player (tournament, player_id, error)) == NULL ||
      (games = arb_tournament_list_games (tournament, round, error)) == NULL ||
      (entries = arb_tournament_list_entries (tournament, FALSE, error)) == NULL)
    return FALSE;
  if (game_of (games, player_id, round) != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: refused bye: the player's name, the round */
                   _ ("%s is already paired in round %d"), player->name, round);
      return FALSE;
    }
  absent = standing (entries, player_id, ARB_ENTRY_WITHDRAWAL, 0);
  if (absent == NULL || absent->round > round)
    {
      absent = standing (entries, player_id, ARB_ENTRY_LATE, 0);
      if (absent != NULL && absent->round <= round)
        absent = NULL;
    }
  if (absent != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: refused bye: the player's name, the round */
                   _ ("%s is absent from round %d (withdrawn or not yet entered)"), player->name,
                   round);
      return FALSE;
    }
  if (standing (entries, player_id, ARB_ENTRY_BYE, round) != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   /* Translators: refused bye: the player's name, the round */
                   _ ("%s has a bye asked for round %d already; take it back first"), player->name,
                   round);
      return FALSE;
    }
  record.kind = ARB_ENTRY_BYE;
  record.player_id = player_id;
  record.round = round;
  record.code = code;
  record.arbiter = (char *) arbiter;
  record.note = (char *) note;
  return arb_tournament_add_entry (tournament, &record, entry_id, error);
}

gboolean
arb_round_withdraw_player (ArbTournament *tournament,
                           gint64 player_id,
                           int round,
                           const char *arbiter,
                           const char *note,
                           gint64 *entry_id,
                           GError **error)
{
  g_autoptr (ArbPlayerInfo) player = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  ArbEntryRecord record = { 0 };
  int paired;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (!check_round (round, error) ||
      (player = arb_tournament_get_player (tournament, player_id, error)) == NULL ||
      (games = arb_tournament_list_games (tournament, 0, error)) == NULL ||
      (entries = arb_tournament_list_entries (tournament, FALSE, error)) == NULL)
    return FALSE;
  if (standing (entries, player_id, ARB_ENTRY_WITHDRAWAL, 0) != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   /* Translators: refused withdrawal: the player's name */
                   _ ("%s is withdrawn already"), player->name);
      return FALSE;
    }
  paired = paired_from (games, player_id, round);
  if (paired > 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: refused withdrawal: the player's name, the round the
                    * player is paired in */
                   _ ("%s is paired in round %d: enter that game's result (a forfeit) and "
                      "withdraw the player from a round not yet paired"),
                   player->name, paired);
      return FALSE;
    }
  record.kind = ARB_ENTRY_WITHDRAWAL;
  record.player_id = player_id;
  record.round = round;
  record.arbiter = (char *) arbiter;
  record.note = (char *) note;
  return arb_tournament_add_entry (tournament, &record, entry_id, error);
}

gboolean
arb_round_late_entry (ArbTournament *tournament,
                      const ArbPlayerInfo *player,
                      int round,
                      const char *arbiter,
                      const char *note,
                      gint64 *player_id,
                      GError **error)
{
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GPtrArray) games = NULL;
  ArbPlayerInfo info;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);
  g_return_val_if_fail (player != NULL, FALSE);

  if (!_arb_round_text_given (player->name))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   /* Translators: refused late entry without a name */
                   _ ("A late entry needs the player's name"));
      return FALSE;
    }
  if (!check_round (round, error) ||
      (players = arb_tournament_list_players (tournament, error)) == NULL ||
      (games = arb_tournament_list_games (tournament, round, error)) == NULL)
    return FALSE;
  if (games->len > 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: refused late entry: the round asked for, the next round */
                   _ ("Round %d is paired already; a late entry can start at round %d"), round,
                   round + 1);
      return FALSE;
    }
  for (guint i = 0; i < players->len && player->fide_id > 0; i++)
    {
      const ArbPlayerInfo *other = players->pdata[i];

      if (other->fide_id == player->fide_id)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       /* Translators: refused late entry: the FIDE id, the player who has it */
                       _ ("FIDE id %lld is %s’s, who is in the tournament"),
                       (long long) player->fide_id, other->name);
          return FALSE;
        }
    }
  info = *player;
  info.start_no = 0; /* the next one */
  return arb_tournament_add_late_entry (tournament, &info, round, arbiter, note, player_id, NULL,
                                        error);
}

gboolean
arb_round_cancel_entry (ArbTournament *tournament,
                        gint64 entry_id,
                        const char *reason,
                        const char *arbiter,
                        GError **error)
{
  g_autoptr (GPtrArray) entries = NULL;
  const ArbEntryRecord *target = NULL;
  ArbEntryRecord record = { 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (!_arb_round_check_reason (reason, error))
    return FALSE;
  entries = arb_tournament_list_entries (tournament, FALSE, error);
  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    if (((ArbEntryRecord *) entries->pdata[i])->id == entry_id)
      target = entries->pdata[i];
  if (target == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                   /* Translators: refused when the record to take back is not there, or
                    * was taken back already */
                   _ ("No such bye or withdrawal stands"));
      return FALSE;
    }
  if (target->kind == ARB_ENTRY_LATE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   /* Translators: refused when the arbiter takes back a late entry */
                   _ ("A late entry is not taken back; withdraw the player instead"));
      return FALSE;
    }
  record.kind = ARB_ENTRY_CANCEL;
  record.player_id = target->player_id;
  record.round = target->round;
  record.supersedes = entry_id;
  record.arbiter = (char *) arbiter;
  record.note = (char *) reason;
  return arb_tournament_add_entry (tournament, &record, NULL, error);
}

static void
add_warning (GPtrArray *warnings,
             ArbEntryWarningKind kind,
             const ArbEntryRecord *e,
             const ArbPlayerInfo *player,
             int round,
             const ArbGameInfo *game)
{
  ArbEntryWarning *w = g_new0 (ArbEntryWarning, 1);

  w->kind = kind;
  w->entry = e->kind;
  w->round = round;
  w->board = game != NULL ? game->board : 0;
  w->player = g_strdup (player != NULL ? player->name : "?");
  w->start_no = player != NULL ? player->start_no : 0;
  w->asked = e->kind == ARB_ENTRY_BYE ? e->code : '\0';
  w->given =
    game != NULL && game->black_id == 0 && game->bye_code != NULL ? game->bye_code[0] : '\0';
  w->unpaired = game == NULL;
  g_ptr_array_add (warnings, w);
}

/* A zero-point bye (or a forfeit without an opponent) is how an absent
 * player's round comes back from the pairing program. */
static gboolean
is_absence (const ArbGameInfo *g)
{
  return g->black_id == 0 && g->bye_code != NULL &&
         (g->bye_code[0] == 'Z' || g->bye_code[0] == '-');
}

static void
check_one (GPtrArray *warnings,
           const ArbEntryRecord *e,
           const ArbPlayerInfo *player,
           GPtrArray *games,
           int first,
           int last)
{
  for (int r = first; r <= last; r++)
    {
      const ArbGameInfo *g = game_of (games, e->player_id, r);
      gboolean absent = (e->kind == ARB_ENTRY_WITHDRAWAL && r >= e->round) ||
                        (e->kind == ARB_ENTRY_LATE && r < e->round);

      if (absent && g != NULL && !is_absence (g))
        add_warning (warnings, ARB_ENTRY_WARNING_ABSENT_PAIRED, e, player, r, g);
      if (e->kind == ARB_ENTRY_BYE && e->round == r &&
          (g == NULL || g->black_id != 0 || g->bye_code == NULL || g->bye_code[0] != e->code))
        add_warning (warnings, ARB_ENTRY_WARNING_BYE_NOT_GIVEN, e, player, r, g);
    }
}

GPtrArray *
arb_round_check_entries (ArbTournament *tournament, int first, int last, GError **error)
{
  g_autoptr (GPtrArray) warnings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GHashTable) rounds = g_hash_table_new (NULL, NULL);

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);

  if ((entries = arb_tournament_list_entries (tournament, FALSE, error)) == NULL ||
      (games = arb_tournament_list_games (tournament, 0, error)) == NULL ||
      (players = arb_tournament_list_players (tournament, error)) == NULL)
    return NULL;
  /* Only the rounds that are paired say anything. */
  for (guint i = 0; i < games->len; i++)
    g_hash_table_add (rounds, GINT_TO_POINTER (((ArbGameInfo *) games->pdata[i])->round));
  for (int r = first; r <= last; r++)
    {
      if (!g_hash_table_contains (rounds, GINT_TO_POINTER (r)))
        continue;
      for (guint i = 0; i < entries->len; i++)
        {
          const ArbEntryRecord *e = entries->pdata[i];
          const ArbPlayerInfo *player = NULL;

          for (guint k = 0; k < players->len; k++)
            if (((ArbPlayerInfo *) players->pdata[k])->id == e->player_id)
              player = players->pdata[k];
          check_one (warnings, e, player, games, r, r);
        }
    }
  return g_steal_pointer (&warnings);
}

/* The file's points and ranks against the record, once imported. */
static gboolean
check_trf_after_import (ArbTournament *tournament,
                        const char *text,
                        gsize length,
                        GPtrArray *warnings,
                        GError **error)
{
  g_autoptr (ArbTrf) trf = arb_trf_parse (text, length, error);
  g_autoptr (GPtrArray) found = NULL;

  if (trf == NULL || (found = arb_round_check_trf (tournament, trf, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (warnings, g_steal_pointer (&found->pdata[i]));
  return TRUE;
}

/* The rounds that have games. */
static GHashTable *
paired_rounds (ArbTournament *tournament, GError **error)
{
  g_autoptr (GPtrArray) rounds = arb_tournament_list_rounds (tournament, error);
  GHashTable *set;

  if (rounds == NULL)
    return NULL;
  set = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < rounds->len; i++)
    g_hash_table_add (set, GINT_TO_POINTER (((ArbRoundInfo *) rounds->pdata[i])->number));
  return set;
}

typedef struct
{
  const ArbTrf *trf;
  GPtrArray *warnings;
} TrfRules;

static gboolean
take_trf_rules (JsonObject *settings, gpointer user_data, GError **error)
{
  TrfRules *rules = user_data;

  arb_round_trf_settings (rules->trf, settings, rules->warnings);
  return TRUE;
}

static gboolean
has_rules (const ArbTrf *trf)
{
  return trf->scoring.line > 0 || trf->team_scoring.line > 0 || trf->tiebreaks->len > 0 ||
         trf->standings->len > 0;
}

/* The import and the event's scoring and tie-breaks the file gives, in
 * one transaction; @before receives the rounds paired before it. */
static gboolean
import_in_batch (ArbTournament *tournament,
                 const char *text,
                 gsize length,
                 int round,
                 GHashTable **before,
                 GPtrArray *rules_warnings,
                 GError **error)
{
  g_autoptr (ArbTrf) trf = arb_trf_parse (text, length, error);
  TrfRules rules = { trf, rules_warnings };

  g_autoptr (GHashTable) forfeits = NULL;

  if (trf == NULL || !arb_tournament_begin_batch (tournament, error))
    return FALSE;
  /* A match the file says was forfeited (record 330) has its boards read
   * as forfeits, as one the desk records (arb-round-team-entries.c). */
  if ((*before = paired_rounds (tournament, error)) == NULL ||
      (forfeits = arb_round_team_forfeit_ids (tournament, error)) == NULL ||
      !arb_tournament_import_trf (tournament, text, length, round, error) ||
      !arb_round_team_mark_forfeits (tournament, forfeits, NULL, error) ||
      (has_rules (trf) &&
       !arb_event_settings_edit_in_batch (tournament, take_trf_rules, &rules, error)))
    {
      arb_tournament_rollback_batch (tournament);
      return FALSE;
    }
  return arb_tournament_commit_batch (tournament, error);
}

gboolean
arb_round_import_trf (ArbTournament *tournament,
                      const char *text,
                      gsize length,
                      int round,
                      GPtrArray *warnings,
                      GError **error)
{
  g_autoptr (GHashTable) before = NULL;
  g_autoptr (GHashTable) after = NULL;
  g_autoptr (GPtrArray) rules =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (!import_in_batch (tournament, text, length, round, &before, rules, error) ||
      (after = paired_rounds (tournament, error)) == NULL)
    return FALSE;
  if (warnings == NULL)
    return TRUE;
  for (guint i = 0; i < rules->len; i++)
    g_ptr_array_add (warnings, g_steal_pointer (&rules->pdata[i]));
  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      g_autoptr (GPtrArray) found = NULL;
      int r = GPOINTER_TO_INT (key);

      if (g_hash_table_contains (before, key))
        continue;
      found = arb_round_check_entries (tournament, r, r, error);
      if (found == NULL)
        return FALSE;
      for (guint i = 0; i < found->len; i++)
        g_ptr_array_add (warnings, g_steal_pointer (&found->pdata[i]));
    }
  return check_trf_after_import (tournament, text, length, warnings, error);
}

char *
arb_entry_warning_describe (const ArbEntryWarning *w)
{
  g_return_val_if_fail (w != NULL, NULL);

  if (w->kind == ARB_ENTRY_WARNING_TRF_DIFFERS)
    return arb_round_describe_trf_difference (w);
  if (w->kind >= ARB_ENTRY_WARNING_TRF_TIEBREAK)
    return arb_round_describe_trf_setting (w);
  if (w->kind == ARB_ENTRY_WARNING_ABSENT_PAIRED)
    {
      if (w->entry == ARB_ENTRY_LATE)
        /* Translators: import warning: round, player, starting rank, board */
        return g_strdup_printf (_ ("Round %d: %s (%d) enters later, but is paired on board %d"),
                                w->round, w->player, w->start_no, w->board);
      /* Translators: import warning: round, player, starting rank, board */
      return g_strdup_printf (_ ("Round %d: %s (%d) is withdrawn, but is paired on board %d"),
                              w->round, w->player, w->start_no, w->board);
    }
  if (w->unpaired)
    /* Translators: import warning: round, player, starting rank */
    return g_strdup_printf (_ ("Round %d: %s (%d) asked for a bye, and the pairing program "
                               "gave the player nothing"),
                            w->round, w->player, w->start_no);
  if (w->given != '\0')
    return g_strdup_printf (
      /* Translators: import warning: round, player, starting rank, the bye asked for
       * ("H": half a point, "Z": none), the bye given (a TRF code) */
      _ ("Round %d: %s (%d) asked for a bye (%c), and the pairing program gave %c"), w->round,
      w->player, w->start_no, w->asked, w->given);
  /* Translators: import warning: round, player, starting rank, bye code, board */
  return g_strdup_printf (_ ("Round %d: %s (%d) asked for a bye (%c), but is paired on board %d"),
                          w->round, w->player, w->start_no, w->asked, w->board);
}
