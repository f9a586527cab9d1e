/* cli-json.h: JSON output of the subcommands
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

/* The same compact line written straight into a GString, for a command
 * that prints one line per game of a large file (analyze): the builder's
 * tree of nodes and hash tables, made and freed for every line, cost more
 * than the replay of the game's moves. For the same members, in the same
 * order, the bytes are the builder's and generator's, but for U+001F,
 * which json-glib leaves raw (invalid JSON) and the writer escapes as
 * \u001f. Objects and arrays nest up to 32 deep. */
typedef struct
{
  GString *out;
  guint depth;
  /* Bit d: the object or array at depth d has a value already. */
  guint32 not_first;
  /* Bit d: the value at depth d is an array, not an object. */
  guint32 in_array;
} ArbCliJsonWriter;

/* Empties @out and starts writing into it. */
void arb_cli_json_writer_init (ArbCliJsonWriter *writer, GString *out);
/* Each takes a member name inside an object, NULL inside an array or for
 * the outermost value. */
void arb_cli_json_writer_begin_object (ArbCliJsonWriter *writer, const char *name);
void arb_cli_json_writer_end_object (ArbCliJsonWriter *writer);
void arb_cli_json_writer_begin_array (ArbCliJsonWriter *writer, const char *name);
void arb_cli_json_writer_end_array (ArbCliJsonWriter *writer);
/* Text as arb_cli_json_add_string() writes it (bad UTF-8 as U+FFFD). */
void arb_cli_json_writer_add_string (ArbCliJsonWriter *writer, const char *name, const char *text);
void arb_cli_json_writer_add_int (ArbCliJsonWriter *writer, const char *name, gint64 value);
void arb_cli_json_writer_add_bool (ArbCliJsonWriter *writer, const char *name, gboolean value);
void arb_cli_json_writer_add_null (ArbCliJsonWriter *writer, const char *name);

G_END_DECLS
