/* arb-i18n.c: the words of the program, in the language of the reader
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

/* Before arb-i18n.h, whose ngettext is a macro. */
#include <libintl.h>
#include <locale.h>
#include <stdlib.h>

#include "arb-i18n.h"

#include "arb-catalog.h"

/* ARB_BUILD_ROOT (the meson build directory) and ARB_LINGUAS (po/LINGUAS,
 * comma-separated) come from meson.build. */

#define MAX_PUSHED 8

/* A language a report can be rendered in: its catalog, or NULL for the
 * English sources. Loaded once, kept for the life of the program. */
typedef struct
{
  char *language;
  ArbCatalog *catalog;
} Language;

typedef struct
{
  const Language *stack[MAX_PUSHED];
  guint depth;
} Pushed;

static GMutex languages_lock;
static GHashTable *loaded; /* code -> Language */
static GPrivate pushed_key = G_PRIVATE_INIT (g_free);

static const struct
{
  const char *code;
  const char *name;
} language_names[] = {
  { "da", "Dansk" },      { "en", "English" }, { "nb", "Norsk bokmål" },
  { "nl", "Nederlands" }, { "sv", "Svenska" },
};

/* The build tree's catalogs when the running program is one of the build
 * tree's executables (the program, the command-line tool, a test). */
static char *
find_localedir (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *root = realpath (ARB_BUILD_ROOT, NULL);

  if (exe != NULL && root != NULL)
    {
      g_autofree char *prefix = g_strconcat (root, G_DIR_SEPARATOR_S, NULL);

      if (g_str_has_prefix (exe, prefix))
        return g_build_filename (root, "po", NULL);
    }
  return g_strdup (LOCALEDIR);
}

const char *
arb_i18n_get_localedir (void)
{
  static gsize once;
  static char *localedir;

  if (g_once_init_enter (&once))
    {
      localedir = find_localedir ();
      g_once_init_leave (&once, 1);
    }
  return localedir;
}

void
arb_i18n_init (void)
{
  const char *language = g_getenv ("LANGUAGE");
  const char *const locale_vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
  gboolean locale_named = FALSE;

  setlocale (LC_ALL, "");
  /* gettext ignores LANGUAGE in the C locale, whose charset is ASCII. A
   * user who names a language in LANGUAGE on a system where no locale is
   * set at all (a fresh container, a service) asked for it: read it in
   * C.UTF-8, which glibc always has. A locale that is named, even "C",
   * is left alone, as any GNU program leaves it. */
  for (guint i = 0; i < G_N_ELEMENTS (locale_vars); i++)
    {
      const char *value = g_getenv (locale_vars[i]);

      locale_named |= value != NULL && *value != '\0';
    }
  if (language != NULL && *language != '\0' && !locale_named &&
      setlocale (LC_MESSAGES, "C.UTF-8") != NULL)
    setlocale (LC_CTYPE, "C.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, arb_i18n_get_localedir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

static const Language *
current_pushed (void)
{
  Pushed *pushed = g_private_get (&pushed_key);

  if (pushed == NULL || pushed->depth == 0)
    return NULL;
  return pushed->stack[pushed->depth - 1];
}

const char *
arb_gettext (const char *msgid)
{
  const Language *lang = current_pushed ();

  if (lang == NULL)
    return g_dgettext (GETTEXT_PACKAGE, msgid);
  if (lang->catalog != NULL)
    {
      const char *text = arb_catalog_lookup (lang->catalog, msgid);

      if (text != NULL)
        return text;
    }
  return msgid;
}

const char *
arb_pgettext (const char *msgctxtid, gsize msgidoffset)
{
  const Language *lang = current_pushed ();

  if (lang == NULL)
    return g_dpgettext (GETTEXT_PACKAGE, msgctxtid, msgidoffset);
  if (lang->catalog != NULL)
    {
      const char *text = arb_catalog_lookup (lang->catalog, msgctxtid);

      if (text != NULL)
        return text;
    }
  return msgctxtid + msgidoffset;
}

const char *
arb_pgettext_ctx (const char *context, const char *msgid)
{
  g_autofree char *key = g_strconcat (context, "\004", msgid, NULL);
  const char *text = arb_pgettext (key, strlen (context) + 1);

  /* The catalog's string lives as long as the catalog; the key does not. */
  return text == key + strlen (context) + 1 ? msgid : text;
}

const char *
arb_ngettext (const char *msgid, const char *msgid_plural, gulong n)
{
  const Language *lang = current_pushed ();

  if (lang == NULL)
    return g_dngettext (GETTEXT_PACKAGE, msgid, msgid_plural, n);
  if (lang->catalog != NULL)
    {
      const char *text = arb_catalog_lookup_plural (lang->catalog, msgid, n);

      if (text != NULL)
        return text;
    }
  return n == 1 ? msgid : msgid_plural;
}

/* The "Language:" line of the header of the catalog gettext uses now. */
static char *
header_language (const char *header)
{
  const char *line = strstr (header, "Language:");
  const char *end;

  if (line == NULL || (line != header && line[-1] != '\n'))
    return NULL;
  line += strlen ("Language:");
  while (*line == ' ')
    line++;
  end = line;
  while (*end != '\0' && *end != '\n' && *end != ' ')
    end++;
  return end > line ? g_strndup (line, end - line) : NULL;
}

const char *
arb_i18n_get_language (void)
{
  static GMutex lock;
  static const char *last_header;
  static char *last_language;
  /* The empty msgid, through a variable: xgettext must not take it for a
   * message. */
  static const char header_msgid[] = "";
  const Language *lang = current_pushed ();
  const char *header;
  const char *result;

  if (lang != NULL)
    return lang->language;
  /* Not g_dgettext: it may decline to translate, and the header is what
   * tells which catalog gettext found. */
  header = dgettext (GETTEXT_PACKAGE, header_msgid);
  if (header == NULL || *header == '\0')
    return "en";
  g_mutex_lock (&lock);
  if (header != last_header)
    {
      g_free (last_language);
      last_language = header_language (header);
      last_header = header;
    }
  result = last_language != NULL ? last_language : "en";
  g_mutex_unlock (&lock);
  return result;
}

const char *const *
arb_i18n_get_languages (void)
{
  static gsize once;
  static const char *const *languages;

  if (g_once_init_enter (&once))
    {
      g_auto (GStrv) linguas = g_strsplit (ARB_LINGUAS, ",", -1);
      GPtrArray *list = g_ptr_array_new ();

      g_ptr_array_add (list, (gpointer) "en");
      for (guint i = 0; linguas[i] != NULL; i++)
        if (*linguas[i] != '\0' && strcmp (linguas[i], "en") != 0)
          g_ptr_array_add (list, (gpointer) g_intern_string (linguas[i]));
      g_ptr_array_add (list, NULL);
      languages = (const char *const *) g_ptr_array_free (list, FALSE);
      g_once_init_leave (&once, 1);
    }
  return languages;
}

const char *
arb_i18n_get_language_name (const char *language)
{
  g_return_val_if_fail (language != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (language_names); i++)
    if (strcmp (language, language_names[i].code) == 0)
      return language_names[i].name;
  return language;
}

static const Language *
load_language (const char *language, GError **error)
{
  Language *lang;

  g_mutex_lock (&languages_lock);
  if (loaded == NULL)
    loaded = g_hash_table_new (g_str_hash, g_str_equal);
  lang = g_hash_table_lookup (loaded, language);
  if (lang == NULL)
    {
      g_autoptr (ArbCatalog) catalog = NULL;

      if (strcmp (language, "en") != 0)
        {
          g_autofree char *file = g_strconcat (GETTEXT_PACKAGE, ".mo", NULL);
          g_autofree char *path =
            g_build_filename (arb_i18n_get_localedir (), language, "LC_MESSAGES", file, NULL);
          g_autoptr (GError) local_error = NULL;

          catalog = arb_catalog_new_from_file (path, &local_error);
          if (catalog == NULL)
            {
              g_mutex_unlock (&languages_lock);
              g_set_error (error, ARB_CATALOG_ERROR, ARB_CATALOG_ERROR_FORMAT,
                           _ ("There is no translation into “%s”: %s"), language,
                           local_error->message);
              return NULL;
            }
        }
      lang = g_new0 (Language, 1);
      lang->language = g_strdup (language);
      lang->catalog = g_steal_pointer (&catalog);
      g_hash_table_insert (loaded, lang->language, lang);
    }
  g_mutex_unlock (&languages_lock);
  return lang;
}

gboolean
arb_i18n_push_language (const char *language, GError **error)
{
  Pushed *pushed = g_private_get (&pushed_key);
  const Language *lang = NULL;

  if (pushed == NULL)
    {
      pushed = g_new0 (Pushed, 1);
      g_private_set (&pushed_key, pushed);
    }
  g_return_val_if_fail (pushed->depth < MAX_PUSHED, FALSE);

  if (language != NULL && *language != '\0')
    {
      lang = load_language (language, error);
      if (lang == NULL)
        return FALSE;
    }
  /* NULL on the stack: the window's language, through gettext. */
  pushed->stack[pushed->depth++] = lang;
  return TRUE;
}

void
arb_i18n_pop_language (void)
{
  Pushed *pushed = g_private_get (&pushed_key);

  g_return_if_fail (pushed != NULL && pushed->depth > 0);
  pushed->depth--;
}

static char *
format (GDateTime *datetime, const char *fmt)
{
  g_return_val_if_fail (datetime != NULL, NULL);
  return g_date_time_format (datetime, fmt);
}

char *
arb_i18n_format_date (GDateTime *datetime)
{
  /* Translators: how a date is written, in the notation of
   * g_date_time_format() (strftime); numbers only, so it needs no month
   * names from the system: sv "%Y-%m-%d", da and nl "%d-%m-%Y". */
  return format (datetime, C_ ("date format", "%Y-%m-%d"));
}

char *
arb_i18n_format_time (GDateTime *datetime)
{
  /* Translators: how a time of day is written (hours and minutes), in the
   * notation of g_date_time_format(): "%H:%M" is 14:05, "%H.%M" 14.05. */
  return format (datetime, C_ ("time format", "%H:%M"));
}

char *
arb_i18n_format_date_time (GDateTime *datetime)
{
  /* Translators: a date with a time of day, in the notation of
   * g_date_time_format(); the same date and time as above, e.g. nb
   * "%d.%m.%Y kl. %H.%M". */
  return format (datetime, C_ ("date and time format", "%Y-%m-%d %H:%M"));
}
