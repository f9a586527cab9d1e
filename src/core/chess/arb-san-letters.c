/* arb-san-letters.c: piece letters of other languages, and figurines
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-san-letters"

#include "config.h"

#include <string.h>

#include "arb-san-letters.h"

/* clang-format off */
G_DEFINE_ENUM_TYPE (ArbNotationStyle, arb_notation_style,
                    G_DEFINE_ENUM_VALUE (ARB_NOTATION_ENGLISH, "english"),
                    G_DEFINE_ENUM_VALUE (ARB_NOTATION_LOCAL, "local"),
                    G_DEFINE_ENUM_VALUE (ARB_NOTATION_FIGURINE, "figurine"))
/* clang-format on */

/* The English letters, in the order every table below uses. */
static const char english_letters[] = "KQRBN";

/* White figurines for K Q R B N; SAN shows them for both sides, as printed
 * scoresheets and books do. */
static const char *const figurines[5] = { "♔", "♕", "♖", "♗", "♘" };
/* Black ones are read too. */
static const char *const black_figurines[5] = { "♚", "♛", "♜", "♝", "♞" };

static const struct
{
  const char *code;
  const char *letters; /* K Q R B N */
} languages[] = {
  { "en", "KQRBN" },
  /* 2009 Laws in Swedish, App. C.2: kung, dam, torn, löpare, springare. */
  { "sv", "KDTLS" },
  /* 2009 Laws in Norwegian, App. C.3: konge, dronning, tårn, løper, springer. */
  { "nb", "KDTLS" },
  /* Danish Laws (2.2 and App. E): konge, dronning, tårn, løber, springer. */
  { "da", "KDTLS" },
  /* 2001 Laws in Dutch, App. E.1: koning, dame, toren, loper, paard. */
  { "nl", "KDTLP" },
};

/* "sv_SE.UTF-8" -> "sv"; "no" and "nn" -> "nb". Writes at most 7 bytes. */
static void
language_code (const char *language, char code[8])
{
  gsize n = 0;

  for (; language[n] != '\0' && n < 7; n++)
    {
      char c = language[n];

      if (c == '_' || c == '-' || c == '.' || c == '@')
        break;
      code[n] = g_ascii_tolower (c);
    }
  code[n] = '\0';
  if (strcmp (code, "no") == 0 || strcmp (code, "nn") == 0)
    g_strlcpy (code, "nb", 8);
}

const char *
arb_san_letters_for_language (const char *language)
{
  char code[8];

  if (language == NULL)
    return NULL;
  language_code (language, code);
  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    if (strcmp (languages[i].code, code) == 0)
      return languages[i].letters;
  return NULL;
}

static int
english_index (char c)
{
  const char *p = c != '\0' ? strchr (english_letters, c) : NULL;

  return p != NULL ? (int) (p - english_letters) : -1;
}

char *
arb_san_to_local (const char *san, const char *language)
{
  const char *letters = arb_san_letters_for_language (language);
  char *out;

  g_return_val_if_fail (san != NULL, NULL);

  out = g_strdup (san);
  if (letters == NULL)
    return out;
  /* In SAN the only capitals are piece letters and the O of castling, so
   * every K Q R B N is a piece. */
  for (char *p = out; *p != '\0'; p++)
    {
      int index = english_index (*p);

      if (index >= 0)
        *p = letters[index];
    }
  return out;
}

char *
arb_san_to_figurine (const char *san)
{
  GString *out;

  g_return_val_if_fail (san != NULL, NULL);

  out = g_string_sized_new (strlen (san) + 4);
  for (const char *p = san; *p != '\0'; p++)
    {
      int index = english_index (*p);

      if (index >= 0)
        g_string_append (out, figurines[index]);
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

char *
arb_san_format (const char *san, ArbNotationStyle style, const char *language)
{
  g_return_val_if_fail (san != NULL, NULL);

  switch (style)
    {
    case ARB_NOTATION_LOCAL:
      return arb_san_to_local (san, language);
    case ARB_NOTATION_FIGURINE:
      return arb_san_to_figurine (san);
    case ARB_NOTATION_ENGLISH:
    default:
      return g_strdup (san);
    }
}

/* The English letter a figurine at @p stands for, or '\0'; sets @len to
 * the figurine's length in bytes. */
static char
figurine_letter (const char *p, gsize *len)
{
  for (int i = 0; i < 5; i++)
    {
      gsize n = strlen (figurines[i]);

      if (strncmp (p, figurines[i], n) == 0 || strncmp (p, black_figurines[i], n) == 0)
        {
          *len = n;
          return english_letters[i];
        }
    }
  return '\0';
}

char *
arb_san_from_local (const char *text, const char *language)
{
  const char *letters = arb_san_letters_for_language (language);
  GString *out;
  const char *p = text;

  g_return_val_if_fail (text != NULL, NULL);

  out = g_string_sized_new (strlen (text));
  while (*p != '\0')
    {
      gsize len = 0;
      char figurine = figurine_letter (p, &len);
      const char *local;

      if (figurine != '\0')
        {
          g_string_append_c (out, figurine);
          p += len;
          continue;
        }
      /* Only capitals are piece letters; files are lower case. A capital
       * that is a letter of the language means its English piece. */
      local = letters != NULL && g_ascii_isupper (*p) ? strchr (letters, *p) : NULL;
      if (local != NULL)
        g_string_append_c (out, english_letters[local - letters]);
      else
        g_string_append_c (out, *p);
      p++;
    }
  return g_string_free (out, FALSE);
}
