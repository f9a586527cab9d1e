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

static void
free_weak_ref (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
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

      /* The arbiter who acts at this desk (a deputy chosen at the results
       * desk), else the name in Preferences the dialog starts with. */
      if (arbiter != NULL && arbiter[0] != '\0')
        arb_ruling_dialog_set_arbiter (dialog, arbiter);
    }
  /* A deputy's replica stays read-only: the ruling goes to the chief. */
  if (root != NULL && ARB_IS_WINDOW (root) && arb_window_writes_through_chief (ARB_WINDOW (root)))
    {
      GWeakRef *window = g_new0 (GWeakRef, 1);

      g_weak_ref_init (window, root);
      arb_ruling_dialog_set_send_func (dialog, arb_window_send_ruling_to_chief, window,
                                       free_weak_ref);
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

/* The window moves the pairing (arb-window-boards.c): it lays the round's
 * cards out anew. */
static void
move_board_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ArbRulingGameFunc get_game = NULL;
  ArbGame *game;

  for (GType type = G_TYPE_FROM_INSTANCE (widget); get_game == NULL && type != G_TYPE_INVALID;
       type = g_type_parent (type))
    get_game = g_type_get_qdata (type, getter_quark ());
  game = get_game != NULL ? get_game (widget) : NULL;
  if (game != NULL)
    gtk_widget_activate_action (widget, "win.move-board", "x", arb_game_get_id (game));
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
  gtk_widget_class_install_action (widget_class, "game.move-board", NULL, move_board_action);
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
  /* Translators: a pairing moved to another board before it is played */
  g_menu_append (sheets, _ ("Move to _Board…"), "game.move-board");
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
  g_autoptr (GMenuModel) flows = arb_ruling_actions_menu ();
  g_autoptr (GMenu) menu = g_menu_new ();
  GMenuModel *extra = g_object_get_data (G_OBJECT (widget), "arb-context-extra");
  GtkWidget *popover;

  if (g_object_get_data (G_OBJECT (widget), "arb-rulings-popover") != NULL)
    return;
  /* What the widget asks of the arbiter now comes first. */
  if (extra != NULL)
    g_menu_append_section (menu, NULL, extra);
  g_menu_append_section (menu, NULL, flows);
  popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
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

void
arb_ruling_actions_set_context_extra (GtkWidget *widget, GMenuModel *extra)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (extra == NULL || G_IS_MENU_MODEL (extra));

  g_object_set_data_full (G_OBJECT (widget), "arb-context-extra",
                          extra != NULL ? g_object_ref (extra) : NULL, g_object_unref);
}

GMenuModel *
arb_ruling_actions_get_context_extra (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  return g_object_get_data (G_OBJECT (widget), "arb-context-extra");
}

/* A flag fall is told without taking the keyboard: the card shows it
 * (its badge), the window says it to the screen reader, and a toast over
 * the window offers the ruling. Nothing here grabs focus or opens a
 * window by itself: the arbiter typing a move on another board goes on
 * typing, and Return still plays his move. */
typedef struct
{
  GtkWidget *parent; /* weak: the card, which owns the alert */
  ArbGame *game;
  AdwToast *toast; /* the toast shown for this game, while it is */
  gboolean flag_seen[2];
  gulong handler;
} FlagAlert;

static void
toast_forget (FlagAlert *alert)
{
  if (alert->toast == NULL)
    return;
  g_signal_handlers_disconnect_by_data (alert->toast, alert);
  g_clear_object (&alert->toast);
}

static void
flag_alert_free (gpointer data)
{
  FlagAlert *alert = data;

  if (alert->handler != 0)
    g_signal_handler_disconnect (alert->game, alert->handler);
  toast_forget (alert);
  g_object_unref (alert->game);
  g_free (alert);
}

static void
toast_dismissed_cb (AdwToast *toast, FlagAlert *alert)
{
  toast_forget (alert);
}

/* Only an explicit click (or the button's mnemonic) opens the ruling. */
static void
toast_button_clicked_cb (AdwToast *toast, FlagAlert *alert)
{
  arb_ruling_actions_open (alert->parent, alert->game, ARB_RULING_FLOW_FLAG_FALL);
}

static void
show_toast (FlagAlert *alert, int side)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (alert->parent, ADW_TYPE_TOAST_OVERLAY);
  g_autofree char *title = NULL;

  if (overlay == NULL)
    return;
  /* Translators: a notice over the window; the toast is Pango markup. */
  title = g_strdup_printf (side == ARB_WHITE ? _ ("Board %d: White’s flag has fallen")
                                             : _ ("Board %d: Black’s flag has fallen"),
                           arb_game_get_board (alert->game));
  if (alert->toast != NULL)
    adw_toast_dismiss (alert->toast);
  alert->toast = adw_toast_new (title);
  adw_toast_set_button_label (alert->toast, _ ("_Rule…"));
  /* It stays until the arbiter rules or closes it: a flag fall must not
   * go unseen because the arbiter looked away. */
  adw_toast_set_timeout (alert->toast, 0);
  g_signal_connect (alert->toast, "button-clicked", G_CALLBACK (toast_button_clicked_cb), alert);
  g_signal_connect (alert->toast, "dismissed", G_CALLBACK (toast_dismissed_cb), alert);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), g_object_ref (alert->toast));
}

static void
game_changed_cb (ArbGame *game, FlagAlert *alert)
{
  ArbClock *clock = arb_game_get_clock (game);

  /* Ruled (or ended otherwise): nothing is left to offer. */
  if (arb_game_is_finished (game) && alert->toast != NULL)
    {
      AdwToast *toast = g_object_ref (alert->toast);

      adw_toast_dismiss (toast);
      g_object_unref (toast);
    }
  for (int side = 0; side < 2; side++)
    {
      gboolean fallen = arb_clock_get_flag (clock, side, NULL);

      if (fallen && !alert->flag_seen[side] && !arb_game_is_finished (game))
        show_toast (alert, side);
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
