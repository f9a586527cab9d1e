/* cli-json.c: JSON output of the subcommands, through json-glib
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
