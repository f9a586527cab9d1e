/* cli-json.c: JSON output of the subcommands
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cli-json.h"

#include <stdio.h>
#include <string.h>

/* A decimal goes through the builder as a string with this prefix, which
 * the generator writes as "\u0001#", and is put back as a bare number in
 * arb_cli_json_to_string(). No other string starts with it (see
 * arb_cli_json_add_string). */
#define DECIMAL_MARK "\001#"
#define DECIMAL_MARK_WRITTEN "\"\\u0001#"

static void
member (JsonBuilder *builder, const char *name)
{
  if (name != NULL)
    json_builder_set_member_name (builder, name);
}

void
arb_cli_json_add_string (JsonBuilder *builder, const char *name, const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);

  if (g_str_has_prefix (valid, DECIMAL_MARK))
    valid[0] = '?';
  member (builder, name);
  json_builder_add_string_value (builder, valid);
}

void
arb_cli_json_add_int (JsonBuilder *builder, const char *name, gint64 value)
{
  member (builder, name);
  json_builder_add_int_value (builder, value);
}

void
arb_cli_json_add_bool (JsonBuilder *builder, const char *name, gboolean value)
{
  member (builder, name);
  json_builder_add_boolean_value (builder, value);
}

void
arb_cli_json_add_null (JsonBuilder *builder, const char *name)
{
  member (builder, name);
  json_builder_add_null_value (builder);
}

void
arb_cli_json_add_decimal (JsonBuilder *builder, const char *name, const char *decimal)
{
  g_autofree char *marked = g_strconcat (DECIMAL_MARK, decimal, NULL);

  g_return_if_fail (decimal[strspn (decimal, "-0123456789.")] == '\0');
  member (builder, name);
  json_builder_add_string_value (builder, marked);
}

char *
arb_cli_json_to_string (JsonBuilder *builder)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;
  GString *out;
  const char *p;
  const char *mark;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  out = g_string_sized_new (strlen (text));
  for (p = text; (mark = strstr (p, DECIMAL_MARK_WRITTEN)) != NULL;)
    {
      const char *digits = mark + strlen (DECIMAL_MARK_WRITTEN);
      gsize n = strspn (digits, "-0123456789.");

      g_string_append_len (out, p, mark - p);
      if (digits[n] == '"')
        {
          g_string_append_len (out, digits, n);
          p = digits + n + 1;
        }
      else
        {
          g_string_append_len (out, mark, digits - mark);
          p = digits;
        }
    }
  g_string_append (out, p);
  return g_string_free (out, FALSE);
}

void
arb_cli_json_print (JsonBuilder *builder)
{
  g_autofree char *text = arb_cli_json_to_string (builder);

  printf ("%s\n", text);
}

/* --- the writer --- */

void
arb_cli_json_writer_init (ArbCliJsonWriter *writer, GString *out)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (out != NULL);

  g_string_truncate (out, 0);
  writer->out = out;
  writer->depth = 0;
  writer->not_first = 0;
  writer->in_array = 0;
}

/* g_string_append_len() without its checks for text inside the string
 * itself: GLib 2.74's goes through g_string_insert_len(), which cost
 * more than the few bytes of a member's name. */
static inline void
append_bytes (GString *out, const char *bytes, gsize n)
{
  if (out->len + n < out->allocated_len)
    {
      memcpy (out->str + out->len, bytes, n);
      out->len += n;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, bytes, (gssize) n);
}

/* 1 for the bytes written escaped (the controls, the quote, the backslash
 * and DEL), and for the NUL that ends the text: the bytes between are
 * passed over with one look-up each. */
/* clang-format off */
static const guint8 quote_stops[256] = {
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  ['"'] = 1, ['\\'] = 1, [0x7f] = 1,
};
/* clang-format on */

/* Writes @text between quotes, escaped as json-glib's generator does:
 * the quote and the backslash after a backslash, \b \t \n \f \r by their
 * letters, the other controls and DEL as \u00XX; everything else (UTF-8
 * included) as it is. */
static void
append_quoted (GString *out, const char *text)
{
  static const char hex[] = "0123456789abcdef";
  const char *run = text;
  const char *p = text;

  g_string_append_c (out, '"');
  for (;;)
    {
      guchar c;
      char letter = 0;

      while (!quote_stops[(guchar) *p])
        p++;
      c = (guchar) *p;
      if (c == '\0')
        break;
      append_bytes (out, run, (gsize) (p - run));
      run = ++p;
      switch (c)
        {
        case '"':
        case '\\':
          letter = (char) c;
          break;
        case '\b':
          letter = 'b';
          break;
        case '\t':
          letter = 't';
          break;
        case '\n':
          letter = 'n';
          break;
        case '\f':
          letter = 'f';
          break;
        case '\r':
          letter = 'r';
          break;
        default:
          break;
        }
      g_string_append_c (out, '\\');
      if (letter != 0)
        g_string_append_c (out, letter);
      else
        {
          g_string_append (out, "u00");
          g_string_append_c (out, hex[c >> 4]);
          g_string_append_c (out, hex[c & 0xf]);
        }
    }
  append_bytes (out, run, (gsize) (p - run));
  g_string_append_c (out, '"');
}

/* The comma before a value that is not the first of its object or array,
 * and the member's name. */
static void
writer_value (ArbCliJsonWriter *writer, const char *name)
{
  guint32 bit = (guint32) 1 << writer->depth;

  if (writer->depth > 0 && (writer->not_first & bit) != 0)
    g_string_append_c (writer->out, ',');
  writer->not_first |= bit;
  if (name != NULL)
    {
      append_quoted (writer->out, name);
      g_string_append_c (writer->out, ':');
    }
}

static void
writer_open (ArbCliJsonWriter *writer, const char *name, char bracket)
{
  g_return_if_fail (writer->depth + 1 < 32);

  writer_value (writer, name);
  g_string_append_c (writer->out, bracket);
  writer->depth++;
  writer->not_first &= ~((guint32) 1 << writer->depth);
  if (bracket == '[')
    writer->in_array |= (guint32) 1 << writer->depth;
  else
    writer->in_array &= ~((guint32) 1 << writer->depth);
}

/* Bit d of writer->in_array: the value at depth d is an array. */
static gboolean
writer_in_array (const ArbCliJsonWriter *writer)
{
  return (writer->in_array & ((guint32) 1 << writer->depth)) != 0;
}

static void
writer_close (ArbCliJsonWriter *writer, char bracket)
{
  writer->depth--;
  g_string_append_c (writer->out, bracket);
}

void
arb_cli_json_writer_begin_object (ArbCliJsonWriter *writer, const char *name)
{
  g_return_if_fail (writer != NULL);
  writer_open (writer, name, '{');
}

void
arb_cli_json_writer_begin_array (ArbCliJsonWriter *writer, const char *name)
{
  g_return_if_fail (writer != NULL);
  writer_open (writer, name, '[');
}

/* Each end closes what its begin opened, so that an end of the other
 * kind (an object's inside an array) is the caller's mistake, not a line
 * that is not JSON. */
void
arb_cli_json_writer_end_object (ArbCliJsonWriter *writer)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (writer->depth > 0 && !writer_in_array (writer));
  writer_close (writer, '}');
}

void
arb_cli_json_writer_end_array (ArbCliJsonWriter *writer)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (writer->depth > 0 && writer_in_array (writer));
  writer_close (writer, ']');
}

void
arb_cli_json_writer_add_string (ArbCliJsonWriter *writer, const char *name, const char *text)
{
  g_autofree char *valid = NULL;

  g_return_if_fail (writer != NULL);
  g_return_if_fail (text != NULL);

  /* As arb_cli_json_add_string(): bad bytes become U+FFFD, and a text that
   * would read as a decimal's mark starts with '?' instead. */
  if (!g_utf8_validate (text, -1, NULL) ||
      (text[0] == DECIMAL_MARK[0] && text[1] == DECIMAL_MARK[1]))
    {
      valid = g_utf8_make_valid (text, -1);
      if (g_str_has_prefix (valid, DECIMAL_MARK))
        valid[0] = '?';
      text = valid;
    }
  writer_value (writer, name);
  append_quoted (writer->out, text);
}

/* A number, true, false or null: written as it is. */
static void
writer_literal (ArbCliJsonWriter *writer, const char *name, const char *literal)
{
  writer_value (writer, name);
  append_bytes (writer->out, literal, strlen (literal));
}

/* The decimal digits of @value, written backwards from @end; returns
 * where they start. A game's line has a handful of numbers, and
 * g_snprintf() took longer over them than the rest of the line. */
static char *
format_int (char *end, gint64 value)
{
  /* The magnitude as unsigned, so that G_MININT64 has one too. */
  guint64 u = value < 0 ? (guint64) 0 - (guint64) value : (guint64) value;
  char *p = end;

  do
    {
      *--p = (char) ('0' + u % 10);
      u /= 10;
    }
  while (u != 0);
  if (value < 0)
    *--p = '-';
  return p;
}

void
arb_cli_json_writer_add_int (ArbCliJsonWriter *writer, const char *name, gint64 value)
{
  char digits[24]; /* G_MININT64 is 20 characters */
  char *start;

  g_return_if_fail (writer != NULL);
  start = format_int (digits + sizeof digits, value);
  writer_value (writer, name);
  append_bytes (writer->out, start, (gsize) (digits + sizeof digits - start));
}

void
arb_cli_json_writer_add_bool (ArbCliJsonWriter *writer, const char *name, gboolean value)
{
  g_return_if_fail (writer != NULL);
  writer_literal (writer, name, value ? "true" : "false");
}

void
arb_cli_json_writer_add_null (ArbCliJsonWriter *writer, const char *name)
{
  g_return_if_fail (writer != NULL);
  writer_literal (writer, name, "null");
}
