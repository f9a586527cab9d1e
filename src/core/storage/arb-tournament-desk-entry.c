/* arb-tournament-desk-entry.c: what a deputy's desk writes through the chief's
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-enum-nick.h"
#include "arb-i18n.h"
#include "arb-storage-enums.h"
#include "arb-tournament-desk-entry.h"
#include "arb-tournament-private.h"

/* The stored names of the kinds are the enum's nicks (glib-mkenums,
 * arb-storage-enums.h). */
ARB_DEFINE_ENUM_NAMES (arb_desk_entry_kind, ArbDeskEntryKind, ARB_TYPE_DESK_ENTRY_KIND, NULL)

void
arb_desk_entry_record_free (ArbDeskEntryRecord *r)
{
  if (r == NULL)
    return;
  g_free (r->client_id);
  g_free (r->arbiter);
  g_free (r->body);
  g_free (r->outcome);
  g_free (r->recorded_at);
  g_free (r);
}

ArbDeskEntryRecord *
arb_tournament_get_desk_entry (ArbTournament *self, const char *client_id, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  ArbDeskEntryRecord *r;
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!_arb_query_init (&query, self, "cannot read the deputies' entries",
                        "SELECT id, client_id, arbiter, kind, round_no, board, body, outcome, "
                        "recorded_at FROM desk_entry WHERE client_id = ?",
                        error, "t", client_id != NULL ? client_id : ""))
    return NULL;
  rc = _arb_query_step (&query, error);
  if (rc <= 0)
    return NULL;
  r = g_new0 (ArbDeskEntryRecord, 1);
  r->id = _arb_query_int (&query, 0);
  r->client_id = _arb_query_dup_text (&query, 1);
  r->arbiter = _arb_query_dup_text (&query, 2);
  r->kind = g_strcmp0 (_arb_query_text (&query, 3), "ruling") == 0 ? ARB_DESK_ENTRY_RULING
                                                                   : ARB_DESK_ENTRY_RESULT;
  r->round = (int) _arb_query_int (&query, 4);
  r->board = (int) _arb_query_int (&query, 5);
  r->body = _arb_query_dup_text (&query, 6);
  r->outcome = _arb_query_dup_text (&query, 7);
  r->recorded_at = _arb_query_dup_text (&query, 8);
  return r;
}

gboolean
arb_tournament_add_desk_entry (ArbTournament *self, const ArbDeskEntryRecord *r, GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_autoptr (ArbDeskEntryRecord) first = NULL;
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (r != NULL, FALSE);

  if (r->client_id == NULL || r->client_id[0] == '\0' || strlen (r->client_id) > 64 ||
      r->arbiter == NULL || arb_enum_nick (ARB_TYPE_DESK_ENTRY_KIND, (int) r->kind) == NULL ||
      r->round < 1 || r->board < 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a deputy's entry needs its id, arbiter, kind, round and board"));
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  first = arb_tournament_get_desk_entry (self, r->client_id, &local);
  if (local != NULL || first != NULL)
    {
      if (local != NULL)
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                     /* Translators: %s is the id a deputy's desk gave its entry */
                     _ ("the deputy's entry %s is stored already"), r->client_id);
      _arb_tournament_rollback (self);
      return FALSE;
    }
  if (!_arb_tournament_run (self, "cannot store the deputy's entry",
                            "INSERT INTO desk_entry (client_id, arbiter, kind, round_no, board, "
                            "body, outcome, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            error, "tttiittt", r->client_id, r->arbiter,
                            arb_desk_entry_kind_to_string (r->kind), r->round, r->board,
                            r->body != NULL ? r->body : "", r->outcome != NULL ? r->outcome : "",
                            now) ||
      !_arb_tournament_audit (self, "desk-entry", 0, error, "kind",
                              arb_desk_entry_kind_to_string (r->kind), "arbiter", r->arbiter,
                              "client-id", r->client_id, NULL) ||
      !_arb_tournament_commit (self, error))
    {
      _arb_tournament_rollback (self);
      return FALSE;
    }
  return TRUE;
}
