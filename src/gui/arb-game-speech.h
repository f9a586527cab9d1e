/* arb-game-speech.h: what a screen reader says about a game
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-game.h"

G_BEGIN_DECLS

/* Sentences for the ear, made from the game when they are said (see
 * docs/accessibility.md for what each one sounds like). Each returns a
 * newly allocated string. */

/* The position at @ply by side and piece type, and who is to move. */
char *arb_game_speech_position (ArbGame *game, guint ply);

/* The move that led to @ply in words with its number ("15. … Black knight
 * from f6 takes e4, check"), or that no move was made yet. */
char *arb_game_speech_move (ArbGame *game, guint ply);

/* Both clocks, which one runs, and a fallen flag: "White 4 minutes 5
 * seconds, Black 1 hour 30 minutes. White's clock is running." */
char *arb_game_speech_clocks (ArbGame *game);

/* The state of the position at @ply: the move number and the side to move
 * (or the result), then the status lines of the game view. */
char *arb_game_speech_status (ArbGame *game, guint ply);

/* A board card as one sentence: board, players, whose move (or the
 * result), both times, the running clock and the badges. */
char *arb_game_speech_card (ArbGame *game);

/* Returns the game a widget shows (borrowed) and the ply on its board. */
typedef ArbGame *(*ArbGameSpeechFunc) (GtkWidget *widget, guint *ply);

/* Installs game.read-position (Ctrl+Shift+B), game.read-move
 * (Ctrl+Shift+L), game.read-clocks (Ctrl+Shift+C) and game.read-status
 * (Ctrl+Shift+S) on a widget class: each says its sentence for the game
 * @get_game returns, without moving the focus. Call from class_init. */
void arb_game_speech_install_actions (GtkWidgetClass *widget_class, ArbGameSpeechFunc get_game);

G_END_DECLS
