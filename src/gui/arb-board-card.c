/* arb-board-card.c: one board of the round overview
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-board-card"

#include "config.h"

#include "arb-board-card.h"

#include "arb-i18n.h"
#include <string.h>

#include "arb-board-thumbnail.h"
#include "arb-clock-digits.h"
#include "arb-clock-view.h"
#include "arb-dead-watch.h"
#include "arb-game-speech.h"
#include "arb-game-text.h"
#include "arb-ruling-actions.h"

struct _ArbBoardCard
{
  GtkFlowBoxChild parent_instance;

  /* Template widgets */
  GtkLabel *board_label;
  GtkLabel *state_label;
  ArbBoardThumbnail *thumbnail;
  GtkLabel *top_name;
  GtkLabel *top_rating;
  ArbClockDigits *top_clock;
  ArbClockDigits *bottom_clock;
  GtkWidget *top_run_icon;
  GtkWidget *top_warn_icon;
  GtkWidget *bottom_run_icon;
  GtkWidget *bottom_warn_icon;
  GtkLabel *bottom_name;
  GtkLabel *bottom_rating;
  GtkFlowBox *badges;

  /* Owned */
  ArbGame *game;
  GSignalGroup *game_signals;
  char *search_text; /* case-folded names */
  GPtrArray *badge_texts;
  GArray *source_badges; /* SourceBadge: what the round's sources report */
  char *floor_note;      /* a clock read on the floor, or NULL */
  guint shown_plies;     /* the position the small board shows */

  char clock_text[2][16];
  int running_side;     /* -1: none */
  guint clock_signs[2]; /* ClockSign bits shown beside each clock */
  /* The window ticks only the cards in view (arb_board_card_set_shown());
   * a card out of view, or whose clocks changed without ticking, is
   * brought up to date when it is next ticked. */
  gboolean shown;
  gboolean stale;
  gboolean compact;
};

/* The signs beside a clock, so that no state is told by colour alone. */
typedef enum
{
  CLOCK_SIGN_RUNNING = 1 << 0,
  CLOCK_SIGN_LOW_TIME = 1 << 1,
  CLOCK_SIGN_FLAG = 1 << 2,
} ClockSign;

G_DEFINE_FINAL_TYPE (ArbBoardCard, arb_board_card, GTK_TYPE_FLOW_BOX_CHILD)

/* A clock under five minutes is shown as time trouble. */
#define LOW_TIME_US ((gint64) 5 * 60 * G_USEC_PER_SEC)

static ArbClockDigits *
clock_label (ArbBoardCard *self, ArbColor side)
{
  /* Black sits at the top, as on the board. */
  return side == ARB_BLACK ? self->top_clock : self->bottom_clock;
}

/* The small board grows with the text (GNOME's large text sets the
 * font resolution), as the names and clocks beside it do. */
static void
size_thumbnail (ArbBoardCard *self)
{
  int dpi = 0;
  double scale;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-xft-dpi", &dpi, NULL);
  scale = dpi > 0 ? CLAMP (dpi / (96.0 * 1024), 1.0, 3.0) : 1.0;
  arb_board_thumbnail_set_natural_size (self->thumbnail,
                                        (int) ((self->compact ? 84 : 120) * scale + 0.5));
}

/* Tooltips given when asked for. GTK 4.8 asks the X server where the
 * pointer is each time a shown widget's tooltip text is set (a round trip),
 * which for the six tooltips of each of 256 cards was much of the launch;
 * the text is kept here and handed over on hover. */
static gboolean
lazy_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  const char *text = g_object_get_data (G_OBJECT (widget), "arb-tooltip");

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
lazy_tooltip_init (GtkWidget *widget)
{
  gtk_widget_set_has_tooltip (widget, TRUE);
  g_signal_connect (widget, "query-tooltip", G_CALLBACK (lazy_tooltip_cb), NULL);
}

static void
set_lazy_tooltip (GtkWidget *widget, const char *text)
{
  g_object_set_data_full (G_OBJECT (widget), "arb-tooltip", g_strdup (text), g_free);
}

static void
show_clock_signs (ArbBoardCard *self, ArbColor side, guint signs)
{
  GtkWidget *run = side == ARB_BLACK ? self->top_run_icon : self->bottom_run_icon;
  GtkWidget *warn = side == ARB_BLACK ? self->top_warn_icon : self->bottom_warn_icon;
  GtkWidget *clock = GTK_WIDGET (clock_label (self, side));

  if (self->clock_signs[side] == signs)
    return;
  self->clock_signs[side] = signs;
  /* The colours, with the signs: changed only when the state changes. */
  if (signs & CLOCK_SIGN_FLAG)
    gtk_widget_add_css_class (clock, "flag-fallen");
  else
    gtk_widget_remove_css_class (clock, "flag-fallen");
  if (signs & CLOCK_SIGN_LOW_TIME)
    gtk_widget_add_css_class (clock, "low-time");
  else
    gtk_widget_remove_css_class (clock, "low-time");
  gtk_widget_set_visible (run, (signs & CLOCK_SIGN_RUNNING) != 0);
  set_lazy_tooltip (run, _ ("Running"));
  if (signs & CLOCK_SIGN_FLAG)
    {
      gtk_image_set_from_icon_name (GTK_IMAGE (warn), "emoji-flags-symbolic");
      set_lazy_tooltip (warn, _ ("Flag fell"));
    }
  else
    {
      gtk_image_set_from_icon_name (GTK_IMAGE (warn), "alarm-symbolic");
      set_lazy_tooltip (warn, _ ("Less than five minutes"));
    }
  gtk_widget_set_visible (warn, (signs & (CLOCK_SIGN_FLAG | CLOCK_SIGN_LOW_TIME)) != 0);
}

/* The card as one sentence for a screen reader. Said when the card gets
 * the focus (the times then are those of that moment) and after each
 * change of the game, never as the clocks tick. */
static void
update_accessible_label (ArbBoardCard *self)
{
  g_autofree char *said = arb_game_speech_card (self->game);
  g_autofree char *sentence =
    self->floor_note != NULL ? g_strdup_printf ("%s. %s", said, self->floor_note) : g_strdup (said);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, sentence,
                                  -1);
}

static void
focus_enter_cb (GtkEventControllerFocus *controller, ArbBoardCard *self)
{
  if (self->game != NULL)
    update_accessible_label (self);
}

/* The initials of given names: "Jorden" "J.", "Jan-Krzysztof" "J.-K.",
 * "Anna Maria" "A. M.". */
static void
append_initials (GString *out, const char *given)
{
  gboolean at_start = TRUE;

  for (const char *p = given; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == ' ' || c == '-')
        {
          if (!at_start)
            g_string_append (out, c == ' ' ? " " : "-");
          at_start = TRUE;
          continue;
        }
      if (at_start)
        {
          g_string_append_unichar (out, c);
          g_string_append_c (out, '.');
          at_start = FALSE;
        }
    }
  /* A trailing separator from "Anna " */
  while (out->len > 0 && (out->str[out->len - 1] == ' ' || out->str[out->len - 1] == '-'))
    g_string_truncate (out, out->len - 1);
}

/* A name as it fits MAX characters: whole when it does; otherwise the
 * surname with the initials of the given names ("van Foreest, Jorden"
 * "van Foreest, J."; "Magnus Carlsen" "M. Carlsen"), as pairing lists
 * shorten them, rather than the label cutting the surname ("van Foreest,
 * Jor…"). The whole name stays in the tooltip and the accessible label. */
char *
arb_board_card_short_name (const char *name, int max)
{
  const char *comma;
  const char *space;
  GString *out;

  if (max <= 0 || g_utf8_strlen (name, -1) <= max)
    return g_strdup (name);
  out = g_string_new (NULL);
  comma = strchr (name, ',');
  if (comma != NULL)
    {
      const char *given = comma + 1;

      while (*given == ' ')
        given++;
      g_string_append_len (out, name, comma - name);
      if (*given != '\0')
        {
          g_string_append (out, ", ");
          append_initials (out, given);
        }
      return g_string_free (out, FALSE);
    }
  space = strrchr (name, ' ');
  if (space == NULL)
    {
      g_string_free (out, TRUE);
      return g_strdup (name);
    }
  {
    g_autofree char *given = g_strndup (name, space - name);

    append_initials (out, given);
    g_string_append_c (out, ' ');
    g_string_append (out, space + 1);
  }
  return g_string_free (out, FALSE);
}

static void
set_player (GtkLabel *name_label, GtkLabel *rating_label, const ArbPlayerInfo *player)
{
  g_autofree char *name_markup = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *rating = NULL;

  if (player == NULL)
    {
      gtk_label_set_text (name_label, _ ("Bye"));
      gtk_label_set_text (rating_label, "");
      return;
    }

  /* A name from a crafted file may not be UTF-8: shown with U+FFFD for
   * the bad bytes, never as invalid markup. */
  name = g_utf8_make_valid (player->name, -1);
  title = g_utf8_make_valid (player->title != NULL ? player->title : "", -1);
  {
    /* The title takes room of the line too. */
    int room = gtk_label_get_max_width_chars (name_label) -
               (title[0] != '\0' ? (int) g_utf8_strlen (title, -1) + 1 : 0);
    g_autofree char *shown = arb_board_card_short_name (name, room);

    if (title[0] != '\0')
      name_markup =
        g_markup_printf_escaped ("<span weight=\"bold\" size=\"small\">%s</span> %s", title, shown);
    else
      name_markup = g_markup_escape_text (shown, -1);
  }
  gtk_label_set_markup (name_label, name_markup);
  set_lazy_tooltip (GTK_WIDGET (name_label), name);

  if (player->rating > 0 && player->federation != NULL)
    rating = g_strdup_printf ("%d · %s", player->rating, player->federation);
  else if (player->rating > 0)
    rating = g_strdup_printf ("%d", player->rating);
  else
    rating = g_strdup (player->federation != NULL ? player->federation : "");
  gtk_label_set_text (rating_label, rating);
}

static void
update_search_text (ArbBoardCard *self)
{
  GString *text = g_string_new (NULL);

  for (int side = 0; side < 2; side++)
    {
      const ArbPlayerInfo *p = arb_game_get_player (self->game, side);

      if (p != NULL && p->name != NULL)
        {
          g_autofree char *folded = g_utf8_casefold (p->name, -1);

          g_string_append (text, folded);
          g_string_append_c (text, '\n');
        }
    }
  g_free (self->search_text);
  self->search_text = g_string_free (text, FALSE);
}

typedef struct
{
  char *text;
  ArbCardSourceKind kind;
  gint64 alert_id;
} SourceBadge;

static void
source_badge_clear (gpointer data)
{
  g_free (((SourceBadge *) data)->text);
}

/* The answers to a source's alert, for its badge and the context menu. */
static GMenuModel *
source_alert_menu (const SourceBadge *badge)
{
  GMenu *menu = g_menu_new ();
  g_autoptr (GMenuItem) settle = NULL;
  g_autoptr (GMenuItem) dismiss = NULL;

  if (badge->kind == ARB_CARD_SOURCE_ILLEGAL_MOVE)
    settle = g_menu_item_new (_ ("_Rule…"), NULL);
  else
    settle = g_menu_item_new (_ ("_Take the Source's Moves"), NULL);
  g_menu_item_set_action_and_target_value (settle,
                                           badge->kind == ARB_CARD_SOURCE_ILLEGAL_MOVE
                                             ? "win.source-alert-rule"
                                             : "win.source-alert-accept",
                                           g_variant_new_int64 (badge->alert_id));
  g_menu_append_item (menu, settle);
  dismiss = g_menu_item_new (_ ("_Dismiss as Misread"), NULL);
  g_menu_item_set_action_and_target_value (dismiss, "win.source-alert-dismiss",
                                           g_variant_new_int64 (badge->alert_id));
  g_menu_append_item (menu, dismiss);
  return G_MENU_MODEL (menu);
}

static GtkWidget *
badge_content (const char *text, const char *style)
{
  GtkWidget *badge = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *label = gtk_label_new (text);

  /* A long badge wraps inside the card rather than widening it: a card
   * wider than the others would take a column from the whole grid. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  /* A wrapped label still asks for its whole length: the floor's reading,
   * the longest badge, asks for less, so the round keeps its columns. */
  if (g_strcmp0 (style, "floor-reading") == 0)
    gtk_label_set_max_width_chars (GTK_LABEL (label), 30);

  /* The urgent ones carry a sign as well as a colour. */
  if (g_strcmp0 (style, "error") == 0 || g_strcmp0 (style, "warning") == 0)
    {
      GtkWidget *icon = g_object_new (GTK_TYPE_IMAGE, "icon-name",
                                      g_str_equal (style, "error") ? "dialog-error-symbolic"
                                                                   : "dialog-warning-symbolic",
                                      "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);

      gtk_box_append (GTK_BOX (badge), icon);
    }
  gtk_box_append (GTK_BOX (badge), label);
  return badge;
}

/* A badge; with @menu, a button that opens it (the mouse's way to an
 * alert's answers; the keyboard's is the card's context menu). */
static void
add_badge (ArbBoardCard *self, const char *text, const char *style, GMenuModel *menu)
{
  GtkWidget *badge = badge_content (text, style);

  if (menu != NULL)
    {
      GtkWidget *button = gtk_menu_button_new ();
      GtkWidget *arrow = g_object_new (GTK_TYPE_IMAGE, "icon-name", "pan-down-symbolic",
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);

      gtk_box_append (GTK_BOX (badge), arrow);
      gtk_menu_button_set_child (GTK_MENU_BUTTON (button), badge);
      gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), menu);
      gtk_menu_button_set_has_frame (GTK_MENU_BUTTON (button), FALSE);
      /* The card is the keyboard's stop, not its badges. */
      for (GtkWidget *w = button; w != NULL; w = gtk_widget_get_first_child (w))
        gtk_widget_set_focusable (w, FALSE);
      gtk_widget_add_css_class (button, "badge-button");
      badge = button;
    }
  gtk_widget_set_halign (badge, GTK_ALIGN_START);
  gtk_widget_add_css_class (badge, "badge");
  if (style != NULL)
    gtk_widget_add_css_class (badge, style);
  gtk_flow_box_append (self->badges, badge);
  /* The card says its badges in its own name: a badge is no stop of its
   * own for the keyboard. */
  gtk_widget_set_focusable (gtk_widget_get_parent (badge), FALSE);
  g_ptr_array_add (self->badge_texts, g_strdup (text));
}

static void
update_badges (ArbBoardCard *self)
{
  g_autoptr (GPtrArray) badges = arb_game_text_badges (self->game);
  g_autoptr (GMenu) context = g_menu_new ();
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->badges))) != NULL)
    gtk_flow_box_remove (self->badges, child);
  g_ptr_array_set_size (self->badge_texts, 0);

  for (guint i = 0; i < badges->len; i++)
    {
      const ArbGameBadge *badge = g_ptr_array_index (badges, i);

      add_badge (self, badge->text, badge->style, NULL);
    }
  for (guint i = 0; i < self->source_badges->len; i++)
    {
      const SourceBadge *badge = &g_array_index (self->source_badges, SourceBadge, i);
      g_autoptr (GMenuModel) answers = NULL;

      if (badge->alert_id > 0)
        {
          answers = source_alert_menu (badge);
          g_menu_append_section (context, badge->text, answers);
        }
      add_badge (self, badge->text, "warning", answers);
    }
  if (self->floor_note != NULL)
    add_badge (self, self->floor_note, "floor-reading", NULL);
  arb_ruling_actions_set_context_extra (
    GTK_WIDGET (self),
    g_menu_model_get_n_items (G_MENU_MODEL (context)) > 0 ? G_MENU_MODEL (context) : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->badges), self->badge_texts->len > 0);
}

static void
update_game (ArbBoardCard *self)
{
  guint n = arb_game_get_n_plies (self->game);
  g_autofree char *state = arb_game_text_state (self->game);

  arb_board_thumbnail_set_position (self->thumbnail, arb_game_get_position (self->game, n),
                                    arb_game_get_move (self->game, n));
  self->shown_plies = n;
  gtk_label_set_text (self->state_label, state);
  if (arb_game_is_finished (self->game))
    gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "result");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->state_label), "result");
  update_badges (self);
  self->stale = TRUE;
  arb_board_card_tick (self);
  update_accessible_label (self);
}

static void
game_changed_cb (ArbGame *game, ArbBoardCard *self)
{
  update_game (self);
}

/* The search after the last move has answered: a dead position, or who
 * could still mate when a flag falls. */
static void
dead_watch_updated_cb (ArbDeadWatch *watch, ArbBoardCard *self)
{
  update_badges (self);
  update_accessible_label (self);
}

static void
arb_board_card_dispose (GObject *object)
{
  ArbBoardCard *self = ARB_BOARD_CARD (object);

  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_BOARD_CARD);

  G_OBJECT_CLASS (arb_board_card_parent_class)->dispose (object);
}

static void
arb_board_card_finalize (GObject *object)
{
  ArbBoardCard *self = ARB_BOARD_CARD (object);

  g_clear_pointer (&self->search_text, g_free);
  g_clear_pointer (&self->badge_texts, g_ptr_array_unref);
  g_clear_pointer (&self->source_badges, g_array_unref);
  g_clear_pointer (&self->floor_note, g_free);

  G_OBJECT_CLASS (arb_board_card_parent_class)->finalize (object);
}

/* Reading aloud: the game as it stands. */
static ArbGame *
speech_game (GtkWidget *widget, guint *ply)
{
  ArbBoardCard *self = ARB_BOARD_CARD (widget);

  *ply = arb_game_get_n_plies (self->game);
  return self->game;
}

/* Rulings: the card's context menu opens the flows for its game. */
static ArbGame *
ruling_game (GtkWidget *widget)
{
  return ARB_BOARD_CARD (widget)->game;
}

static void
arb_board_card_class_init (ArbBoardCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_board_card_dispose;
  object_class->finalize = arb_board_card_finalize;

  g_type_ensure (ARB_TYPE_BOARD_THUMBNAIL);
  g_type_ensure (ARB_TYPE_CLOCK_DIGITS);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/arbiterdesk/Arbiter/ui/arb-board-card.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, board_label);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, state_label);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, thumbnail);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, top_name);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, top_rating);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, top_clock);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, bottom_clock);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, top_run_icon);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, top_warn_icon);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, bottom_run_icon);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, bottom_warn_icon);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, bottom_name);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, bottom_rating);
  gtk_widget_class_bind_template_child (widget_class, ArbBoardCard, badges);
  gtk_widget_class_set_css_name (widget_class, "boardcard");
  arb_ruling_actions_install (widget_class, ruling_game);
  arb_game_speech_install_actions (widget_class, speech_game);
}

static void
arb_board_card_init (ArbBoardCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->badge_texts = g_ptr_array_new_with_free_func (g_free);
  self->source_badges = g_array_new (FALSE, FALSE, sizeof (SourceBadge));
  g_array_set_clear_func (self->source_badges, source_badge_clear);
  self->running_side = -1;
  self->shown = TRUE;
  self->stale = TRUE;
  self->game_signals = g_signal_group_new (ARB_TYPE_GAME);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (game_changed_cb), self);
  arb_ruling_actions_add_context_menu (GTK_WIDGET (self));
  {
    GtkWidget *tipped[] = { GTK_WIDGET (self->top_name),  GTK_WIDGET (self->bottom_name),
                            GTK_WIDGET (self->top_clock), GTK_WIDGET (self->bottom_clock),
                            self->top_run_icon,           self->bottom_run_icon,
                            self->top_warn_icon,          self->bottom_warn_icon };

    for (guint i = 0; i < G_N_ELEMENTS (tipped); i++)
      lazy_tooltip_init (tipped[i]);
  }
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-xft-dpi",
                           G_CALLBACK (size_thumbnail), self, G_CONNECT_SWAPPED);
  size_thumbnail (self);
  {
    GtkEventController *focus = gtk_event_controller_focus_new ();

    g_signal_connect (focus, "enter", G_CALLBACK (focus_enter_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), focus);
  }
}

GtkWidget *
arb_board_card_new (ArbGame *game)
{
  ArbBoardCard *self;
  g_autofree char *board = NULL;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);

  self = g_object_new (ARB_TYPE_BOARD_CARD, NULL);
  self->game = g_object_ref (game);

  board = g_strdup_printf (_ ("Board %d"), arb_game_get_board (game));
  gtk_label_set_text (self->board_label, board);
  set_player (self->top_name, self->top_rating, arb_game_get_player (game, ARB_BLACK));
  set_player (self->bottom_name, self->bottom_rating, arb_game_get_player (game, ARB_WHITE));
  update_search_text (self);

  g_signal_group_set_target (self->game_signals, game);
  /* Rulings: a flag falling on any board of the round raises an alert. */
  arb_ruling_flag_alert_attach (GTK_WIDGET (self), game);
  /* After every move the search asks, off the main loop, whether either
   * side can still mate (5.2.2, 6.9); the card shows what it finds. */
  g_signal_connect_object (arb_dead_watch_get (game), "updated", G_CALLBACK (dead_watch_updated_cb),
                           self, 0);
  update_game (self);
  return GTK_WIDGET (self);
}

ArbGame *
arb_board_card_get_game (ArbBoardCard *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_CARD (self), NULL);
  return self->game;
}

gint64
arb_board_card_tick (ArbBoardCard *self)
{
  ArbClock *clock;
  gint64 next = G_MAXINT64;
  int running;

  g_return_val_if_fail (ARB_IS_BOARD_CARD (self), G_MAXINT64);

  clock = arb_game_get_clock (self->game);
  running = arb_clock_is_running (clock) ? (int) arb_clock_get_side_to_move (clock) : -1;

  /* Out of view: nothing to draw now; in view with both clocks stopped
   * and nothing changed: nothing to do. */
  if (!self->shown)
    {
      self->stale = TRUE;
      return G_MAXINT64;
    }
  if (running < 0 && self->running_side < 0 && !self->stale)
    return G_MAXINT64;
  self->stale = FALSE;

  /* A clock on the table only: Arbiter shows no time of its own for it,
   * and so no low time and no flag. */
  if (!arb_game_is_clock_kept (self->game))
    {
      for (int side = 0; side < 2; side++)
        {
          GtkWidget *label = GTK_WIDGET (clock_label (self, side));

          if (strcmp (self->clock_text[side], "—") != 0)
            {
              g_strlcpy (self->clock_text[side], "—", sizeof self->clock_text[side]);
              arb_clock_digits_set_text (ARB_CLOCK_DIGITS (label), "—");
            }
          gtk_widget_remove_css_class (label, "flag-fallen");
          gtk_widget_remove_css_class (label, "low-time");
          gtk_widget_remove_css_class (label, "running");
          gtk_widget_add_css_class (label, "untracked");
          set_lazy_tooltip (label, _ ("The clock on the table keeps this game’s time"));
          show_clock_signs (self, side, 0);
        }
      self->running_side = -1;
      return G_MAXINT64;
    }

  for (int side = 0; side < 2; side++)
    {
      gint64 left = arb_clock_get_remaining_us (clock, side);
      gboolean flag = arb_clock_get_flag (clock, side, NULL) || left <= 0;
      /* Time trouble is where the arbiter is needed most. */
      gboolean low = left > 0 && left < LOW_TIME_US && !arb_game_is_finished (self->game);
      char text[16];

      if (gtk_widget_has_css_class (GTK_WIDGET (clock_label (self, side)), "untracked"))
        {
          gtk_widget_remove_css_class (GTK_WIDGET (clock_label (self, side)), "untracked");
          set_lazy_tooltip (GTK_WIDGET (clock_label (self, side)), NULL);
        }

      arb_clock_view_format_time (left, text);
      if (strcmp (text, self->clock_text[side]) != 0)
        {
          memcpy (self->clock_text[side], text, sizeof text);
          arb_clock_digits_set_text (clock_label (self, side), text);
        }
      if (side == running)
        next = MIN (next, arb_clock_view_time_to_next_change (left));
      show_clock_signs (self, side,
                        (side == running ? CLOCK_SIGN_RUNNING : 0) | (flag ? CLOCK_SIGN_FLAG : 0) |
                          (low ? CLOCK_SIGN_LOW_TIME : 0));
    }

  if (running != self->running_side)
    {
      for (int side = 0; side < 2; side++)
        {
          if (side == running)
            gtk_widget_add_css_class (GTK_WIDGET (clock_label (self, side)), "running");
          else
            gtk_widget_remove_css_class (GTK_WIDGET (clock_label (self, side)), "running");
        }
      self->running_side = running;
    }
  return next;
}

void
arb_board_card_set_shown (ArbBoardCard *self, gboolean shown)
{
  g_return_if_fail (ARB_IS_BOARD_CARD (self));

  shown = !!shown;
  if (self->shown == shown)
    return;
  self->shown = shown;
  /* A card out of view is left out of the window's drawing altogether
   * (GTK draws nothing of a widget with no opacity), so that a frame of
   * a round of hundreds of boards costs what the boards in view cost. */
  gtk_widget_set_opacity (GTK_WIDGET (self), shown ? 1.0 : 0.0);
  if (shown && self->stale)
    arb_board_card_tick (self);
}

void
arb_board_card_set_compact (ArbBoardCard *self, gboolean compact)
{
  g_return_if_fail (ARB_IS_BOARD_CARD (self));

  /* Large rounds: a smaller board and no ratings, so that about thirty
   * boards fit on one screen. */
  self->compact = compact;
  size_thumbnail (self);
  gtk_widget_set_visible (GTK_WIDGET (self->top_rating), !compact);
  gtk_widget_set_visible (GTK_WIDGET (self->bottom_rating), !compact);
  if (compact)
    gtk_widget_add_css_class (GTK_WIDGET (self), "compact");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "compact");
}

void
arb_board_card_set_theme (ArbBoardCard *self, const char *theme)
{
  g_return_if_fail (ARB_IS_BOARD_CARD (self));
  arb_board_thumbnail_set_theme (self->thumbnail, theme);
}

gboolean
arb_board_card_needs_attention (ArbBoardCard *self)
{
  ArbClock *clock;

  g_return_val_if_fail (ARB_IS_BOARD_CARD (self), FALSE);

  if (arb_game_is_finished (self->game))
    return FALSE;
  if (self->badge_texts->len > 0)
    return TRUE;
  if (!arb_game_is_clock_kept (self->game))
    return FALSE;
  clock = arb_game_get_clock (self->game);
  for (int side = 0; side < 2; side++)
    if (arb_clock_get_remaining_us (clock, side) < LOW_TIME_US)
      return TRUE;
  return FALSE;
}

gboolean
arb_board_card_matches (ArbBoardCard *self, const char *query)
{
  char *end = NULL;
  gint64 number;

  g_return_val_if_fail (ARB_IS_BOARD_CARD (self), FALSE);
  g_return_val_if_fail (query != NULL, FALSE);

  number = g_ascii_strtoll (query, &end, 10);
  if (end != query && *end == '\0')
    return number == arb_game_get_board (self->game);
  return self->search_text != NULL && strstr (self->search_text, query) != NULL;
}

GPtrArray *
arb_board_card_list_badges (ArbBoardCard *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_CARD (self), NULL);
  return g_ptr_array_ref (self->badge_texts);
}

const char *
arb_board_card_get_clock_text (ArbBoardCard *self, ArbColor side)
{
  g_return_val_if_fail (ARB_IS_BOARD_CARD (self), NULL);
  return self->clock_text[side];
}

static gboolean
source_badges_equal (ArbBoardCard *self, const ArbCardSourceBadge *badges, guint n_badges)
{
  if (self->source_badges->len != n_badges)
    return FALSE;
  for (guint i = 0; i < n_badges; i++)
    {
      const SourceBadge *shown = &g_array_index (self->source_badges, SourceBadge, i);

      if (g_strcmp0 (shown->text, badges[i].text) != 0 || shown->kind != badges[i].kind ||
          shown->alert_id != badges[i].alert_id)
        return FALSE;
    }
  return TRUE;
}

void
arb_board_card_set_source_badges (ArbBoardCard *self,
                                  const ArbCardSourceBadge *badges,
                                  guint n_badges)
{
  g_return_if_fail (ARB_IS_BOARD_CARD (self));
  g_return_if_fail (badges != NULL || n_badges == 0);

  if (source_badges_equal (self, badges, n_badges))
    return;
  g_array_set_size (self->source_badges, 0);
  for (guint i = 0; i < n_badges; i++)
    {
      SourceBadge badge = { g_strdup (badges[i].text), badges[i].kind, badges[i].alert_id };

      g_array_append_val (self->source_badges, badge);
    }
  update_badges (self);
  update_accessible_label (self);
}

guint
arb_board_card_get_shown_plies (ArbBoardCard *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_CARD (self), 0);
  return self->shown_plies;
}

void
arb_board_card_set_floor_note (ArbBoardCard *self, const char *text)
{
  g_return_if_fail (ARB_IS_BOARD_CARD (self));

  if (g_strcmp0 (self->floor_note, text) == 0)
    return;
  g_free (self->floor_note);
  self->floor_note = g_strdup (text);
  update_badges (self);
  update_accessible_label (self);
}

const char *
arb_board_card_get_floor_note (ArbBoardCard *self)
{
  g_return_val_if_fail (ARB_IS_BOARD_CARD (self), NULL);
  return self->floor_note;
}
