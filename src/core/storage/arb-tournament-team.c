/* arb-tournament-team.c: the arbiters' team, their sign-ins and what they send from the floor
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "arb-enum-nick.h"
#include "arb-i18n.h"
#include "arb-storage-enums.h"
#include "arb-tournament-private.h"
#include "arb-tournament-team.h"

/* The stored names of the roles and of the floor's entries are the
 * enums' nicks (glib-mkenums, arb-storage-enums.h). */
ARB_DEFINE_ENUM_NAMES (arb_team_role, ArbTeamRole, ARB_TYPE_TEAM_ROLE, NULL)
ARB_DEFINE_ENUM_NAMES (arb_floor_kind, ArbFloorKind, ARB_TYPE_FLOOR_KIND, NULL)

void
arb_team_arbiter_free (ArbTeamArbiter *a)
{
  if (a == NULL)
    return;
  g_free (a->name);
  g_free (a->sectors);
  g_free (a->added_at);
  g_free (a->revoked_at);
  g_free (a->revoke_reason);
  g_free (a);
}

void
arb_floor_record_free (ArbFloorRecord *r)
{
  if (r == NULL)
    return;
  g_free (r->client_id);
  g_free (r->arbiter);
  g_free (r->body);
  g_free (r->outcome);
  g_free (r->recorded_at);
  g_free (r->answered_by);
  g_free (r->answered_at);
  g_free (r);
}

/* One range of @p: "N" or "A-B"; *p moves past it. */
static gboolean
read_range (const char **p, int *from, int *to)
{
  char *end = NULL;
  long a, b;

  if (!g_ascii_isdigit (**p))
    return FALSE;
  a = strtol (*p, &end, 10);
  b = a;
  if (*end == '-')
    {
      const char *q = end + 1;

      if (!g_ascii_isdigit (*q))
        return FALSE;
      b = strtol (q, &end, 10);
    }
  if (a < 1 || b < a || b > 100000)
    return FALSE;
  *from = (int) a;
  *to = (int) b;
  *p = end;
  return TRUE;
}

static gboolean
walk_sectors (const char *text, int board, gboolean *contains)
{
  const char *p = text;

  *contains = text == NULL || *text == '\0';
  while (p != NULL && *p != '\0')
    {
      int from, to;

      if (!read_range (&p, &from, &to))
        return FALSE;
      if (board >= from && board <= to)
        *contains = TRUE;
      if (*p == ',')
        p++;
      else if (*p != '\0')
        return FALSE;
      else
        break;
    }
  return p == NULL || *p == '\0' || text[strlen (text) - 1] != ',';
}

gboolean
arb_team_sectors_check (const char *text, GError **error)
{
  gboolean contains;

  if (walk_sectors (text, 0, &contains) &&
      (text == NULL || text[0] == '\0' || text[strlen (text) - 1] != ','))
    return TRUE;
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
               /* Translators: %s is what was typed; keep the example as it is */
               _ ("“%s” are not sectors: boards or ranges of boards from 1, such as 1-20,41-60"),
               text);
  return FALSE;
}

gboolean
arb_team_sectors_contain (const char *sectors, int board)
{
  gboolean contains = FALSE;

  return walk_sectors (sectors, board, &contains) && contains;
}

static char *
token_sha256 (const char *token)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, token, -1);
}

/* 32 bytes of the kernel's random source (getrandom(2), a CSPRNG), as hex. */
static char *
new_token (GError **error)
{
  guint8 bytes[32];
  gsize got = 0;
  GString *out;

  while (got < sizeof bytes)
    {
      ssize_t n = getrandom (bytes + got, sizeof bytes - got, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO,
                       /* Translators: %s is the system's message */
                       _ ("cannot make a sign-in token: %s"), g_strerror (errno));
          return NULL;
        }
      got += (gsize) n;
    }
  out = g_string_sized_new (65);
  for (gsize i = 0; i < sizeof bytes; i++)
    g_string_append_printf (out, "%02x", bytes[i]);
  memset (bytes, 0, sizeof bytes);
  return g_string_free (out, FALSE);
}

/* The count of the one-parameter query @sql. */
static gboolean
count_rows (ArbTournament *self, const char *sql, const char *param, gint64 *n, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  int rc;

  if (!_arb_query_init (&query, self, "cannot read the arbiters' team", sql, error, "t", param))
    return FALSE;
  rc = _arb_query_step (&query, error);
  if (rc < 0)
    return FALSE;
  *n = rc > 0 ? _arb_query_int (&query, 0) : 0;
  return TRUE;
}

gboolean
arb_tournament_add_arbiter (ArbTournament *self,
                            const char *name,
                            ArbTeamRole role,
                            const char *sectors,
                            char **token,
                            GError **error)
{
  g_autofree char *secret = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *now = _arb_tournament_now ();
  g_autofree char *stripped = g_strstrip (g_strdup (name != NULL ? name : ""));
  gint64 exists = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (token != NULL, FALSE);

  if (stripped[0] == '\0' || arb_enum_nick (ARB_TYPE_TEAM_ROLE, (int) role) == NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("an arbiter of the team needs a name and a role"));
      return FALSE;
    }
  if (!arb_team_sectors_check (sectors != NULL ? sectors : "", error))
    return FALSE;
  secret = new_token (error);
  if (secret == NULL)
    return FALSE;
  hash = token_sha256 (secret);
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!count_rows (self, "SELECT count (*) FROM team_arbiter WHERE name = ?", stripped, &exists,
                   error))
    goto fail;
  if (exists != 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: %s is an arbiter's name */
                   _ ("the team already has an arbiter called %s"), stripped);
      goto fail;
    }
  if (!_arb_tournament_run (
        self, "cannot add the arbiter",
        "INSERT INTO team_arbiter (name, role, sectors, token_sha256, added_at) "
        "VALUES (?, ?, ?, ?, ?)",
        error, "ttttt", stripped, arb_team_role_to_string (role), sectors != NULL ? sectors : "",
        hash, now) ||
      !_arb_tournament_audit (self, "team-arbiter-added", 0, error, "name", stripped, "role",
                              arb_team_role_to_string (role), NULL) ||
      !_arb_tournament_commit (self, error))
    goto fail;
  *token = g_steal_pointer (&secret);
  return TRUE;

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}

gboolean
arb_tournament_revoke_arbiter (ArbTournament *self,
                               const char *name,
                               const char *reason,
                               GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_autofree char *why = g_strstrip (g_strdup (reason != NULL ? reason : ""));

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (why[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a sign-in is revoked with its reason"));
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!_arb_tournament_run (self, "cannot revoke the sign-in",
                            "UPDATE team_arbiter SET revoked_at = ?, revoke_reason = ? "
                            "WHERE name = ? AND revoked_at IS NULL",
                            error, "ttt", now, why, name))
    goto fail;
  if (_arb_tournament_changes (self) != 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                   /* Translators: %s is an arbiter's name */
                   _ ("the team has no arbiter called %s whose sign-in stands"), name);
      goto fail;
    }
  if (!_arb_tournament_audit (self, "team-sign-in-revoked", 0, error, "name", name, "reason", why,
                              NULL) ||
      !_arb_tournament_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}

static GPtrArray *
read_arbiters (ArbTournament *self, const char *where, const char *param, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) out =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_team_arbiter_free);
  g_autofree char *sql = g_strconcat ("SELECT id, name, role, sectors, added_at, revoked_at, "
                                      "revoke_reason FROM team_arbiter ",
                                      where, " ORDER BY id", NULL);
  int rc;

  if (!_arb_query_init (&query, self, "cannot read the arbiters' team", sql, error,
                        param != NULL ? "t" : NULL, param))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbTeamArbiter *a = g_new0 (ArbTeamArbiter, 1);

      a->id = _arb_query_int (&query, 0);
      a->name = _arb_query_dup_text (&query, 1);
      if (!arb_team_role_from_string (_arb_query_text (&query, 2), &a->role))
        a->role = ARB_TEAM_ROLE_FLOOR;
      a->sectors = _arb_query_dup_text (&query, 3);
      a->added_at = _arb_query_dup_text (&query, 4);
      a->revoked_at = _arb_query_dup_text (&query, 5);
      a->revoke_reason = _arb_query_dup_text (&query, 6);
      g_ptr_array_add (out, a);
    }
  return rc == 0 ? g_steal_pointer (&out) : NULL;
}

GPtrArray *
arb_tournament_list_team (ArbTournament *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  return read_arbiters (self, "", NULL, error);
}

ArbTeamArbiter *
arb_tournament_find_arbiter_by_token (ArbTournament *self, const char *token, GError **error)
{
  g_autoptr (GPtrArray) found = NULL;
  g_autofree char *hash = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (token == NULL || strlen (token) != 64 || strspn (token, "0123456789abcdef") != 64)
    return NULL;
  hash = token_sha256 (token);
  found = read_arbiters (self, "WHERE token_sha256 = ? AND revoked_at IS NULL", hash, error);
  if (found == NULL || found->len == 0)
    return NULL;
  return g_ptr_array_steal_index (found, 0);
}

static GPtrArray *
read_floor (ArbTournament *self, const char *where, const char *param, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GPtrArray) out =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_floor_record_free);
  g_autofree char *sql = g_strconcat (
    "SELECT e.id, e.client_id, e.arbiter, e.kind, e.round_no, e.board, e.body, e.outcome, "
    "e.recorded_at, a.answered_by, a.answered_at FROM floor_entry e "
    "LEFT JOIN desk_call_answer a ON a.entry_id = e.id ",
    where, " ORDER BY e.id", NULL);
  int rc;

  if (!_arb_query_init (&query, self, "cannot read the floor's entries", sql, error,
                        param != NULL ? "t" : NULL, param))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbFloorRecord *r = g_new0 (ArbFloorRecord, 1);

      r->id = _arb_query_int (&query, 0);
      r->client_id = _arb_query_dup_text (&query, 1);
      r->arbiter = _arb_query_dup_text (&query, 2);
      if (!arb_floor_kind_from_string (_arb_query_text (&query, 3), &r->kind))
        r->kind = ARB_FLOOR_CALL;
      r->round = (int) _arb_query_int (&query, 4);
      r->board = (int) _arb_query_int (&query, 5);
      r->body = _arb_query_dup_text (&query, 6);
      r->outcome = _arb_query_dup_text (&query, 7);
      r->recorded_at = _arb_query_dup_text (&query, 8);
      r->answered_by = _arb_query_dup_text (&query, 9);
      r->answered_at = _arb_query_dup_text (&query, 10);
      g_ptr_array_add (out, r);
    }
  return rc == 0 ? g_steal_pointer (&out) : NULL;
}

ArbFloorRecord *
arb_tournament_get_floor_entry (ArbTournament *self, const char *client_id, GError **error)
{
  g_autoptr (GPtrArray) found = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  found = read_floor (self, "WHERE e.client_id = ?", client_id, error);
  if (found == NULL || found->len == 0)
    return NULL;
  return g_ptr_array_steal_index (found, 0);
}

GPtrArray *
arb_tournament_list_floor_entries (ArbTournament *self, gboolean open_calls, GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);
  return read_floor (self, open_calls ? "WHERE e.kind = 'call' AND a.id IS NULL" : "", NULL, error);
}

gboolean
arb_tournament_add_floor_entry (ArbTournament *self,
                                const ArbFloorRecord *r,
                                ArbFloorRecord **stored,
                                gboolean *repeat,
                                GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_autoptr (GError) local = NULL;
  ArbFloorRecord *first;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (r != NULL, FALSE);

  if (r->client_id == NULL || r->client_id[0] == '\0' || strlen (r->client_id) > 64 ||
      r->arbiter == NULL || arb_enum_nick (ARB_TYPE_FLOOR_KIND, (int) r->kind) == NULL ||
      r->round < 1 || r->board < 1)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a floor entry needs its id, arbiter, kind, round and board"));
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  first = arb_tournament_get_floor_entry (self, r->client_id, &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      goto fail;
    }
  if (first == NULL)
    {
      if (!_arb_tournament_run (
            self, "cannot store the floor's entry",
            "INSERT INTO floor_entry (client_id, arbiter, kind, round_no, "
            "board, body, outcome, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            error, "tttiittt", r->client_id, r->arbiter, arb_floor_kind_to_string (r->kind),
            r->round, r->board, r->body != NULL ? r->body : "",
            r->outcome != NULL ? r->outcome : "", now) ||
          !_arb_tournament_audit (self, "floor-entry", 0, error, "kind",
                                  arb_floor_kind_to_string (r->kind), "arbiter", r->arbiter,
                                  "client-id", r->client_id, NULL) ||
          !_arb_tournament_commit (self, error))
        goto fail;
      if (repeat != NULL)
        *repeat = FALSE;
      first = arb_tournament_get_floor_entry (self, r->client_id, error);
      if (first == NULL)
        return FALSE;
    }
  else
    {
      _arb_tournament_rollback (self);
      if (repeat != NULL)
        *repeat = TRUE;
    }
  if (stored != NULL)
    *stored = first;
  else
    arb_floor_record_free (first);
  return TRUE;

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}

gboolean
arb_tournament_answer_call (ArbTournament *self, gint64 id, const char *arbiter, GError **error)
{
  g_autofree char *now = _arb_tournament_now ();
  g_autofree char *ids = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  gint64 open = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);

  if (arbiter == NULL || arbiter[0] == '\0')
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("a call is answered by an arbiter's name"));
      return FALSE;
    }
  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!count_rows (self,
                   "SELECT count (*) FROM floor_entry e WHERE e.id = ? AND e.kind = 'call' AND "
                   "NOT EXISTS (SELECT 1 FROM desk_call_answer a WHERE a.entry_id = e.id)",
                   ids, &open, error))
    goto fail;
  if (open == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                   /* Translators: %lld is the number of a call to the desk */
                   _ ("there is no open call %lld"), (long long) id);
      goto fail;
    }
  if (!_arb_tournament_run (self, "cannot answer the call",
                            "INSERT INTO desk_call_answer (entry_id, answered_by, answered_at) "
                            "VALUES (?, ?, ?)",
                            error, "ltt", id, arbiter, now) ||
      !_arb_tournament_audit (self, "desk-call-answered", 0, error, "call", ids, "arbiter", arbiter,
                              NULL) ||
      !_arb_tournament_commit (self, error))
    goto fail;
  return TRUE;

fail:
  _arb_tournament_rollback (self);
  return FALSE;
}
