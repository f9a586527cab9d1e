/* arb-event-settings.c: the event's settings, changed in one transaction
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The event's settings are one JSON text in the event's row. A writer of
 * one setting reads the text, changes its member and writes the text
 * back; were the read outside the write's transaction, a change another
 * connection committed between the two (the results desk's, a deputy's
 * through the chief) would be written over with what was read before it.
 * So the read is made inside the transaction: a batch begins (BEGIN
 * IMMEDIATE takes the write lock first), the settings are read, changed
 * and stored, and the batch commits.
 */

#include "config.h"

#include "arb-event-settings.h"

#include "arb-i18n.h"
#include "arb-stored-json.h"

static gboolean
edit_event (ArbTournament *tournament,
            ArbEventSettingsEdit edit,
            gpointer user_data,
            GError **error)
{
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (JsonGenerator) generator = json_generator_new ();

  event = arb_tournament_get_event (tournament, error);
  if (event == NULL)
    return FALSE;
  if (event->settings == NULL || event->settings[0] == '\0')
    root = json_node_init_object (json_node_alloc (), json_object_new ());
  else if (arb_stored_json_load (parser, event->settings, NULL))
    root = json_parser_steal_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      /* Nothing recorded is overwritten: settings this cannot read stay. */
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID, "%s",
                   _ ("the event's settings are not a JSON object; the change was not stored"));
      return FALSE;
    }
  if (!edit (json_node_get_object (root), user_data, error))
    return FALSE;
  json_generator_set_root (generator, root);
  g_free (event->settings);
  event->settings = json_generator_to_data (generator, NULL);
  return arb_tournament_set_event (tournament, event, error);
}

gboolean
arb_event_settings_edit_in_batch (ArbTournament *tournament,
                                  ArbEventSettingsEdit edit,
                                  gpointer user_data,
                                  GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);
  g_return_val_if_fail (edit != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return edit_event (tournament, edit, user_data, error);
}

gboolean
arb_event_settings_edit (ArbTournament *tournament,
                         ArbEventSettingsEdit edit,
                         gpointer user_data,
                         GError **error)
{
  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);
  g_return_val_if_fail (edit != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!arb_tournament_begin_batch (tournament, error))
    return FALSE;
  if (!edit_event (tournament, edit, user_data, error))
    {
      arb_tournament_rollback_batch (tournament);
      return FALSE;
    }
  return arb_tournament_commit_batch (tournament, error);
}

char *
arb_scoring_to_text (const ArbScoring *scoring)
{
  char win[G_ASCII_DTOSTR_BUF_SIZE], draw[G_ASCII_DTOSTR_BUF_SIZE], loss[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (scoring != NULL, NULL);
  return g_strdup_printf ("%s-%s-%s", g_ascii_formatd (win, sizeof win, "%g", scoring->win),
                          g_ascii_formatd (draw, sizeof draw, "%g", scoring->draw),
                          g_ascii_formatd (loss, sizeof loss, "%g", scoring->loss));
}

static gboolean
put_text (JsonObject *settings, gpointer user_data, GError **error)
{
  const char *const *member_text = user_data;

  json_object_set_string_member (settings, member_text[0], member_text[1]);
  return TRUE;
}

/* Stores a win's, a draw's and a loss's points as @member ("scoring" or
 * "team_scoring") holds them, "3-1-0". A team's match points read as a
 * game's do (arb_team_match_points_parse ()), so one check serves both:
 * what is stored must read back, win ≥ draw ≥ loss ≥ 0. That is the
 * public caller's value, hence a warning and not an assertion. */
static gboolean
set_points (ArbTournament *tournament,
            const char *member,
            double win,
            double draw,
            double loss,
            GError **error)
{
  ArbScoring points = { .win = win, .draw = draw, .loss = loss }, check;
  g_autofree char *text = arb_scoring_to_text (&points);
  const char *member_text[] = { member, text };

  g_return_val_if_fail (arb_scoring_parse (text, &check), FALSE);
  return arb_event_settings_edit (tournament, put_text, member_text, error);
}

gboolean
arb_event_settings_set_scoring (ArbTournament *tournament,
                                const ArbScoring *scoring,
                                GError **error)
{
  g_return_val_if_fail (scoring != NULL, FALSE);
  return set_points (tournament, "scoring", scoring->win, scoring->draw, scoring->loss, error);
}

typedef struct
{
  const ArbTiebreak *order;
  guint n;
} Order;

static gboolean
put_tiebreaks (JsonObject *settings, gpointer user_data, GError **error)
{
  const Order *o = user_data;
  JsonArray *array = json_array_sized_new (o->n);

  for (guint i = 0; i < o->n; i++)
    json_array_add_string_element (array, arb_tiebreak_to_key (o->order[i]));
  json_object_set_array_member (settings, "tiebreaks", array);
  return TRUE;
}

gboolean
arb_event_settings_set_tiebreaks (ArbTournament *tournament,
                                  const ArbTiebreak *order,
                                  guint n_order,
                                  GError **error)
{
  Order o = { order, n_order };

  g_return_val_if_fail (order != NULL, FALSE);
  g_return_val_if_fail (n_order >= 1 && n_order <= ARB_TIEBREAK_MAX_ORDER, FALSE);
  for (guint i = 0; i < n_order; i++)
    g_return_val_if_fail ((guint) order[i] < ARB_TIEBREAK_N, FALSE);
  return arb_event_settings_edit (tournament, put_tiebreaks, &o, error);
}

/* Writes @order into @settings. */
static gboolean
put_team_order (JsonObject *settings, gpointer user_data, GError **error)
{
  const ArbTeamOrder *order = user_data;
  JsonArray *array = json_array_sized_new (order->n_order);

  for (guint i = 0; i < order->n_order; i++)
    {
      g_autofree char *item = arb_team_order_item_to_text (order->order[i], &order->options[i]);

      json_array_add_string_element (array, item);
    }
  json_object_set_string_member (settings, "team_score", arb_team_score_to_key (order->primary));
  json_object_set_array_member (settings, "team_tiebreaks", array);
  return TRUE;
}

gboolean
arb_event_settings_set_team_order (ArbTournament *tournament,
                                   const ArbTeamOrder *order,
                                   GError **error)
{
  g_return_val_if_fail (order != NULL, FALSE);
  g_return_val_if_fail (order->n_order <= ARB_TEAM_ORDER_MAX, FALSE);
  g_return_val_if_fail (arb_team_score_to_key (order->primary) != NULL, FALSE);
  for (guint i = 0; i < order->n_order; i++)
    {
      g_return_val_if_fail ((guint) order->order[i] < ARB_TEAM_ORDER_N, FALSE);
      g_return_val_if_fail (arb_team_order_option_allowed (order->order[i], &order->options[i]),
                            FALSE);
    }
  return arb_event_settings_edit (tournament, put_team_order, (gpointer) order, error);
}

gboolean
arb_event_settings_set_team_match_points (ArbTournament *tournament,
                                          const ArbTeamMatchPoints *points,
                                          GError **error)
{
  g_return_val_if_fail (points != NULL, FALSE);
  return set_points (tournament, "team_scoring", points->win, points->draw, points->loss, error);
}

static gboolean
put_round_robin (JsonObject *settings, gpointer user_data, GError **error)
{
  json_object_set_boolean_member (settings, "round_robin", GPOINTER_TO_INT (user_data));
  return TRUE;
}

gboolean
arb_event_settings_set_round_robin (ArbTournament *tournament, gboolean round_robin, GError **error)
{
  return arb_event_settings_edit (tournament, put_round_robin,
                                  GINT_TO_POINTER (round_robin ? 1 : 0), error);
}
