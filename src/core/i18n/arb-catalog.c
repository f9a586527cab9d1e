/* arb-catalog.c: one compiled message catalog (.mo), read by the program
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-catalog.h"
#include "arb-i18n.h"

#include <string.h>

/* The .mo layout, as GNU msgfmt writes it (all words 32-bit, in the byte
 * order the magic number shows):
 *
 *   offset  word
 *        0  magic 0x950412de
 *        4  revision (major in the high 16 bits: 0 or 1)
 *        8  N, the number of messages
 *       12  O, offset of the table of original strings
 *       16  T, offset of the table of translations
 *       20  size of the hash table    (not used here: we hash ourselves)
 *       24  offset of the hash table
 *
 *   at O and at T: N pairs (length, offset); each string is followed by a
 *   NUL that the length does not count. A message with plural forms has
 *   "singular\0plural" as original and "form0\0form1\0…" as translation;
 *   a message with a context has "context\004msgid". The message with the
 *   empty original is the header. */

#define MO_MAGIC 0x950412deu
#define MO_HEADER_WORDS 7

struct _ArbCatalog
{
  guint8 *data;
  gsize length;
  GHashTable *index; /* original (const char *, into data) -> translation entry */
  char *language;
  char *plural; /* the expression after "plural=", or NULL for n != 1 */
  guint n_plurals;
};

typedef struct
{
  const char *text;
  guint32 length; /* of all forms, without the final NUL */
} Entry;

/* clang-format off */
G_DEFINE_QUARK (arb-catalog-error-quark, arb_catalog_error)
/* clang-format on */

static guint32
read_word (const guint8 *p, gboolean swap)
{
  guint32 w;

  memcpy (&w, p, sizeof w);
  return swap ? GUINT32_SWAP_LE_BE (w) : w;
}

/* The string of table entry @i at @table, checked to lie inside the file
 * and to end with its NUL. */
static gboolean
read_string (const ArbCatalog *catalog,
             guint32 table,
             guint32 i,
             gboolean swap,
             const char **text,
             guint32 *length)
{
  gsize pos = (gsize) table + (gsize) i * 8;
  guint32 len, off;

  if (pos + 8 > catalog->length)
    return FALSE;
  len = read_word (catalog->data + pos, swap);
  off = read_word (catalog->data + pos + 4, swap);
  if ((gsize) off + len + 1 > catalog->length || catalog->data[(gsize) off + len] != '\0')
    return FALSE;
  *text = (const char *) catalog->data + off;
  *length = len;
  return TRUE;
}

/* The value of "Name: value" in the header, without the newline. */
static char *
header_field (const char *header, const char *name)
{
  gsize n = strlen (name);

  for (const char *line = header; line != NULL && *line != '\0';)
    {
      const char *end = strchr (line, '\n');

      if (strncmp (line, name, n) == 0 && line[n] == ':')
        {
          const char *v = line + n + 1;

          while (*v == ' ')
            v++;
          return g_strstrip (end != NULL ? g_strndup (v, end - v) : g_strdup (v));
        }
      line = end != NULL ? end + 1 : NULL;
    }
  return NULL;
}

static gboolean
read_plural_forms (ArbCatalog *catalog, const char *value, const char *name, GError **error)
{
  const char *np = strstr (value, "nplurals=");
  const char *pl = strstr (value, "plural=");
  g_autofree char *count = NULL;
  guint64 n = 0;
  gulong probe;

  if (np == NULL || pl == NULL)
    goto bad;
  count = g_strndup (np + 9, strcspn (np + 9, ";"));
  if (!g_ascii_string_to_unsigned (g_strstrip (count), 10, 1, 16, &n, NULL))
    goto bad;
  catalog->n_plurals = (guint) n;
  catalog->plural = g_strstrip (g_strndup (pl + 7, strcspn (pl + 7, ";")));
  if (!arb_plural_eval (catalog->plural, 1, &probe))
    goto bad;
  return TRUE;

bad:
  g_set_error (error, ARB_CATALOG_ERROR, ARB_CATALOG_ERROR_PLURAL,
               /* Translators: %s is the catalog file's name */
               _ ("%s: cannot read the Plural-Forms header “%s”"), name, value);
  return FALSE;
}

ArbCatalog *
arb_catalog_new_from_data (const guint8 *data, gsize length, const char *name, GError **error)
{
  g_autoptr (ArbCatalog) catalog = NULL;
  gboolean swap;
  guint32 magic, n, originals, translations;
  const Entry *header;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  catalog = g_new0 (ArbCatalog, 1);
  catalog->data = g_memdup2 (data, length);
  catalog->length = length;
  catalog->index = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  catalog->n_plurals = 1;

  if (length < MO_HEADER_WORDS * 4)
    goto bad;
  memcpy (&magic, data, sizeof magic);
  if (magic == MO_MAGIC)
    swap = FALSE;
  else if (GUINT32_SWAP_LE_BE (magic) == MO_MAGIC)
    swap = TRUE;
  else
    goto bad;
  if (read_word (data + 4, swap) >> 16 > 1)
    goto bad;
  n = read_word (data + 8, swap);
  originals = read_word (data + 12, swap);
  translations = read_word (data + 16, swap);
  for (guint32 i = 0; i < n; i++)
    {
      const char *original, *text;
      guint32 original_length, text_length;
      Entry *entry;

      if (!read_string (catalog, originals, i, swap, &original, &original_length) ||
          !read_string (catalog, translations, i, swap, &text, &text_length))
        goto bad;
      entry = g_new (Entry, 1);
      entry->text = text;
      entry->length = text_length;
      /* The key ends at the first NUL: the singular of a plural message. */
      g_hash_table_replace (catalog->index, (gpointer) original, entry);
    }

  header = g_hash_table_lookup (catalog->index, "");
  if (header != NULL)
    {
      g_autofree char *plural_forms = header_field (header->text, "Plural-Forms");

      catalog->language = header_field (header->text, "Language");
      if (catalog->language != NULL && *catalog->language == '\0')
        g_clear_pointer (&catalog->language, g_free);
      if (plural_forms != NULL && !read_plural_forms (catalog, plural_forms, name, error))
        return NULL;
    }
  return g_steal_pointer (&catalog);

bad:
  g_set_error (error, ARB_CATALOG_ERROR, ARB_CATALOG_ERROR_FORMAT,
               /* Translators: %s is the catalog file's name */
               _ ("%s: not a compiled message catalog (.mo), or a damaged one"), name);
  return NULL;
}

ArbCatalog *
arb_catalog_new_from_file (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  return arb_catalog_new_from_data ((const guint8 *) contents, length, path, error);
}

void
arb_catalog_free (ArbCatalog *catalog)
{
  if (catalog == NULL)
    return;
  g_hash_table_unref (catalog->index);
  g_free (catalog->data);
  g_free (catalog->language);
  g_free (catalog->plural);
  g_free (catalog);
}

const char *
arb_catalog_lookup (const ArbCatalog *catalog, const char *msgid)
{
  const Entry *entry;

  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (msgid != NULL, NULL);

  entry = g_hash_table_lookup (catalog->index, msgid);
  if (entry == NULL || entry->length == 0)
    return NULL;
  return entry->text;
}

const char *
arb_catalog_lookup_plural (const ArbCatalog *catalog, const char *msgid, gulong n)
{
  const Entry *entry;
  gulong form = n != 1;
  const char *p, *end;

  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (msgid != NULL, NULL);

  entry = g_hash_table_lookup (catalog->index, msgid);
  if (entry == NULL || entry->length == 0)
    return NULL;
  if (catalog->plural != NULL && !arb_plural_eval (catalog->plural, n, &form))
    form = 0;
  if (form >= catalog->n_plurals)
    form = 0;
  p = entry->text;
  end = entry->text + entry->length;
  for (gulong i = 0; i < form; i++)
    {
      p += strlen (p) + 1;
      if (p > end)
        return NULL;
    }
  return *p != '\0' ? p : NULL;
}

const char *
arb_catalog_get_language (const ArbCatalog *catalog)
{
  g_return_val_if_fail (catalog != NULL, NULL);
  return catalog->language;
}

guint
arb_catalog_get_n_plurals (const ArbCatalog *catalog)
{
  g_return_val_if_fail (catalog != NULL, 1);
  return catalog->n_plurals;
}

/* The plural expression, by recursive descent with C's precedence. Each
 * level evaluates as it parses; both arms of ?: are parsed (and evaluated:
 * the expressions have no side effects, and a division by zero gives 0). */
typedef struct
{
  const char *p;
  gulong n;
  gboolean ok;
  guint depth;
} Plural;

static gulong plural_ternary (Plural *s);

static void
plural_space (Plural *s)
{
  while (*s->p == ' ' || *s->p == '\t' || *s->p == '\n')
    s->p++;
}

static gboolean
plural_take (Plural *s, const char *op)
{
  gsize len = strlen (op);

  plural_space (s);
  if (strncmp (s->p, op, len) != 0)
    return FALSE;
  /* "<" must not take the first half of "<=", nor "!" of "!=". */
  if (len == 1 && (op[0] == '<' || op[0] == '>' || op[0] == '!' || op[0] == '=') && s->p[1] == '=')
    return FALSE;
  if (len == 1 && (op[0] == '|' || op[0] == '&'))
    return FALSE;
  s->p += len;
  return TRUE;
}

static gulong
plural_primary (Plural *s)
{
  gulong v = 0;

  plural_space (s);
  if (++s->depth > 64)
    {
      s->ok = FALSE;
      return 0;
    }
  if (*s->p == 'n')
    {
      s->p++;
      v = s->n;
    }
  else if (g_ascii_isdigit (*s->p))
    {
      while (g_ascii_isdigit (*s->p))
        v = v * 10 + (gulong) (*s->p++ - '0');
    }
  else if (*s->p == '(')
    {
      s->p++;
      v = plural_ternary (s);
      if (!plural_take (s, ")"))
        s->ok = FALSE;
    }
  else if (*s->p == '!' && s->p[1] != '=')
    {
      s->p++;
      v = !plural_primary (s);
    }
  else
    s->ok = FALSE;
  s->depth--;
  return v;
}

static gulong
plural_mul (Plural *s)
{
  gulong v = plural_primary (s);

  for (;;)
    {
      if (plural_take (s, "*"))
        v *= plural_primary (s);
      else if (plural_take (s, "/"))
        {
          gulong d = plural_primary (s);
          v = d != 0 ? v / d : 0;
        }
      else if (plural_take (s, "%"))
        {
          gulong d = plural_primary (s);
          v = d != 0 ? v % d : 0;
        }
      else
        return v;
    }
}

static gulong
plural_add (Plural *s)
{
  gulong v = plural_mul (s);

  for (;;)
    {
      if (plural_take (s, "+"))
        v += plural_mul (s);
      else if (plural_take (s, "-"))
        v -= plural_mul (s);
      else
        return v;
    }
}

static gulong
plural_rel (Plural *s)
{
  gulong v = plural_add (s);

  for (;;)
    {
      if (plural_take (s, "<="))
        v = v <= plural_add (s);
      else if (plural_take (s, ">="))
        v = v >= plural_add (s);
      else if (plural_take (s, "<"))
        v = v < plural_add (s);
      else if (plural_take (s, ">"))
        v = v > plural_add (s);
      else
        return v;
    }
}

static gulong
plural_eq (Plural *s)
{
  gulong v = plural_rel (s);

  for (;;)
    {
      if (plural_take (s, "=="))
        v = v == plural_rel (s);
      else if (plural_take (s, "!="))
        v = v != plural_rel (s);
      else
        return v;
    }
}

static gulong
plural_and (Plural *s)
{
  gulong v = plural_eq (s);

  while (plural_take (s, "&&"))
    {
      gulong w = plural_eq (s);
      v = v && w;
    }
  return v;
}

static gulong
plural_or (Plural *s)
{
  gulong v = plural_and (s);

  while (plural_take (s, "||"))
    {
      gulong w = plural_and (s);
      v = v || w;
    }
  return v;
}

static gulong
plural_ternary (Plural *s)
{
  gulong cond, a, b;

  if (++s->depth > 64)
    {
      s->ok = FALSE;
      return 0;
    }
  cond = plural_or (s);
  if (plural_take (s, "?"))
    {
      a = plural_ternary (s);
      if (!plural_take (s, ":"))
        s->ok = FALSE;
      b = plural_ternary (s);
      cond = cond ? a : b;
    }
  s->depth--;
  return cond;
}

gboolean
arb_plural_eval (const char *expression, gulong n, gulong *result)
{
  Plural s = { expression, n, TRUE, 0 };
  gulong v;

  g_return_val_if_fail (expression != NULL, FALSE);

  v = plural_ternary (&s);
  plural_space (&s);
  if (!s.ok || *s.p != '\0')
    return FALSE;
  if (result != NULL)
    *result = v;
  return TRUE;
}
