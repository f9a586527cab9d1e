/* arb-json.h: a small JSON reader and writer for stored values
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Enough JSON for the values the core stores (rulings, envelopes): objects,
 * arrays, strings, integers, booleans and null. Numbers are integers (times
 * are milliseconds); a fraction or exponent is a parse error, so nothing is
 * silently rounded. The writer emits keys in the order given, which keeps a
 * value's serialisation stable. */

typedef enum
{
  ARB_JSON_NULL,
  ARB_JSON_BOOL,
  ARB_JSON_INT,
  ARB_JSON_STRING,
  ARB_JSON_ARRAY,
  ARB_JSON_OBJECT,
} ArbJsonType;

typedef struct _ArbJsonNode ArbJsonNode;

struct _ArbJsonNode
{
  ArbJsonType type;
  gboolean boolean;
  gint64 integer;
  char *string;
  /* Arrays: items. Objects: members, each an ArbJsonNode with key set. */
  GPtrArray *children;
  char *key;
};

#define ARB_JSON_ERROR (arb_json_error_quark ())

typedef enum
{
  ARB_JSON_ERROR_SYNTAX,
  ARB_JSON_ERROR_SCHEMA,
} ArbJsonError;

GQuark arb_json_error_quark (void);

/* Errors carry the line and column of the problem. */
ArbJsonNode *arb_json_parse (const char *text, GError **error);
void arb_json_node_free (ArbJsonNode *node);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbJsonNode, arb_json_node_free)

/* Member lookup; NULL when absent or when @node is not an object. */
const ArbJsonNode *arb_json_object_get (const ArbJsonNode *node, const char *key);
/* Typed member access: FALSE when absent or of another type. */
gboolean arb_json_object_get_string (const ArbJsonNode *node, const char *key, const char **out);
gboolean arb_json_object_get_int (const ArbJsonNode *node, const char *key, gint64 *out);
gboolean arb_json_object_get_bool (const ArbJsonNode *node, const char *key, gboolean *out);

/* Writing. */
/* Appends text as a JSON string: quotes, backslashes and control characters
 * escaped, each byte that is not UTF-8 written as U+FFFD. */
void arb_json_append_string (GString *out, const char *text);
void arb_json_append_string_len (GString *out, const char *text, gsize len);

G_END_DECLS
