/* test-san-letters.c: local piece letters and figurines
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-san-letters.h"

/* The letters come from the notation appendices of the national Laws as
 * summarised in the project's research notes: Swedish K D T L S (2009,
 * App. C.2), Norwegian K D T L S (2009, App. C.3), Danish K D T L S,
 * Dutch K D T L P (2001, App. E.1). */
static void
test_letters_for_language (void)
{
  static const struct
  {
    const char *language;
    const char *letters;
  } cases[] = {
    { "en", "KQRBN" },    { "sv", "KDTLS" }, { "sv_SE.UTF-8", "KDTLS" },
    { "nb", "KDTLS" },    { "no", "KDTLS" }, { "nn_NO", "KDTLS" },
    { "da_DK", "KDTLS" }, { "nl", "KDTLP" }, { "nl_BE.UTF-8@euro", "KDTLP" },
    { "de", NULL },       { "", NULL },      { "C", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (arb_san_letters_for_language (cases[i].language), ==, cases[i].letters);
  g_assert_null (arb_san_letters_for_language (NULL));
}

static const struct
{
  const char *san;
  const char *language;
  const char *local;
} local_cases[] = {
  { "Nf3", "sv", "Sf3" },         { "Bxe5+", "sv", "Lxe5+" },
  { "Qh5#", "nb", "Dh5#" },       { "Rad1", "da", "Tad1" },
  { "Kxg2", "sv", "Kxg2" },       { "Nbd7", "nl", "Pbd7" },
  { "exd8=Q+", "nl", "exd8=D+" }, { "b1=N", "da", "b1=S" },
  { "O-O-O", "sv", "O-O-O" },     { "e4", "nl", "e4" },
  { "bxc3", "sv", "bxc3" },       { "Bb5", "de", "Bb5" }, /* no letters for German: English */
  { "Ngf3", NULL, "Ngf3" },
};

static void
test_to_local (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (local_cases); i++)
    {
      g_autofree char *local = arb_san_to_local (local_cases[i].san, local_cases[i].language);

      g_assert_cmpstr (local, ==, local_cases[i].local);
    }
}

static void
test_from_local (void)
{
  /* Back from local letters: the same table read the other way. */
  for (guint i = 0; i < G_N_ELEMENTS (local_cases); i++)
    {
      g_autofree char *english = arb_san_from_local (local_cases[i].local, local_cases[i].language);

      g_assert_cmpstr (english, ==, local_cases[i].san);
    }
}

static void
test_from_mixed (void)
{
  static const struct
  {
    const char *text;
    const char *language;
    const char *english;
  } cases[] = {
    /* English letters typed by a Swedish arbiter stay English. */
    { "Nf3", "sv", "Nf3" },
    { "Bb5", "sv", "Bb5" },
    { "Qd1", "nl", "Qd1" },
    /* Figurines of either colour. */
    { "♘f3", "sv", "Nf3" },
    { "♞f6", NULL, "Nf6" },
    { "♛xd1+", "nb", "Qxd1+" },
    { "e8=♕", NULL, "e8=Q" },
    /* Files are lower case and never converted, even where a local letter
     * is also a file (b, d in lower case are files). */
    { "Ldxb5", "da", "Bdxb5" },
    { "Pbd2", "nl", "Nbd2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *english = arb_san_from_local (cases[i].text, cases[i].language);

      g_assert_cmpstr (english, ==, cases[i].english);
    }
}

static void
test_figurine (void)
{
  static const struct
  {
    const char *san;
    const char *figurine;
  } cases[] = {
    { "Nf3", "♘f3" },   { "Kxe2", "♔xe2" }, { "Qh4#", "♕h4#" }, { "Rfe1", "♖fe1" },
    { "Bb5+", "♗b5+" }, { "e8=Q", "e8=♕" }, { "O-O", "O-O" },   { "exd6", "exd6" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *figurine = arb_san_to_figurine (cases[i].san);

      g_assert_cmpstr (figurine, ==, cases[i].figurine);
    }
}

static void
test_format (void)
{
  g_autofree char *english = arb_san_format ("Nf3", ARB_NOTATION_ENGLISH, "sv");
  g_autofree char *local = arb_san_format ("Nf3", ARB_NOTATION_LOCAL, "sv");
  g_autofree char *figurine = arb_san_format ("Nf3", ARB_NOTATION_FIGURINE, "sv");
  GEnumClass *klass = g_type_class_ref (ARB_TYPE_NOTATION_STYLE);

  g_assert_cmpstr (english, ==, "Nf3");
  g_assert_cmpstr (local, ==, "Sf3");
  g_assert_cmpstr (figurine, ==, "♘f3");

  g_assert_cmpint (g_enum_get_value_by_nick (klass, "figurine")->value, ==, ARB_NOTATION_FIGURINE);
  g_assert_cmpint (g_enum_get_value_by_nick (klass, "local")->value, ==, ARB_NOTATION_LOCAL);
  g_type_class_unref (klass);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chess/san-letters/for-language", test_letters_for_language);
  g_test_add_func ("/chess/san-letters/to-local", test_to_local);
  g_test_add_func ("/chess/san-letters/from-local", test_from_local);
  g_test_add_func ("/chess/san-letters/from-mixed", test_from_mixed);
  g_test_add_func ("/chess/san-letters/figurine", test_figurine);
  g_test_add_func ("/chess/san-letters/format", test_format);

  return g_test_run ();
}
