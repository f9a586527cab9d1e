/* arb-ui-harness.c: the application run around a UI test
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-ui-harness.h"

#include <gdk/x11/gdkx.h>
#include <stdarg.h>
#include <string.h>

#include "arb-application.h"
#include "arb-demo.h"
#include "arb-board-card.h"

void
arb_ui_use_temp_home (ArbTestTemp *home)
{
  g_autofree char *data = NULL;
  g_autofree char *config = NULL;

  arb_test_temp_setup (home, NULL);
  data = arb_test_temp_file (home, "data");
  config = arb_test_temp_file (home, "config");
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
}

void
arb_ui_demo_setup (ArbUiDemoFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  arb_test_temp_setup (&f->temp, NULL);
  f->dir = f->temp.dir;
  f->path = arb_test_temp_file (&f->temp, "demo.arbiter");
  g_assert_true (arb_demo_create (f->path, ARB_DEMO_BOARDS, &error));
  g_assert_no_error (error);
  f->tournament = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
}

void
arb_ui_close_window (gpointer window)
{
  g_assert_true (GTK_IS_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

ArbGame *
arb_ui_demo_load_game (ArbTournament *t, int board, const char *time_control)
{
  ArbTimeControl tc;

  g_assert_true (arb_time_control_parse (
    time_control != NULL ? time_control : ARB_DEMO_TIME_CONTROL, &tc, NULL, NULL));
  return arb_test_load_board (t, board, &tc);
}

void
arb_ui_demo_assert_consistent (ArbUiDemoFixture *f)
{
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;

  arb_tournament_check (f->tournament, problems, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("problem: %s", (char *) g_ptr_array_index (problems, i));
  g_assert_cmpuint (problems->len, ==, 0);
}

void
arb_ui_demo_teardown (ArbUiDemoFixture *f, gconstpointer data)
{
  g_clear_object (&f->tournament);
  g_clear_pointer (&f->path, g_free);
  f->dir = NULL;
  arb_test_temp_clear (&f->temp);
}

char *
arb_ui_new_event_file (const char *event_name)
{
  g_autoptr (GError) error = NULL;
  ArbEventInfo event = { .name = (char *) event_name,
                         .edition = 2023,
                         .time_control = (char *) "5400+30",
                         .settings = (char *) "{}" };
  g_autoptr (ArbTournament) t = NULL;
  /* Removed with its directory when the test program exits. */
  char *path = arb_test_temp_path ("event.arbiter");

  t = arb_tournament_create (path, &event, &error);
  g_assert_no_error (error);
  return path;
}

gboolean
arb_ui_is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (GTK_WIDGET (widget));
}

GtkWidget *
arb_ui_find_button (GtkWidget *root, const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = arb_ui_find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gpointer
arb_ui_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type))
        return toplevel;
    }
  return NULL;
}

GtkWidget *
arb_ui_find_titled (GtkWidget *root, GType type, const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;
      const char *t = NULL;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type) && ADW_IS_PREFERENCES_GROUP (child))
        t = adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (child));
      else if (G_TYPE_CHECK_INSTANCE_TYPE (child, type) && ADW_IS_PREFERENCES_ROW (child))
        t = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child));
      if (t != NULL && g_strcmp0 (t, title) == 0)
        return child;
      found = arb_ui_find_titled (child, type, title);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkLabel *
arb_ui_find_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL)
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = arb_ui_find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkEditable *
arb_ui_find_editable_text (GtkWidget *root, const char *text)
{
  if (GTK_IS_EDITABLE (root) && g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (root)), text) == 0)
    return GTK_EDITABLE (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkEditable *found = arb_ui_find_editable_text (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct
{
  ArbUiMappedFunc func;
  gpointer data;
  ArbWindow *window;
  gboolean ran;
} RunState;

static void
run_checks (RunState *state, GtkWindow *window)
{
  GtkApplication *app = gtk_window_get_application (window);

  if (state->ran)
    return;
  state->ran = TRUE;
  state->window = g_object_ref (ARB_WINDOW (window));
  state->func (state->window, state->data);
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
}

static gboolean
mapped_idle_cb (gpointer data)
{
  RunState *state = data;
  GtkApplication *app = GTK_APPLICATION (g_application_get_default ());

  run_checks (state, gtk_application_get_active_window (app));
  return G_SOURCE_REMOVE;
}

static void
window_map_cb (GtkWidget *widget, RunState *state)
{
  g_idle_add (mapped_idle_cb, state);
}

static void
activate_after_cb (GApplication *app, RunState *state)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  g_assert_true (ARB_IS_WINDOW (window));
  if (gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_idle_add (mapped_idle_cb, state);
  else
    g_signal_connect (window, "map", G_CALLBACK (window_map_cb), state);
}

void
arb_ui_run_app (ArbUiMappedFunc func, gpointer data)
{
  ArbApplication *app = arb_application_new ();
  RunState state = { func, data, NULL, FALSE };
  char *argv[] = { (char *) "arbiter", NULL };
  int status;

  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_signal_connect_after (app, "activate", G_CALLBACK (activate_after_cb), &state);
  status = g_application_run (G_APPLICATION (app), 1, argv);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (state.ran);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
  g_assert_finalize_object (state.window);
  g_assert_finalize_object (app);
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

gboolean
arb_ui_wait_up_to (ArbUiCondition condition, gpointer data, guint turns)
{
  guint wake = g_timeout_add (20, wake_cb, NULL);
  gboolean held;

  for (guint turn = 0; !(held = condition (data)) && turn < turns; turn++)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake);
  return held;
}

void
arb_ui_wait_for (ArbUiCondition condition, gpointer data, const char *what)
{
  if (!arb_ui_wait_up_to (condition, data, 6000))
    g_error ("waited in vain for %s", what);
}

void
arb_ui_save_screenshot (GtkWidget *window, const char *name)
{
  const char *dir = g_getenv ("ARB_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  int w, h;

  if (dir == NULL)
    return;
  /* Some turns of the loop, so that what was just shown is laid out and
   * drawn (toasts slide in). */
  for (int i = 0; i < 100; i++)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
  w = gtk_widget_get_width (window);
  h = gtk_widget_get_height (window);
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  gsk_render_node_unref (node);
  path = g_strdup_printf ("%s/%s.png", dir, name);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

ArbBoardCard *
arb_ui_find_card (ArbWindow *window, int board)
{
  GtkFlowBox *grid = arb_window_get_board_grid (window);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ARB_IS_BOARD_CARD (child) &&
        arb_game_get_board (arb_board_card_get_game (ARB_BOARD_CARD (child))) == board)
      return ARB_BOARD_CARD (child);
  return NULL;
}

ArbGameView *
arb_ui_open_board (ArbWindow *window, int board)
{
  ArbBoardCard *card = arb_ui_find_card (window, board);

  g_assert_nonnull (card);
  g_signal_emit_by_name (card, "activate");
  g_assert_cmpstr (arb_window_get_page (window), ==, "game");
  return arb_window_get_game_view (window);
}

static void
xdotool_exited_cb (GPid pid, int status, gpointer data)
{
  *(int *) data = status;
  g_spawn_close_pid (pid);
}

static gboolean
child_exited (gpointer data)
{
  return *(int *) data != -1;
}

void
arb_ui_xdotool (const char *first, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *arg;
  va_list args;
  GPid pid;
  int status = -1;

  g_ptr_array_add (argv, (char *) "xdotool");
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_spawn_async (NULL, (char **) argv->pdata, NULL,
                 G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                   G_SPAWN_STDERR_TO_DEV_NULL,
                 NULL, NULL, &pid, &error);
  g_assert_no_error (error);
  g_child_watch_add (pid, xdotool_exited_cb, &status);
  arb_ui_wait_for (child_exited, &status, "xdotool");
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static gboolean
window_is_active (gpointer data)
{
  return gtk_window_is_active (GTK_WINDOW (data));
}

void
arb_ui_give_keyboard (GtkWindow *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *id = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));

  arb_ui_xdotool ("windowfocus", "--sync", id, NULL);
  arb_ui_wait_for (window_is_active, window, "the window to have the keyboard");
}

gint64
arb_ui_add_unplayed_game (ArbTournament *t, int round, int board, int like_board)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGameInfo) like = NULL;
  gint64 id = arb_tournament_find_game (t, round, like_board, &error);
  ArbGameInfo g = { 0 };

  g_assert_no_error (error);
  like = arb_tournament_get_game (t, id, &error);
  g_assert_no_error (error);
  g.round = round;
  g.board = board;
  g.white_id = like->white_id;
  g.black_id = like->black_id;
  g.result = ARB_RESULT_ONGOING;
  g.rated = TRUE;
  id = arb_tournament_add_game (t, &g, &error);
  g_assert_no_error (error);
  return id;
}
