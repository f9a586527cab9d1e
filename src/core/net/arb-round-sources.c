/* arb-round-sources.c: the sources that feed a round, merged the arbiter's way
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "config.h"

#include "arb-round-sources.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-i18n.h"
#include "arb-source-alert-causes.h"
#include "arb-source-diff.h"
#include "arb-source-players.h"
#include "arb-stored-json.h"

/* One source followed, and what it said of each of its games. */
typedef struct
{
  ArbRoundSources *owner; /* borrowed */
  ArbSource *source;
  gulong games_id;
  gulong state_id;
  GHashTable *last;    /* key → ArbSourceGame, the last report */
  GHashTable *longest; /* key → the most moves it ever reported (GUINT_TO_POINTER) */
  GHashTable *refused; /* key → moves of the report last refused (GUINT_TO_POINTER) */
} Entry;

typedef struct
{
  Entry *entry;
  char *key;
} Feeder;

struct _ArbRoundSources
{
  GObject parent_instance;

  ArbNetWorker *worker;
  ArbTournament *tournament;
  int round;
  GPtrArray *games;     /* ArbGame of the round */
  GHashTable *by_board; /* board → ArbGame */
  GHashTable *by_id;    /* game id → ArbGame */
  ArbSourcePairings *pairings;
  GHashTable *eboards;    /* serial → board */
  GHashTable *assigned;   /* "uri\nkey" → board, 0 for none (a cache of the file) */
  GPtrArray *entries;     /* Entry * */
  GHashTable *feeders;    /* game id → Feeder */
  GHashTable *unassigned; /* "uri\nkey" → ArbUnassignedGame */
  GPtrArray *unassigned_list;
  GHashTable *alerts;  /* game id → GPtrArray of open ArbSourceAlertInfo */
  GHashTable *stalled; /* game ids whose merge could not finish */

  guint settle_ms;
  guint backoff_first_ms;
  guint backoff_max_ms;
  gboolean once;
  gboolean merging;
  guint n_merged;
};

G_DEFINE_FINAL_TYPE (ArbRoundSources, arb_round_sources, G_TYPE_OBJECT)

enum
{
  EVENT,
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void merge_game (ArbRoundSources *self, Entry *entry, ArbSourceGame *game);
static void game_changed_cb (ArbGame *game, ArbRoundSources *self);

static void
feeder_free (gpointer data)
{
  Feeder *feeder = data;

  g_free (feeder->key);
  g_free (feeder);
}

static void
unassigned_free (gpointer data)
{
  ArbUnassignedGame *u = data;

  g_object_unref (u->source);
  arb_source_game_unref (u->game);
  g_free (u);
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_clear_signal_handler (&entry->games_id, entry->source);
  g_clear_signal_handler (&entry->state_id, entry->source);
  arb_source_stop (entry->source);
  g_object_unref (entry->source);
  g_hash_table_unref (entry->last);
  g_hash_table_unref (entry->longest);
  g_hash_table_unref (entry->refused);
  g_free (entry);
}

static void
arb_round_sources_dispose (GObject *object)
{
  ArbRoundSources *self = ARB_ROUND_SOURCES (object);

  for (guint i = 0; self->games != NULL && i < self->games->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->games, i), self);
  g_clear_pointer (&self->entries, g_ptr_array_unref);

  G_OBJECT_CLASS (arb_round_sources_parent_class)->dispose (object);
}

static void
arb_round_sources_finalize (GObject *object)
{
  ArbRoundSources *self = ARB_ROUND_SOURCES (object);

  g_clear_object (&self->worker);
  g_clear_object (&self->tournament);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_pointer (&self->by_board, g_hash_table_unref);
  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_clear_pointer (&self->pairings, arb_source_pairings_free);
  g_clear_pointer (&self->eboards, g_hash_table_unref);
  g_clear_pointer (&self->assigned, g_hash_table_unref);
  g_clear_pointer (&self->feeders, g_hash_table_unref);
  g_clear_pointer (&self->unassigned, g_hash_table_unref);
  g_clear_pointer (&self->unassigned_list, g_ptr_array_unref);
  g_clear_pointer (&self->alerts, g_hash_table_unref);
  g_clear_pointer (&self->stalled, g_hash_table_unref);

  G_OBJECT_CLASS (arb_round_sources_parent_class)->finalize (object);
}

static void
arb_round_sources_class_init (ArbRoundSourcesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_round_sources_dispose;
  object_class->finalize = arb_round_sources_finalize;

  /**
   * ArbRoundSources::event:
   * @event: (type gpointer): an ArbRoundSourceEvent, valid during the emission
   */
  signals[EVENT] = g_signal_new ("event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * ArbRoundSources::changed:
   *
   * Something the views show changed: a source's state, which source
   * feeds a board, the unmatched games, the alerts.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
arb_round_sources_init (ArbRoundSources *self)
{
  self->by_board = g_hash_table_new (NULL, NULL);
  self->by_id = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->eboards = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->assigned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->entries = g_ptr_array_new_with_free_func (entry_free);
  self->feeders = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, feeder_free);
  self->unassigned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, unassigned_free);
  self->unassigned_list = g_ptr_array_new ();
  self->alerts =
    g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  self->stalled = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

static gint64 *
id_key (gint64 id)
{
  return g_memdup2 (&id, sizeof id);
}

static void
load_alerts (ArbRoundSources *self, ArbGame *game)
{
  g_autoptr (GError) error = NULL;
  gint64 id = arb_game_get_id (game);
  GPtrArray *alerts = arb_tournament_list_source_alerts (self->tournament, id, TRUE, &error);

  if (alerts == NULL)
    {
      g_warning ("Round %d board %d: the alerts cannot be read: %s", self->round,
                 arb_game_get_board (game), error->message);
      alerts = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_source_alert_info_free);
    }
  g_hash_table_replace (self->alerts, id_key (id), alerts);
}

static void
load_eboards (ArbRoundSources *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) boards = arb_tournament_list_eboards (self->tournament, &error);

  g_hash_table_remove_all (self->eboards);
  if (boards == NULL)
    {
      g_warning ("The e-boards cannot be read: %s", error->message);
      return;
    }
  for (guint i = 0; i < boards->len; i++)
    {
      const ArbEboardInfo *board = g_ptr_array_index (boards, i);

      g_hash_table_insert (self->eboards, g_strdup (board->serial), GINT_TO_POINTER (board->board));
    }
}

ArbRoundSources *
arb_round_sources_new (ArbNetWorker *worker, ArbTournament *tournament, int round, GPtrArray *games)
{
  ArbRoundSources *self;

  g_return_val_if_fail (ARB_IS_NET_WORKER (worker), NULL);
  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);
  g_return_val_if_fail (games != NULL, NULL);

  self = g_object_new (ARB_TYPE_ROUND_SOURCES, NULL);
  self->worker = g_object_ref (worker);
  self->tournament = g_object_ref (tournament);
  self->round = round;
  self->games = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (games, i);
      gint64 id = arb_game_get_id (game);

      g_ptr_array_add (self->games, g_object_ref (game));
      g_hash_table_insert (self->by_board, GINT_TO_POINTER (arb_game_get_board (game)), game);
      g_hash_table_insert (self->by_id, id_key (id), game);
      load_alerts (self, game);
      g_signal_connect (game, "changed", G_CALLBACK (game_changed_cb), self);
    }
  self->pairings = arb_source_pairings_new (self->games);
  load_eboards (self);
  return self;
}

int
arb_round_sources_get_round (ArbRoundSources *self)
{
  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), 0);
  return self->round;
}

ArbTournament *
arb_round_sources_get_tournament (ArbRoundSources *self)
{
  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), NULL);
  return self->tournament;
}

void
arb_round_sources_set_settle (ArbRoundSources *self, guint settle_ms)
{
  g_return_if_fail (ARB_IS_ROUND_SOURCES (self));
  self->settle_ms = settle_ms;
}

void
arb_round_sources_set_backoff (ArbRoundSources *self, guint first_ms, guint max_ms)
{
  g_return_if_fail (ARB_IS_ROUND_SOURCES (self));
  self->backoff_first_ms = first_ms;
  self->backoff_max_ms = max_ms;
}

void
arb_round_sources_set_once (ArbRoundSources *self, gboolean once)
{
  g_return_if_fail (ARB_IS_ROUND_SOURCES (self));
  self->once = once;
}

static void
emit_event (ArbRoundSources *self, ArbRoundSourceEvent *event)
{
  if (event->game != NULL && event->board == 0)
    event->board = arb_game_get_board (event->game);
  g_signal_emit (self, signals[EVENT], 0, event);
}

static void
emit_changed (ArbRoundSources *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Matching */

static char *
pair_key (ArbSource *source, const char *key)
{
  return g_strconcat (arb_source_get_uri (source), "\n", key, NULL);
}

static int
assigned_board (ArbRoundSources *self, ArbSource *source, const char *key)
{
  g_autofree char *pair = pair_key (source, key);
  gpointer board;

  if (!g_hash_table_lookup_extended (self->assigned, pair, NULL, &board))
    {
      g_autoptr (GError) error = NULL;
      int n = arb_tournament_get_source_assignment (self->tournament, self->round,
                                                    arb_source_get_uri (source), key, &error);

      if (error != NULL)
        g_warning ("%s: %s", arb_source_get_uri (source), error->message);
      board = GINT_TO_POINTER (n);
      g_hash_table_insert (self->assigned, g_steal_pointer (&pair), board);
    }
  return GPOINTER_TO_INT (board);
}

/* The game of the round a source's game is; NULL when none, with
 * *elsewhere TRUE when it says it belongs to another round. A game that
 * names its players is the board of those players, whatever its Board tag
 * says, and none when no board has them; *reversed is TRUE when it has
 * them with White and Black reversed. */
static ArbGame *
match (ArbRoundSources *self,
       Entry *entry,
       const ArbSourceGame *game,
       gboolean *elsewhere,
       gboolean *reversed)
{
  ArbGame *found = NULL;
  int board;

  *elsewhere = FALSE;
  *reversed = FALSE;
  if (game->serial != NULL)
    {
      board = GPOINTER_TO_INT (g_hash_table_lookup (self->eboards, game->serial));
      return board > 0 ? g_hash_table_lookup (self->by_board, GINT_TO_POINTER (board)) : NULL;
    }
  board = assigned_board (self, entry->source, game->key);
  if (board > 0)
    return g_hash_table_lookup (self->by_board, GINT_TO_POINTER (board));
  if (game->round > 0 && game->round != self->round)
    {
      *elsewhere = TRUE;
      return NULL;
    }
  switch (arb_source_pairings_find (self->pairings, game->white, game->black, &found))
    {
    case ARB_SOURCE_PLAYERS_SAME:
      return found;
    case ARB_SOURCE_PLAYERS_REVERSED:
      *reversed = TRUE;
      return found;
    case ARB_SOURCE_PLAYERS_NONE:
      return NULL;
    case ARB_SOURCE_PLAYERS_UNNAMED:
    default:
      return game->board > 0 ? g_hash_table_lookup (self->by_board, GINT_TO_POINTER (game->board))
                             : NULL;
    }
}

static void
rebuild_unassigned_list (ArbRoundSources *self)
{
  GHashTableIter iter;
  gpointer value;

  g_ptr_array_set_size (self->unassigned_list, 0);
  g_hash_table_iter_init (&iter, self->unassigned);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (self->unassigned_list, value);
}

static gboolean
set_unassigned (ArbRoundSources *self, Entry *entry, ArbSourceGame *game, gboolean unassigned)
{
  g_autofree char *pair = pair_key (entry->source, game->key);
  gboolean was = g_hash_table_contains (self->unassigned, pair);

  if (unassigned)
    {
      ArbUnassignedGame *u = g_new0 (ArbUnassignedGame, 1);

      u->source = g_object_ref (entry->source);
      u->game = arb_source_game_ref (game);
      g_hash_table_replace (self->unassigned, g_steal_pointer (&pair), u);
    }
  else if (was)
    g_hash_table_remove (self->unassigned, pair);
  if (was != unassigned)
    rebuild_unassigned_list (self);
  return was != unassigned;
}

static void
set_feeder (ArbRoundSources *self, ArbGame *game, Entry *entry, const char *key)
{
  gint64 id = arb_game_get_id (game);
  Feeder *feeder = g_hash_table_lookup (self->feeders, &id);

  if (feeder != NULL && feeder->entry == entry && g_strcmp0 (feeder->key, key) == 0)
    return;
  feeder = g_new0 (Feeder, 1);
  feeder->entry = entry;
  feeder->key = g_strdup (key);
  g_hash_table_replace (self->feeders, id_key (id), feeder);
}

/* Alerts */

/* The alert's further facts: the source's game, the move (an illegal
 * one) and the article of the Laws it concerns, when it names one. */
static char *
alert_detail (const char *key, const ArbSourceDiff *diff, const char *article)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "key");
  json_builder_add_string_value (b, key);
  if (article != NULL)
    {
      json_builder_set_member_name (b, "article");
      json_builder_add_string_value (b, article);
    }
  if (diff != NULL && diff->has_illegal)
    {
      json_builder_set_member_name (b, "san");
      json_builder_add_string_value (b, diff->illegal_san);
      json_builder_set_member_name (b, "side");
      json_builder_add_string_value (b, diff->illegal_side == ARB_BLACK ? "black" : "white");
      if (diff->illegal_from != ARB_NO_SQUARE && diff->illegal_to != ARB_NO_SQUARE)
        {
          char square[3] = { 0 };

          square[0] = 'a' + ARB_SQUARE_FILE (diff->illegal_from);
          square[1] = '1' + ARB_SQUARE_RANK (diff->illegal_from);
          json_builder_set_member_name (b, "from");
          json_builder_add_string_value (b, square);
          square[0] = 'a' + ARB_SQUARE_FILE (diff->illegal_to);
          square[1] = '1' + ARB_SQUARE_RANK (diff->illegal_to);
          json_builder_set_member_name (b, "to");
          json_builder_add_string_value (b, square);
        }
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static void
raise_alert (ArbRoundSources *self,
             Entry *entry,
             ArbGame *game,
             ArbSourceGame *source_game,
             const ArbSourceAlertRecord *record)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbSourceAlertInfo) alert = NULL;
  gboolean is_new = FALSE;
  gint64 id;

  id = arb_tournament_add_source_alert (self->tournament, arb_game_get_id (game), record, &is_new,
                                        &error);
  if (id == 0)
    {
      ArbRoundSourceEvent event = {
        .kind = ARB_ROUND_SOURCE_REFUSED,
        .source = entry->source,
        .game = game,
        .ply = (guint) record->ply,
        .san = record->reported,
        .refusal = ARB_ROUND_SOURCE_REFUSAL_NOT_STORED,
        .error = error->message,
        .source_game = source_game,
        .received_us = source_game->received_us,
      };

      /* Not even the alert could be stored: said, never silent. */
      emit_event (self, &event);
      return;
    }
  if (is_new)
    load_alerts (self, game);
  alert = arb_tournament_get_source_alert (self->tournament, id, NULL);
  if (alert != NULL)
    {
      ArbRoundSourceEvent event = {
        .kind = ARB_ROUND_SOURCE_ALERT,
        .source = entry->source,
        .game = game,
        .ply = (guint) alert->ply,
        .san = alert->reported,
        .alert = alert,
        .repeated = !is_new,
        .source_game = source_game,
        .received_us = source_game->received_us,
      };

      emit_event (self, &event);
    }
  if (is_new)
    emit_changed (self);
}

/* The open alerts of @game that @entry's source raised and whose cause
 * it no longer reports are cleared by the source, each logged. */
static void
clear_gone (ArbRoundSources *self,
            Entry *entry,
            ArbGame *game,
            const ArbSourceDiff *diff,
            gboolean reversed)
{
  GPtrArray *open = g_hash_table_lookup (self->alerts, &(gint64){ arb_game_get_id (game) });
  g_autoptr (GArray) gone = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; open != NULL && i < open->len; i++)
    {
      const ArbSourceAlertInfo *alert = g_ptr_array_index (open, i);

      if (g_strcmp0 (alert->source, arb_source_get_uri (entry->source)) == 0 &&
          !arb_source_alert_cause_stays (alert, diff, reversed))
        g_array_append_val (gone, alert->id);
    }
  for (guint i = 0; i < gone->len; i++)
    {
      g_autoptr (GError) error = NULL;

      /* Settled meanwhile by another desk: nothing left to clear. */
      if (!arb_tournament_settle_source_alert (self->tournament, g_array_index (gone, gint64, i),
                                               ARB_SOURCE_ALERT_CLEARED, 0, &error) &&
          !g_error_matches (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT))
        g_warning ("Round %d board %d: the alert cannot be cleared: %s", self->round,
                   arb_game_get_board (game), error->message);
    }
  if (gone->len == 0)
    return;
  load_alerts (self, game);
  emit_changed (self);
}

/* Merging */

static void
refuse (ArbRoundSources *self,
        Entry *entry,
        ArbGame *game,
        ArbSourceGame *source_game,
        guint ply,
        const char *san,
        ArbRoundSourceRefusal refusal,
        const char *error)
{
  ArbRoundSourceEvent event = {
    .kind = ARB_ROUND_SOURCE_REFUSED,
    .source = entry->source,
    .game = game,
    .ply = ply,
    .san = san,
    .refusal = refusal,
    .error = error,
    .source_game = source_game,
    .received_us = source_game->received_us,
  };

  emit_event (self, &event);
}

/* Appends the new moves until one ends the game; FALSE when one could
 * not be stored. */
static gboolean
append_moves (ArbRoundSources *self,
              Entry *entry,
              ArbGame *game,
              ArbSourceGame *source_game,
              const ArbSourceDiff *diff)
{
  for (guint i = 0; i < diff->new_moves->len && !arb_game_is_finished (game); i++)
    {
      const ArbSourceNewMove *m = &g_array_index (diff->new_moves, ArbSourceNewMove, i);
      g_autoptr (GError) error = NULL;
      gboolean had_look = arb_game_needs_look (game);
      guint ply = arb_game_get_n_plies (game) + 1;

      if (!arb_game_play_move_timed (game, m->move, m->white_ms, m->black_ms, &error))
        {
          /* The game was read again from the file; when the failure was
           * the feed's own, the arbiter has typed nothing that a look
           * must confirm. */
          if (!had_look && arb_game_needs_look (game))
            arb_game_confirm_seen (game);
          g_hash_table_add (self->stalled, id_key (arb_game_get_id (game)));
          refuse (self, entry, game, source_game, ply, m->san, ARB_ROUND_SOURCE_REFUSAL_NOT_STORED,
                  error->message);
          return FALSE;
        }
      self->n_merged++;
      {
        ArbRoundSourceEvent event = {
          .kind = ARB_ROUND_SOURCE_MERGED,
          .source = entry->source,
          .game = game,
          .ply = ply,
          .san = m->san,
          .white_ms = m->white_ms,
          .black_ms = m->black_ms,
          .source_game = source_game,
          .received_us = source_game->received_us,
        };

        emit_event (self, &event);
      }
    }
  return TRUE;
}

/* The game has ended: the first of the source's moves after its last
 * stored one (@n were stored before the report) is refused, once per
 * report, not at every poll. */
static void
refuse_after_end (ArbRoundSources *self,
                  Entry *entry,
                  ArbGame *game,
                  ArbSourceGame *source_game,
                  const ArbSourceDiff *diff,
                  guint n)
{
  guint last = GPOINTER_TO_UINT (g_hash_table_lookup (entry->refused, source_game->key));
  guint stored = arb_game_get_n_plies (game);
  guint next = stored - MIN (stored, n);
  const char *san;

  if (next >= diff->new_moves->len && !diff->has_illegal)
    return;
  if (last == diff->n_source)
    return;
  san = next < diff->new_moves->len ? g_array_index (diff->new_moves, ArbSourceNewMove, next).san
                                    : diff->illegal_san;
  g_hash_table_replace (entry->refused, g_strdup (source_game->key),
                        GUINT_TO_POINTER (diff->n_source));
  refuse (self, entry, game, source_game, stored + 1, san, ARB_ROUND_SOURCE_REFUSAL_GAME_OVER,
          NULL);
}

/* Raises @record (its kind, ply and moves) from @entry's source, with the
 * facts alert_detail () finds in @diff. */
static void
raise_from_diff (ArbRoundSources *self,
                 Entry *entry,
                 ArbGame *game,
                 ArbSourceGame *source_game,
                 const ArbSourceDiff *diff,
                 ArbSourceAlertRecord record)
{
  g_autofree char *detail = alert_detail (source_game->key, diff, NULL);

  record.source = arb_source_get_uri (entry->source);
  record.detail = detail;
  raise_alert (self, entry, game, source_game, &record);
}

/* The source says other moves than those stored, from the diff's
 * changed ply on. */
static void
raise_changed_moves (ArbRoundSources *self,
                     Entry *entry,
                     ArbGame *game,
                     ArbSourceGame *source_game,
                     const ArbSourceDiff *diff)
{
  raise_from_diff (self, entry, game, source_game, diff,
                   (ArbSourceAlertRecord){ .kind = ARB_SOURCE_ALERT_CHANGED_MOVES,
                                           .ply = (int) diff->changed_ply,
                                           .reported = diff->source_text,
                                           .stored = diff->stored_text });
}

static void
merge_into (ArbRoundSources *self, Entry *entry, ArbGame *game, ArbSourceGame *source_game)
{
  g_autoptr (ArbSourceDiff) diff = NULL;
  g_autoptr (GArray) stored = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  guint n = arb_game_get_n_plies (game);
  guint longest = GPOINTER_TO_UINT (g_hash_table_lookup (entry->longest, source_game->key));

  for (guint ply = 1; ply <= n; ply++)
    {
      ArbMove move = arb_game_get_move (game, ply);

      g_array_append_val (stored, move);
    }
  diff = arb_source_diff_compute (arb_game_get_position (game, 0), (const ArbMove *) stored->data,
                                  n, source_game);
  g_hash_table_replace (entry->longest, g_strdup (source_game->key),
                        GUINT_TO_POINTER (MAX (longest, diff->n_source)));
  g_hash_table_remove (self->stalled, &(gint64){ arb_game_get_id (game) });
  clear_gone (self, entry, game, diff, FALSE);

  switch (diff->kind)
    {
    case ARB_SOURCE_DIFF_SAME:
      break;

    case ARB_SOURCE_DIFF_BEHIND:
      /* A source that said more before and says less now took moves
       * back; one that never said them only lags. */
      if (longest > diff->n_source)
        raise_changed_moves (self, entry, game, source_game, diff);
      break;

    case ARB_SOURCE_DIFF_CHANGED:
      raise_changed_moves (self, entry, game, source_game, diff);
      break;

    case ARB_SOURCE_DIFF_NEW:
      /* The moves up to the end of the game, if one ends it; what the
       * source says after the end is refused for the end, as any writer
       * refuses it, and raises no alert. */
      if (!arb_game_is_finished (game) && !append_moves (self, entry, game, source_game, diff))
        break;
      if (arb_game_is_finished (game))
        {
          refuse_after_end (self, entry, game, source_game, diff, n);
          break;
        }
      if (diff->has_illegal)
        raise_from_diff (self, entry, game, source_game, diff,
                         (ArbSourceAlertRecord){ .kind = ARB_SOURCE_ALERT_ILLEGAL_MOVE,
                                                 .ply = (int) diff->illegal_ply,
                                                 .reported = diff->illegal_text });
      break;

    default:
      g_assert_not_reached ();
    }
}

/* "White – Black" */
static char *
players_text (const char *white, const char *black)
{
  return g_strdup_printf ("%s \u2013 %s", white != NULL ? white : "?", black != NULL ? black : "?");
}

/* Whether the arbiter took the moves of a source that has @game's players
 * with the colours reversed as @reported says. */
static gboolean
colours_accepted (ArbRoundSources *self, Entry *entry, ArbGame *game, const char *reported)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) alerts =
    arb_tournament_list_source_alerts (self->tournament, arb_game_get_id (game), FALSE, &error);

  if (alerts == NULL)
    {
      g_warning ("Round %d board %d: the alerts cannot be read: %s", self->round,
                 arb_game_get_board (game), error->message);
      return FALSE;
    }
  for (guint i = 0; i < alerts->len; i++)
    {
      const ArbSourceAlertInfo *alert = g_ptr_array_index (alerts, i);

      if (alert->kind == ARB_SOURCE_ALERT_WRONG_COLOURS &&
          alert->state == ARB_SOURCE_ALERT_ACCEPTED && g_str_equal (alert->reported, reported) &&
          g_strcmp0 (alert->source, arb_source_get_uri (entry->source)) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A game of @game's players with White and Black reversed: an alert (7.3
 * of the Laws: the arbiter decides whether the game goes on), and nothing
 * stored until the arbiter takes the source's moves. TRUE when the
 * arbiter has taken them. */
static gboolean
check_colours (ArbRoundSources *self, Entry *entry, ArbGame *game, ArbSourceGame *source_game)
{
  const ArbPlayerInfo *white = arb_game_get_player (game, ARB_WHITE);
  const ArbPlayerInfo *black = arb_game_get_player (game, ARB_BLACK);
  g_autofree char *reported = players_text (source_game->white, source_game->black);
  g_autofree char *stored = players_text (white->name, black->name);
  g_autofree char *detail = NULL;
  ArbSourceAlertRecord record = {
    .kind = ARB_SOURCE_ALERT_WRONG_COLOURS,
    .source = arb_source_get_uri (entry->source),
    .ply = 1,
    .reported = reported,
    .stored = stored,
  };

  if (colours_accepted (self, entry, game, reported))
    return TRUE;
  detail = alert_detail (source_game->key, NULL, "7.3");
  record.detail = detail;
  raise_alert (self, entry, game, source_game, &record);
  return FALSE;
}

static void
merge_game (ArbRoundSources *self, Entry *entry, ArbSourceGame *source_game)
{
  gboolean elsewhere = FALSE;
  gboolean reversed = FALSE;
  ArbGame *game = match (self, entry, source_game, &elsewhere, &reversed);
  gboolean changed = FALSE;

  if (game == NULL)
    {
      if (!elsewhere && set_unassigned (self, entry, source_game, TRUE))
        {
          ArbRoundSourceEvent event = {
            .kind = ARB_ROUND_SOURCE_UNASSIGNED,
            .source = entry->source,
            .source_game = source_game,
            .received_us = source_game->received_us,
          };

          emit_event (self, &event);
          changed = TRUE;
        }
      if (changed)
        emit_changed (self);
      return;
    }
  changed = set_unassigned (self, entry, source_game, FALSE);
  clear_gone (self, entry, game, NULL, reversed);
  if (reversed && !check_colours (self, entry, game, source_game))
    {
      if (changed)
        emit_changed (self);
      return;
    }
  {
    const char *before_key = NULL;
    ArbSource *before = arb_round_sources_get_feeder (self, game, &before_key);

    set_feeder (self, game, entry, source_game->key);
    changed = changed || before != entry->source || g_strcmp0 (before_key, source_game->key) != 0;
  }
  self->merging = TRUE;
  merge_into (self, entry, game, source_game);
  self->merging = FALSE;
  if (changed)
    emit_changed (self);
}

static void
games_cb (ArbSource *source, GPtrArray *games, Entry *entry)
{
  ArbRoundSources *self = entry->owner;

  for (guint i = 0; i < games->len; i++)
    {
      ArbSourceGame *game = g_ptr_array_index (games, i);

      g_hash_table_replace (entry->last, g_strdup (game->key), arb_source_game_ref (game));
      merge_game (self, entry, game);
    }
}

static void
state_cb (ArbSource *source, GParamSpec *pspec, Entry *entry)
{
  ArbRoundSourceEvent event = {
    .kind = ARB_ROUND_SOURCE_STATE,
    .source = source,
  };

  emit_event (entry->owner, &event);
  emit_changed (entry->owner);
}

/* A game that could not take its moves (the file refused one) tries
 * again when it changes for another reason: a reload, a look. */
static void merge_all (ArbRoundSources *self);

/* The boards as the games have them now: a pairing the arbiter moved to
 * another board (arb_board_move ()) is fed by the e-board on its new
 * table and by the games tagged with its new number; the reports last
 * read are merged again where they now belong. */
static void
renumber_boards (ArbRoundSources *self)
{
  g_autoptr (GHashTable) by_board = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < self->games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (self->games, i);

      /* Two games on one board: the other of a swap is not read again
       * yet; the boards change once it is. */
      if (!g_hash_table_insert (by_board, GINT_TO_POINTER (arb_game_get_board (game)), game))
        return;
    }
  g_hash_table_unref (self->by_board);
  self->by_board = g_steal_pointer (&by_board);
  merge_all (self);
}

static void
game_changed_cb (ArbGame *game, ArbRoundSources *self)
{
  const char *key = NULL;
  ArbSource *source;
  gint64 id = arb_game_get_id (game);

  if (!self->merging &&
      g_hash_table_lookup (self->by_board, GINT_TO_POINTER (arb_game_get_board (game))) != game)
    {
      renumber_boards (self);
      return;
    }
  if (self->merging || !g_hash_table_contains (self->stalled, &id))
    return;
  source = arb_round_sources_get_feeder (self, game, &key);
  for (guint i = 0; source != NULL && i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);
      ArbSourceGame *last = g_hash_table_lookup (entry->last, key);

      if (entry->source == source && last != NULL)
        {
          self->merging = TRUE;
          merge_into (self, entry, game, last);
          self->merging = FALSE;
        }
    }
}

/* Sources */

static Entry *
find_entry (ArbRoundSources *self, const char *uri)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      if (g_strcmp0 (arb_source_get_uri (entry->source), uri) == 0)
        return entry;
    }
  return NULL;
}

ArbSource *
arb_round_sources_add (ArbRoundSources *self,
                       const char *uri,
                       guint interval_ms,
                       gboolean remember,
                       GError **error)
{
  g_autoptr (ArbSource) source = NULL;
  Entry *entry;

  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), NULL);
  g_return_val_if_fail (uri != NULL, NULL);

  source = arb_source_new (self->worker, uri, error);
  if (source == NULL)
    return NULL;
  if (remember &&
      arb_tournament_add_move_source (self->tournament, self->round, arb_source_get_uri (source),
                                      interval_ms, error) == 0)
    return NULL;
  entry = find_entry (self, arb_source_get_uri (source));
  if (entry != NULL)
    {
      if (interval_ms > 0)
        arb_source_set_interval (entry->source, interval_ms);
      return entry->source;
    }

  if (interval_ms > 0)
    arb_source_set_interval (source, interval_ms);
  if (self->settle_ms > 0)
    arb_source_set_settle (source, self->settle_ms);
  if (self->backoff_first_ms > 0)
    arb_source_set_backoff (source, self->backoff_first_ms, self->backoff_max_ms);
  arb_source_set_once (source, self->once);

  entry = g_new0 (Entry, 1);
  entry->owner = self;
  entry->source = g_object_ref (source);
  entry->last =
    g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) arb_source_game_unref);
  entry->longest = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  entry->refused = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  entry->games_id = g_signal_connect (source, "games", G_CALLBACK (games_cb), entry);
  entry->state_id = g_signal_connect (source, "notify::state", G_CALLBACK (state_cb), entry);
  g_ptr_array_add (self->entries, entry);
  arb_source_start (source);
  emit_changed (self);
  return entry->source;
}

gboolean
arb_round_sources_remove (ArbRoundSources *self, const char *uri, GError **error)
{
  Entry *entry;
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), FALSE);
  g_return_val_if_fail (uri != NULL, FALSE);

  if (!arb_tournament_remove_move_source (self->tournament, self->round, uri, error))
    return FALSE;
  entry = find_entry (self, uri);
  if (entry == NULL)
    return TRUE;
  g_hash_table_iter_init (&iter, self->feeders);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((Feeder *) value)->entry == entry)
      g_hash_table_iter_remove (&iter);
  g_hash_table_iter_init (&iter, self->unassigned);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((ArbUnassignedGame *) value)->source == entry->source)
      g_hash_table_iter_remove (&iter);
  rebuild_unassigned_list (self);
  g_ptr_array_remove (self->entries, entry);
  emit_changed (self);
  return TRUE;
}

guint
arb_round_sources_start_remembered (ArbRoundSources *self, GError **error)
{
  g_autoptr (GPtrArray) sources = NULL;
  guint n = 0;

  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), 0);

  sources = arb_tournament_list_move_sources (self->tournament, self->round, error);
  if (sources == NULL)
    return 0;
  for (guint i = 0; i < sources->len; i++)
    {
      const ArbMoveSourceInfo *info = g_ptr_array_index (sources, i);
      g_autoptr (GError) add_error = NULL;

      if (arb_round_sources_add (self, info->uri, info->interval_ms, FALSE, &add_error) != NULL)
        n++;
      else
        g_warning ("%s", add_error->message);
    }
  return n;
}

void
arb_round_sources_stop (ArbRoundSources *self)
{
  g_return_if_fail (ARB_IS_ROUND_SOURCES (self));

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      g_clear_signal_handler (&entry->games_id, entry->source);
      g_clear_signal_handler (&entry->state_id, entry->source);
      arb_source_stop (entry->source);
    }
}

GPtrArray *
arb_round_sources_list (ArbRoundSources *self)
{
  GPtrArray *sources = g_ptr_array_new ();

  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), sources);

  for (guint i = 0; i < self->entries->len; i++)
    g_ptr_array_add (sources, ((Entry *) g_ptr_array_index (self->entries, i))->source);
  return sources;
}

ArbSource *
arb_round_sources_get_feeder (ArbRoundSources *self, ArbGame *game, const char **key)
{
  gint64 id;
  Feeder *feeder;

  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), NULL);
  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  id = arb_game_get_id (game);
  feeder = g_hash_table_lookup (self->feeders, &id);
  if (key != NULL)
    *key = feeder != NULL ? feeder->key : NULL;
  return feeder != NULL ? feeder->entry->source : NULL;
}

GPtrArray *
arb_round_sources_list_unassigned (ArbRoundSources *self)
{
  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), NULL);
  return self->unassigned_list;
}

guint
arb_round_sources_get_n_merged (ArbRoundSources *self)
{
  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), 0);
  return self->n_merged;
}

/* Every last report of every source merged again: after a board was
 * assigned, or an alert settled. */
static void
merge_all (ArbRoundSources *self)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);
      g_autoptr (GPtrArray) games =
        g_ptr_array_new_with_free_func ((GDestroyNotify) arb_source_game_unref);
      GHashTableIter iter;
      gpointer value;

      /* Merging may replace reports: the games first, then the merges. */
      g_hash_table_iter_init (&iter, entry->last);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        g_ptr_array_add (games, arb_source_game_ref (value));
      for (guint k = 0; k < games->len; k++)
        merge_game (self, entry, g_ptr_array_index (games, k));
    }
}

gboolean
arb_round_sources_assign (ArbRoundSources *self,
                          ArbSource *source,
                          const char *key,
                          int board,
                          GError **error)
{
  g_autofree char *pair = NULL;

  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), FALSE);
  g_return_val_if_fail (ARB_IS_SOURCE (source), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);

  if (g_str_has_prefix (key, "eboard:"))
    return arb_round_sources_set_eboard (self, key + strlen ("eboard:"), board, error);
  if (!arb_tournament_set_source_assignment (self->tournament, self->round,
                                             arb_source_get_uri (source), key, board, error))
    return FALSE;
  pair = pair_key (source, key);
  g_hash_table_replace (self->assigned, g_steal_pointer (&pair), GINT_TO_POINTER (board));
  merge_all (self);
  emit_changed (self);
  return TRUE;
}

gboolean
arb_round_sources_set_eboard (ArbRoundSources *self, const char *serial, int board, GError **error)
{
  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), FALSE);

  if (!arb_tournament_set_eboard (self->tournament, serial, board, error))
    return FALSE;
  load_eboards (self);
  merge_all (self);
  emit_changed (self);
  return TRUE;
}

int
arb_round_sources_get_eboard (ArbRoundSources *self, const char *serial)
{
  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), 0);
  return GPOINTER_TO_INT (g_hash_table_lookup (self->eboards, serial));
}

/* Alerts */

GPtrArray *
arb_round_sources_list_alerts (ArbRoundSources *self, ArbGame *game)
{
  gint64 id;

  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), NULL);
  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  id = arb_game_get_id (game);
  return g_hash_table_lookup (self->alerts, &id);
}

/* Whether two lists of open alerts name the same alerts in the same
 * states. */
static gboolean
same_alerts (GPtrArray *a, GPtrArray *b)
{
  if ((a == NULL ? 0 : a->len) != (b == NULL ? 0 : b->len))
    return FALSE;
  for (guint i = 0; a != NULL && i < a->len; i++)
    {
      const ArbSourceAlertInfo *x = g_ptr_array_index (a, i);
      const ArbSourceAlertInfo *y = g_ptr_array_index (b, i);

      if (x->id != y->id || x->state != y->state)
        return FALSE;
    }
  return TRUE;
}

gboolean
arb_round_sources_reload_alerts (ArbRoundSources *self, GArray *ids)
{
  gboolean changed = FALSE;

  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), FALSE);
  g_return_val_if_fail (ids != NULL, FALSE);

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      ArbGame *game = g_hash_table_lookup (self->by_id, &id);
      g_autoptr (GPtrArray) before = NULL;

      if (game == NULL)
        continue;
      before = g_hash_table_lookup (self->alerts, &id);
      if (before != NULL)
        g_ptr_array_ref (before);
      load_alerts (self, game);
      if (!same_alerts (before, g_hash_table_lookup (self->alerts, &id)))
        changed = TRUE;
    }
  if (changed)
    emit_changed (self);
  return changed;
}

static ArbGame *
alert_game (ArbRoundSources *self, gint64 alert_id, ArbSourceAlertInfo **alert, GError **error)
{
  ArbGame *game;

  *alert = arb_tournament_get_source_alert (self->tournament, alert_id, error);
  if (*alert == NULL)
    return NULL;
  game = g_hash_table_lookup (self->by_id, &(*alert)->game_id);
  if (game == NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                   _ ("The alert belongs to a game of another round"));
      g_clear_pointer (alert, arb_source_alert_info_free);
    }
  return game;
}

static gboolean
settle (ArbRoundSources *self,
        gint64 alert_id,
        ArbSourceAlertState state,
        gint64 ruling_id,
        const char *reason,
        const char *arbiter,
        GError **error)
{
  g_autoptr (ArbSourceAlertInfo) alert = NULL;
  ArbGame *game = alert_game (self, alert_id, &alert, error);

  if (game == NULL || !arb_tournament_settle_source_alert_why (self->tournament, alert_id, state,
                                                               ruling_id, reason, arbiter, error))
    return FALSE;
  load_alerts (self, game);
  emit_changed (self);
  return TRUE;
}

gboolean
arb_round_sources_dismiss_alert (ArbRoundSources *self, gint64 alert_id, GError **error)
{
  return arb_round_sources_dismiss_alert_why (self, alert_id, NULL, NULL, error);
}

gboolean
arb_round_sources_dismiss_alert_why (ArbRoundSources *self,
                                     gint64 alert_id,
                                     const char *reason,
                                     const char *arbiter,
                                     GError **error)
{
  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), FALSE);
  return settle (self, alert_id, ARB_SOURCE_ALERT_DISMISSED, 0, reason, arbiter, error);
}

gboolean
arb_round_sources_alert_ruled (ArbRoundSources *self,
                               gint64 alert_id,
                               gint64 ruling_id,
                               GError **error)
{
  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), FALSE);
  return settle (self, alert_id, ARB_SOURCE_ALERT_RULED, ruling_id, NULL, NULL, error);
}

/* The key of the source's game an alert came from, as its detail says. */
static char *
alert_key (const ArbSourceAlertInfo *alert)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root;

  if (alert->detail == NULL || !arb_stored_json_load (parser, alert->detail, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  return g_strdup (
    json_object_get_string_member_with_default (json_node_get_object (root), "key", NULL));
}

/* The arbiter rules that the game of the reversed colours is the board's
 * game (7.3: it goes on): its moves are merged from now on. */
static gboolean
accept_colours (ArbRoundSources *self,
                gint64 alert_id,
                Entry *entry,
                ArbSourceGame *last,
                GError **error)
{
  g_autoptr (ArbSourceGame) game = arb_source_game_ref (last);

  if (!settle (self, alert_id, ARB_SOURCE_ALERT_ACCEPTED, 0, NULL, NULL, error))
    return FALSE;
  merge_game (self, entry, game);
  return TRUE;
}

gboolean
arb_round_sources_accept_alert (ArbRoundSources *self, gint64 alert_id, GError **error)
{
  g_autoptr (ArbSourceAlertInfo) alert = NULL;
  g_autofree char *key = NULL;
  g_autofree char *reason = NULL;
  ArbGame *game;
  Entry *entry;
  ArbSourceGame *last = NULL;

  g_return_val_if_fail (ARB_IS_ROUND_SOURCES (self), FALSE);

  game = alert_game (self, alert_id, &alert, error);
  if (game == NULL)
    return FALSE;
  if (alert->kind == ARB_SOURCE_ALERT_ILLEGAL_MOVE)
    {
      g_set_error (
        error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
        _ ("Only changed moves or a game with the colours reversed can be taken from the "
           "source"));
      return FALSE;
    }
  entry = find_entry (self, alert->source);
  key = alert_key (alert);
  if (entry != NULL && key != NULL)
    last = g_hash_table_lookup (entry->last, key);
  if (last == NULL)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("The source of the alert is not followed now: its moves are not known"));
      return FALSE;
    }

  if (alert->kind == ARB_SOURCE_ALERT_WRONG_COLOURS)
    return accept_colours (self, alert_id, entry, last, error);

  /* The moves from the alert's ply go, and the alert is settled, in one
   * transaction; then the source's moves are merged as new ones. */
  reason = g_strdup_printf ("source: %s", alert->source);
  if (!arb_tournament_begin_batch (self->tournament, error))
    return FALSE;
  arb_tournament_truncate_moves (self->tournament, alert->game_id, alert->ply - 1, reason, NULL);
  arb_tournament_settle_source_alert (self->tournament, alert_id, ARB_SOURCE_ALERT_ACCEPTED, 0,
                                      NULL);
  if (!arb_tournament_commit_batch (self->tournament, error))
    return FALSE;
  if (!arb_game_reload (game, error))
    return FALSE;
  load_alerts (self, game);
  /* What the source said before the moves it changed no longer counts. */
  g_hash_table_remove (entry->longest, key);
  self->merging = TRUE;
  merge_into (self, entry, game, last);
  self->merging = FALSE;
  emit_changed (self);
  return TRUE;
}
