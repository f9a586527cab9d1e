/* arb-order-editor.h: a preferences group that edits an order of tie-breaks
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* What an order holds and where it is kept. The order is a list of keys
 * ("bh-c1", "tbr"); the editor reads it again after every change, so
 * what it shows is what the file holds. */
typedef struct
{
  const char *action_prefix;  /* the group's actions: PREFIX.up, .down, .remove (u), .add (s) */
  const char *const *offered; /* every key that may be added, in the menu's order */
  guint n_offered;
  guint max;                             /* the most keys the order holds */
  char *(*title) (const char *key);      /* the row's title: the acronym */
  const char *(*name) (const char *key); /* the name under it, NULL for none */
  /* The order as stored, as keys (char *) appended to @keys. */
  void (*read) (gpointer data, GPtrArray *keys);
  gboolean (*store) (gpointer data, const char *const *keys, guint n_keys, GError **error);
  void (*failed) (gpointer data, const GError *error); /* a store that failed */
  /* The items an offered key may be added as, with its options ("bh",
   * "bh:gp-c1"), appended to @items; an empty string between two sections
   * of them. NULL, or none appended: the key alone. The menu then has a
   * submenu for the key. */
  void (*variants) (const char *key, GPtrArray *items);
} ArbOrderEditorSpec;

/* A group titled @title that shows the order a row a key, with its place
 * and buttons to move it up or down or remove it (one key stays), and a
 * last row whose menu adds a key the order does not hold (a key with
 * variants: a submenu of them). @spec and
 * @data outlive the group. */
AdwPreferencesGroup *arb_order_editor_new (const ArbOrderEditorSpec *spec,
                                           gpointer data,
                                           const char *title,
                                           const char *description);

/* Shows the order as stored again. */
void arb_order_editor_refresh (AdwPreferencesGroup *group);

G_END_DECLS
