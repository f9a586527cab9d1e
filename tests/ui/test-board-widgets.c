/* test-board-widgets.c: piece set, board painting, board view, clock view
 * and move list view on a real display (suite ui)
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "arb-board-paint.h"
#include "arb-board-view-private.h"
#include "arb-clock-view.h"
#include "arb-move-list-view.h"

/* Squares by name, so the expected moves below are written by hand. */
enum
{
  A1 = 0,
  B1 = 1,
  E1 = 4,
  G1 = 6,
  H1 = 7,
  F3 = 21,
  E2 = 12,
  E4 = 28,
  D4 = 27,
  E5 = 36,
  E7 = 52,
  D8 = 59,
  E8 = 60,
  F8 = 61,
};

/* Counts notify signals per property name. */
typedef struct
{
  GHashTable *counts;
} NotifyLog;

static void
notify_cb (GObject *object, GParamSpec *pspec, NotifyLog *log)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (log->counts, pspec->name));

  g_hash_table_insert (log->counts, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
}

static guint
notify_count (NotifyLog *log, const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (log->counts, name));
}

static void
notify_log_init (NotifyLog *log, gpointer object)
{
  log->counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_signal_connect (object, "notify", G_CALLBACK (notify_cb), log);
}

static void
notify_log_clear (NotifyLog *log, gpointer object)
{
  g_signal_handlers_disconnect_by_data (object, log);
  g_hash_table_unref (log->counts);
}

/* Sets a property twice to a new value, then once more to the same
 * value: exactly one notification. */
static void
check_notifies_once (gpointer object, const char *name, const GValue *value)
{
  NotifyLog log;

  notify_log_init (&log, object);
  g_object_set_property (object, name, value);
  g_object_set_property (object, name, value);
  g_assert_cmpuint (notify_count (&log, name), ==, 1);
  notify_log_clear (&log, object);
}

static void
check_boolean_property (gpointer object, const char *name)
{
  g_auto (GValue) value = G_VALUE_INIT;
  gboolean old;

  g_object_get (object, name, &old, NULL);
  g_value_init (&value, G_TYPE_BOOLEAN);
  g_value_set_boolean (&value, !old);
  check_notifies_once (object, name, &value);
}

static void
set_fen (ArbPosition *pos, const char *fen)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (arb_position_set_fen (pos, fen, ARB_FEN_FLAGS_NONE, &error));
  g_assert_no_error (error);
}

/* Piece set */

static void
test_piece_set_textures (void)
{
  ArbPieceSet *set = arb_piece_set_new (ARB_PIECE_SET_DEFAULT_PATH);
  GdkTexture *texture;

  texture = arb_piece_set_get_texture (set, ARB_MAKE_PIECE (ARB_WHITE, ARB_KING), 64);
  g_assert_nonnull (texture);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 64);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 64);
  /* The same size again comes from the cache. */
  g_assert_true (arb_piece_set_get_texture (set, ARB_MAKE_PIECE (ARB_WHITE, ARB_KING), 64) ==
                 texture);
  g_assert_cmpuint (arb_piece_set_get_n_cached (set), ==, 1);
  g_assert_null (arb_piece_set_get_texture (set, ARB_MAKE_PIECE (ARB_BLACK, ARB_PAWN), 0));

  for (int color = ARB_WHITE; color <= ARB_BLACK; color++)
    for (int type = ARB_PAWN; type <= ARB_KING; type++)
      g_assert_nonnull (arb_piece_set_get_texture (set, ARB_MAKE_PIECE (color, type), 24));
  g_assert_cmpuint (arb_piece_set_get_n_cached (set), ==, 13);

  g_assert_finalize_object (set);
}

static void
test_piece_set_bounded (void)
{
  ArbPieceSet *set = arb_piece_set_new (ARB_PIECE_SET_DEFAULT_PATH);

  /* One piece at 20 sizes: only the last ARB_PIECE_SET_MAX_SIZES stay. */
  for (int size = 20; size < 40; size++)
    g_assert_nonnull (arb_piece_set_get_texture (set, ARB_MAKE_PIECE (ARB_BLACK, ARB_QUEEN), size));
  g_assert_cmpuint (arb_piece_set_get_n_cached (set), ==, 12);
  g_assert_cmpint (ARB_PIECE_SET_MAX_SIZES, ==, 12);

  g_assert_finalize_object (set);
}

/* Board geometry and painting */

static void
test_board_geometry (void)
{
  graphene_rect_t r;

  arb_board_square_rect (800, FALSE, A1, &r);
  g_assert_cmpfloat (r.origin.x, ==, 0);
  g_assert_cmpfloat (r.origin.y, ==, 700);
  g_assert_cmpfloat (r.size.width, ==, 100);
  arb_board_square_rect (800, TRUE, A1, &r);
  g_assert_cmpfloat (r.origin.x, ==, 700);
  g_assert_cmpfloat (r.origin.y, ==, 0);
  /* 804 pixels: squares stay whole (100), the board is centred. */
  arb_board_square_rect (804, FALSE, E4, &r);
  g_assert_cmpfloat (r.origin.x, ==, 402);
  g_assert_cmpfloat (r.origin.y, ==, 402);

  g_assert_cmpint (arb_board_square_at (800, FALSE, 50, 750), ==, A1);
  g_assert_cmpint (arb_board_square_at (800, FALSE, 450, 350), ==, E5);
  g_assert_cmpint (arb_board_square_at (800, TRUE, 50, 750), ==, 63);
  g_assert_cmpint (arb_board_square_at (800, FALSE, -1, 10), ==, ARB_NO_SQUARE);
  g_assert_cmpint (arb_board_square_at (800, FALSE, 10, 800), ==, ARB_NO_SQUARE);

  g_assert_nonnull (arb_board_theme_lookup ("green"));
  g_assert_null (arb_board_theme_lookup ("purple"));
  g_assert_cmpstr (arb_board_theme_get_default ()->name, ==, "brown");
  g_assert_cmpuint (g_strv_length ((char **) arb_board_theme_list_names ()), ==, 4);
}

typedef struct
{
  guint8 r, g, b;
} Rgb;

static Rgb
surface_pixel (cairo_surface_t *surface, int x, int y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 pixel = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);

  return (Rgb){ (pixel >> 16) & 0xff, (pixel >> 8) & 0xff, pixel & 0xff };
}

/* The brown theme's squares, as written in the theme table: #eedcbe and
 * #b38b6a. */
static const Rgb brown_light = { 0xee, 0xdc, 0xbe };
static const Rgb brown_dark = { 0xb3, 0x8b, 0x6a };

static gboolean
rgb_near (Rgb a, Rgb b)
{
  return ABS (a.r - b.r) <= 2 && ABS (a.g - b.g) <= 2 && ABS (a.b - b.b) <= 2;
}

/* Counts pixels inside square @sq (of a 400 px board) that are nearly white
 * and nearly black. */
static void
count_piece_pixels (cairo_surface_t *surface, ArbSquare sq, int *light, int *dark)
{
  int x0 = ARB_SQUARE_FILE (sq) * 50;
  int y0 = (7 - ARB_SQUARE_RANK (sq)) * 50;

  *light = *dark = 0;
  for (int y = y0; y < y0 + 50; y++)
    for (int x = x0; x < x0 + 50; x++)
      {
        Rgb p = surface_pixel (surface, x, y);

        if (p.r > 0xf4 && p.g > 0xf4 && p.b > 0xf0)
          (*light)++;
        if (p.r < 0x50 && p.g < 0x50 && p.b < 0x50)
          (*dark)++;
      }
}

static void
test_board_paint_start (void)
{
  ArbBoardPaintState state;
  ArbPosition pos;
  cairo_surface_t *surface;
  int light, dark;

  arb_position_set_start (&pos);
  arb_board_paint_state_init (&state);
  state.position = &pos;
  state.show_coordinates = FALSE;
  surface = arb_board_paint_to_surface (&state, 400);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 400);

  /* e4 is light, d4 dark, and both empty. */
  g_assert_true (rgb_near (surface_pixel (surface, 4 * 50 + 25, 4 * 50 + 25), brown_light));
  g_assert_true (rgb_near (surface_pixel (surface, 3 * 50 + 25, 4 * 50 + 25), brown_dark));
  /* a1 is dark: its corner shows the square. */
  g_assert_true (rgb_near (surface_pixel (surface, 1, 399), brown_dark));

  /* The white king on e1: a light body with a dark outline. */
  count_piece_pixels (surface, E1, &light, &dark);
  g_assert_cmpint (light, >, 200);
  g_assert_cmpint (dark, >, 100);
  /* The black queen on d8: mostly dark. */
  count_piece_pixels (surface, D8, &light, &dark);
  g_assert_cmpint (dark, >, 400);
  /* An empty square has neither. */
  count_piece_pixels (surface, E4, &light, &dark);
  g_assert_cmpint (light, ==, 0);
  g_assert_cmpint (dark, ==, 0);

  /* Flipped, the board turns around: where e4 was drawn is now d5 (empty),
   * and where e1 was drawn, d8 with the black queen. */
  state.flipped = TRUE;
  cairo_surface_destroy (surface);
  surface = arb_board_paint_to_surface (&state, 400);
  count_piece_pixels (surface, E4, &light, &dark);
  g_assert_cmpint (light + dark, ==, 0);
  count_piece_pixels (surface, E1, &light, &dark);
  g_assert_cmpint (dark, >, 400);
  cairo_surface_destroy (surface);
}

/* Renders the widget itself with a GskCairoRenderer on its window's
 * surface, and reads the pixels back. */
static GdkTexture *
render_widget (GtkWidget *widget)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GskRenderer) renderer = gsk_cairo_renderer_new ();
  g_autoptr (GError) error = NULL;
  GdkTexture *texture;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  g_assert_true (gsk_renderer_realize (
    renderer, gtk_native_get_surface (gtk_widget_get_native (widget)), &error));
  g_assert_no_error (error);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_renderer_unrealize (renderer);
  return texture;
}

static gboolean
wait_for_size (GtkWidget *widget, int size)
{
  for (int i = 0; i < 2000 && gtk_widget_get_width (widget) < size; i++)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  /* One more round for the frame. */
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  return gtk_widget_get_width (widget) >= size;
}

static void
test_board_view_render (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = arb_board_view_new ();
  g_autoptr (GdkTexture) texture = NULL;
  guint32 *pixels;
  int size;

  gtk_window_set_default_size (GTK_WINDOW (window), 400, 400);
  gtk_window_set_child (GTK_WINDOW (window), board);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for_size (board, 200));

  texture = render_widget (board);
  size = MIN (gdk_texture_get_width (texture), gdk_texture_get_height (texture));
  pixels = g_new (guint32, gdk_texture_get_width (texture) * gdk_texture_get_height (texture));
  gdk_texture_download (texture, (guchar *) pixels, gdk_texture_get_width (texture) * 4);
  {
    int w = gdk_texture_get_width (texture);
    int sq = size / 8;
    int ox = (w - 8 * sq) / 2;
    int oy = (gdk_texture_get_height (texture) - 8 * sq) / 2;
    /* Centres of e4 (light) and d4 (dark), from the top left. */
    guint32 e4 = pixels[(oy + 4 * sq + sq / 2) * w + ox + 4 * sq + sq / 2];
    guint32 d4 = pixels[(oy + 4 * sq + sq / 2) * w + ox + 3 * sq + sq / 2];
    Rgb light = { (e4 >> 16) & 0xff, (e4 >> 8) & 0xff, e4 & 0xff };
    Rgb dark = { (d4 >> 16) & 0xff, (d4 >> 8) & 0xff, d4 & 0xff };

    g_assert_true (rgb_near (light, brown_light));
    g_assert_true (rgb_near (dark, brown_dark));
  }
  g_free (pixels);

  g_object_ref (board);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (board);
}

/* Board view */

typedef struct
{
  guint n_moves;
  ArbMove move;
} MoveLog;

static void
move_chosen_cb (ArbBoardView *view, guint move, MoveLog *log)
{
  log->n_moves++;
  log->move = (ArbMove) move;
}

static GtkWidget *
new_board (const char *fen, MoveLog *log)
{
  GtkWidget *board = g_object_ref_sink (arb_board_view_new ());

  if (fen != NULL)
    {
      ArbPosition pos;

      set_fen (&pos, fen);
      arb_board_view_set_position (ARB_BOARD_VIEW (board), &pos);
    }
  g_signal_connect (board, "move-chosen", G_CALLBACK (move_chosen_cb), log);
  return board;
}

static void
test_board_view_properties (void)
{
  GtkWidget *board = g_object_ref_sink (arb_board_view_new ());
  g_auto (GValue) value = G_VALUE_INIT;
  ArbPosition pos;
  NotifyLog log;

  g_assert_cmpint (arb_board_view_get_position (ARB_BOARD_VIEW (board))->board[E1], ==,
                   ARB_MAKE_PIECE (ARB_WHITE, ARB_KING));
  g_assert_true (arb_board_view_get_show_coordinates (ARB_BOARD_VIEW (board)));
  g_assert_true (arb_board_view_get_interactive (ARB_BOARD_VIEW (board)));
  g_assert_cmpstr (arb_board_view_get_theme (ARB_BOARD_VIEW (board)), ==, "brown");

  check_boolean_property (board, "flipped");
  check_boolean_property (board, "show-coordinates");
  check_boolean_property (board, "interactive");

  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, "green");
  check_notifies_once (board, "theme", &value);
  g_value_unset (&value);

  g_value_init (&value, G_TYPE_UINT);
  g_value_set_uint (&value, ARB_MOVE_MAKE (E2, E4, ARB_MOVE_NORMAL));
  check_notifies_once (board, "last-move", &value);
  g_value_unset (&value);

  set_fen (&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  notify_log_init (&log, board);
  arb_board_view_set_position (ARB_BOARD_VIEW (board), &pos);
  arb_board_view_set_position (ARB_BOARD_VIEW (board), &pos);
  g_assert_cmpuint (notify_count (&log, "position"), ==, 1);
  arb_board_view_set_position (ARB_BOARD_VIEW (board), NULL); /* the start position */
  g_assert_cmpuint (notify_count (&log, "position"), ==, 2);
  notify_log_clear (&log, board);

  g_assert_finalize_object (board);
}

static void
test_board_view_click_click (void)
{
  MoveLog log = { 0 };
  GtkWidget *board = new_board (NULL, &log);
  ArbBoardView *view = ARB_BOARD_VIEW (board);

  /* An empty square or a piece of the side not to move picks nothing. */
  _arb_board_view_click_square (view, E4);
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, ARB_NO_SQUARE);
  _arb_board_view_click_square (view, E7);
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, ARB_NO_SQUARE);

  _arb_board_view_click_square (view, E2);
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, E2);
  /* Not a legal target: dropped, no move. */
  _arb_board_view_click_square (view, E5);
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, ARB_NO_SQUARE);
  g_assert_cmpuint (log.n_moves, ==, 0);

  _arb_board_view_click_square (view, E2);
  _arb_board_view_click_square (view, E4);
  g_assert_cmpuint (log.n_moves, ==, 1);
  /* e2 = 12, e4 = 28, normal: 12 | 28 << 6 */
  g_assert_cmpuint (log.move, ==, 12 | (28 << 6));
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, ARB_NO_SQUARE);
  /* The view never makes the move: the pawn is still on e2. */
  g_assert_cmpint (arb_board_view_get_position (view)->board[E2], ==,
                   ARB_MAKE_PIECE (ARB_WHITE, ARB_PAWN));

  /* Clicking another own piece switches to it; the same one drops it. */
  _arb_board_view_click_square (view, E2);
  _arb_board_view_click_square (view, G1);
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, G1);
  _arb_board_view_click_square (view, G1);
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, ARB_NO_SQUARE);

  /* Not interactive: nothing happens. */
  arb_board_view_set_interactive (view, FALSE);
  _arb_board_view_click_square (view, E2);
  _arb_board_view_click_square (view, E4);
  g_assert_cmpuint (log.n_moves, ==, 1);

  g_assert_finalize_object (board);
}

static void
test_board_view_drag (void)
{
  MoveLog log = { 0 };
  GtkWidget *board = new_board (NULL, &log);
  ArbBoardView *view = ARB_BOARD_VIEW (board);

  _arb_board_view_drag_piece (view, G1, E2); /* own piece there: no move */
  g_assert_cmpuint (log.n_moves, ==, 0);
  _arb_board_view_drag_piece (view, G1, F3);
  g_assert_cmpuint (log.n_moves, ==, 1);
  g_assert_cmpuint (log.move, ==, 6 | (21 << 6));

  g_assert_finalize_object (board);
}

static void
test_board_view_castling (void)
{
  MoveLog log = { 0 };
  GtkWidget *board = new_board ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &log);
  ArbBoardView *view = ARB_BOARD_VIEW (board);

  /* The king put on g1: castling, encoded king takes rook (e1 = 4,
   * h1 = 7, kind 6). */
  _arb_board_view_click_square (view, E1);
  _arb_board_view_click_square (view, G1);
  g_assert_cmpuint (log.n_moves, ==, 1);
  g_assert_cmpuint (log.move, ==, 4 | (7 << 6) | (6 << 12));

  /* The king dropped on its rook: the same move. */
  _arb_board_view_drag_piece (view, E1, H1);
  g_assert_cmpuint (log.n_moves, ==, 2);
  g_assert_cmpuint (log.move, ==, 4 | (7 << 6) | (6 << 12));

  g_assert_finalize_object (board);
}

static void
test_board_view_promotion (void)
{
  MoveLog log = { 0 };
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = new_board ("5r1k/4P3/8/8/8/8/8/K7 w - - 0 1", &log);
  ArbBoardView *view = ARB_BOARD_VIEW (board);

  gtk_window_set_child (GTK_WINDOW (window), board);
  gtk_window_present (GTK_WINDOW (window));

  _arb_board_view_click_square (view, E7);
  _arb_board_view_click_square (view, E8);
  /* The chooser is open and nothing is chosen yet. */
  g_assert_nonnull (_arb_board_view_get_promotion_popover (view));
  g_assert_cmpuint (log.n_moves, ==, 0);
  _arb_board_view_choose_promotion (view, ARB_KNIGHT);
  g_assert_null (_arb_board_view_get_promotion_popover (view));
  g_assert_cmpuint (log.n_moves, ==, 1);
  /* e7 = 52, e8 = 60, promote to knight = kind 1 */
  g_assert_cmpuint (log.move, ==, 52 | (60 << 6) | (1 << 12));

  /* A capture by drag, to a queen (kind 4). */
  _arb_board_view_drag_piece (view, E7, F8);
  g_assert_nonnull (_arb_board_view_get_promotion_popover (view));
  _arb_board_view_choose_promotion (view, ARB_QUEEN);
  g_assert_cmpuint (log.n_moves, ==, 2);
  g_assert_cmpuint (log.move, ==, 52 | (61 << 6) | (4 << 12));

  /* Cancelled: no move. */
  _arb_board_view_click_square (view, E7);
  _arb_board_view_click_square (view, E8);
  g_assert_nonnull (_arb_board_view_get_promotion_popover (view));
  arb_board_view_cancel_move (view);
  g_assert_null (_arb_board_view_get_promotion_popover (view));
  _arb_board_view_choose_promotion (view, ARB_ROOK);
  g_assert_cmpuint (log.n_moves, ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (board);
}

static void
test_board_view_keyboard (void)
{
  MoveLog log = { 0 };
  GtkWidget *board = new_board (NULL, &log);
  ArbBoardView *view = ARB_BOARD_VIEW (board);

  /* The first key shows the cursor (on e2 for White) and does nothing else. */
  gtk_widget_activate_action (board, "board.activate-cursor", NULL);
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, ARB_NO_SQUARE);
  gtk_widget_activate_action (board, "board.activate-cursor", NULL);
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, E2);
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 0, 1);
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 0, 1);
  gtk_widget_activate_action (board, "board.activate-cursor", NULL);
  g_assert_cmpuint (log.n_moves, ==, 1);
  g_assert_cmpuint (log.move, ==, 12 | (28 << 6));

  /* Escape drops a piece held. */
  gtk_widget_activate_action (board, "board.cursor-move", "(ii)", 1, -2); /* f2 */
  gtk_widget_activate_action (board, "board.activate-cursor", NULL);
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, 13);
  gtk_widget_activate_action (board, "board.cancel-move", NULL);
  g_assert_cmpint (_arb_board_view_get_selected (view), ==, ARB_NO_SQUARE);

  g_assert_finalize_object (board);
}

/* Clock view */

static void
test_clock_format (void)
{
  static const struct
  {
    gint64 us;
    const char *text;
    gint64 next;
  } cases[] = {
    { G_GINT64_CONSTANT (5400000000), "1:30:00", 1 },
    { G_GINT64_CONSTANT (5400500000), "1:30:00", 500001 },
    { G_GINT64_CONSTANT (3600000000), "1:00:00", 1 },
    { G_GINT64_CONSTANT (3599999999), "59:59", 1000000 },
    { 245000000, "4:05", 1 },
    { 10000000, "0:10", 1 },
    { 9999999, "0:09.9", 100000 },
    { 9500000, "0:09.5", 1 },
    { 9550000, "0:09.5", 50001 },
    { 100000, "0:00.1", 1 },
    { 99999, "0:00.0", G_MAXINT64 },
    { 0, "0:00.0", G_MAXINT64 },
    { -3000000, "0:00.0", G_MAXINT64 },
    { G_GINT64_CONSTANT (36000000000), "10:00:00", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char buf[16];

      arb_clock_view_format_time (cases[i].us, buf);
      g_assert_cmpstr (buf, ==, cases[i].text);
      g_assert_cmpint (arb_clock_view_time_to_next_change (cases[i].us), ==, cases[i].next);
    }
}

static gint64
fake_time (gpointer data)
{
  return *(gint64 *) data;
}

static ArbClock *
new_clock (const char *control, gint64 *now)
{
  ArbTimeControl tc;
  ArbClock *clock;

  g_assert_true (arb_time_control_parse (control, &tc, NULL, NULL));
  clock = arb_clock_new (&tc);
  arb_clock_set_time_func (clock, fake_time, now, NULL);
  return clock;
}

static void
test_clock_view_texts (void)
{
  gint64 now = 1000000;
  ArbClock *clock = new_clock ("40/5400+30:1800+30", &now);
  GtkWidget *view = g_object_ref_sink (arb_clock_view_new (clock));
  ArbClockView *cv = ARB_CLOCK_VIEW (view);

  g_assert_cmpstr (arb_clock_view_get_time_text (cv, ARB_WHITE), ==, "1:30:00");
  g_assert_cmpstr (arb_clock_view_get_detail_text (cv, ARB_WHITE), ==,
                   "Period 1 · 40 moves to the control");
  /* Nothing runs before the start. */
  g_assert_cmpint (arb_clock_view_refresh (cv), ==, G_MAXINT64);

  arb_clock_set_time (clock, ARB_BLACK, 9500000);
  g_assert_cmpstr (arb_clock_view_get_time_text (cv, ARB_BLACK), ==, "0:09.5");

  arb_clock_start (clock);
  now += 250000; /* White has used a quarter second */
  g_assert_cmpint (arb_clock_view_refresh (cv), ==, 750001);
  g_assert_cmpstr (arb_clock_view_get_time_text (cv, ARB_WHITE), ==, "1:29:59");

  arb_clock_set_moves (clock, ARB_WHITE, 39);
  g_assert_cmpstr (arb_clock_view_get_detail_text (cv, ARB_WHITE), ==,
                   "Period 1 · 1 move to the control");
  arb_clock_set_moves (clock, ARB_WHITE, 40);
  g_assert_cmpstr (arb_clock_view_get_detail_text (cv, ARB_WHITE), ==,
                   "Period 2 · rest of the game");

  /* Black to move with 9.5 s: tenths; White's face is unchanged. */
  arb_clock_press (clock);
  now += 2000000;
  g_assert_cmpint (arb_clock_view_refresh (cv), ==, 1);
  g_assert_cmpstr (arb_clock_view_get_time_text (cv, ARB_BLACK), ==, "0:07.5");

  g_assert_finalize_object (view);
  g_assert_finalize_object (clock);
}

static void
test_clock_view_properties (void)
{
  gint64 now = 0;
  ArbClock *clock = new_clock ("300+2", &now);
  GtkWidget *view = g_object_ref_sink (arb_clock_view_new (NULL));
  g_auto (GValue) value = G_VALUE_INIT;

  g_assert_null (arb_clock_view_get_clock (ARB_CLOCK_VIEW (view)));
  check_boolean_property (view, "flipped");
  check_boolean_property (view, "compact");

  g_value_init (&value, ARB_TYPE_CLOCK);
  g_value_set_object (&value, clock);
  check_notifies_once (view, "clock", &value);
  g_value_unset (&value);
  g_assert_cmpstr (arb_clock_view_get_time_text (ARB_CLOCK_VIEW (view), ARB_WHITE), ==, "5:00");

  g_value_init (&value, GTK_TYPE_ORIENTATION);
  g_value_set_enum (&value, GTK_ORIENTATION_HORIZONTAL);
  check_notifies_once (view, "orientation", &value);

  g_assert_finalize_object (view);
  g_assert_finalize_object (clock);
}

static GtkWidget *
find_face (GtkWidget *view, const char *side_class)
{
  for (GtkWidget *child = gtk_widget_get_first_child (view); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_has_css_class (child, "clock-face") &&
        gtk_widget_has_css_class (child, side_class))
      return child;
  return NULL;
}

static void
test_clock_view_running_and_flag (void)
{
  gint64 now = 1000000;
  ArbClock *clock = new_clock ("300+2", &now);
  GtkWidget *view = g_object_ref_sink (arb_clock_view_new (clock));
  GtkWidget *white = find_face (view, "white");
  GtkWidget *black = find_face (view, "black");

  g_assert_nonnull (white);
  g_assert_nonnull (black);
  g_assert_false (gtk_widget_has_css_class (white, "running"));

  arb_clock_start (clock);
  g_assert_true (gtk_widget_has_css_class (white, "running"));
  g_assert_false (gtk_widget_has_css_class (black, "running"));

  arb_clock_press (clock); /* White gets 2 s: 5:02 */
  g_assert_cmpstr (arb_clock_view_get_time_text (ARB_CLOCK_VIEW (view), ARB_WHITE), ==, "5:02");
  g_assert_true (gtk_widget_has_css_class (black, "running"));
  g_assert_false (gtk_widget_has_css_class (white, "running"));

  /* Black's flag falls after 300 s; the clock notices on update. */
  now += 301 * G_USEC_PER_SEC;
  arb_clock_update (clock);
  arb_clock_view_refresh (ARB_CLOCK_VIEW (view));
  g_assert_cmpstr (arb_clock_view_get_time_text (ARB_CLOCK_VIEW (view), ARB_BLACK), ==, "0:00.0");
  g_assert_true (gtk_widget_has_css_class (black, "flag-fallen"));
  g_assert_false (gtk_widget_has_css_class (white, "flag-fallen"));

  g_assert_finalize_object (view);
  g_assert_finalize_object (clock);
}

/* Move list view */

typedef struct
{
  guint n;
  guint ply;
} PlyLog;

static void
ply_activated_cb (ArbMoveListView *list, guint ply, PlyLog *log)
{
  log->n++;
  log->ply = ply;
}

static void
test_move_list_view (void)
{
  static const char *const moves[] = { "e4",  "e5",  "Nf3", "Nc6",  "Bb5", "a6",   "Ba4",  "Nf6",
                                       "O-O", "Be7", "Re1", "b5",   "Bb3", "d6",   "c3",   "O-O",
                                       "h3",  "Nb8", "d4",  "Nbd7", "Qe2", "exd4", "cxd4", "Re8" };
  GtkWidget *list = g_object_ref_sink (arb_move_list_view_new ());
  ArbMoveListView *ml = ARB_MOVE_LIST_VIEW (list);
  g_auto (GValue) value = G_VALUE_INIT;
  PlyLog plies = { 0 };
  NotifyLog log;

  notify_log_init (&log, list);
  arb_move_list_view_set_moves (ml, moves, G_N_ELEMENTS (moves), 1, ARB_WHITE);
  g_assert_cmpuint (notify_count (&log, "n-plies"), ==, 1);
  arb_move_list_view_append (ml, "Qxe8+");
  g_assert_cmpuint (notify_count (&log, "n-plies"), ==, 2);
  notify_log_clear (&log, list);
  g_assert_cmpuint (arb_move_list_view_get_n_plies (ml), ==, 25);
  g_assert_cmpstr (arb_move_list_view_get_san (ml, 3), ==, "Nf3");
  g_assert_null (arb_move_list_view_get_san (ml, 0));
  g_assert_null (arb_move_list_view_get_san (ml, 26));

  g_value_init (&value, G_TYPE_UINT);
  g_value_set_uint (&value, 5);
  check_notifies_once (list, "current-ply", &value);
  g_value_unset (&value);

  g_value_init (&value, ARB_TYPE_NOTATION_STYLE);
  g_value_set_enum (&value, ARB_NOTATION_LOCAL);
  check_notifies_once (list, "notation", &value);
  g_value_unset (&value);
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, "sv");
  check_notifies_once (list, "language", &value);
  g_assert_cmpstr (arb_move_list_view_get_display_text (ml, 3), ==, "Sf3");
  g_assert_cmpstr (arb_move_list_view_get_display_text (ml, 5), ==, "Lb5");
  g_assert_cmpstr (arb_move_list_view_get_display_text (ml, 25), ==, "Dxe8+");
  arb_move_list_view_set_notation (ml, ARB_NOTATION_FIGURINE);
  g_assert_cmpstr (arb_move_list_view_get_display_text (ml, 3), ==, "♘f3");
  arb_move_list_view_set_notation (ml, ARB_NOTATION_ENGLISH);
  g_assert_cmpstr (arb_move_list_view_get_display_text (ml, 3), ==, "Nf3");

  /* Keys step through the game; the list itself does not move. */
  g_signal_connect (list, "ply-activated", G_CALLBACK (ply_activated_cb), &plies);
  gtk_widget_activate_action (list, "moves.step", "i", 1);
  g_assert_cmpuint (plies.n, ==, 1);
  g_assert_cmpuint (plies.ply, ==, 6);
  g_assert_cmpuint (arb_move_list_view_get_current_ply (ml), ==, 5);
  gtk_widget_activate_action (list, "moves.step", "i", -2);
  g_assert_cmpuint (plies.ply, ==, 3);
  gtk_widget_activate_action (list, "moves.last", NULL);
  g_assert_cmpuint (plies.ply, ==, 25);
  gtk_widget_activate_action (list, "moves.first", NULL);
  g_assert_cmpuint (plies.ply, ==, 0);
  g_assert_cmpuint (plies.n, ==, 4);

  /* Truncating clamps the current ply. */
  arb_move_list_view_set_current_ply (ml, 20);
  arb_move_list_view_truncate (ml, 10);
  g_assert_cmpuint (arb_move_list_view_get_current_ply (ml), ==, 10);
  g_assert_cmpuint (arb_move_list_view_get_n_plies (ml), ==, 10);

  g_assert_finalize_object (list);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  arb_position_init ();

  g_test_add_func ("/ui/piece-set/textures", test_piece_set_textures);
  g_test_add_func ("/ui/piece-set/bounded", test_piece_set_bounded);
  g_test_add_func ("/ui/board-paint/geometry", test_board_geometry);
  g_test_add_func ("/ui/board-paint/start-position", test_board_paint_start);
  g_test_add_func ("/ui/board-view/render", test_board_view_render);
  g_test_add_func ("/ui/board-view/properties", test_board_view_properties);
  g_test_add_func ("/ui/board-view/click-click", test_board_view_click_click);
  g_test_add_func ("/ui/board-view/drag", test_board_view_drag);
  g_test_add_func ("/ui/board-view/castling", test_board_view_castling);
  g_test_add_func ("/ui/board-view/promotion", test_board_view_promotion);
  g_test_add_func ("/ui/board-view/keyboard", test_board_view_keyboard);
  g_test_add_func ("/ui/clock-view/format", test_clock_format);
  g_test_add_func ("/ui/clock-view/running-and-flag", test_clock_view_running_and_flag);
  g_test_add_func ("/ui/clock-view/texts", test_clock_view_texts);
  g_test_add_func ("/ui/clock-view/properties", test_clock_view_properties);
  g_test_add_func ("/ui/move-list/basics", test_move_list_view);

  return g_test_run ();
}
