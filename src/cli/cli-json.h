/* cli-json.h: JSON output of the subcommands, through json-glib
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Adds a string member (or, with a NULL name, an array element). Text
 * that is not UTF-8 (a name read from a Latin-1 file) is written with
 * U+FFFD for each bad byte, so the output is always valid JSON. */
void arb_cli_json_add_string (JsonBuilder *builder, const char *name, const char *text);
void arb_cli_json_add_int (JsonBuilder *builder, const char *name, gint64 value);
void arb_cli_json_add_bool (JsonBuilder *builder, const char *name, gboolean value);
void arb_cli_json_add_null (JsonBuilder *builder, const char *name);
/* A number written exactly as DECIMAL ("297.999999", "-0.25", "5400"):
 * json-glib writes a double with 17 digits, which would turn 297.999999
 * into 297.99999900000001. */
void arb_cli_json_add_decimal (JsonBuilder *builder, const char *name, const char *decimal);

/* The builder's value on one line, as the commands print it: compact,
 * members in the order they were added. */
char *arb_cli_json_to_string (JsonBuilder *builder);
/* Prints it, with a line break, to standard output. */
void arb_cli_json_print (JsonBuilder *builder);

G_END_DECLS
