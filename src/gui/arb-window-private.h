/* arb-window-private.h: what the files of ArbWindow share
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ArbWindow is one type split by concern, as GNOME Text Editor splits its
 * window:
 *
 *   arb-window.c          the shell: pages, the tick, search, the game view
 *   arb-window-rounds.c   the rounds: switching, earlier rounds read and
 *                         unlocked, results entered board by board
 *   arb-window-event.c    the event with the pairing program and the other
 *                         desks: import, export, the desk lock, following
 *                         what others write
 *   arb-window-lock.c     a desk that reads while another writes: what it
 *                         says, taking over writing
 *   arb-window-sources.c  the round being played fed by its sources (PGN,
 *                         e-boards): the Sources of Moves dialog, the
 *                         sources' alerts on the cards
 *   arb-window-teams.c    the team matches of the round beside its boards
 *   arb-window-floor.c    the arbiters' service hosted here, and what the
 *                         floor sends: the calls, incidents, results and
 *                         clock readings
 */

#pragma once

#include "arb-window.h"

#include "arb-desk-client.h"
#include "arb-desk-lock.h"
#include "arb-call-queue.h"
#include "arb-file-follower.h"
#include "arb-team-server.h"
#include "arb-time-control.h"

G_BEGIN_DECLS

struct _ArbWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  AdwHeaderBar *header_bar;
  GtkMenuButton *primary_menu_button;
  AdwStatusPage *empty_page;
  AdwToastOverlay *toast_overlay;
  GtkStack *main_stack;
  AdwWindowTitle *round_title;
  AdwWindowTitle *game_title;
  GtkToggleButton *search_button;
  GtkToggleButton *attention_button;
  GtkSearchBar *search_bar;
  GtkSearchEntry *search_entry;
  GtkRevealer *paused_revealer;
  GtkLabel *paused_label;
  GtkStack *round_stack;
  GtkScrolledWindow *grid_scroller;
  GtkFlowBox *board_grid;
  GtkLabel *byes_label; /* the round's byes, under its boards */
  GtkScrolledWindow *match_panel;
  GtkListBox *match_list;
  ArbGameView *game_view;
  GMenu *recent_menu;
  GtkDropDown *round_dropdown;
  GtkStringList *round_names;
  GtkToggleButton *results_button;
  GtkRevealer *desk_revealer;
  GtkLabel *desk_label;
  GtkButton *take_over_button;
  GtkButton *chief_sign_in_button;
  GtkRevealer *closed_revealer;
  GtkLabel *closed_label;
  GtkButton *unlock_button;
  GtkRevealer *results_revealer;
  GtkEntry *results_entry;
  GtkLabel *results_summary;
  GtkLabel *results_feedback;
  GtkDropDown *arbiter_dropdown;
  GtkStringList *arbiter_names;
  GtkRevealer *progress_revealer;
  GtkProgressBar *progress_bar;
  GtkLabel *progress_label;
  GtkToggleButton *calls_button; /* shows the call queue; its count over it */
  GtkLabel *calls_count;
  GtkRevealer *calls_revealer;
  ArbCallQueue *call_queue;

  /* Borrowed references */
  GSettings *settings; /* the application's; NULL when not installed */

  /* Owned references */
  ArbTournament *tournament;
  GPtrArray *games;            /* ArbGame of the round shown, by board */
  GPtrArray *live_games;       /* ArbGame of the last round, whose clocks run */
  GPtrArray *rounds;           /* ArbRoundInfo */
  GHashTable *flags_announced; /* game ids whose flag fall was announced */
  GHashTable *ends_announced;  /* game ids whose automatic end was announced */
  char *query;                 /* case-folded search, or NULL */
  GPtrArray *undo;             /* ResultUndo: the results entered, last last */
  ArbDeskLock *desk_lock;      /* held while this window writes the file */
  ArbDeskHolder *desk_holder;  /* who writes it, while this window reads */
  ArbDeskState desk_state;     /* of the lock, as last looked at while reading */
  guint desk_poll_id;          /* looks at the lock while reading */
  ArbFileFollower *follower;
  GCancellable *task_cancellable;    /* an import or export running */
  ArbPublisher *publisher;           /* the round on the network and on lichess */
  GtkWindow *publish_dialog;         /* weak */
  GtkWindow *broadcast_dialog;       /* weak */
  ArbNetWorker *net_worker;          /* the sources' */
  ArbRoundSources *round_sources;    /* feed the live games; NULL when read only */
  GtkWindow *sources_dialog;         /* weak */
  GtkWindow *entries_dialog;         /* weak: Byes and Withdrawals… */
  GtkWindow *team_dialog;            /* weak: Arbiters' Team… */
  ArbTeamServer *team_server;        /* the arbiters' service, while it runs */
  char *team_address;                /* HOST:PORT it listens at, while it runs */
  GSimpleActionGroup *floor_actions; /* floor.serve */
  GPtrArray *floor_toasts;           /* AdwToast: the incidents shown, of this event */
  char *import_warnings;             /* what the last import went against, or NULL */
  GtkWindow *replace_dialog;         /* weak: the results desk's question */
  ArbDeskClient *chief_client;       /* a deputy signed in to the chief's desk, or NULL */
  GCancellable *chief_cancellable;
  GPtrArray
    *shown_cards; /* ArbBoardCard in view (borrowed), see _arb_window_update_shown_cards() */
  guint shown_idle_id;
  guint rest_cards_id; /* shows the cards past the first screenfuls */
  ArbTimeControl time_control;
  ArbEdition edition;

  guint tick_id;
  guint checkpoint_id;
  guint pulse_id;      /* the progress bar of an import that cannot say how far it is */
  int round;           /* shown */
  int last_round;      /* the round being played */
  int unlocked_round;  /* an earlier round opened for corrections, or 0 */
  char *unlock_reason; /* why it was, recorded with each correction in it */
};

/* arb-window.c */
void _arb_window_schedule_tick (ArbWindow *self);
/* Which cards are in view: those tick, the others wait until they come
 * into view. Now, or after the next layout. */
void _arb_window_update_shown_cards (ArbWindow *self);
void _arb_window_queue_update_shown_cards (ArbWindow *self);
void _arb_window_update_clock_actions (ArbWindow *self);
void _arb_window_update_round_subtitle (ArbWindow *self);
void _arb_window_update_round_page (ArbWindow *self);
void _arb_window_apply_view_settings (ArbWindow *self);
void _arb_window_game_changed_cb (ArbGame *game, ArbWindow *self);
void _arb_window_note_known_alerts (ArbWindow *self, GPtrArray *games);
void _arb_window_pause_all (ArbWindow *self);
gboolean _arb_window_on_game_page (ArbWindow *self);
/* Opens the tournament at `path` with `lock` (NULL: none could be made)
 * or, when `holder` is not NULL, for reading; takes both. */
gboolean _arb_window_open_with_lock (ArbWindow *self,
                                     const char *path,
                                     ArbDeskLock *lock,
                                     ArbDeskHolder *holder,
                                     gboolean start_clocks,
                                     GError **error);
void _arb_window_show_toast (ArbWindow *self, const char *message);

/* arb-window-replica.c */
/* What the banner says of a deputy's replica or a former desk; NULL for the writing desk. */
char *_arb_window_dup_replica_words (ArbWindow *self);
gboolean _arb_window_is_replica (ArbWindow *self);
void _arb_window_ask_replica_take_over (ArbWindow *self);
void _arb_window_follow_role (ArbWindow *self);

/* arb-window-chief.c: a deputy's replica writing through the chief's desk */
gboolean _arb_window_writes_through_chief (ArbWindow *self);
void _arb_window_send_result_to_chief (ArbWindow *self,
                                       ArbGame *game,
                                       ArbResult result,
                                       const char *reason);
void _arb_window_chief_dispose (ArbWindow *self);
/* The sign-in button of a replica's banner, shown while none stands. */
void _arb_window_update_chief_button (ArbWindow *self);
void _arb_window_chief_class_init (GtkWidgetClass *widget_class);

/* arb-window-rounds.c */
void _arb_window_rounds_class_init (GtkWidgetClass *widget_class);
/* arb-window-boards.c: win.move-board (the game's id), installed by the rounds */
void _arb_window_boards_class_init (GtkWidgetClass *widget_class);
void _arb_window_rounds_init (ArbWindow *self);
void _arb_window_rounds_dispose (ArbWindow *self);
/* Reads the list of rounds again and shows `round` (0: the last). */
gboolean _arb_window_load_rounds (ArbWindow *self, int round, GError **error);
gboolean _arb_window_show_round (ArbWindow *self, int round, GError **error);
/* The line under the boards again: the round's byes, and what the desk
 * recorded of its players (arb-window-rounds.c). */
void _arb_window_update_byes (ArbWindow *self);
/* The games of the round shown let go (cards, game view). */
void _arb_window_clear_shown (ArbWindow *self);
void _arb_window_clear_live (ArbWindow *self);
/* The arbiter who acts now: the one chosen in the results bar, else the
 * name in Preferences; NULL when none is known. */
char *_arb_window_dup_arbiter (ArbWindow *self);
void _arb_window_update_arbiters (ArbWindow *self);
void _arb_window_update_results_summary (ArbWindow *self);
ArbGame *_arb_window_find_shown_game (ArbWindow *self, gint64 game_id);
/* The round shown or being played, unless this window only reads, or an
 * earlier round unlocked for corrections. */
gboolean _arb_window_round_is_writable (ArbWindow *self, int round);

/* arb-window-desk.c: the results desk */
void _arb_window_desk_class_init (GtkWidgetClass *widget_class);
void _arb_window_desk_init (ArbWindow *self);
void _arb_window_desk_dispose (ArbWindow *self);
/* After a round is shown: the answer about another round's board goes,
 * and Undo follows the results of the round shown. */
void _arb_window_desk_round_shown (ArbWindow *self, gboolean other_round);
/* Gives the card of @game the keyboard focus, when it is shown. */
void _arb_window_focus_game (ArbWindow *self, ArbGame *game);

/* arb-window-teams.c: the matches of the round shown and their scores,
 * read again; the panel shows only in a round of team matches. */
void _arb_window_update_team_matches (ArbWindow *self);

/* arb-window-event.c */
void _arb_window_event_class_init (GtkWidgetClass *widget_class);
void _arb_window_event_dispose (ArbWindow *self);

/* arb-window-print.c */
void _arb_window_print_class_init (GtkWidgetClass *widget_class);
/* Takes the desk lock, or learns who holds it and shows the banner; then
 * follows what others write. FALSE only when the window cannot write and
 * cannot read either. */
void _arb_window_start_desk (ArbWindow *self, const char *path);
void _arb_window_stop_desk (ArbWindow *self);
gboolean _arb_window_is_read_only (ArbWindow *self);

/* arb-window-lock.c */
void _arb_window_lock_class_init (GtkWidgetClass *widget_class);
/* "This desk reads only: the file is written at HOST since 14:02.", or
 * NULL when this window writes. */
char *_arb_window_dup_read_only_words (ArbWindow *self);
/* The banner as the desk lock is: reading (and whether it may take over),
 * or writing (no banner). */
void _arb_window_update_desk_banner (ArbWindow *self);
/* A write asked of a desk that reads: the banner and a toast say why
 * nothing is written. */
void _arb_window_say_read_only (ArbWindow *self);
/* Looks at the lock every two seconds while the window reads. */
void _arb_window_watch_desk (ArbWindow *self);
void _arb_window_unwatch_desk (ArbWindow *self);

/* arb-window-sources.c */
void _arb_window_sources_class_init (GtkWidgetClass *widget_class);
void _arb_window_sources_dispose (ArbWindow *self);
/* Follows the sources the round being played keeps (again, after a
 * change of the live games); stopped with the live games. */
void _arb_window_sources_start (ArbWindow *self);
void _arb_window_sources_stop (ArbWindow *self);
/* Stops the round's sources and keeps their dialog open for the next
 * round's (_arb_window_sources_start() gives it them); a dialog left with
 * no round's sources is closed by _arb_window_sources_close_stale_dialog(). */
void _arb_window_sources_stop_for_next_round (ArbWindow *self);
void _arb_window_sources_close_stale_dialog (ArbWindow *self);
/* The sources' alerts and lost connections on the live round's cards. */
void _arb_window_sources_update_cards (ArbWindow *self);

/* arb-window-floor.c */
void _arb_window_floor_class_init (GtkWidgetClass *widget_class);
void _arb_window_floor_init (ArbWindow *self);
/* An event opened: the service may be turned on, its open calls show. */
void _arb_window_floor_opened (ArbWindow *self);
/* The event goes: the service stops, its calls go. */
void _arb_window_floor_stop (ArbWindow *self);
void _arb_window_floor_dispose (ArbWindow *self);
/* The clock readings from the floor on the cards of the round shown. */
void _arb_window_floor_update_cards (ArbWindow *self);
/* Arbiters' Team… turns the service on and off through floor.serve. */
void _arb_window_floor_attach_dialog (ArbWindow *self, GtkWidget *dialog);

G_END_DECLS
