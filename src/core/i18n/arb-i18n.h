/* arb-i18n.h: the words of the program, in the language of the reader
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

/* Every file with visible strings includes this header instead of
 * <glib/gi18n.h>: its macros are gettext's, with one difference. A printed
 * report can be rendered in a language other than the window's
 * (arb_i18n_push_language()), and while it is, the messages of this thread
 * come from that language's catalog. The `i18n-macros` lint test checks
 * that no source uses gi18n.h directly.
 *
 *   _(MESSAGE)                  a message
 *   N_(MESSAGE)                 marks a message translated later, by _ (variable)
 *   C_(CONTEXT, MESSAGE)        a message whose English word has two meanings
 *   NC_(CONTEXT, MESSAGE)       marks one, translated later by arb_pgettext_ctx()
 *   ngettext (ONE, MANY, N)     a message with a number N in it
 *
 * xgettext finds them all with meson's glib preset. Do not include
 * <libintl.h> after this header: ngettext is a macro here. */

#define _(String) arb_gettext (String)
#define N_(String) (String)
#define C_(Context, String) arb_pgettext (Context "\004" String, strlen (Context) + 1)
#define NC_(Context, String) (String)
#undef ngettext /* libintl.h's, when it came first */
#define ngettext(Msgid, MsgidPlural, N) arb_ngettext (Msgid, MsgidPlural, N)

/* setlocale (LC_ALL, "") and the text domain bound to the catalogs: the
 * ones in the build tree when the program runs from it (so a program run
 * from `build/` speaks the user's language before it is installed), the
 * installed ones otherwise. */
void arb_i18n_init (void);
/* Where the catalogs are: LOCALEDIR, or the build tree's po/. */
const char *arb_i18n_get_localedir (void);

/* The language the messages of this thread are in: the Language of the
 * catalog gettext chose ("sv", "nb", "da", "nl"), the pushed language while
 * a report is rendered, "en" when the messages are the English sources. */
const char *arb_i18n_get_language (void);

/* The languages Arbiter speaks: "en" and those of po/LINGUAS, sorted after
 * "en". NULL-terminated, static. */
const char *const *arb_i18n_get_languages (void);
/* The name of a language in that language ("Svenska", "Nederlands"), for
 * menus; the code itself for a language we do not know. */
const char *arb_i18n_get_language_name (const char *language);

/* From now until arb_i18n_pop_language(), the messages of this thread are
 * in @language ("en" for the English sources, NULL or "" for the window's
 * language). FALSE with @error, and nothing pushed, when there is no
 * catalog for @language. Pushes nest. */
gboolean arb_i18n_push_language (const char *language, GError **error);
void arb_i18n_pop_language (void);

const char *arb_gettext (const char *msgid) G_GNUC_FORMAT (1);
/* @msgctxtid is "CONTEXT\004MSGID"; @msgidoffset where MSGID starts. */
const char *arb_pgettext (const char *msgctxtid, gsize msgidoffset) G_GNUC_FORMAT (1);
const char *arb_ngettext (const char *msgid, const char *msgid_plural, gulong n) G_GNUC_FORMAT (1)
  G_GNUC_FORMAT (2);
/* The translation of a message marked with NC_ (@context, @msgid). */
const char *arb_pgettext_ctx (const char *context, const char *msgid) G_GNUC_FORMAT (2);

/* Dates and times as the language of the messages writes them (each
 * catalog carries its country's formats, so a report printed in Danish has
 * Danish dates on any desktop). Newly allocated. */
char *arb_i18n_format_date (GDateTime *datetime);
char *arb_i18n_format_time (GDateTime *datetime);
char *arb_i18n_format_date_time (GDateTime *datetime);

G_END_DECLS
