/* arb-game-speech.c: what a screen reader says about a game
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-game-speech"

#include "config.h"

#include "arb-game-speech.h"

#include "arb-i18n.h"

#include "arb-announcer.h"
#include "arb-chess-words.h"
#include "arb-game-text.h"

static const char *
player_name (ArbGame *game, ArbColor side)
{
  const ArbPlayerInfo *player = arb_game_get_player (game, side);

  return player != NULL && player->name != NULL ? player->name : _ ("Bye");
}

/* The result as an arbiter says it, or NULL while the game goes on. */
static const char *
result_words (ArbResult result)
{
  static const char *const words[ARB_RESULT_N] = {
    [ARB_RESULT_WHITE_WINS] = N_ ("White won."),
    [ARB_RESULT_BLACK_WINS] = N_ ("Black won."),
    [ARB_RESULT_DRAW] = N_ ("Drawn."),
    [ARB_RESULT_BOTH_LOSE] = N_ ("Both players lost."),
    [ARB_RESULT_WHITE_HALF] = N_ ("Half a point to White, none to Black."),
    [ARB_RESULT_BLACK_HALF] = N_ ("No point to White, half a point to Black."),
    [ARB_RESULT_WHITE_FORFEIT_WIN] = N_ ("White won by forfeit."),
    [ARB_RESULT_BLACK_FORFEIT_WIN] = N_ ("Black won by forfeit."),
    [ARB_RESULT_DOUBLE_FORFEIT] = N_ ("Both players forfeited."),
  };

  if ((guint) result >= ARB_RESULT_N || words[result] == NULL)
    return NULL;
  return _ (words[result]);
}

char *
arb_game_speech_position (ArbGame *game, guint ply)
{
  const ArbPosition *pos;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  pos = arb_game_get_position (game, MIN (ply, arb_game_get_n_plies (game)));
  return arb_chess_words_position (pos);
}

char *
arb_game_speech_move (ArbGame *game, guint ply)
{
  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  ply = MIN (ply, arb_game_get_n_plies (game));
  if (ply == 0)
    return g_strdup (_ ("No move has been made yet."));
  return arb_chess_words_numbered_move (arb_game_get_position (game, ply - 1),
                                        arb_game_get_move (game, ply));
}

char *
arb_game_speech_clocks (ArbGame *game)
{
  ArbClock *clock;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;
  GString *text;
  ArbColor flag_side;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  if (!arb_game_is_clock_kept (game))
    return g_strdup (_ ("The clock on the table keeps the time."));
  clock = arb_game_get_clock (game);
  white = arb_chess_words_time (arb_clock_get_remaining_us (clock, ARB_WHITE));
  black = arb_chess_words_time (arb_clock_get_remaining_us (clock, ARB_BLACK));
  text = g_string_new (NULL);
  /* Translators: both clocks read out: "White 4 minutes 5 seconds, Black 1 hour 30 minutes." */
  g_string_append_printf (text, _ ("White %s, Black %s."), white, black);
  g_string_append_c (text, ' ');
  if (arb_game_has_flag_fallen (game, &flag_side))
    g_string_append (text, flag_side == ARB_WHITE ? _ ("White’s flag has fallen.")
                                                  : _ ("Black’s flag has fallen."));
  else if (arb_clock_is_running (clock))
    g_string_append (text, arb_clock_get_side_to_move (clock) == ARB_WHITE
                             ? _ ("White’s clock is running.")
                             : _ ("Black’s clock is running."));
  else if (!arb_clock_is_started (clock))
    g_string_append (text, _ ("The clocks have not been started."));
  else
    g_string_append (text, _ ("The clocks are stopped."));
  return g_string_free (text, FALSE);
}

/* "Move 24, Black to move." or the result. */
static char *
state_words (ArbGame *game, guint ply)
{
  guint n = arb_game_get_n_plies (game);
  const ArbPosition *pos = arb_game_get_position (game, MIN (ply, n));
  const char *result = result_words (arb_game_get_result (game));

  if (ply >= n && result != NULL)
    return g_strdup (result);
  if (ply >= n && arb_game_is_adjourned (game))
    return g_strdup (_ ("Adjourned; the sealed move is in its envelope."));
  if (pos->side_to_move == ARB_WHITE)
    /* Translators: %u is the move number */
    return g_strdup_printf (_ ("Move %u, White to move."), pos->fullmove_number);
  /* Translators: %u is the move number */
  return g_strdup_printf (_ ("Move %u, Black to move."), pos->fullmove_number);
}

char *
arb_game_speech_status (ArbGame *game, guint ply)
{
  g_autoptr (GPtrArray) lines = NULL;
  GString *text;
  char *state;
  guint n;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  n = arb_game_get_n_plies (game);
  ply = MIN (ply, n);
  text = g_string_new (NULL);
  if (ply < n)
    /* Translators: the board shows an earlier position; half-move %u of %u */
    g_string_append_printf (text, _ ("Looking back: half-move %u of %u."), ply, n);
  state = state_words (game, ply);
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append (text, state);
  g_free (state);
  lines = arb_game_text_status (game, ply);
  for (guint i = 0; i < lines->len; i++)
    {
      g_string_append_c (text, ' ');
      g_string_append (text, g_ptr_array_index (lines, i));
    }
  return g_string_free (text, FALSE);
}

char *
arb_game_speech_card (ArbGame *game)
{
  g_autoptr (GPtrArray) badges = NULL;
  g_autofree char *players = NULL;
  g_autofree char *state = NULL;
  g_autofree char *clocks = NULL;
  GString *text;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  /* Translators: a board card read out: "Board 3: Carlsen (White) against Nakamura (Black)." */
  players =
    g_strdup_printf (_ ("Board %d: %s (White) against %s (Black)."), arb_game_get_board (game),
                     player_name (game, ARB_WHITE), player_name (game, ARB_BLACK));
  state = state_words (game, arb_game_get_n_plies (game));
  clocks = arb_game_speech_clocks (game);
  text = g_string_new (players);
  g_string_append_printf (text, " %s %s", state, clocks);

  badges = arb_game_text_badges (game);
  for (guint i = 0; i < badges->len; i++)
    {
      const ArbGameBadge *badge = g_ptr_array_index (badges, i);

      g_string_append_printf (text, " %s.", badge->text);
    }
  /* Names come from the file as they were typed or imported: what a
   * screen reader gets is valid UTF-8 whatever they hold. */
  {
    g_autofree char *raw = g_string_free (text, FALSE);

    return g_utf8_make_valid (raw, -1);
  }
}

/* --- The reading actions --------------------------------------------- */

static GQuark
getter_quark (void)
{
  return g_quark_from_static_string ("arb-game-speech-func");
}

static void
read_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbGameSpeechFunc get_game = NULL;
  g_autofree char *text = NULL;
  ArbGame *game;
  guint ply = 0;

  for (GType type = G_TYPE_FROM_INSTANCE (widget); get_game == NULL && type != G_TYPE_INVALID;
       type = g_type_parent (type))
    get_game = g_type_get_qdata (type, getter_quark ());
  if (get_game == NULL)
    return;
  game = get_game (widget, &ply);
  if (game == NULL)
    return;

  if (g_str_equal (action_name, "game.read-position"))
    text = arb_game_speech_position (game, ply);
  else if (g_str_equal (action_name, "game.read-move"))
    text = arb_game_speech_move (game, ply);
  else if (g_str_equal (action_name, "game.read-clocks"))
    text = arb_game_speech_clocks (game);
  else
    text = arb_game_speech_status (game, ply);
  arb_announce (widget, text);
}

void
arb_game_speech_install_actions (GtkWidgetClass *widget_class, ArbGameSpeechFunc get_game)
{
  static const struct
  {
    const char *action;
    guint key;
  } readings[] = {
    { "game.read-position", GDK_KEY_b },
    { "game.read-move", GDK_KEY_l },
    { "game.read-clocks", GDK_KEY_c },
    { "game.read-status", GDK_KEY_s },
  };

  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class));
  g_return_if_fail (get_game != NULL);

  g_type_set_qdata (G_TYPE_FROM_CLASS (widget_class), getter_quark (), get_game);
  for (guint i = 0; i < G_N_ELEMENTS (readings); i++)
    {
      gtk_widget_class_install_action (widget_class, readings[i].action, NULL, read_action);
      gtk_widget_class_add_binding_action (
        widget_class, readings[i].key, GDK_CONTROL_MASK | GDK_SHIFT_MASK, readings[i].action, NULL);
    }
}
