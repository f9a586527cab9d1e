/* arb-tournament-trf-keep.c: a TRF written back as it was read
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-tournament-private.h"
#include "arb-tournament-trf.h"

/* The pairing program reads back the file it wrote. Arbiter models only
 * part of it (the event, the players it needs, the games), so the file
 * last imported is kept, and the export is that text with what the desk
 * changed: result codes and the points they give on the player lines, and
 * the event fields Arbiter edits. Everything else stays byte for byte: the
 * titles as written (old one-letter codes too), the pairing program's rank
 * column, ratings and ids, `###` comments where they stood, JaVaFo's XX?
 * lines, records Arbiter does not read, the order of the records and the
 * line ends (CRLF or LF). When the tournament no longer matches the kept
 * text (another player, another pairing, a round the text lacks), the
 * export is made from the tournament instead. */

static const ArbTrfPlayer *
find_player (const ArbTrf *trf, int start_no)
{
  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *p = trf->players->pdata[i];
      if (p->start_no == start_no)
        return p;
    }
  return NULL;
}

static const ArbTrfRound *
round_of (const ArbTrfPlayer *p, guint r)
{
  static const ArbTrfRound blank = { 0, ' ', ' ' };

  return r < p->rounds->len ? &g_array_index (p->rounds, ArbTrfRound, r) : &blank;
}

/* The kept text still pairs every round as the tournament does. */
static gboolean
source_matches (const ArbTrf *source, const ArbTrf *fresh)
{
  if (source->players->len != fresh->players->len)
    return FALSE;
  for (guint i = 0; i < fresh->players->len; i++)
    {
      const ArbTrfPlayer *p = fresh->players->pdata[i];
      const ArbTrfPlayer *s = find_player (source, p->start_no);
      guint n;

      if (s == NULL || g_strcmp0 (s->name, p->name) != 0)
        return FALSE;
      n = MAX (s->rounds->len, p->rounds->len);
      for (guint r = 0; r < n; r++)
        {
          const ArbTrfRound *a = round_of (s, r), *b = round_of (p, r);

          if (a->opponent != b->opponent || a->colour != b->colour)
            return FALSE;
        }
    }
  return TRUE;
}

/* Puts TEXT at COLUMN (from 1) of a line held as characters. */
static void
put_chars (GArray *chars, int column, const char *text)
{
  gunichar blank = ' ';

  for (int i = 0; text[i] != '\0'; i++)
    {
      while (chars->len < (guint) (column + i))
        g_array_append_val (chars, blank);
      g_array_index (chars, gunichar, column - 1 + i) = (gunichar) text[i];
    }
}

/* A player line with the desk's results and the points they give. */
static char *
rewrite_player_line (const char *line, gsize len, const ArbTrfPlayer *s, const ArbTrfPlayer *p)
{
  glong n = 0;
  g_autofree gunichar *u = g_utf8_to_ucs4_fast (line, (glong) len, &n);
  g_autoptr (GArray) chars = g_array_new (FALSE, FALSE, sizeof (gunichar));
  gboolean changed = FALSE;
  int points = 0;

  g_assert (s != NULL && p != NULL);
  g_array_append_vals (chars, u, (guint) n);
  for (guint r = 0; r < p->rounds->len; r++)
    {
      const ArbTrfRound *want = round_of (p, r);
      char code[2] = { want->result, '\0' };

      points += arb_trf_code_points_x2 (want->result);
      if (round_of (s, r)->result == want->result)
        continue;
      put_chars (chars, 99 + (int) r * 10, code);
      changed = TRUE;
    }
  if (changed)
    {
      g_autofree char *text = NULL;

      if (points >= 200 && points % 2 == 0)
        text = g_strdup_printf ("%4d", points / 2);
      else
        text = g_strdup_printf ("%2d.%d", points / 2, (points % 2) * 5);
      put_chars (chars, 81, text);
    }
  /* A blank written over a result at the end of the line is trimmed. */
  while (chars->len > 0 && g_array_index (chars, gunichar, chars->len - 1) == ' ')
    g_array_set_size (chars, chars->len - 1);
  return g_ucs4_to_utf8 ((gunichar *) chars->data, chars->len, NULL, NULL, NULL);
}

static gboolean
has_record (const ArbTrf *trf, const char *code)
{
  for (guint i = 0; i < trf->records->len; i++)
    if (strcmp (((const ArbTrfRecord *) trf->records->pdata[i])->code, code) == 0)
      return TRUE;
  return FALSE;
}

/* The event fields the tournament has, where the kept line says else. */
static const char *
changed_event_value (const ArbTrf *fresh, const char *code, const char *kept)
{
  static const char *const codes[] = {
    "012", "022", "042", "052", "102", "162", "202", "212", "362"
  };

  for (gsize k = 0; k < G_N_ELEMENTS (codes); k++)
    {
      if (strcmp (code, codes[k]) != 0)
        continue;
      for (guint i = 0; i < fresh->records->len; i++)
        {
          const ArbTrfRecord *r = fresh->records->pdata[i];
          if (strcmp (r->code, code) == 0)
            return strcmp (r->value, kept) != 0 ? r->value : NULL;
        }
    }
  return NULL;
}

char *
_arb_trf_write_over_source (const char *source, const ArbTrf *fresh)
{
  g_autoptr (ArbTrf) kept = NULL;
  GString *out;
  const char *pos;

  g_return_val_if_fail (fresh != NULL, NULL);

  if (source == NULL || (kept = arb_trf_parse (source, strlen (source), NULL)) == NULL ||
      !source_matches (kept, fresh))
    return NULL;
  /* A 362 the source has not, or has and the event no longer: the kept
   * lines cannot say it (arb-tournament-trf-rules.c decides). */
  if ((kept->team_scoring.line != 0) != (has_record (fresh, "362")))
    return NULL;

  out = g_string_new (NULL);
  for (pos = source; *pos != '\0';)
    {
      const char *nl = strchr (pos, '\n');
      gsize len = nl != NULL ? (gsize) (nl - pos) : strlen (pos);
      gsize body = len > 0 && pos[len - 1] == '\r' ? len - 1 : len;
      const char *end = pos + body;

      if (body >= 8 && strncmp (pos, "001 ", 4) == 0)
        {
          int start_no = (int) g_ascii_strtoll (pos + 4, NULL, 10);
          const ArbTrfPlayer *s = find_player (kept, start_no);
          const ArbTrfPlayer *p = find_player (fresh, start_no);
          g_autofree char *line = rewrite_player_line (pos, body, s, p);

          g_string_append (out, line);
        }
      else if (body >= 4 && g_ascii_isdigit (pos[0]) && pos[3] == ' ')
        {
          g_autofree char *code = g_strndup (pos, 3);
          g_autofree char *value = g_strchomp (g_strndup (pos + 4, body - 4));
          const char *now = changed_event_value (fresh, code, value);

          if (now != NULL)
            g_string_append_printf (out, "%s %s", code, now);
          else
            g_string_append_len (out, pos, (gssize) body);
        }
      else
        g_string_append_len (out, pos, (gssize) body);
      g_string_append_len (out, end, (gssize) (len - body)); /* the \r, if any */
      if (nl == NULL)
        break;
      g_string_append_c (out, '\n');
      pos = nl + 1;
    }
  return g_string_free (out, FALSE);
}

/* The record 300 lines of TEXT, trimmed, in order. */
static GPtrArray *
fixed_board_lines (const char *text)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (const char *pos = text; *pos != '\0';)
    {
      const char *nl = strchr (pos, '\n');
      gsize len = nl != NULL ? (gsize) (nl - pos) : strlen (pos);

      if (len > 4 && strncmp (pos, "300 ", 4) == 0)
        g_ptr_array_add (lines, g_strstrip (g_strndup (pos + 4, len - 4)));
      if (nl == NULL)
        break;
      pos = nl + 1;
    }
  return lines;
}

static gboolean
same_lines (GPtrArray *a, guint at, char **b, guint n)
{
  for (guint i = 0; i < n; i++)
    if (strcmp (a->pdata[at + i], b[i]) != 0)
      return FALSE;
  return TRUE;
}

/* Where in TEXT a new record 300 goes: after the last one, else before
 * the first record with a greater code or the first player line. */
static gsize
fixed_board_place (const char *text)
{
  gsize place = G_MAXSIZE;

  for (const char *pos = text; *pos != '\0';)
    {
      const char *nl = strchr (pos, '\n');
      int code = g_ascii_isdigit (pos[0]) && g_ascii_isdigit (pos[1]) && g_ascii_isdigit (pos[2])
                   ? (pos[0] - '0') * 100 + (pos[1] - '0') * 10 + (pos[2] - '0')
                   : -1;

      if (code == 300)
        place = nl != NULL ? (gsize) (nl + 1 - text) : strlen (text);
      else if (place == G_MAXSIZE && (code == 1 || code > 300))
        return (gsize) (pos - text);
      if (nl == NULL)
        break;
      pos = nl + 1;
    }
  return place != G_MAXSIZE ? place : strlen (text);
}

/* TEXT (TRF-2026) with the board changes of the rulings log (@moved,
 * lines "round board start_no") as record 300, those it lacks: a file
 * written by Arbiter and imported again has them already, in the same
 * order, and gets only the changes made since. */
static char *
add_moved_boards (char *text, const char *moved)
{
  g_autoptr (GPtrArray) have = fixed_board_lines (text);
  g_auto (GStrv) want = g_strsplit (moved, "\n", -1);
  guint n = g_strv_length (want);
  guint skip = 0;
  const char *eol = strstr (text, "\r\n") != NULL ? "\r\n" : "\n";
  GString *insert;
  GString *out;
  gsize place;

  if (n == 0)
    return text;
  for (guint at = 0; at + n <= have->len; at++)
    if (same_lines (have, at, want, n))
      return text;
  for (guint k = MIN (n, have->len); k > 0 && skip == 0; k--)
    if (same_lines (have, have->len - k, want, k))
      skip = k;
  insert = g_string_new (NULL);
  for (guint i = skip; i < n; i++)
    g_string_append_printf (insert, "300 %s%s", want[i], eol);
  place = fixed_board_place (text);
  out = g_string_new_len (text, (gssize) place);
  if (place > 0 && text[place - 1] != '\n')
    g_string_append (out, eol);
  g_string_append (out, insert->str);
  g_string_append (out, text + place);
  g_string_free (insert, TRUE);
  g_free (text);
  return g_string_free (out, FALSE);
}

static gboolean
is_trf26 (const char *text)
{
  g_autoptr (ArbTrf) trf = arb_trf_parse (text, strlen (text), NULL);

  return trf != NULL && trf->version == ARB_TRF_VERSION_26;
}

int
arb_tournament_get_imported_trf_version (ArbTournament *self)
{
  g_autoptr (GHashTable) records = NULL;
  const char *source;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), 0);

  records = _arb_tournament_get_event_records (self, NULL);
  source = records != NULL ? g_hash_table_lookup (records, ARB_TRF_SOURCE_KEY) : NULL;
  if (source == NULL)
    return 0;
  return is_trf26 (source) ? ARB_TRF_VERSION_26 : ARB_TRF_VERSION_16;
}

char *
arb_tournament_export_trf_as (ArbTournament *self, GPtrArray *notes, int version, GError **error)
{
  g_autofree char *text = NULL;
  g_autofree char *moved = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) players = NULL;

  g_return_val_if_fail (
    version == 0 || version == ARB_TRF_VERSION_16 || version == ARB_TRF_VERSION_26, NULL);

  text = arb_tournament_export_trf_full (self, notes, error);
  if (text != NULL && version != 0)
    {
      char *converted = arb_trf_convert (text, (ArbTrfVersion) version);

      g_free (text);
      text = converted;
    }
  /* TRF16 has no board numbers: the board changes go only into TRF-2026
   * (docs/notation.md). */
  if (text == NULL || version == ARB_TRF_VERSION_16 || (version == 0 && !is_trf26 (text)))
    return g_steal_pointer (&text);
  games = arb_tournament_list_games (self, 0, error);
  players = games != NULL ? arb_tournament_list_players (self, error) : NULL;
  moved =
    players != NULL ? _arb_tournament_moved_board_records (self, games, players, error) : NULL;
  if (moved == NULL)
    return NULL;
  if (*moved == '\0')
    return g_steal_pointer (&text);
  return add_moved_boards (g_steal_pointer (&text), moved);
}
