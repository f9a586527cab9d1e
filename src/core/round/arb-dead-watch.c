/* arb-dead-watch.c: who can still checkmate on a board, examined after every move
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-dead-watch"

#include "config.h"

#include "arb-dead-watch.h"

#include <gio/gio.h>

#include "arb-laws.h"
#include "arb-ruling-apply.h"
#include "arb-tournament-ruling.h"

#define WATCH_KEY "arb-dead-watch"

/* Which position a question is about: the ply, what makes the position
 * (the identity key) and the half-move clock (the 75-move bound reads it). */
typedef struct
{
  guint ply;
  guint64 key;
  guint halfmove_clock;
} Where;

typedef struct
{
  Where where;
  ArbPosition position;
  guint64 budget;
  gboolean seventy_five_moves;
} Question;

typedef struct
{
  /* Per side, the answer of 6.9 (with the edition's 75-move bound). */
  ArbUnwinnableResult result[2];
  /* Both sides proven unable to mate in pure chess (5.2.2). */
  gboolean dead;
} Answer;

struct _ArbDeadWatch
{
  GObject parent_instance;

  ArbGame *game; /* weak */
  gulong changed_id;
  guint64 budget;

  gboolean asked;
  Where asked_where;
  GCancellable *cancellable; /* the question being examined, or NULL */
  Answer *answer;            /* for asked_where, or NULL */
};

enum
{
  UPDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ArbDeadWatch, arb_dead_watch, G_TYPE_OBJECT)

static void
where_of_game (ArbGame *game, Where *where)
{
  guint n = arb_game_get_n_plies (game);
  const ArbPosition *pos = arb_game_get_position (game, n);

  where->ply = n;
  where->key = arb_position_identity_key (pos);
  where->halfmove_clock = pos->halfmove_clock;
}

static gboolean
where_equal (const Where *a, const Where *b)
{
  return a->ply == b->ply && a->key == b->key && a->halfmove_clock == b->halfmove_clock;
}

/* 9.6.2 (from 2014): a complete helpmate line in which no 150 plies pass
 * without a pawn move or a capture before its last move also mates under
 * the 75-move rule. */
static gboolean
line_within_seventy_five (const ArbPosition *start, const ArbUnwinnableResult *result)
{
  ArbPosition pos = *start;

  if (!result->line_complete)
    return FALSE;
  for (guint i = 0; i < result->line_length; i++)
    {
      ArbUndo undo;

      if (pos.halfmove_clock >= 150)
        return FALSE;
      arb_position_make_move (&pos, result->line[i], &undo);
    }
  return TRUE;
}

static gboolean
overtaken (gpointer cancellable)
{
  return g_cancellable_is_cancelled (cancellable);
}

/* In the worker thread: the position is the question's own copy. A
 * question overtaken by the next move stops within a millisecond or so. */
static void
examine (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  const Question *q = task_data;
  g_autoptr (ArbUnwinnable) search = arb_unwinnable_new ();
  g_autofree Answer *answer = g_new0 (Answer, 1);
  ArbUnwinnableOptions pure = { q->budget, FALSE, cancellable ? overtaken : NULL, cancellable };
  ArbUnwinnableOptions bounded = { q->budget, TRUE, cancellable ? overtaken : NULL, cancellable };

  answer->dead = TRUE;
  for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
    {
      ArbUnwinnableResult *result = &answer->result[side];

      if (g_task_return_error_if_cancelled (task))
        return;
      /* A side that cannot mate in pure chess cannot mate under the
       * 75-move bound either; otherwise the bound may still forbid it. */
      arb_unwinnable_decide (search, &q->position, (ArbColor) side, &pure, result);
      if (g_task_return_error_if_cancelled (task))
        return;
      if (result->verdict == ARB_UNWINNABLE_CANNOT_MATE)
        continue;
      answer->dead = FALSE;
      if (q->seventy_five_moves && !(result->verdict == ARB_UNWINNABLE_CAN_MATE &&
                                     line_within_seventy_five (&q->position, result)))
        arb_unwinnable_decide (search, &q->position, (ArbColor) side, &bounded, result);
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_pointer (task, g_steal_pointer (&answer), g_free);
}

/* 5.2.2: the game ended with the move of @ply; the move is stored, the
 * end is stored now (or nothing, when the file has moved on). */
static void
end_game (ArbDeadWatch *self, guint ply, ArbColor mover)
{
  ArbGame *game = self->game;
  ArbTournament *tournament = arb_game_get_tournament (game);
  ArbEdition edition = arb_game_status_get_edition (arb_game_get_status (game));
  ArbEventSettings event;
  g_autoptr (ArbRuling) ending = NULL;
  g_autoptr (GError) error = NULL;

  if (!arb_ruling_event_settings (tournament, &event, NULL, NULL))
    arb_event_settings_init (&event, edition, ARB_CATEGORY_STANDARD);
  event.edition = edition;
  ending = arb_laws_game_end (&event, ARB_GAME_EVENT_DEAD_POSITION, mover);
  if (ending == NULL)
    return;
  if (!arb_tournament_end_game_at_ply (tournament, arb_game_get_id (game), (int) ply, ending,
                                       &error))
    {
      /* Another desk stored a move or a result first: what it stored
       * stands, and the next change brings the next question. */
      if (g_error_matches (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT))
        g_debug ("Round %d board %d: %s", arb_game_get_round (game), arb_game_get_board (game),
                 error->message);
      else
        g_warning ("Round %d board %d: the dead position could not be stored: %s",
                   arb_game_get_round (game), arb_game_get_board (game), error->message);
      return;
    }
  g_clear_error (&error);
  /* The game follows the file: result, end ruling, the clock stopped. */
  if (!arb_game_reload (game, &error))
    g_warning ("Round %d board %d: the game cannot be read again: %s", arb_game_get_round (game),
               arb_game_get_board (game), error->message);
}

static void
examined_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  ArbDeadWatch *self = ARB_DEAD_WATCH (source);
  GTask *task = G_TASK (res);
  const Question *q = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autofree Answer *answer = g_task_propagate_pointer (task, &error);
  Where now;

  /* A stale question (cancelled when the next move came) is dropped. */
  if (answer == NULL || g_task_get_cancellable (task) != self->cancellable)
    return;
  g_clear_object (&self->cancellable);
  if (self->game == NULL)
    return;
  where_of_game (self->game, &now);
  if (!where_equal (&now, &q->where))
    return;

  g_free (self->answer);
  self->answer = g_steal_pointer (&answer);
  if (self->answer->dead && !arb_game_is_finished (self->game) &&
      !arb_game_is_read_only (self->game))
    end_game (self, q->where.ply, !q->position.side_to_move);
  g_signal_emit (self, signals[UPDATED], 0);
}

/* A question for the game's current position, unless it was asked. */
static void
ask (ArbDeadWatch *self)
{
  g_autoptr (GTask) task = NULL;
  Question *q;
  Where where;

  if (self->game == NULL)
    return;
  where_of_game (self->game, &where);
  if (self->asked && where_equal (&where, &self->asked_where))
    return;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->answer, g_free);
  self->asked = TRUE;
  self->asked_where = where;
  /* A finished game has nothing left to decide, nor has one whose moves
   * ended it already (a mate or stalemate read from a file without its
   * result): a stalemate is no dead position to store. */
  if (arb_game_is_finished (self->game) ||
      arb_game_status_get_end (arb_game_get_status (self->game), NULL, NULL))
    return;

  q = g_new0 (Question, 1);
  q->where = where;
  q->position = *arb_game_get_position (self->game, where.ply);
  q->budget = self->budget;
  q->seventy_five_moves =
    arb_game_status_get_edition (arb_game_get_status (self->game)) >= ARB_EDITION_2014;

  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, examined_cb, NULL);
  g_task_set_source_tag (task, ask);
  g_task_set_name (task, "arb-dead-watch");
  g_task_set_task_data (task, q, g_free);
  g_task_run_in_thread (task, examine);
}

static void
game_changed_cb (ArbGame *game, ArbDeadWatch *self)
{
  ask (self);
}

static void
arb_dead_watch_dispose (GObject *object)
{
  ArbDeadWatch *self = ARB_DEAD_WATCH (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->game != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->game);
      g_object_remove_weak_pointer (G_OBJECT (self->game), (gpointer *) &self->game);
      self->game = NULL;
    }
  G_OBJECT_CLASS (arb_dead_watch_parent_class)->dispose (object);
}

static void
arb_dead_watch_finalize (GObject *object)
{
  ArbDeadWatch *self = ARB_DEAD_WATCH (object);

  g_free (self->answer);
  G_OBJECT_CLASS (arb_dead_watch_parent_class)->finalize (object);
}

static void
arb_dead_watch_class_init (ArbDeadWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_dead_watch_dispose;
  object_class->finalize = arb_dead_watch_finalize;

  signals[UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
arb_dead_watch_init (ArbDeadWatch *self)
{
  self->budget = ARB_UNWINNABLE_DEFAULT_BUDGET;
}

ArbDeadWatch *
arb_dead_watch_peek (ArbGame *game)
{
  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  return g_object_get_data (G_OBJECT (game), WATCH_KEY);
}

ArbDeadWatch *
arb_dead_watch_get (ArbGame *game)
{
  ArbDeadWatch *self;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  self = arb_dead_watch_peek (game);
  if (self != NULL)
    return self;
  self = g_object_new (ARB_TYPE_DEAD_WATCH, NULL);
  self->game = game;
  g_object_add_weak_pointer (G_OBJECT (game), (gpointer *) &self->game);
  self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (game_changed_cb), self);
  g_object_set_data_full (G_OBJECT (game), WATCH_KEY, self, g_object_unref);
  ask (self);
  return self;
}

void
arb_dead_watch_set_budget (ArbDeadWatch *self, guint64 node_budget)
{
  g_return_if_fail (ARB_IS_DEAD_WATCH (self));
  self->budget = node_budget > 0 ? node_budget : ARB_UNWINNABLE_DEFAULT_BUDGET;
}

/* The answer, if it is about the game's current position. */
static const Answer *
current_answer (ArbDeadWatch *self)
{
  Where now;

  if (self->answer == NULL || self->game == NULL)
    return NULL;
  where_of_game (self->game, &now);
  return where_equal (&now, &self->asked_where) ? self->answer : NULL;
}

gboolean
arb_dead_watch_get_verdict (ArbDeadWatch *self,
                            ArbColor side,
                            ArbUnwinnableVerdict *verdict,
                            const ArbUnwinnableResult **result)
{
  const Answer *answer;

  g_return_val_if_fail (ARB_IS_DEAD_WATCH (self), FALSE);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, FALSE);

  answer = current_answer (self);
  if (answer == NULL)
    return FALSE;
  if (verdict != NULL)
    *verdict = answer->result[side].verdict;
  if (result != NULL)
    *result = &answer->result[side];
  return TRUE;
}

gboolean
arb_dead_watch_is_dead (ArbDeadWatch *self)
{
  const Answer *answer;

  g_return_val_if_fail (ARB_IS_DEAD_WATCH (self), FALSE);
  answer = current_answer (self);
  return answer != NULL && answer->dead;
}

gboolean
arb_dead_watch_is_busy (ArbDeadWatch *self)
{
  g_return_val_if_fail (ARB_IS_DEAD_WATCH (self), FALSE);
  return self->cancellable != NULL;
}
