/* arb-window.h: the main window of the workstation
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-application.h"
#include "arb-call-queue.h"
#include "arb-game-view.h"
#include "arb-publisher.h"
#include "arb-round-sources.h"
#include "arb-ruling-apply.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

#define ARB_TYPE_WINDOW (arb_window_get_type ())

G_DECLARE_FINAL_TYPE (ArbWindow, arb_window, ARB, WINDOW, AdwApplicationWindow)

ArbWindow *arb_window_new (ArbApplication *application);

/* Opens the tournament file at @path and shows its last round. The clocks
 * come back stopped; @start_clocks starts those of the games in progress
 * (the demo's first run). On error the window keeps what it showed. */
gboolean arb_window_open_file (ArbWindow *self,
                               const char *path,
                               gboolean start_clocks,
                               GError **error);
void arb_window_resume_all (ArbWindow *self);
void arb_window_show_error (ArbWindow *self, const char *message);

ArbTournament *arb_window_get_tournament (ArbWindow *self);
/* The round on the network and on lichess (Publish…, Broadcast to
 * lichess…). */
ArbPublisher *arb_window_get_publisher (ArbWindow *self);
/* The sources feeding the round being played, or NULL (none open, or the
 * file is read only); the Sources of Moves dialog while it is open. */
ArbRoundSources *arb_window_get_round_sources (ArbWindow *self);
GtkWindow *arb_window_get_sources_dialog (ArbWindow *self);

/* For tests: the page shown ("empty", "round", "game"), the grid, the
 * game view, and the search. */
const char *arb_window_get_page (ArbWindow *self);
GtkFlowBox *arb_window_get_board_grid (ArbWindow *self);
ArbGameView *arb_window_get_game_view (ArbWindow *self);
void arb_window_set_search (ArbWindow *self, const char *text);
/* Shows only the boards that need the arbiter (the header's toggle). */
void arb_window_set_attention_only (ArbWindow *self, gboolean attention_only);
guint arb_window_count_visible_boards (ArbWindow *self);

/* The rounds: the one shown, the one being played; the games of the one
 * shown (byes are not games on a board). */
int arb_window_get_round (ArbWindow *self);
int arb_window_get_last_round (ArbWindow *self);
GPtrArray *arb_window_get_games (ArbWindow *self);

/* The results desk (Ctrl+E): its entry, its last answer, the round's
 * count of finished, playing and adjourned boards. */
GtkWidget *arb_window_get_results_entry (ArbWindow *self);
const char *arb_window_get_results_feedback (ArbWindow *self);
/* What the desk banner says, or NULL when it is hidden. */
const char *arb_window_get_desk_banner_text (ArbWindow *self);
const char *arb_window_get_results_summary (ArbWindow *self);
/* The results desk's question before a stored result is replaced
 * (an AdwMessageDialog, responses "keep", the default, and "replace"), or
 * NULL when none is asked. */
GtkWindow *arb_window_get_replace_question (ArbWindow *self);
/* The team matches beside the boards, one line each as shown:
 * "Home – Away 2½–1½"; empty when the round has none. */
char **arb_window_list_match_scores (ArbWindow *self);
/* The arbiter who acts now: the one chosen at the results desk, else the
 * name in Preferences; NULL when none is known. Results and rulings are
 * recorded with this name. */
char *arb_window_dup_arbiter (ArbWindow *self);

/* Import and export without their file choosers; is_busy while one runs. */
void arb_window_import_file (ArbWindow *self, const char *path);
void arb_window_export_file (ArbWindow *self, gboolean trf, const char *path);
void arb_window_export_trf (ArbWindow *self, int version, const char *path);
gboolean arb_window_is_busy (ArbWindow *self);

/* The printed lists as PDF at @path without the file chooser: the
 * pairings and result slips of the round shown, the standings after the
 * last complete round (arb-lists-print.h). */
typedef enum
{
  ARB_WINDOW_LIST_PAIRINGS,
  ARB_WINDOW_LIST_SLIPS,
  ARB_WINDOW_LIST_STANDINGS,
  ARB_WINDOW_LIST_TEAM_STANDINGS, /* a team event's, after every round */
  ARB_WINDOW_LIST_CROSSTABLE,     /* after the last complete round */
} ArbWindowList;
gboolean arb_window_print_list (ArbWindow *self,
                                ArbWindowList list,
                                const char *path,
                                GError **error);
/* The boards without a result of a round (0: every round), as sentences
 * with their reason, NULL-terminated. */
char **arb_window_list_unfinished (ArbWindow *self, int round);

/* Another desk writes the file: this window reads and follows it, and the
 * banner says where the file is open (NULL when this window writes). */
gboolean arb_window_is_read_only (ArbWindow *self);
const char *arb_window_get_desk_banner (ArbWindow *self);
const char *arb_window_get_byes_text (ArbWindow *self);
GtkWindow *arb_window_get_entries_dialog (ArbWindow *self);
GtkWindow *arb_window_get_team_dialog (ArbWindow *self);
/* The arbiters' service this window runs (floor.serve): "HOST:PORT", or
 * NULL while it is off. */
const char *arb_window_get_team_address (ArbWindow *self);
/* The calls from the floor waiting at the desk, and their count as the
 * header bar's button shows it (NULL when it shows none). */
ArbCallQueue *arb_window_get_call_queue (ArbWindow *self);
const char *arb_window_get_calls_count (ArbWindow *self);
const char *arb_window_get_import_warnings (ArbWindow *self);
/* The banner offers Take Over Writing (win.take-over-desk): the desk that
 * wrote the file has closed it or is gone. */
gboolean arb_window_offers_take_over (ArbWindow *self);

/* A deputy's sign-in to the chief's desk (its arbiters' service at @url,
 * the deputy's @token): while the window shows a deputy's replica, the
 * results it enters are sent there (arb-window-chief.c). @url NULL signs
 * out. FALSE with an error for an address or token that cannot be. */
/* Whether a deputy's replica is shown and signed in to the chief's desk:
 * its results and rulings then go there. */
gboolean arb_window_writes_through_chief (ArbWindow *self);
/* An ArbRulingSendFunc (arb-ruling-dialog.h), @window a GWeakRef * to the
 * window: sends the confirmed @plan for @game to the chief's desk. The
 * window says it is on its way, then what the chief answered. */
gboolean arb_window_send_ruling_to_chief (const ArbRulingPlan *plan,
                                          ArbGame *game,
                                          gpointer window,
                                          GError **error);
/* The replica's banner offers the sign-in (win.sign-in-chief). */
gboolean arb_window_offers_chief_sign_in (ArbWindow *self);
gboolean arb_window_set_chief_desk (ArbWindow *self,
                                    const char *url,
                                    const char *token,
                                    GError **error);

G_END_DECLS
