/* arb-catalog.h: one compiled message catalog (.mo), read by the program
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The window speaks the language gettext chose from the environment. A
 * printed report may have to speak another one (the chief arbiter files an
 * English report while the players get theirs in Swedish), and gettext has
 * no way to ask one catalog for one call without changing the environment
 * of the whole process. An ArbCatalog is a catalog opened by name: the
 * same .mo file msgfmt writes and gettext reads, looked up here.
 *
 * Lookups are read-only, so a catalog can be shared between threads. */

typedef struct _ArbCatalog ArbCatalog;

#define ARB_CATALOG_ERROR (arb_catalog_error_quark ())

typedef enum
{
  ARB_CATALOG_ERROR_FORMAT, /* not a .mo file, or one that points outside itself */
  ARB_CATALOG_ERROR_PLURAL, /* a Plural-Forms header we cannot read */
} ArbCatalogError;

GQuark arb_catalog_error_quark (void);

/* Reads a .mo file. NULL with @error when it cannot be read or is not a
 * well-formed catalog (every offset is checked against the file's size). */
ArbCatalog *arb_catalog_new_from_file (const char *path, GError **error);
/* The same from bytes in memory (copied). @name names it in errors. */
ArbCatalog *arb_catalog_new_from_data (const guint8 *data,
                                       gsize length,
                                       const char *name,
                                       GError **error);
void arb_catalog_free (ArbCatalog *catalog);

/* The translation of @msgid, or NULL when the catalog has none (or only an
 * empty one). A message with a context is looked up as
 * "CONTEXT\004MSGID", as gettext stores it. */
const char *arb_catalog_lookup (const ArbCatalog *catalog, const char *msgid);
/* The plural form for @n of the message whose singular is @msgid, chosen
 * by the catalog's Plural-Forms rule; NULL when there is none. */
const char *arb_catalog_lookup_plural (const ArbCatalog *catalog, const char *msgid, gulong n);

/* The "Language:" of the catalog's header ("sv", "nb", …), or NULL. */
const char *arb_catalog_get_language (const ArbCatalog *catalog);
/* How many plural forms the catalog has (1 when it says nothing). */
guint arb_catalog_get_n_plurals (const ArbCatalog *catalog);

/* Evaluates a gettext plural expression (the part after "plural=") for @n:
 * C's integer operators ?: || && == != < > <= >= + - * / % !, parentheses
 * and the variable n. FALSE when @expression does not parse. Exposed for
 * the tests. */
gboolean arb_plural_eval (const char *expression, gulong n, gulong *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbCatalog, arb_catalog_free)

G_END_DECLS
