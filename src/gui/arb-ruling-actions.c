/* arb-ruling-actions.c: the game.* actions that open the ruling flows
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-ruling-actions"

#include "config.h"

#include "arb-reconstruct-dialog.h"
#include "arb-ruling-actions.h"
#include "arb-window.h"

#include <adwaita.h>
#include "arb-i18n.h"
#include <string.h>

static GQuark
getter_quark (void)
{
  return g_quark_from_static_string ("arb-ruling-game-func");
}

ArbRulingDialog *
arb_ruling_actions_open (GtkWidget *parent, ArbGame *game, ArbRulingFlow flow)
{
  ArbRulingDialog *dialog;
  GtkRoot *root;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  dialog = arb_ruling_dialog_new (game, flow);
  root = parent != NULL ? gtk_widget_get_root (parent) : NULL;
  if (root != NULL && ARB_IS_WINDOW (root))
    {
      g_autofree char *arbiter = arb_window_dup_arbiter (ARB_WINDOW (root));
      arb_ruling_dialog_set_arbiter (dialog, arbiter);
    }
  if (root != NULL && GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (root));
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
flow_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbRulingGameFunc get_game = NULL;
  ArbRulingFlow flow;
  ArbGame *game;

  for (GType type = G_TYPE_FROM_INSTANCE (widget); get_game == NULL && type != G_TYPE_INVALID;
       type = g_type_parent (type))
    get_game = g_type_get_qdata (type, getter_quark ());
  if (get_game == NULL || !g_str_has_prefix (action_name, "game.") ||
      !arb_ruling_flow_from_string (action_name + strlen ("game."), &flow))
    return;
  game = get_game (widget);
  if (game != NULL)
    arb_ruling_actions_open (widget, game, flow);
}

static void
reconstruct_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbRulingGameFunc get_game = NULL;
  ArbGame *game;
  ArbReconstructDialog *dialog;
  GtkRoot *root;

  for (GType type = G_TYPE_FROM_INSTANCE (widget); get_game == NULL && type != G_TYPE_INVALID;
       type = g_type_parent (type))
    get_game = g_type_get_qdata (type, getter_quark ());
  game = get_game != NULL ? get_game (widget) : NULL;
  if (game == NULL)
    return;
  dialog = arb_reconstruct_dialog_new (game);
  root = gtk_widget_get_root (widget);
  if (root != NULL && GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (root));
  gtk_window_present (GTK_WINDOW (dialog));
}

void
arb_ruling_actions_install (GtkWidgetClass *widget_class, ArbRulingGameFunc get_game)
{
  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class));
  g_return_if_fail (get_game != NULL);

  g_type_set_qdata (G_TYPE_FROM_CLASS (widget_class), getter_quark (), get_game);
  for (guint i = 0; i < ARB_RULING_FLOW_N; i++)
    {
      g_autofree char *name = g_strconcat ("game.", arb_ruling_flow_to_string (i), NULL);
      gtk_widget_class_install_action (widget_class, name, NULL, flow_action);
    }
  /* The game as its scoresheets say (FIDE Laws 2018 and 2023 art. 8.5.3). */
  gtk_widget_class_install_action (widget_class, "game.reconstruct", NULL, reconstruct_action);
  /* Players wait at the desk: the common flows are one chord away. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK | GDK_ALT_MASK,
                                       "game.illegal-move", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK | GDK_ALT_MASK,
                                       "game.draw-claim", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK | GDK_ALT_MASK,
                                       "game.flag-fall", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK | GDK_ALT_MASK,
                                       "game.penalty", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK | GDK_ALT_MASK,
                                       "game.result", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_ALT_MASK,
                                       "game.reconstruct", NULL);
}

GMenuModel *
arb_ruling_actions_menu (void)
{
  GMenu *menu = g_menu_new ();
  GMenu *claims = g_menu_new ();
  GMenu *session = g_menu_new ();
  GMenu *end = g_menu_new ();
  GMenu *sheets = g_menu_new ();

  g_menu_append (claims, _ ("_Illegal Move…"), "game.illegal-move");
  g_menu_append (claims, _ ("_Draw Claim…"), "game.draw-claim");
  g_menu_append (claims, _ ("_Flag Fall…"), "game.flag-fall");
  g_menu_append (claims, _ ("_Quickplay-Finish Claim…"), "game.quickplay-claim");
  g_menu_append (session, _ ("_Adjourn and Seal Move…"), "game.adjourn");
  g_menu_append (session, _ ("Res_ume…"), "game.resume");
  g_menu_append (end, _ ("_Penalty…"), "game.penalty");
  g_menu_append (end, _ ("_Result…"), "game.result");
  g_menu_append (sheets, _ ("Reconstruct from _Scoresheet…"), "game.reconstruct");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (claims));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (session));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (end));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (sheets));
  g_object_unref (sheets);
  g_object_unref (claims);
  g_object_unref (session);
  g_object_unref (end);
  return G_MENU_MODEL (menu);
}

static gboolean
unparent_idle_cb (gpointer data)
{
  GtkWidget *popover = data;

  if (gtk_widget_get_parent (popover) != NULL)
    gtk_widget_unparent (popover);
  g_object_unref (popover);
  return G_SOURCE_REMOVE;
}

/* The popover goes once it closed (after its action ran). */
static void
popover_closed_cb (GtkPopover *popover, GtkWidget *widget)
{
  g_object_set_data (G_OBJECT (widget), "arb-rulings-popover", NULL);
  g_idle_add (unparent_idle_cb, g_object_ref (popover));
}

static void
show_context_menu (GtkWidget *widget, double x, double y)
{
  g_autoptr (GMenuModel) menu = arb_ruling_actions_menu ();
  GtkWidget *popover;

  if (g_object_get_data (G_OBJECT (widget), "arb-rulings-popover") != NULL)
    return;
  popover = gtk_popover_menu_new_from_model (menu);
  gtk_widget_set_parent (popover, widget);
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  if (x >= 0 && y >= 0)
    gtk_popover_set_pointing_to (GTK_POPOVER (popover), &(GdkRectangle){ (int) x, (int) y, 1, 1 });
  g_object_set_data (G_OBJECT (widget), "arb-rulings-popover", popover);
  g_signal_connect (popover, "closed", G_CALLBACK (popover_closed_cb), widget);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static void
context_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, GtkWidget *widget)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  show_context_menu (widget, x, y);
}

static void
context_long_press_cb (GtkGestureLongPress *gesture, double x, double y, GtkWidget *widget)
{
  show_context_menu (widget, x, y);
}

static void
unrealize_cb (GtkWidget *widget)
{
  GtkWidget *popover = g_object_get_data (G_OBJECT (widget), "arb-rulings-popover");

  if (popover != NULL)
    {
      g_signal_handlers_disconnect_by_func (popover, popover_closed_cb, widget);
      g_object_set_data (G_OBJECT (widget), "arb-rulings-popover", NULL);
      gtk_widget_unparent (popover);
    }
}

void
arb_ruling_actions_add_context_menu (GtkWidget *widget)
{
  GtkGesture *click;
  GtkGesture *press;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (context_pressed_cb), widget);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));
  press = gtk_gesture_long_press_new ();
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (press), TRUE);
  g_signal_connect (press, "pressed", G_CALLBACK (context_long_press_cb), widget);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (press));
  g_signal_connect (widget, "unrealize", G_CALLBACK (unrealize_cb), NULL);
}

typedef struct
{
  GtkWidget *parent; /* weak */
  ArbGame *game;
  gboolean flag_seen[2];
  gulong handler;
} FlagAlert;

static void
flag_alert_free (gpointer data)
{
  FlagAlert *alert = data;

  if (alert->handler != 0)
    g_signal_handler_disconnect (alert->game, alert->handler);
  g_object_unref (alert->game);
  g_free (alert);
}

/* The alert may outlive the view that raised it: it holds the game, and
 * opens the flow over the window it was shown on. */
static void
alert_response_cb (AdwMessageDialog *dialog, const char *response, ArbGame *game)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));

  if (g_strcmp0 (response, "rule") == 0)
    arb_ruling_actions_open (parent != NULL ? GTK_WIDGET (parent) : NULL, game,
                             ARB_RULING_FLOW_FLAG_FALL);
}

static void
game_changed_cb (ArbGame *game, FlagAlert *alert)
{
  ArbClock *clock = arb_game_get_clock (game);

  for (int side = 0; side < 2; side++)
    {
      gboolean fallen = arb_clock_get_flag (clock, side, NULL);

      if (fallen && !alert->flag_seen[side] && !arb_game_is_finished (game))
        {
          GtkRoot *root = gtk_widget_get_root (alert->parent);
          AdwMessageDialog *dialog;
          const char *heading =
            side == ARB_WHITE ? _ ("White’s flag has fallen") : _ ("Black’s flag has fallen");
          g_autofree char *body =
            g_strdup_printf (_ ("Board %d. Rule on the flag fall now?"), arb_game_get_board (game));

          dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
            GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body));
          adw_message_dialog_add_responses (dialog, "later", _ ("_Later"), "rule", _ ("_Rule…"),
                                            NULL);
          adw_message_dialog_set_response_appearance (dialog, "rule", ADW_RESPONSE_SUGGESTED);
          adw_message_dialog_set_default_response (dialog, "rule");
          g_signal_connect_data (dialog, "response", G_CALLBACK (alert_response_cb),
                                 g_object_ref (game),
                                 (GClosureNotify) (void (*) (void)) g_object_unref, 0);
          gtk_window_present (GTK_WINDOW (dialog));
        }
      alert->flag_seen[side] = fallen;
    }
}

void
arb_ruling_flag_alert_attach (GtkWidget *parent, ArbGame *game)
{
  FlagAlert *alert;

  g_return_if_fail (GTK_IS_WIDGET (parent));
  g_return_if_fail (ARB_IS_GAME (game));

  alert = g_new0 (FlagAlert, 1);
  alert->parent = parent;
  alert->game = g_object_ref (game);
  /* Flags already down when the view opens were seen before. */
  for (int side = 0; side < 2; side++)
    alert->flag_seen[side] = arb_clock_get_flag (arb_game_get_clock (game), side, NULL);
  alert->handler = g_signal_connect (game, "changed", G_CALLBACK (game_changed_cb), alert);
  g_object_set_data_full (G_OBJECT (parent), "arb-flag-alert", alert, flag_alert_free);
}
