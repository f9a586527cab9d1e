/* arb-trf-convert.c: a TRF text as the other version writes it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-trf.h"

/* TRF16 and TRF-2026 share the player line and most header records. Going
 * to TRF16, the records only TRF-2026 has are left out (TRF16 readers
 * refuse or drop them), a team's 310 becomes TRF16's 013 and the number of
 * rounds (142) stays as JaVaFo's XXR line. Going to TRF-2026, 013 becomes
 * 310 (the teams numbered in file order) and 142 is written from XXR. The
 * other lines, and the line ends, are kept. */

static gunichar *
line_chars (const char *line, gsize len, glong *n)
{
  return g_utf8_to_ucs4_fast (line, (glong) len, n);
}

static char *
column_text (const gunichar *u, glong n, int first, int last)
{
  g_autofree char *text = NULL;
  glong from = MIN (first - 1, n);
  glong to = MIN (last, n);

  text = g_ucs4_to_utf8 (u + from, to - from, NULL, NULL, NULL);
  return g_strstrip (g_strdup (text != NULL ? text : ""));
}

/* A team line in the other version's layout: NAME padded to its columns,
 * the members' starting ranks four columns each from MEMBERS_AT. */
static void
append_team (GString *out, const char *head, const char *name, int name_width, const char *members)
{
  g_auto (GStrv) ranks = g_strsplit_set (members, " ", -1);
  glong pad = name_width - g_utf8_strlen (name, -1);

  g_string_append (out, head);
  g_string_append (out, name);
  for (glong i = 0; i < pad; i++)
    g_string_append_c (out, ' ');
  for (int i = 0, k = 0; ranks[i] != NULL; i++)
    if (ranks[i][0] != '\0')
      g_string_append_printf (out, "%s%4s", k++ > 0 ? " " : "", ranks[i]);
}

static gboolean
is_trf26_only (const char *line)
{
  static const char *const codes[] = {
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250",
    "260", "299", "300", "310", "320", "330", "352", "362", "801", "802", "###",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
    if (strncmp (line, codes[i], 3) == 0)
      return TRUE;
  return FALSE;
}

/* One line of TEXT in the version TO, appended to OUT; FALSE when it is
 * left out. */
static gboolean
convert_line (GString *out, const char *line, gsize len, ArbTrfVersion to, int *n_teams)
{
  glong n = 0;
  g_autofree gunichar *u = NULL;

  if (to == ARB_TRF_VERSION_16 && len >= 3 && strncmp (line, "310", 3) == 0)
    {
      g_autofree char *name = NULL, *members = NULL;

      u = line_chars (line, len, &n);
      name = column_text (u, n, 9, 40);
      members = column_text (u, n, 74, (int) n);
      /* 013: the name in 5-36, the ranks from column 37. */
      append_team (out, "013 ", name, 32, members);
      return TRUE;
    }
  if (to == ARB_TRF_VERSION_26 && len >= 3 && strncmp (line, "013", 3) == 0)
    {
      g_autofree char *name = NULL, *members = NULL, *head = NULL;

      u = line_chars (line, len, &n);
      name = column_text (u, n, 5, 36);
      members = column_text (u, n, 37, (int) n);
      head = g_strdup_printf ("310 %3d ", ++*n_teams);
      /* 310: the number in 5-7, the name in 9-40, blanks to column 73,
       * then the ranks from column 74. */
      append_team (out, head, name, 32 + 33, members);
      return TRUE;
    }
  if (to == ARB_TRF_VERSION_16 && is_trf26_only (line))
    return FALSE;
  g_string_append_len (out, line, (gssize) len);
  return TRUE;
}

char *
arb_trf_convert (const char *text, ArbTrfVersion to)
{
  g_autoptr (ArbTrf) trf = NULL;
  GString *out;
  const char *eol;
  gboolean has_xxr, has_142;
  gboolean header_done = FALSE;
  int n_teams = 0;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (to == ARB_TRF_VERSION_16 || to == ARB_TRF_VERSION_26, NULL);

  trf = arb_trf_parse (text, strlen (text), NULL);
  if (trf == NULL || trf->version == to)
    return g_strdup (text);

  eol = strstr (text, "\r\n") != NULL ? "\r\n" : "\n";
  has_xxr = strstr (text, "\nXXR ") != NULL || g_str_has_prefix (text, "XXR ");
  has_142 = strstr (text, "\n142 ") != NULL || g_str_has_prefix (text, "142 ");
  out = g_string_new (NULL);
  for (const char *pos = text; *pos != '\0';)
    {
      const char *nl = strchr (pos, '\n');
      gsize len = nl != NULL ? (gsize) (nl - pos) : strlen (pos);
      gsize body = len > 0 && pos[len - 1] == '\r' ? len - 1 : len;

      /* TRF-2026 names the rounds among the header records, before the
       * round dates and the players. */
      if (to == ARB_TRF_VERSION_26 && !has_142 && !header_done && trf->n_rounds > 0 &&
          (strncmp (pos, "132", 3) == 0 || strncmp (pos, "001", 3) == 0))
        {
          g_string_append_printf (out, "142 %d%s", trf->n_rounds, eol);
          header_done = TRUE;
        }
      if (convert_line (out, pos, body, to, &n_teams))
        g_string_append (out, nl != NULL ? eol : "");
      if (nl == NULL)
        break;
      pos = nl + 1;
    }
  if (to == ARB_TRF_VERSION_16 && !has_xxr && trf->n_rounds > 0)
    g_string_append_printf (out, "XXR %d%s", trf->n_rounds, eol);
  return g_string_free (out, FALSE);
}
