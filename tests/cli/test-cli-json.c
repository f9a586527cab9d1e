/* test-cli-json.c: the JSON line writer against the builder and generator
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "cli-json.h"

/* The same members through both: the writer's line must be the bytes of
 * arb_cli_json_to_string(). */
static void
assert_same_as_builder (const char *text)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *expected = NULL;
  g_autoptr (GString) out = g_string_new ("left over");
  ArbCliJsonWriter w;

  json_builder_begin_object (b);
  arb_cli_json_add_int (b, "game", 7);
  arb_cli_json_add_string (b, "white", text);
  json_builder_set_member_name (b, "events");
  json_builder_begin_array (b);
  json_builder_begin_object (b);
  arb_cli_json_add_int (b, "ply", -3);
  json_builder_set_member_name (b, "occurrences");
  json_builder_begin_array (b);
  arb_cli_json_add_int (b, NULL, G_MININT64);
  arb_cli_json_add_int (b, NULL, G_MAXINT64);
  json_builder_end_array (b);
  arb_cli_json_add_bool (b, "void", TRUE);
  json_builder_end_object (b);
  json_builder_begin_object (b);
  json_builder_end_object (b);
  arb_cli_json_add_string (b, NULL, text);
  json_builder_end_array (b);
  arb_cli_json_add_null (b, "end");
  arb_cli_json_add_bool (b, "ok", FALSE);
  json_builder_end_object (b);
  expected = arb_cli_json_to_string (b);

  arb_cli_json_writer_init (&w, out);
  arb_cli_json_writer_begin_object (&w, NULL);
  arb_cli_json_writer_add_int (&w, "game", 7);
  arb_cli_json_writer_add_string (&w, "white", text);
  arb_cli_json_writer_begin_array (&w, "events");
  arb_cli_json_writer_begin_object (&w, NULL);
  arb_cli_json_writer_add_int (&w, "ply", -3);
  arb_cli_json_writer_begin_array (&w, "occurrences");
  arb_cli_json_writer_add_int (&w, NULL, G_MININT64);
  arb_cli_json_writer_add_int (&w, NULL, G_MAXINT64);
  arb_cli_json_writer_end_array (&w);
  arb_cli_json_writer_add_bool (&w, "void", TRUE);
  arb_cli_json_writer_end_object (&w);
  arb_cli_json_writer_begin_object (&w, NULL);
  arb_cli_json_writer_end_object (&w);
  arb_cli_json_writer_add_string (&w, NULL, text);
  arb_cli_json_writer_end_array (&w);
  arb_cli_json_writer_add_null (&w, "end");
  arb_cli_json_writer_add_bool (&w, "ok", FALSE);
  arb_cli_json_writer_end_object (&w);

  g_assert_cmpstr (out->str, ==, expected);
}

/* Every byte but NUL and U+001F alone, then in the middle of a name, and
 * texts that are not UTF-8 or look like a decimal's mark. */
static void
test_same_as_builder (void)
{
  static const char *const texts[] = {
    "",
    "Carlsen, Magnus",
    "Caf\xc3\xa9 \xe2\x80\xa8 \xf0\x9f\x98\x80",
    "Latin-1 \xe9t\xe9",
    "\xff",
    "\001#12.5",
    "\001x",
    "a\"b\\c/d",
  };

  for (guint c = 1; c < 256; c++)
    {
      char one[2] = { (char) c, '\0' };
      char mid[8] = { 'a', 'b', (char) c, 'c', (char) c, 'd', '\0' };

      if (c == 0x1f)
        continue;
      assert_same_as_builder (one);
      assert_same_as_builder (mid);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    assert_same_as_builder (texts[i]);
}

/* Numbers on both sides of every power of ten, against the builder's
 * generator, which prints them with the C library. */
static void
test_numbers_as_builder (void)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *expected = NULL;
  ArbCliJsonWriter w;
  gint64 power = 1;

  json_builder_begin_array (b);
  arb_cli_json_writer_init (&w, out);
  arb_cli_json_writer_begin_array (&w, NULL);
  for (guint i = 0; i < 19; i++)
    {
      gint64 values[] = { power - 1, power, power + 1, -power + 1, -power, -power - 1 };

      for (guint j = 0; j < G_N_ELEMENTS (values); j++)
        {
          arb_cli_json_add_int (b, NULL, values[j]);
          arb_cli_json_writer_add_int (&w, NULL, values[j]);
        }
      /* 10^18 is the last power a gint64 holds. */
      if (i < 18)
        power *= 10;
    }
  arb_cli_json_add_int (b, NULL, G_MININT64);
  arb_cli_json_writer_add_int (&w, NULL, G_MININT64);
  arb_cli_json_add_int (b, NULL, G_MAXINT64);
  arb_cli_json_writer_add_int (&w, NULL, G_MAXINT64);
  json_builder_end_array (b);
  arb_cli_json_writer_end_array (&w);
  expected = arb_cli_json_to_string (b);

  g_assert_cmpstr (out->str, ==, expected);
  g_assert_true (g_str_has_prefix (out->str, "[0,1,2,0,-1,-2,9,10,11,-9,-10,-11,99,"));
}

/* Worked by hand from RFC 8259's string grammar: the two-letter escapes,
 * the others as \u00XX, U+001F included (where the generator writes the
 * raw byte). */
static void
test_escapes (void)
{
  g_autoptr (GString) out = g_string_new (NULL);
  ArbCliJsonWriter w;

  arb_cli_json_writer_init (&w, out);
  arb_cli_json_writer_begin_array (&w, NULL);
  arb_cli_json_writer_add_string (&w, NULL, "\"\\\b\t\n\f\r\001\037\177~");
  arb_cli_json_writer_add_int (&w, NULL, 0);
  arb_cli_json_writer_begin_array (&w, NULL);
  arb_cli_json_writer_end_array (&w);
  arb_cli_json_writer_add_null (&w, NULL);
  arb_cli_json_writer_end_array (&w);
  g_assert_cmpstr (out->str, ==, "[\"\\\"\\\\\\b\\t\\n\\f\\r\\u0001\\u001f\\u007f~\",0,[],null]");
}

/* An end of the other kind, or with nothing open, is refused with a
 * warning and writes nothing: the line stays one that can be finished
 * as JSON. */
static void
test_end_of_other_kind (void)
{
  g_autoptr (GString) out = g_string_new (NULL);
  ArbCliJsonWriter w;

  arb_cli_json_writer_init (&w, out);
  arb_cli_json_writer_begin_object (&w, NULL);
  arb_cli_json_writer_begin_array (&w, "a");
  g_test_expect_message (NULL, G_LOG_LEVEL_CRITICAL, "*assertion*writer_in_array*failed*");
  arb_cli_json_writer_end_object (&w);
  g_test_assert_expected_messages ();
  arb_cli_json_writer_end_array (&w);
  g_test_expect_message (NULL, G_LOG_LEVEL_CRITICAL, "*assertion*writer_in_array*failed*");
  arb_cli_json_writer_end_array (&w);
  g_test_assert_expected_messages ();
  arb_cli_json_writer_end_object (&w);
  g_test_expect_message (NULL, G_LOG_LEVEL_CRITICAL, "*assertion*depth > 0*failed*");
  arb_cli_json_writer_end_object (&w);
  g_test_assert_expected_messages ();
  g_assert_cmpstr (out->str, ==, "{\"a\":[]}");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/cli-json/same-as-builder", test_same_as_builder);
  g_test_add_func ("/cli/cli-json/numbers-as-builder", test_numbers_as_builder);
  g_test_add_func ("/cli/cli-json/escapes", test_escapes);
  g_test_add_func ("/cli/cli-json/end-of-other-kind", test_end_of_other_kind);
  return g_test_run ();
}
