/* arb-file-follower.c: what others write into the file the window shows
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-file-follower"

#include "config.h"

#include "arb-file-follower.h"

#include "arb-tournament-live.h"
#include "arb-tournament-rounds.h"

struct _ArbFileFollower
{
  GObject parent_instance;

  ArbTournament *tournament;
  gint64 data_version;
  gint64 last_audit_id;
  guint timer_id;
};

G_DEFINE_FINAL_TYPE (ArbFileFollower, arb_file_follower, G_TYPE_OBJECT)

enum
{
  GAMES_CHANGED,
  TOURNAMENT_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Audit lines read in one look at most; more wait for the next. */
#define AUDIT_BATCH 5000

static void
arb_file_follower_dispose (GObject *object)
{
  ArbFileFollower *self = ARB_FILE_FOLLOWER (object);

  g_clear_handle_id (&self->timer_id, g_source_remove);
  g_clear_object (&self->tournament);
  G_OBJECT_CLASS (arb_file_follower_parent_class)->dispose (object);
}

static void
arb_file_follower_class_init (ArbFileFollowerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_file_follower_dispose;

  /**
   * ArbFileFollower::games-changed:
   * @ids: (element-type gint64): the games another writer changed
   */
  signals[GAMES_CHANGED] =
    g_signal_new ("games-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_ARRAY);
  /**
   * ArbFileFollower::tournament-changed:
   *
   * Something that is not one game's changed: players, rounds, pairings.
   */
  signals[TOURNAMENT_CHANGED] =
    g_signal_new ("tournament-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
}

static void
arb_file_follower_init (ArbFileFollower *self)
{
}

static gboolean
timer_cb (gpointer data)
{
  arb_file_follower_check (ARB_FILE_FOLLOWER (data));
  return G_SOURCE_CONTINUE;
}

static gboolean
read_last_audit_id (ArbTournament *tournament, gint64 *id, GError **error)
{
  g_autoptr (GPtrArray) lines = NULL;
  gint64 after = *id;

  /* Read forward in batches to the end: the log has no "last line" call,
   * and this runs once per follower. */
  do
    {
      g_clear_pointer (&lines, g_ptr_array_unref);
      lines = arb_tournament_list_audit (tournament, after, AUDIT_BATCH, error);
      if (lines == NULL)
        return FALSE;
      if (lines->len > 0)
        after = ((ArbAuditLine *) lines->pdata[lines->len - 1])->id;
    }
  while (lines->len == AUDIT_BATCH);
  *id = after;
  return TRUE;
}

ArbFileFollower *
arb_file_follower_new (ArbTournament *tournament, GError **error)
{
  g_autoptr (ArbFileFollower) self = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);

  self = g_object_new (ARB_TYPE_FILE_FOLLOWER, NULL);
  self->tournament = g_object_ref (tournament);
  if (!arb_tournament_get_data_version (tournament, &self->data_version, error) ||
      !read_last_audit_id (tournament, &self->last_audit_id, error))
    return NULL;
  self->timer_id = g_timeout_add (ARB_FILE_FOLLOWER_INTERVAL_MS, timer_cb, self);
  return g_steal_pointer (&self);
}

ArbTournament *
arb_file_follower_get_tournament (ArbFileFollower *self)
{
  g_return_val_if_fail (ARB_IS_FILE_FOLLOWER (self), NULL);
  return self->tournament;
}

gboolean
arb_file_follower_check (ArbFileFollower *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) lines = NULL;
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GHashTable) seen = NULL;
  gboolean tournament_changed = FALSE;
  gint64 version = 0;

  g_return_val_if_fail (ARB_IS_FILE_FOLLOWER (self), FALSE);

  if (!arb_tournament_get_data_version (self->tournament, &version, &error))
    {
      g_debug ("cannot ask whether the file changed: %s", error->message);
      return FALSE;
    }
  if (version == self->data_version)
    return FALSE;
  lines = arb_tournament_list_audit (self->tournament, self->last_audit_id, AUDIT_BATCH, &error);
  if (lines == NULL)
    {
      /* Busy, most likely: the next look tries again. */
      g_debug ("cannot read what changed: %s", error->message);
      return FALSE;
    }
  /* Caught up only when the batch was not full. */
  if (lines->len < AUDIT_BATCH)
    self->data_version = version;

  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; i < lines->len; i++)
    {
      ArbAuditLine *line = lines->pdata[i];

      self->last_audit_id = line->id;
      if (line->game_id == 0)
        tournament_changed = TRUE;
      else if (!g_hash_table_contains (seen, &line->game_id))
        {
          g_array_append_val (ids, line->game_id);
          g_hash_table_add (seen, g_memdup2 (&line->game_id, sizeof line->game_id));
        }
    }

  g_object_ref (self);
  if (tournament_changed)
    g_signal_emit (self, signals[TOURNAMENT_CHANGED], 0);
  if (ids->len > 0)
    g_signal_emit (self, signals[GAMES_CHANGED], 0, ids);
  g_object_unref (self);
  return tournament_changed || ids->len > 0;
}
