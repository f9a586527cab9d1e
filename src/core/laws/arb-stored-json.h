/* arb-stored-json.h: reading JSON values stored in a tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define ARB_JSON_ERROR (arb_json_error_quark ())

typedef enum
{
  ARB_JSON_ERROR_SYNTAX, /* not JSON, not UTF-8, or nested too deep */
  ARB_JSON_ERROR_SCHEMA, /* JSON, but not the value expected */
} ArbJsonError;

GQuark arb_json_error_quark (void);

/* Far deeper than any value the program stores (a ruling nests 3 levels). */
#define ARB_JSON_MAX_DEPTH 64

/* Loads TEXT, a JSON value from a tournament file (which anyone can edit),
 * into PARSER. Text that is not UTF-8, or arrays and objects nested deeper
 * than ARB_JSON_MAX_DEPTH, are refused with ARB_JSON_ERROR_SYNTAX before
 * json-glib sees them: its parser recurses once per level, and a crafted
 * value 100,000 levels deep overflows the stack. */
gboolean arb_stored_json_load (JsonParser *parser, const char *text, GError **error);

/* The same checks for the LENGTH bytes at DATA, which need not end in a
 * NUL: the loader for any JSON that comes from outside the program (a
 * file, a network answer). An embedded NUL is refused by json-glib. */
gboolean arb_json_load_data (JsonParser *parser, const char *data, gsize length, GError **error);

G_END_DECLS
