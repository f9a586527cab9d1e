/* arb-game.c: one game of a round, as the workstation follows it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-game"

#include "config.h"

#include "arb-game.h"

#include "arb-i18n.h"

#include <string.h>

#include "arb-flag-path.h"
#include "arb-laws.h"
#include "arb-move-path.h"
#include "arb-ruling-apply.h"
#include "arb-san.h"
#include "arb-tournament-clock.h"
#include "arb-tournament-rounds.h"
#include "arb-tournament-ruling.h"
#include "arb-tournament-live.h"

struct _ArbGame
{
  GObject parent_instance;

  /* Owned */
  ArbTournament *tournament;
  ArbClock *clock;
  ArbGameStatus *status;
  ArbGameInfo *info;
  ArbPlayerInfo *players[2];
  GArray *positions; /* ArbPosition, ply 0 .. n_plies */
  GArray *moves;     /* ArbMove, index ply - 1 */
  GArray *sans;      /* char[ARB_SAN_MAX], index ply - 1 */

  ArbEdition edition;
  /* The stored ruling that ended the game, if one did. */
  ArbRuling *end_ruling;
  guint illegal_moves[2];
  gboolean adjourned;
  gboolean flag_recorded[2];
  /* A move could not be stored: what the writer enters next was meant for
   * a position the game may no longer have (see arb_game_play_move). */
  gboolean needs_look;
  /* Shown for reading only: an earlier round, a file another desk holds. */
  gboolean read_only;
  /* Arbiter keeps this game's clock (see arb_game_is_clock_kept()). */
  gboolean clock_kept;
  /* The record leaves the clock running (a start or resumption with no
   * pause after it), though the game opens with it stopped. */
  gboolean stored_running;
};

G_DEFINE_FINAL_TYPE (ArbGame, arb_game, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef char ArbSanText[ARB_SAN_MAX];

static void
arb_game_finalize (GObject *object)
{
  ArbGame *self = ARB_GAME (object);

  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  g_clear_object (&self->tournament);
  g_clear_pointer (&self->status, arb_game_status_free);
  g_clear_pointer (&self->info, arb_game_info_free);
  g_clear_pointer (&self->players[0], arb_player_info_free);
  g_clear_pointer (&self->players[1], arb_player_info_free);
  g_clear_pointer (&self->positions, g_array_unref);
  g_clear_pointer (&self->moves, g_array_unref);
  g_clear_pointer (&self->sans, g_array_unref);
  g_clear_pointer (&self->end_ruling, arb_ruling_free);

  G_OBJECT_CLASS (arb_game_parent_class)->finalize (object);
}

static void
arb_game_class_init (ArbGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arb_game_finalize;

  /**
   * ArbGame::changed:
   *
   * A move, a clock action, a flag or a result was stored and applied.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
arb_game_init (ArbGame *self)
{
  self->positions = g_array_sized_new (FALSE, FALSE, sizeof (ArbPosition), 128);
  self->moves = g_array_sized_new (FALSE, FALSE, sizeof (ArbMove), 128);
  self->sans = g_array_sized_new (FALSE, FALSE, sizeof (ArbSanText), 128);
}

static gint64
clamp_ms (gint64 us)
{
  return us <= 0 ? 0 : us / 1000;
}

static gboolean
load_players (ArbGame *self, GError **error)
{
  /* Each player by id: a round of many boards does not read every
   * player of the event for each game. */
  if (self->info->white_id != 0)
    {
      self->players[ARB_WHITE] =
        arb_tournament_get_player (self->tournament, self->info->white_id, error);
      if (self->players[ARB_WHITE] == NULL)
        return FALSE;
    }
  if (self->info->black_id != 0)
    {
      self->players[ARB_BLACK] =
        arb_tournament_get_player (self->tournament, self->info->black_id, error);
      if (self->players[ARB_BLACK] == NULL)
        return FALSE;
    }
  return TRUE;
}

/* The illegal moves of each side, from the record of irregularities; and
 * whether a sealed move waits in an unopened envelope. */
static void
load_irregularities (ArbGame *self)
{
  g_autoptr (GPtrArray) irregularities = NULL;
  g_autoptr (ArbSealedMoveInfo) envelope = NULL;
  g_autoptr (GError) error = NULL;

  irregularities = arb_tournament_list_irregularities (self->tournament, self->info->id, &error);
  if (irregularities == NULL)
    g_warning ("Round %d board %d: %s", self->info->round, self->info->board, error->message);
  for (guint i = 0; irregularities != NULL && i < irregularities->len; i++)
    {
      const ArbIrregularityInfo *irr = g_ptr_array_index (irregularities, i);

      if (g_strcmp0 (irr->kind, "illegal-move") != 0)
        continue;
      if (irr->side != ARB_COLOR_NONE)
        self->illegal_moves[irr->side]++;
    }

  g_clear_error (&error);
  envelope = arb_tournament_get_sealed_move (self->tournament, self->info->id, &error);
  if (error != NULL)
    g_warning ("Round %d board %d: %s", self->info->round, self->info->board, error->message);
  self->adjourned = envelope != NULL;
}

/* The stored ruling that set the game's result: the last one with a
 * result, if the game is over. */
static void
load_end_ruling (ArbGame *self)
{
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (GError) error = NULL;

  g_clear_pointer (&self->end_ruling, arb_ruling_free);
  if (self->info->result == ARB_RESULT_ONGOING)
    return;
  rulings = arb_tournament_list_rulings (self->tournament, self->info->id, &error);
  if (rulings == NULL)
    {
      g_warning ("Round %d board %d: %s", self->info->round, self->info->board, error->message);
      return;
    }
  for (guint i = rulings->len; i > 0 && self->end_ruling == NULL; i--)
    {
      g_autoptr (ArbRuling) ruling =
        arb_tournament_ruling_from_record (g_ptr_array_index (rulings, i - 1), NULL);

      if (ruling != NULL && arb_ruling_get_result (ruling) == self->info->result)
        self->end_ruling = g_steal_pointer (&ruling);
    }
}

/* A clock that was running when the program stopped comes back from its last
 * checkpoint (written about every second, see arb_game_store_checkpoints()),
 * when that checkpoint belongs to the current ply and is newer than every
 * move and clock event stored since: a crash then loses at most the second
 * before it, not the whole move in progress. The clock comes back stopped,
 * as after any load. */
static void
recover_checkpoint (ArbGame *self)
{
  g_autofree char *state = NULL;
  ArbClockSnapshot snapshot;

  state = arb_tournament_get_fresh_clock_checkpoint (self->tournament, self->info->id,
                                                     (int) self->moves->len, NULL);
  if (state == NULL || !arb_clock_snapshot_from_string (state, &snapshot, NULL) ||
      snapshot.plies != self->moves->len)
    return;
  arb_clock_restore_snapshot (self->clock, &snapshot);
}

/* The game as the replay of its stored moves gives it, and the last times
 * stored with a move. */
typedef struct
{
  ArbGame *self;
  gint64 white_ms; /* -1 while no move had both times */
  gint64 black_ms;
} Replay;

static void
push_stored_move_cb (const ArbPosition *before, const ArbStoredMove *m, gpointer user_data)
{
  Replay *replay = user_data;
  ArbGame *self = replay->self;
  ArbPosition pos = *before;
  ArbSanText san;
  ArbUndo undo;

  g_strlcpy (san, m->san, sizeof san);
  arb_game_status_push (self->status, m->move);
  arb_position_make_move (&pos, m->move, &undo);
  g_array_append_val (self->positions, pos);
  g_array_append_val (self->moves, m->move);
  g_array_append_val (self->sans, san);
  if (m->white_ms >= 0 && m->black_ms >= 0)
    {
      replay->white_ms = m->white_ms;
      replay->black_ms = m->black_ms;
    }
}

/* Reads the game's moves again into positions, moves, SANs and status. */
static gboolean
replay_stored_moves (ArbGame *self, Replay *replay, GError **error)
{
  ArbPosition start = g_array_index (self->positions, ArbPosition, 0);

  g_array_set_size (self->positions, 1);
  g_array_set_size (self->moves, 0);
  g_array_set_size (self->sans, 0);
  arb_game_status_reset (self->status, &start);
  replay->self = self;
  replay->white_ms = replay->black_ms = -1;
  return arb_tournament_replay_game (self->tournament, self->info, NULL, NULL, push_stored_move_cb,
                                     replay, error);
}

/* Brings the clock back from the last stored times: those of the last move,
 * then any clock event recorded after it, in the order recorded. */
static void
restore_clock (ArbGame *self, const Replay *replay)
{
  g_autoptr (GArray) events = NULL;
  g_autoptr (GError) error = NULL;
  const ArbPosition *pos = arb_game_get_position (self, self->moves->len);
  const ArbPosition *start = arb_game_get_position (self, 0);
  ArbClockSnapshot snap = { 0 };
  guint n_plies = self->moves->len;
  gboolean have_state = n_plies > 0;
  guint first = 0;

  snap.version = 1;
  snap.first_flag = ARB_COLOR_NONE;
  snap.to_move = pos->side_to_move;
  snap.plies = n_plies;
  /* Each side's completed moves; the side that started has one more after
   * an odd number of plies. */
  snap.moves[start->side_to_move] = (n_plies + 1) / 2;
  snap.moves[!start->side_to_move] = n_plies / 2;
  snap.remaining_us[ARB_WHITE] = arb_clock_get_remaining_us (self->clock, ARB_WHITE);
  snap.remaining_us[ARB_BLACK] = arb_clock_get_remaining_us (self->clock, ARB_BLACK);
  if (replay->white_ms >= 0 && replay->black_ms >= 0)
    {
      snap.remaining_us[ARB_WHITE] = replay->white_ms * 1000;
      snap.remaining_us[ARB_BLACK] = replay->black_ms * 1000;
    }

  events = arb_tournament_list_clock_events (self->tournament, self->info->id, &error);
  if (events == NULL)
    g_warning ("Round %d board %d: %s", self->info->round, self->info->board, error->message);
  /* Arbiter keeps the clock of a game whose clock it has run (any clock
   * event) or whose moves came with times (entered here, or from an
   * e-board's clock); a game paired and never touched has its clock on
   * the table only. */
  self->clock_kept =
    (events != NULL && events->len > 0) || (replay->white_ms >= 0 && replay->black_ms >= 0);

  /* A "restore" event (a ruling, see arb-ruling-apply.h) sets both times;
   * events recorded before it belong to a line of play that was taken
   * back, so only the last restore and what follows it count. */
  for (guint i = 0; events != NULL && i < events->len; i++)
    if (g_array_index (events, ArbClockEventInfo, i).kind == ARB_CLOCK_EVENT_RESTORE)
      first = i;
  self->stored_running = FALSE;
  for (guint i = 0; events != NULL && i < events->len; i++)
    switch (g_array_index (events, ArbClockEventInfo, i).kind)
      {
      case ARB_CLOCK_EVENT_START:
      case ARB_CLOCK_EVENT_RESUME:
      case ARB_CLOCK_EVENT_PRESS:
        self->stored_running = TRUE;
        break;
      case ARB_CLOCK_EVENT_PAUSE:
      case ARB_CLOCK_EVENT_FLAG:
      case ARB_CLOCK_EVENT_RESTORE:
      case ARB_CLOCK_EVENT_RECOVER:
        self->stored_running = FALSE;
        break;
      default:
        break;
      }
  for (guint i = first; events != NULL && i < events->len; i++)
    {
      const ArbClockEventInfo *e = &g_array_index (events, ArbClockEventInfo, i);
      gboolean has_side = e->side == ARB_WHITE || e->side == ARB_BLACK;

      if (e->ply < (int) n_plies)
        continue;
      have_state = TRUE;
      if (e->white_ms >= 0 && e->black_ms >= 0)
        {
          snap.remaining_us[ARB_WHITE] = e->white_ms * 1000;
          snap.remaining_us[ARB_BLACK] = e->black_ms * 1000;
        }
      if (e->kind == ARB_CLOCK_EVENT_FLAG && has_side)
        {
          snap.flag[e->side] = TRUE;
          self->flag_recorded[e->side] = TRUE;
          if (snap.first_flag == ARB_COLOR_NONE)
            snap.first_flag = (ArbColor) e->side;
        }
      else if (e->kind == ARB_CLOCK_EVENT_SET_MOVES && has_side)
        snap.moves[e->side] = (guint) e->amount;
    }

  if (!have_state)
    return;
  snap.started = TRUE;
  snap.paused = TRUE;
  if (!arb_clock_restore_snapshot (self->clock, &snap))
    g_warning ("Round %d board %d: the stored clock times could not be restored", self->info->round,
               self->info->board);
}

static void flag_fell_cb (ArbClock *clock, int side, gint64 instant, ArbGame *self);

ArbGame *
arb_game_load (ArbTournament *tournament,
               gint64 game_id,
               const ArbTimeControl *tc,
               ArbEdition edition,
               GError **error)
{
  g_autoptr (ArbGame) self = NULL;
  Replay replay;
  ArbPosition pos;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), NULL);
  g_return_val_if_fail (tc != NULL, NULL);

  self = g_object_new (ARB_TYPE_GAME, NULL);
  self->tournament = g_object_ref (tournament);
  self->edition = edition;
  self->info = arb_tournament_get_game (tournament, game_id, error);
  if (self->info == NULL)
    return NULL;
  if (!load_players (self, error))
    return NULL;

  if (self->info->start_fen != NULL)
    {
      if (!arb_position_set_fen (&pos, self->info->start_fen, ARB_FEN_FLAGS_NONE, NULL) &&
          !arb_position_set_fen (&pos, self->info->start_fen, ARB_FEN_CHESS960, error))
        return NULL;
    }
  else
    arb_position_set_start (&pos);
  g_array_append_val (self->positions, pos);

  self->status = arb_game_status_new (&pos);
  arb_game_status_set_edition (self->status, edition);
  if (!replay_stored_moves (self, &replay, error))
    return NULL;

  self->clock = arb_clock_new (tc);
  if (arb_game_get_position (self, 0)->side_to_move == ARB_BLACK)
    arb_clock_set_first_side (self->clock, ARB_BLACK);
  restore_clock (self, &replay);
  recover_checkpoint (self);
  load_irregularities (self);
  load_end_ruling (self);
  g_signal_connect (self->clock, "flag-fell", G_CALLBACK (flag_fell_cb), self);

  return g_steal_pointer (&self);
}

ArbTournament *
arb_game_get_tournament (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return self->tournament;
}

gint64
arb_game_get_id (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  return self->info->id;
}

int
arb_game_get_round (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  return self->info->round;
}

int
arb_game_get_board (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  return self->info->board;
}

const ArbPlayerInfo *
arb_game_get_player (ArbGame *self, ArbColor side)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, NULL);
  return self->players[side];
}

ArbResult
arb_game_get_result (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), ARB_RESULT_ONGOING);
  return self->info->result;
}

gboolean
arb_game_is_finished (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return self->info->result != ARB_RESULT_ONGOING;
}

guint
arb_game_get_n_plies (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  return self->moves->len;
}

const ArbPosition *
arb_game_get_position (ArbGame *self, guint ply)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  if (ply >= self->positions->len)
    return NULL;
  return &g_array_index (self->positions, ArbPosition, ply);
}

ArbMove
arb_game_get_move (ArbGame *self, guint ply)
{
  g_return_val_if_fail (ARB_IS_GAME (self), ARB_MOVE_NONE);
  if (ply == 0 || ply > self->moves->len)
    return ARB_MOVE_NONE;
  return g_array_index (self->moves, ArbMove, ply - 1);
}

const char *
arb_game_get_san (ArbGame *self, guint ply)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  if (ply == 0 || ply > self->sans->len)
    return NULL;
  return g_array_index (self->sans, ArbSanText, ply - 1);
}

ArbClock *
arb_game_get_clock (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return self->clock;
}

const ArbGameStatus *
arb_game_get_status (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return self->status;
}

guint
arb_game_get_illegal_moves (ArbGame *self, ArbColor side)
{
  g_return_val_if_fail (ARB_IS_GAME (self), 0);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, 0);
  return self->illegal_moves[side];
}

gboolean
arb_game_is_adjourned (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return self->adjourned;
}

gboolean
arb_game_has_flag_fallen (ArbGame *self, ArbColor *side)
{
  int first;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  first = arb_clock_get_first_flag (self->clock);
  if (first < 0)
    return FALSE;
  if (side != NULL)
    *side = (ArbColor) first;
  return TRUE;
}

/* Every change a game view can ask for passes here first. */
static gboolean
check_writable (ArbGame *self, GError **error)
{
  if (!self->read_only)
    return TRUE;
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_READ_ONLY,
               /* Translators: shown where the arbiter tried to change the game */
               _ ("Round %d board %d is open for reading only here"), self->info->round,
               self->info->board);
  return FALSE;
}

static gboolean
record_clock (ArbGame *self,
              ArbClockEventKind kind,
              ArbColor side,
              gint64 amount_ms,
              GError **error)
{
  ArbClockEventRecord record = {
    .ply = (int) self->moves->len,
    .kind = kind,
    .side = side,
    .wall_time = NULL,
    .amount_ms = amount_ms,
    .white_ms = clamp_ms (arb_clock_get_remaining_us (self->clock, ARB_WHITE)),
    .black_ms = clamp_ms (arb_clock_get_remaining_us (self->clock, ARB_BLACK)),
  };

  return arb_tournament_add_clock_event (self->tournament, self->info->id, &record, error) != 0;
}

/* The game is over at the table: its running clock stops, as the
 * arbiter would stop it, and the pause is recorded. The result is
 * stored already; the record is not needed to read the game again (a
 * finished game's clock never runs), so a failure to store it is only
 * reported. @when says which end it was, for that report. */
static void
stop_clock_at_end (ArbGame *self, const char *when)
{
  g_autoptr (GError) error = NULL;

  if (!arb_clock_is_running (self->clock))
    return;
  arb_clock_pause (self->clock);
  if (!record_clock (self, ARB_CLOCK_EVENT_PAUSE, ARB_COLOR_NONE, 0, &error))
    g_warning ("Round %d board %d: the clock was stopped %s, but this could not be stored: %s",
               self->info->round, self->info->board, when, error->message);
}

static void game_event_settings (ArbGame *self, ArbEventSettings *event);

/* The flag through the one path of a flag (arb-flag-path.h): stored, and
 * when the opponent cannot checkmate the game is drawn with it (6.9), in
 * the same transaction. A loss on time is the arbiter's to confirm (6.8):
 * the flag alone is stored and the views offer the ruling. */
static gboolean
record_flag (ArbGame *self, ArbColor side, GError **error)
{
  g_autoptr (ArbRuling) ending = NULL;
  ArbEventSettings event;

  if (arb_game_is_finished (self))
    return record_clock (self, ARB_CLOCK_EVENT_FLAG, side, 0, error);
  game_event_settings (self, &event);
  if (!arb_flag_path_record (self->tournament, self->info->id, (int) self->moves->len,
                             arb_game_get_position (self, self->moves->len), &event, side,
                             clamp_ms (arb_clock_get_remaining_us (self->clock, ARB_WHITE)),
                             clamp_ms (arb_clock_get_remaining_us (self->clock, ARB_BLACK)), FALSE,
                             &ending, error))
    return FALSE;
  if (ending == NULL)
    return TRUE;
  self->info->result = arb_ruling_get_result (ending);
  g_clear_pointer (&self->end_ruling, arb_ruling_free);
  self->end_ruling = g_steal_pointer (&ending);
  /* The game is over: the clock stops, as the arbiter would stop it. */
  if (arb_clock_is_running (self->clock))
    {
      g_autoptr (GError) pause_error = NULL;

      arb_clock_pause (self->clock);
      if (!record_clock (self, ARB_CLOCK_EVENT_PAUSE, ARB_COLOR_NONE, 0, &pause_error))
        g_warning ("Round %d board %d: the clock was stopped at the end of the game, but this "
                   "could not be stored: %s",
                   self->info->round, self->info->board, pause_error->message);
    }
  return TRUE;
}

static void
flag_fell_cb (ArbClock *clock, int side, gint64 instant, ArbGame *self)
{
  g_autoptr (GError) error = NULL;

  if (side < 0 || side > 1 || self->flag_recorded[side])
    return;
  /* 6.1 (2018): the flag is the clock's fact; record it so that a reopened
   * file still shows it, then let the views know. */
  if (!record_flag (self, (ArbColor) side, &error))
    g_warning ("Round %d board %d: the flag fall could not be stored: %s", self->info->round,
               self->info->board, error->message);
  else
    self->flag_recorded[side] = TRUE;
  g_signal_emit (self, signals[CHANGED], 0);
}

const ArbRuling *
arb_game_get_end_ruling (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return self->end_ruling;
}

/* The Laws the game's moves are judged by: the event's settings, with the
 * edition the game was loaded under. */
static void
game_event_settings (ArbGame *self, ArbEventSettings *event)
{
  if (!arb_ruling_event_settings (self->tournament, event, NULL, NULL))
    arb_event_settings_init (event, self->edition, ARB_CATEGORY_STANDARD);
  event->edition = self->edition;
}

static gboolean play_move (ArbGame *self,
                           ArbMove move,
                           gint64 white_ms,
                           gint64 black_ms,
                           gboolean reported,
                           GError **error);

gboolean
arb_game_play_move (ArbGame *self, ArbMove move, GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return play_move (self, move, -1, -1, FALSE, error);
}

static gboolean play_move (ArbGame *self,
                           ArbMove move,
                           gint64 white_ms,
                           gint64 black_ms,
                           gboolean reported,
                           GError **error);

gboolean
arb_game_play_move_timed (ArbGame *self,
                          ArbMove move,
                          gint64 white_ms,
                          gint64 black_ms,
                          GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return play_move (self, move, white_ms, black_ms, TRUE, error);
}

/* @reported: the move and its times come from the table (a source); a
 * time it does not give is known only when the workstation's own clock was
 * running for the game, and is stored as unknown (-1) otherwise. */
static gboolean
play_move (ArbGame *self,
           ArbMove move,
           gint64 white_ms,
           gint64 black_ms,
           gboolean reported,
           GError **error)
{
  ArbPosition pos;
  ArbClockSnapshot before;
  ArbSanText san;
  ArbUndo undo;
  gboolean was_started;
  gboolean was_running;
  ArbEventSettings event;
  g_autoptr (ArbRuling) ending = NULL;

  g_assert (ARB_IS_GAME (self));

  if (!check_writable (self, error))
    return FALSE;
  if (self->needs_look)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CONFLICT,
                   _ ("The last move could not be stored and the game may have changed: "
                      "look at the board before entering a move"));
      return FALSE;
    }
  /* Refused before the clock is pressed: a move after an end the record
   * holds, or one that is not legal here (the path checks both again). */
  pos = *arb_game_get_position (self, self->moves->len);
  if (move == ARB_MOVE_NONE || !arb_position_is_legal (&pos, move))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE,
                   _ ("That move is not legal in this position"));
      return FALSE;
    }
  if (arb_game_is_finished (self))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: %s says how (a result, or how it was settled) */
                   _ ("The game is over (%s)"), arb_result_to_string (arb_game_get_result (self)));
      return FALSE;
    }
  if (!arb_move_path_check_open (self->status, error))
    return FALSE;
  game_event_settings (self, &event);

  /* The press gives the times to store with the move; if the file refuses
   * the move, the clock goes back to where it was. */
  arb_clock_get_snapshot (self->clock, &before);
  was_started = arb_clock_is_started (self->clock);
  was_running = arb_clock_is_running (self->clock);
  /* The first move entered at the desk starts its clock, as the arbiter's
   * start would (6.6 of the 2018 Laws); it is recorded so that the record
   * and the feed know the clock runs. Moves from the table start nothing:
   * their clock is the one on the table. */
  if (!was_started && !reported &&
      !record_clock (self, ARB_CLOCK_EVENT_START, arb_clock_get_side_to_move (self->clock), 0,
                     error))
    return FALSE;
  if (!was_started)
    arb_clock_start (self->clock);
  if (arb_clock_is_running (self->clock))
    arb_clock_press (self->clock);
  /* Times read off the clock on the table (an e-board's, a PGN's [%clk])
   * replace those of the press; a side whose time is not known keeps the
   * workstation's. */
  if (white_ms >= 0)
    arb_clock_set_time (self->clock, ARB_WHITE, white_ms * 1000);
  if (black_ms >= 0)
    arb_clock_set_time (self->clock, ARB_BLACK, black_ms * 1000);

  /* The one path of a move (arb-move-path.h) decides whether it ends the
   * game (checkmate, stalemate, a dead position, fivefold or 75 moves;
   * 5.1.1, 5.2.1, 5.2.2, 9.6 of the 2018 Laws, 9.6a of 2014 as that
   * edition words it) and stores the result and the ruling that says why
   * with the move, in one transaction: the game is over when the move is.
   * If the file refuses the move, the game is read again below. A time
   * the table did not report is the workstation's only when its clock was
   * running: a clock that only starts with this move measured nothing, and
   * an unknown time is stored as unknown rather than invented. */
  if (white_ms < 0 && (!reported || was_running))
    white_ms = clamp_ms (arb_clock_get_remaining_us (self->clock, ARB_WHITE));
  if (black_ms < 0 && (!reported || was_running))
    black_ms = clamp_ms (arb_clock_get_remaining_us (self->clock, ARB_BLACK));
  if (!arb_move_path_record (self->tournament, self->info->id, self->status, &event, move, white_ms,
                             black_ms, san, &ending, error))
    {
      if (was_started)
        {
          arb_clock_restore_snapshot (self->clock, &before);
          if (was_running)
            arb_clock_resume (self->clock);
        }
      else
        {
          /* A clock that had not started has nothing worth a snapshot. */
          ArbTimeControl tc = *arb_clock_get_time_control (self->clock);

          g_signal_handlers_disconnect_by_data (self->clock, self);
          g_object_unref (self->clock);
          self->clock = arb_clock_new (&tc);
          if (arb_game_get_position (self, 0)->side_to_move == ARB_BLACK)
            arb_clock_set_first_side (self->clock, ARB_BLACK);
          g_signal_connect (self->clock, "flag-fell", G_CALLBACK (flag_fell_cb), self);
        }
      /* Another writer stored this ply first, the game was ended
       * elsewhere, or the file could not be written: follow what is
       * stored, and refuse what comes next until the writer has looked
       * (arb_game_confirm_seen), since it was entered for the old position. */
      self->needs_look = TRUE;
      {
        g_autoptr (GError) reload_error = NULL;

        if (!arb_game_reload (self, &reload_error))
          g_warning ("Round %d board %d: the game cannot be read again: %s", self->info->round,
                     self->info->board, reload_error->message);
      }
      return FALSE;
    }

  arb_position_make_move (&pos, move, &undo);
  g_array_append_val (self->positions, pos);
  g_array_append_val (self->moves, move);
  g_array_append_val (self->sans, san);
  self->clock_kept = TRUE;
  /* A clock started only to take the times of a move from the table does
   * not go on running here; nothing was recorded that says it runs. */
  if (reported && !was_started && arb_clock_is_running (self->clock))
    arb_clock_pause (self->clock);

  if (ending != NULL)
    {
      self->info->result = arb_ruling_get_result (ending);
      g_clear_pointer (&self->end_ruling, arb_ruling_free);
      self->end_ruling = g_steal_pointer (&ending);
    }
  /* The result is stored with the move. */
  if (arb_game_status_get_end (self->status, NULL, NULL))
    stop_clock_at_end (self, "at the end of the game");

  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
arb_game_record_opening_pause (ArbGame *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  if (!self->stored_running || self->read_only || arb_game_is_finished (self))
    return TRUE;
  /* The clock was restored stopped at the last stored times; the pause
   * carries those times. */
  if (!record_clock (self, ARB_CLOCK_EVENT_PAUSE, ARB_COLOR_NONE, 0, error))
    return FALSE;
  self->stored_running = FALSE;
  return TRUE;
}

gboolean
arb_game_start_clock (ArbGame *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  if (!check_writable (self, error))
    return FALSE;
  if (arb_clock_is_started (self->clock))
    return TRUE;
  if (!record_clock (self, ARB_CLOCK_EVENT_START, arb_clock_get_side_to_move (self->clock), 0,
                     error))
    return FALSE;
  arb_clock_start (self->clock);
  self->clock_kept = TRUE;
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
arb_game_pause (ArbGame *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  if (!check_writable (self, error))
    return FALSE;
  if (!arb_clock_is_running (self->clock))
    return TRUE;
  arb_clock_pause (self->clock);
  if (!record_clock (self, ARB_CLOCK_EVENT_PAUSE, ARB_COLOR_NONE, 0, error))
    {
      arb_clock_resume (self->clock);
      return FALSE;
    }
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
arb_game_resume (ArbGame *self, GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  if (!check_writable (self, error))
    return FALSE;
  if (arb_game_is_finished (self) || self->adjourned)
    return TRUE;
  if (!arb_clock_is_started (self->clock))
    return arb_game_start_clock (self, error);
  if (!arb_clock_is_paused (self->clock))
    return TRUE;
  if (!record_clock (self, ARB_CLOCK_EVENT_RESUME, ARB_COLOR_NONE, 0, error))
    return FALSE;
  arb_clock_resume (self->clock);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
arb_game_add_time (ArbGame *self, ArbColor side, gint64 delta_ms, GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, FALSE);

  if (!check_writable (self, error))
    return FALSE;
  if (!arb_clock_add_time (self->clock, side, delta_ms * 1000))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("The clock cannot be adjusted now"));
      return FALSE;
    }
  if (!record_clock (self, ARB_CLOCK_EVENT_ADD_TIME, side, delta_ms, error))
    {
      arb_clock_add_time (self->clock, side, -delta_ms * 1000);
      return FALSE;
    }
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
arb_game_set_moves (ArbGame *self, ArbColor side, guint moves, GError **error)
{
  guint old;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, FALSE);

  if (!check_writable (self, error))
    return FALSE;
  old = arb_clock_get_moves (self->clock, side);
  if (!arb_clock_set_moves (self->clock, side, moves))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("The move counter cannot be set now"));
      return FALSE;
    }
  if (!record_clock (self, ARB_CLOCK_EVENT_SET_MOVES, side, moves, error))
    {
      arb_clock_set_moves (self->clock, side, old);
      return FALSE;
    }
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

void
arb_game_set_read_only (ArbGame *self, gboolean read_only)
{
  g_return_if_fail (ARB_IS_GAME (self));

  read_only = !!read_only;
  if (self->read_only == read_only)
    return;
  self->read_only = read_only;
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
arb_game_is_clock_kept (ArbGame *self)
{
  const ArbTimeControl *tc;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  if (!self->clock_kept)
    return FALSE;
  /* Without a time control ("-" or "?") the clock counts nothing: only
   * times that came with the moves, or that the arbiter set, are times.
   * A game imported without them has none, and its 0:00 is no flag. */
  tc = arb_clock_get_time_control (self->clock);
  if (tc->kind == ARB_TIME_CONTROL_PERIODS || tc->kind == ARB_TIME_CONTROL_SANDCLOCK)
    return TRUE;
  return arb_clock_get_remaining_us (self->clock, ARB_WHITE) > 0 ||
         arb_clock_get_remaining_us (self->clock, ARB_BLACK) > 0;
}

gboolean
arb_game_is_read_only (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), TRUE);
  return self->read_only;
}

gboolean
arb_game_set_result (ArbGame *self, ArbResult result, const char *arbiter, GError **error)
{
  g_autoptr (ArbGameInfo) info = NULL;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  if (!check_writable (self, error))
    return FALSE;
  if (!arb_tournament_set_result_by (self->tournament, self->info->id, result, arbiter, error))
    return FALSE;
  info = arb_tournament_get_game (self->tournament, self->info->id, error);
  if (info == NULL)
    return FALSE;
  g_clear_pointer (&self->info, arb_game_info_free);
  self->info = g_steal_pointer (&info);

  /* A result taken back leaves the clock stopped too; the arbiter
   * starts it again when play goes on. */
  if (result != ARB_RESULT_ONGOING)
    stop_clock_at_end (self, "with the result");
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
arb_game_needs_look (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  return self->needs_look;
}

void
arb_game_confirm_seen (ArbGame *self)
{
  g_return_if_fail (ARB_IS_GAME (self));

  if (!self->needs_look)
    return;
  self->needs_look = FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Rulings: after a ruling was stored (see arb-ruling-apply.h), everything
 * the game shows is read again from the file. The clock object stays the
 * same, so views bound to it keep working; it comes back stopped. */
gboolean
arb_game_reload (ArbGame *self, GError **error)
{
  g_autoptr (ArbGameInfo) info = NULL;
  Replay replay;
  gboolean replayed;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  info = arb_tournament_get_game (self->tournament, self->info->id, error);
  if (info == NULL)
    return FALSE;
  g_clear_pointer (&self->info, arb_game_info_free);
  self->info = g_steal_pointer (&info);
  /* On a bad stored move the game keeps the moves before it. */
  replayed = replay_stored_moves (self, &replay, error);

  self->illegal_moves[0] = self->illegal_moves[1] = 0;
  self->flag_recorded[0] = self->flag_recorded[1] = FALSE;
  self->adjourned = FALSE;
  if (arb_clock_is_running (self->clock))
    arb_clock_pause (self->clock);
  restore_clock (self, &replay);
  load_irregularities (self);
  load_end_ruling (self);
  g_signal_emit (self, signals[CHANGED], 0);
  return replayed;
}

gboolean
arb_game_store_checkpoints (GPtrArray *games, GError **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GPtrArray) clocks = g_ptr_array_new ();
  ArbTournament *tournament = NULL;

  g_return_val_if_fail (games != NULL, FALSE);

  for (guint i = 0; i < games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (games, i);
      gint64 id = game->info->id;

      g_return_val_if_fail (ARB_IS_GAME (game), FALSE);
      g_return_val_if_fail (tournament == NULL || game->tournament == tournament, FALSE);
      tournament = game->tournament;
      if (!arb_clock_is_running (game->clock))
        continue;
      g_array_append_val (ids, id);
      g_ptr_array_add (clocks, game->clock);
    }

  if (ids->len == 0)
    return TRUE;
  return arb_tournament_set_clock_checkpoints (tournament, ids->len, (const gint64 *) ids->data,
                                               (ArbClock *const *) clocks->pdata, error);
}
