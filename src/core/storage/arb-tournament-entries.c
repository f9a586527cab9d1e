/* arb-tournament-entries.c: byes asked for, withdrawals and late entries
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows of player_entry (schema version 9) and what the TRF export
 * writes of them. Nothing here is ever updated or deleted: a record taken
 * back is superseded by a row of kind 'cancel'.
 */

#include "config.h"

#include "arb-tournament-entries.h"

#include <stdlib.h>
#include <string.h>

#include "arb-enum-nick.h"
#include "arb-i18n.h"
#include "arb-storage-enums.h"
#include "arb-tournament-private.h"

/* The stored name of @kind: its nick (arb-tournament-entries.h). */
static const char *
kind_name (ArbEntryKind kind)
{
  return arb_enum_nick (ARB_TYPE_ENTRY_KIND, kind);
}

void
arb_entry_record_free (ArbEntryRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->arbiter);
  g_free (record->note);
  g_free (record->recorded_at);
  g_free (record);
}

static gboolean
kind_from_text (const char *text, ArbEntryKind *kind)
{
  int value;

  if (!arb_enum_from_nick (ARB_TYPE_ENTRY_KIND, text, &value))
    return FALSE;
  *kind = (ArbEntryKind) value;
  return TRUE;
}

static const char *
blank_to_null (const char *text)
{
  return text != NULL && text[0] != '\0' ? text : NULL;
}

GPtrArray *
arb_tournament_list_entries (ArbTournament *self, gboolean all, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) records =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_record_free);
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the byes, withdrawals and late entries",
                        "SELECT e.id, e.kind, e.player_id, e.round_no, e.code, e.arbiter, e.note, "
                        "e.supersedes, e.recorded_at, "
                        "(SELECT c.id FROM player_entry c WHERE c.supersedes = e.id) "
                        "FROM player_entry e ORDER BY e.id",
                        error, NULL))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      g_autoptr (ArbEntryRecord) r = g_new0 (ArbEntryRecord, 1);
      const char *code = _arb_query_text (&query, 4);

      r->id = _arb_query_int (&query, 0);
      if (!kind_from_text (_arb_query_text (&query, 1), &r->kind))
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                       /* Translators: a damaged file: the entry's number, the kind read */
                       _ ("entry %lld: “%s” is not a kind of entry"), (long long) r->id,
                       _arb_query_text (&query, 1));
          return NULL;
        }
      r->player_id = _arb_query_int (&query, 2);
      r->round = (int) CLAMP (_arb_query_int (&query, 3), 1, G_MAXINT);
      r->code = code != NULL ? code[0] : '\0';
      r->arbiter = _arb_query_dup_text (&query, 5);
      r->note = _arb_query_dup_text (&query, 6);
      r->supersedes = _arb_query_int_or (&query, 7, 0);
      r->recorded_at = _arb_query_dup_text (&query, 8);
      r->superseded_by = _arb_query_int_or (&query, 9, 0);
      if (!all && (r->kind == ARB_ENTRY_CANCEL || r->superseded_by != 0))
        continue;
      g_ptr_array_add (records, g_steal_pointer (&r));
    }
  return rc == 0 ? g_steal_pointer (&records) : NULL;
}

/* The record a CANCEL takes back must stand and not be a CANCEL. */
static gboolean
check_cancel (ArbTournament *self, gint64 supersedes, GError **error)
{
  g_autoptr (GPtrArray) all = arb_tournament_list_entries (self, TRUE, error);

  if (all == NULL)
    return FALSE;
  for (guint i = 0; i < all->len; i++)
    {
      const ArbEntryRecord *r = all->pdata[i];

      if (r->id != supersedes)
        continue;
      if (r->kind == ARB_ENTRY_CANCEL || r->superseded_by != 0)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       /* Translators: the number of a bye or withdrawal at the desk */
                       _ ("entry %lld was taken back already, or takes back another"),
                       (long long) supersedes);
          return FALSE;
        }
      return TRUE;
    }
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
               /* Translators: the number of a bye or withdrawal at the desk */
               _ ("there is no entry %lld"), (long long) supersedes);
  return FALSE;
}

/* The row and its audit line, in the caller's transaction. */
static gboolean
insert_entry (ArbTournament *self, const ArbEntryRecord *r, gint64 *id, GError **error)
{
  g_autoptr (ArbPlayerInfo) player = NULL;
  g_autofree char *now = _arb_tournament_now ();
  g_autofree char *round = NULL;
  g_autofree char *what = NULL;
  char code[2] = { r->code, '\0' };

  if (kind_name (r->kind) == NULL || r->round < 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("an entry needs its kind and a round from 1"));
      return FALSE;
    }
  if ((r->kind == ARB_ENTRY_BYE) != (r->code == 'H' || r->code == 'Z'))
    {
      g_set_error (
        error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
        /* Translators: H and Z are the TRF codes of the byes; keep them */
        _ ("a bye asked for is H (half a point) or Z (none); other entries have no code"));
      return FALSE;
    }
  if (r->kind == ARB_ENTRY_CANCEL && !check_cancel (self, r->supersedes, error))
    return FALSE;
  player = arb_tournament_get_player (self, r->player_id, error);
  if (player == NULL)
    return FALSE;
  if (!_arb_tournament_run (self, "cannot store the entry",
                            "INSERT INTO player_entry (kind, player_id, round_no, code, arbiter, "
                            "note, supersedes, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            error, "tlitttnt", kind_name (r->kind), r->player_id, r->round,
                            r->kind == ARB_ENTRY_BYE ? code : NULL, blank_to_null (r->arbiter),
                            blank_to_null (r->note),
                            r->kind == ARB_ENTRY_CANCEL ? r->supersedes : (gint64) 0, now))
    return FALSE;
  if (id != NULL)
    *id = _arb_tournament_last_id (self);
  round = g_strdup_printf ("%d", r->round);
  what =
    r->kind == ARB_ENTRY_BYE ? g_strdup_printf ("bye %c", r->code) : g_strdup (kind_name (r->kind));
  return _arb_tournament_audit (self, "desk-entry", 0, error, "kind", what, "player", player->name,
                                "round", round, "arbiter", blank_to_null (r->arbiter), NULL);
}

gboolean
arb_tournament_add_entry (ArbTournament *self,
                          const ArbEntryRecord *record,
                          gint64 *id,
                          GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  if (record->kind == ARB_ENTRY_LATE)
    {
      /* A caller's mistake, named by the function to call. */
      /* not user-visible */
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   "a late entry comes with its player (arb_tournament_add_late_entry)");
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!insert_entry (self, record, id, error) || !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_tournament_add_late_entry (ArbTournament *self,
                               const ArbPlayerInfo *player,
                               int round,
                               const char *arbiter,
                               const char *note,
                               gint64 *player_id,
                               gint64 *entry_id,
                               GError **error)
{
  ArbPlayerInfo info;
  ArbEntryRecord record = { 0 };
  gint64 next = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (player != NULL, FALSE);

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  info = *player;
  if (info.start_no == 0)
    {
      if (!_arb_tournament_query_int (self, "SELECT coalesce (max (start_no), 0) + 1 FROM player",
                                      &next, error))
        goto fail;
      info.start_no = (int) next;
    }
  record.kind = ARB_ENTRY_LATE;
  record.round = round;
  record.arbiter = (char *) arbiter;
  record.note = (char *) note;
  if (!_arb_tournament_add_player (self, &info, &record.player_id, error) ||
      !insert_entry (self, &record, entry_id, error) || !_arb_tournament_commit (self, error))
    goto fail;
  if (player_id != NULL)
    *player_id = record.player_id;
  return TRUE;

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}

/* What the records that stand say of player @id in round @r: 'H' or 'Z'
 * for a bye asked for, 'A' when absent, '\0' when nothing. */
static char
entry_code (GPtrArray *entries, gint64 id, int r)
{
  char code = '\0';

  for (guint i = 0; i < entries->len; i++)
    {
      const ArbEntryRecord *e = entries->pdata[i];

      if (e->player_id != id || e->superseded_by != 0)
        continue;
      if ((e->kind == ARB_ENTRY_WITHDRAWAL && r >= e->round) ||
          (e->kind == ARB_ENTRY_LATE && r < e->round))
        return 'A';
      if (e->kind == ARB_ENTRY_BYE && e->round == r)
        code = e->code;
    }
  return code;
}

/* "0000 - Z" and "0000 - H" are TRF16 bye blocks (FIDE C04 Annex 2 codes).
 * A column for the round to be paired that only some players have is read
 * by the pairing programs as those players' byes of that round: so
 * bbpPairings (src/fileformats/trf.cpp, evenUpMatchHistories(), after the
 * TRF(x) of JaVaFo's Advanced User Manual), which itself writes an unpaired
 * round as "0000 - F/H/Z" by its points (stringifyGames()). See
 * docs/notation.md. */
gboolean
_arb_trf_apply_entries (ArbTrf *trf, GPtrArray *players, GPtrArray *entries, int n_rounds)
{
  gboolean wrote = FALSE;

  g_return_val_if_fail (trf->players->len == players->len, FALSE);

  for (guint i = 0; i < players->len; i++)
    {
      const ArbPlayerInfo *info = players->pdata[i];
      ArbTrfPlayer *p = trf->players->pdata[i];

      for (int r = 1; r <= n_rounds + 1; r++)
        {
          char code = entry_code (entries, info->id, r);
          ArbTrfRound blank = { 0, ' ', ' ' };
          ArbTrfRound *round;

          if (code == '\0')
            continue;
          while (p->rounds->len < (guint) r)
            g_array_append_val (p->rounds, blank);
          round = &g_array_index (p->rounds, ArbTrfRound, r - 1);
          if (round->colour != ' ' || round->opponent != 0 || round->result != ' ')
            continue; /* a game or a bye of the round: the games say */
          round->colour = '-';
          round->result = code == 'H' ? 'H' : 'Z';
          wrote = TRUE;
        }
    }
  return wrote;
}

/* Whether a kept record 240 ("H   5    3   12") says the bye already. */
static gboolean
kept_bye (const ArbTrf *trf, char code, int round, int start_no)
{
  for (guint i = 0; i < trf->records->len; i++)
    {
      const ArbTrfRecord *r = trf->records->pdata[i];
      g_auto (GStrv) words = NULL;
      char kept_code = 'Z';
      guint k = 0;

      if (strcmp (r->code, "240") != 0)
        continue;
      words = g_strsplit_set (r->value, " ", -1);
      while (words[k] != NULL && words[k][0] == '\0')
        k++;
      if (words[k] != NULL && g_ascii_isalpha (words[k][0]))
        kept_code = words[k++][0];
      while (words[k] != NULL && words[k][0] == '\0')
        k++;
      if (words[k] == NULL || kept_code != code || atoi (words[k]) != round)
        continue;
      for (k++; words[k] != NULL; k++)
        if (words[k][0] != '\0' && atoi (words[k]) == start_no)
          return TRUE;
    }
  return FALSE;
}

/* Record 240 as bbpPairings reads it (readByes(): the round in columns
 * 7-9, starting ranks of four columns from column 11). */
static void
add_bye_record (ArbTrf *trf, char code, int round, GArray *start_nos)
{
  ArbTrfRecord *r = g_new0 (ArbTrfRecord, 1);
  GString *value = g_string_new (NULL);

  /* The code in column 5, the round in 7-9, the starting ranks in four
   * columns from column 11, a blank apart (arb-trf.h). */
  g_string_append_printf (value, "%c %3d", code, round);
  for (guint i = 0; i < start_nos->len; i++)
    g_string_append_printf (value, " %4d", g_array_index (start_nos, int, i));
  g_strlcpy (r->code, "240", sizeof r->code);
  r->value = g_string_free (value, FALSE);
  g_ptr_array_add (trf->records, r);
}

/* Records 240 make the export a TRF-2026 file, which names the number of
 * rounds in record 142: taken from JaVaFo's XXR when the file has only
 * that (arb_trf_convert() does the same going to TRF-2026). */
static void
add_rounds_record (ArbTrf *trf)
{
  const ArbTrfRecord *xxr = NULL;
  ArbTrfRecord *r;
  guint at = 0;

  for (guint i = 0; i < trf->records->len; i++)
    {
      const ArbTrfRecord *k = trf->records->pdata[i];

      if (strcmp (k->code, "142") == 0)
        return;
      if (strcmp (k->code, "XXR") == 0)
        xxr = k;
      if (g_ascii_isdigit (k->code[0]) && strcmp (k->code, "142") < 0)
        at = i + 1;
    }
  if (xxr == NULL)
    return;
  r = g_new0 (ArbTrfRecord, 1);
  g_strlcpy (r->code, "142", sizeof r->code);
  r->value = g_strstrip (g_strdup (xxr->value));
  g_ptr_array_insert (trf->records, (int) at, r);
}

gboolean
_arb_trf_add_entry_byes (ArbTrf *trf, GPtrArray *players, GPtrArray *entries, int n_rounds)
{
  int last = n_rounds + 1;
  gboolean added = FALSE;

  g_return_val_if_fail (trf->players->len == players->len, FALSE);

  for (guint i = 0; i < entries->len; i++)
    {
      const ArbEntryRecord *e = entries->pdata[i];
      if (e->kind == ARB_ENTRY_BYE && e->superseded_by == 0)
        last = MAX (last, e->round);
    }
  for (int r = n_rounds + 1; r <= last; r++)
    for (int c = 0; c < 2; c++)
      {
        char code = c == 0 ? 'H' : 'Z';
        g_autoptr (GArray) start_nos = g_array_new (FALSE, FALSE, sizeof (int));

        for (guint i = 0; i < players->len; i++)
          {
            const ArbPlayerInfo *info = players->pdata[i];
            const ArbTrfPlayer *p = trf->players->pdata[i];
            char said = entry_code (entries, info->id, r);

            /* Absences after the round to be paired are the pairing
             * program's to learn when that round is paired. */
            if (said == 'A' && r == n_rounds + 1)
              said = 'Z';
            if (said != code || kept_bye (trf, code, r, p->start_no))
              continue;
            g_array_append_val (start_nos, p->start_no);
          }
        if (start_nos->len == 0)
          continue;
        add_bye_record (trf, code, r, start_nos);
        added = TRUE;
      }
  if (added)
    add_rounds_record (trf);
  return added;
}
