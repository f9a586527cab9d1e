/* arb-trf.c: FIDE Tournament Report File, TRF16
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-trf.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arb-tournament-private.h"

/* clang-format off */
G_DEFINE_QUARK (arb-trf-error-quark, arb_trf_error)
/* clang-format on */

/* Columns of the 001 record, 1-based and inclusive as FIDE writes them. */
#define COL_START_NO 5, 8
#define COL_SEX 10, 10
#define COL_TITLE 11, 13
#define COL_NAME 15, 47
#define COL_RATING 49, 52
#define COL_FEDERATION 54, 56
#define COL_FIDE_ID 58, 68
#define COL_BIRTH 70, 79
#define COL_POINTS 81, 84
#define COL_RANK 86, 89
#define COL_FIRST_ROUND 92
#define ROUND_WIDTH 10

static void
trf_player_free (ArbTrfPlayer *p)
{
  g_free (p->name);
  g_free (p->birth_date);
  g_clear_pointer (&p->rounds, g_array_unref);
  g_free (p);
}

static void
trf_record_free (ArbTrfRecord *r)
{
  g_free (r->value);
  g_free (r);
}

void
arb_trf_free (ArbTrf *trf)
{
  if (trf == NULL)
    return;
  g_ptr_array_unref (trf->records);
  g_ptr_array_unref (trf->round_dates);
  g_ptr_array_unref (trf->players);
  g_free (trf);
}

static ArbTrf *
trf_new (void)
{
  ArbTrf *trf = g_new0 (ArbTrf, 1);

  trf->records = g_ptr_array_new_with_free_func ((GDestroyNotify) trf_record_free);
  trf->round_dates = g_ptr_array_new_with_free_func (g_free);
  trf->players = g_ptr_array_new_with_free_func ((GDestroyNotify) trf_player_free);
  return trf;
}

int
arb_trf_code_points_x2 (char code)
{
  switch (code)
    {
    case '1':
    case '+':
    case 'W':
    case 'F':
    case 'U':
      return 2;
    case '=':
    case 'D':
    case 'H':
      return 1;
    default:
      return 0;
    }
}

/* Columns are characters, not bytes: a name with "ø" takes one column. A
 * line is read as UCS-4 so that a column is an index. */

/* The text of columns from..to (1-based, inclusive), without surrounding
 * blanks; empty when the line is shorter. */
static char *
field (const gunichar *line, gsize len, int from, int to)
{
  gsize start = (gsize) from - 1;
  gsize end = MIN ((gsize) to, len);
  char *text;

  if (start >= len)
    return g_strdup ("");
  text = g_ucs4_to_utf8 (line + start, (glong) (end - start), NULL, NULL, NULL);
  return g_strstrip (text != NULL ? text : g_strdup (""));
}

static gboolean
int_field (const gunichar *line,
           gsize len,
           int from,
           int to,
           int line_no,
           const char *what,
           gint64 *out,
           GError **error)
{
  g_autofree char *text = field (line, len, from, to);
  char *end = NULL;

  if (text[0] == '\0')
    {
      *out = 0;
      return TRUE;
    }
  *out = g_ascii_strtoll (text, &end, 10);
  if (end == NULL || *end != '\0' || *out < 0)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   "line %d, column %d: the %s “%s” is not a number", line_no, from, what, text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
points_field (const gunichar *line, gsize len, int line_no, int *points_x2, GError **error)
{
  g_autofree char *text = field (line, len, COL_POINTS);
  const char *p = text;
  int whole = 0;

  *points_x2 = 0;
  if (*p == '\0')
    return TRUE;
  if (!g_ascii_isdigit (*p))
    goto bad;
  while (g_ascii_isdigit (*p))
    whole = whole * 10 + (*p++ - '0');
  *points_x2 = whole * 2;
  if (*p == '.')
    {
      p++;
      if (*p == '5')
        (*points_x2)++;
      else if (*p != '0')
        goto bad;
      p++;
    }
  if (*p != '\0')
    goto bad;
  return TRUE;

bad:
  g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
               "line %d, column 81: the points “%s” are not a number of half points", line_no,
               text);
  return FALSE;
}

static gboolean
parse_player (const gunichar *line, gsize len, int line_no, ArbTrfPlayer **out, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  ArbTrfPlayer *p = g_new0 (ArbTrfPlayer, 1);
  g_autofree char *sex = field (line, len, COL_SEX);
  g_autofree char *title = field (line, len, COL_TITLE);
  g_autofree char *fed = field (line, len, COL_FEDERATION);
  gint64 value;

  p->line = line_no;
  p->rounds = g_array_new (FALSE, TRUE, sizeof (ArbTrfRound));

  if (!int_field (line, len, COL_START_NO, line_no, "starting rank", &value, error))
    goto fail;
  if (value < 1 || value > 9999)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   "line %d, column 5: a player line needs a starting rank", line_no);
      goto fail;
    }
  p->start_no = (int) value;
  /* Sex, title and federation are short ASCII codes. */
  if (strlen (sex) > 1 || (sex[0] != '\0' && !g_ascii_isalpha (sex[0])))
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   "line %d, column 10: “%s” is not a sex code (m, w or blank)", line_no, sex);
      goto fail;
    }
  for (const char *c = title; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      {
        g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                     "line %d, column 11: “%s” is not a title (GM, IM, WFM…)", line_no, title);
        goto fail;
      }
  for (const char *c = fed; *c != '\0'; c++)
    if (!g_ascii_isalpha (*c))
      {
        g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                     "line %d, column 54: “%s” is not a federation code", line_no, fed);
        goto fail;
      }
  p->sex = sex[0] != '\0' ? sex[0] : ' ';
  g_strlcpy (p->title, title, sizeof p->title);
  p->name = field (line, len, COL_NAME);
  if (p->name[0] == '\0')
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   "line %d, column 15: player %d has no name", line_no, p->start_no);
      goto fail;
    }
  if (!int_field (line, len, COL_RATING, line_no, "rating", &value, error))
    goto fail;
  p->rating = (int) value;
  g_strlcpy (p->federation, fed, sizeof p->federation);
  if (!int_field (line, len, COL_FIDE_ID, line_no, "FIDE id", &p->fide_id, error))
    goto fail;
  p->birth_date = field (line, len, COL_BIRTH);
  if (!points_field (line, len, line_no, &p->points_x2, error))
    goto fail;
  if (!int_field (line, len, COL_RANK, line_no, "rank", &value, error))
    goto fail;
  p->rank = (int) value;

  for (int r = 0; (gsize) (COL_FIRST_ROUND - 1 + r * ROUND_WIDTH) < len; r++)
    {
      int col = COL_FIRST_ROUND + r * ROUND_WIDTH;
      g_autofree char *opp = field (line, len, col, col + 3);
      g_autofree char *colour = field (line, len, col + 5, col + 5);
      g_autofree char *result = field (line, len, col + 7, col + 7);
      ArbTrfRound round = { 0, ' ', ' ' };
      gint64 opponent;

      if (!int_field (line, len, col, col + 3, line_no, "opponent", &opponent, error))
        goto fail;
      round.opponent = (int) opponent;
      if (colour[0] != '\0')
        {
          if (strchr ("wb-", colour[0]) == NULL)
            {
              g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                           "line %d, column %d: round %d: “%s” is not a colour (w, b or -)",
                           line_no, col + 5, r + 1, colour);
              goto fail;
            }
          round.colour = colour[0];
        }
      if (result[0] != '\0')
        {
          if (strchr ("+-WDL1=0HFUZ", result[0]) == NULL)
            {
              g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                           "line %d, column %d: round %d: “%s” is not a TRF result code", line_no,
                           col + 7, r + 1, result);
              goto fail;
            }
          round.result = result[0];
        }
      if (opp[0] == '\0' && round.colour == ' ' && round.result == ' ')
        round.colour = ' ';
      else if (opp[0] == '\0')
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       "line %d, column %d: round %d has no opponent (0000 for a bye)", line_no,
                       col, r + 1);
          goto fail;
        }
      g_array_append_val (p->rounds, round);
    }
  /* Blank blocks at the end of a line say nothing. */
  while (p->rounds->len > 0)
    {
      ArbTrfRound *last = &g_array_index (p->rounds, ArbTrfRound, p->rounds->len - 1);
      if (last->opponent != 0 || last->colour != ' ' || last->result != ' ')
        break;
      g_array_set_size (p->rounds, p->rounds->len - 1);
    }

  *out = p;
  return TRUE;

fail:
  trf_player_free (p);
  return FALSE;
}

ArbTrf *
arb_trf_parse (const char *text, gsize length, GError **error)
{
  g_autoptr (ArbTrf) trf = trf_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  gsize pos = 0;
  int line_no = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  /* Files from Windows programs are often in Windows-1252 (a superset of
   * Latin-1); anything that is not UTF-8 is read as that. */
  if (!g_utf8_validate (text, (gssize) length, NULL))
    {
      g_autofree char *converted = NULL;
      gsize converted_length = 0;

      if (memchr (text, '\0', length) == NULL)
        converted =
          g_convert (text, (gssize) length, "UTF-8", "WINDOWS-1252", NULL, &converted_length, NULL);
      if (converted == NULL)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       "not a text file in UTF-8 or Windows-1252");
          return NULL;
        }
      return arb_trf_parse (converted, converted_length, error);
    }

  /* A UTF-8 byte order mark is harmless; skip it. */
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    pos = 3;

  while (pos < length)
    {
      const char *line = text + pos;
      const char *nl = memchr (line, '\n', length - pos);
      gsize len = nl != NULL ? (gsize) (nl - line) : length - pos;

      pos += len + (nl != NULL ? 1 : 0);
      line_no++;
      if (len > 0 && line[len - 1] == '\r')
        len--;
      if (len == 0)
        continue;

      if (len < 3)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       "line %d, column 1: a line starts with a three-character record code",
                       line_no);
          return NULL;
        }

      if (strncmp (line, "001", 3) == 0)
        {
          ArbTrfPlayer *p = NULL;
          glong n_chars = 0;
          g_autofree gunichar *chars = g_utf8_to_ucs4_fast (line, (glong) len, &n_chars);

          if (!parse_player (chars, (gsize) n_chars, line_no, &p, error))
            return NULL;
          if (g_hash_table_contains (seen, GINT_TO_POINTER (p->start_no)))
            {
              g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                           "line %d, column 5: starting rank %d appears twice", line_no,
                           p->start_no);
              trf_player_free (p);
              return NULL;
            }
          g_hash_table_add (seen, GINT_TO_POINTER (p->start_no));
          g_ptr_array_add (trf->players, p);
        }
      else if (strncmp (line, "132", 3) == 0)
        {
          glong n_chars = 0;
          g_autofree gunichar *chars = g_utf8_to_ucs4_fast (line, (glong) len, &n_chars);

          for (int r = 0; (glong) (COL_FIRST_ROUND - 1 + r * ROUND_WIDTH) < n_chars; r++)
            {
              int col = COL_FIRST_ROUND + r * ROUND_WIDTH;
              char *date = field (chars, (gsize) n_chars, col, col + 7);
              g_ptr_array_add (trf->round_dates, date[0] != '\0' ? date : (g_free (date), NULL));
            }
        }
      else
        {
          ArbTrfRecord *r;

          /* A record code is three characters of A-Z, 0-9 or '#' (TRF26
           * comments, the XX? lines of pairing programs), then a blank. */
          for (int k = 0; k < 3; k++)
            if (!g_ascii_isdigit (line[k]) && !g_ascii_isupper (line[k]) && line[k] != '#')
              {
                g_set_error (
                  error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                  "line %d, column 1: a line starts with a record code such as 001 or 012",
                  line_no);
                return NULL;
              }
          if (len > 3 && line[3] != ' ')
            {
              g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                           "line %d, column 4: a blank follows the record code", line_no);
              return NULL;
            }
          r = g_new0 (ArbTrfRecord, 1);
          g_autofree char *value = len > 4 ? g_strndup (line + 4, len - 4) : g_strdup ("");

          memcpy (r->code, line, 3);
          r->value = g_strdup (g_strchomp (value));
          g_ptr_array_add (trf->records, r);
        }
    }

  if (trf->players->len == 0)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   "no player lines (001): not a TRF file");
      return NULL;
    }
  return g_steal_pointer (&trf);
}

/* A line being laid out, one character per column. */
typedef struct
{
  GArray *chars; /* gunichar */
} Columns;

static void
columns_put (Columns *c, int column, const char *text)
{
  glong n = 0;
  g_autofree gunichar *u = g_utf8_to_ucs4_fast (text, -1, &n);
  gunichar blank = ' ';

  while (c->chars->len < (guint) (column - 1 + n))
    g_array_append_val (c->chars, blank);
  for (glong i = 0; i < n; i++)
    g_array_index (c->chars, gunichar, column - 1 + i) = u[i];
}

static void columns_put_printf (Columns *c, int column, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

static void
columns_put_printf (Columns *c, int column, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list ap;

  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  columns_put (c, column, text);
}

/* Appends the line without trailing blanks, and a line break. */
static void
columns_finish (Columns *c, GString *out)
{
  g_autofree char *text = NULL;
  guint len = c->chars->len;

  while (len > 0 && g_array_index (c->chars, gunichar, len - 1) == ' ')
    len--;
  text = g_ucs4_to_utf8 ((gunichar *) c->chars->data, len, NULL, NULL, NULL);
  g_string_append (out, text != NULL ? text : "");
  g_string_append_c (out, '\n');
  g_array_set_size (c->chars, 0);
}

char *
arb_trf_write (const ArbTrf *trf)
{
  GString *s = g_string_new (NULL);
  Columns line = { g_array_new (FALSE, FALSE, sizeof (gunichar)) };

  g_return_val_if_fail (trf != NULL, NULL);

  for (guint i = 0; i < trf->records->len; i++)
    {
      const ArbTrfRecord *r = trf->records->pdata[i];
      g_string_append_printf (s, "%s %s\n", r->code, r->value);
    }

  if (trf->round_dates->len > 0)
    {
      columns_put (&line, 1, "132");
      for (guint r = 0; r < trf->round_dates->len; r++)
        {
          const char *date = trf->round_dates->pdata[r];
          if (date != NULL)
            columns_put (&line, COL_FIRST_ROUND + (int) r * ROUND_WIDTH, date);
        }
      columns_finish (&line, s);
    }

  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *p = trf->players->pdata[i];
      g_autofree char *name = g_utf8_substring (p->name, 0, MIN (g_utf8_strlen (p->name, -1), 33));

      columns_put (&line, 1, "001");
      columns_put_printf (&line, 5, "%4d", p->start_no);
      columns_put_printf (&line, 10, "%c", p->sex != '\0' ? p->sex : ' ');
      columns_put_printf (&line, 11, "%3s", p->title);
      columns_put (&line, 15, name);
      if (p->rating > 0)
        columns_put_printf (&line, 49, "%4d", p->rating);
      columns_put (&line, 54, p->federation);
      if (p->fide_id > 0)
        columns_put_printf (&line, 58, "%11" G_GINT64_FORMAT, p->fide_id);
      columns_put (&line, 70, p->birth_date != NULL ? p->birth_date : "");
      columns_put_printf (&line, 81, "%2d.%d", p->points_x2 / 2, (p->points_x2 % 2) * 5);
      columns_put_printf (&line, 86, "%4d", p->rank);
      for (guint r = 0; r < p->rounds->len; r++)
        {
          const ArbTrfRound *round = &g_array_index (p->rounds, ArbTrfRound, r);
          int col = COL_FIRST_ROUND + (int) r * ROUND_WIDTH;

          if (round->colour == ' ' && round->opponent == 0 && round->result == ' ')
            continue;
          if (round->opponent == 0)
            columns_put_printf (&line, col, "0000 %c %c", round->colour, round->result);
          else
            columns_put_printf (&line, col, "%4d %c %c", round->opponent, round->colour,
                                round->result);
        }
      columns_finish (&line, s);
    }

  g_array_unref (line.chars);
  return g_string_free (s, FALSE);
}

/* Results of a paired game as TRF codes, white's then black's. */
static const struct
{
  const char *result;
  gboolean rated;
  char white;
  char black;
} result_codes[] = {
  { "1-0", TRUE, '1', '0' },  { "0-1", TRUE, '0', '1' },   { "1/2-1/2", TRUE, '=', '=' },
  { "0-0", TRUE, '0', '0' },  { "1/2-0", TRUE, '=', '0' }, { "0-1/2", TRUE, '0', '=' },
  { "+/-", TRUE, '+', '-' },  { "-/+", TRUE, '-', '+' },   { "--", TRUE, '-', '-' },
  { "1-0", FALSE, 'W', 'L' }, { "0-1", FALSE, 'L', 'W' },  { "1/2-1/2", FALSE, 'D', 'D' },
  { "*", TRUE, ' ', ' ' },
};

/* The result a bye stands for in the game table. */
static const char *
bye_result (char code)
{
  switch (arb_trf_code_points_x2 (code))
    {
    case 2:
      return code == '+' ? "+/-" : "1-0";
    case 1:
      return "1/2-0";
    default:
      return code == ' ' ? "*" : "0-0";
    }
}

static const ArbTrfPlayer *
find_trf_player (const ArbTrf *trf, int start_no)
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
player_round (const ArbTrfPlayer *p, int r)
{
  if (p == NULL || r < 1 || (guint) r > p->rounds->len)
    return NULL;
  return &g_array_index (p->rounds, ArbTrfRound, r - 1);
}

typedef struct
{
  int white;
  int black; /* 0 for a bye */
  const char *result;
  gboolean rated;
  char bye_code;
} TrfPairing;

static int
pairing_compare (gconstpointer a, gconstpointer b)
{
  const TrfPairing *pa = a, *pb = b;
  /* Games before byes; games by their better-placed player. */
  int ka = pa->black == 0 ? 100000 + pa->white : MIN (pa->white, pa->black);
  int kb = pb->black == 0 ? 100000 + pb->white : MIN (pb->white, pb->black);
  return ka - kb;
}

static GArray *
collect_pairings (const ArbTrf *trf, int r, GError **error)
{
  g_autoptr (GArray) pairings = g_array_new (FALSE, TRUE, sizeof (TrfPairing));

  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *p = trf->players->pdata[i];
      const ArbTrfRound *mine = player_round (p, r);
      const ArbTrfPlayer *opp;
      const ArbTrfRound *theirs;
      TrfPairing pairing = { 0 };
      gboolean found = FALSE;

      if (mine == NULL || (mine->opponent == 0 && mine->colour == ' ' && mine->result == ' '))
        continue;

      if (mine->opponent == 0)
        {
          if (mine->result == ' ')
            {
              g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                           "line %d: round %d: a bye (0000) needs a result code (H, F, U, Z, -…)",
                           p->line, r);
              return NULL;
            }
          pairing.white = p->start_no;
          pairing.bye_code = mine->result;
          pairing.result = bye_result (mine->result);
          pairing.rated = TRUE;
          g_array_append_val (pairings, pairing);
          continue;
        }

      opp = find_trf_player (trf, mine->opponent);
      theirs = player_round (opp, r);
      if (opp == NULL)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                       "line %d: round %d: opponent %d has no player line", p->line, r,
                       mine->opponent);
          return NULL;
        }
      if (theirs == NULL || theirs->opponent != p->start_no)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                       "line %d: round %d: player %d meets %d, but line %d does not say so",
                       p->line, r, p->start_no, opp->start_no, opp->line);
          return NULL;
        }
      if (mine->colour == '-' || theirs->colour == '-' || mine->colour == theirs->colour ||
          mine->colour == ' ' || theirs->colour == ' ')
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_UNSUPPORTED,
                       "line %d: round %d: players %d and %d need one white (w) and one black (b)",
                       p->line, r, p->start_no, opp->start_no);
          return NULL;
        }
      if (mine->colour == 'b')
        continue; /* read from white's line */

      pairing.white = p->start_no;
      pairing.black = opp->start_no;
      for (gsize k = 0; k < G_N_ELEMENTS (result_codes); k++)
        if (result_codes[k].white == mine->result && result_codes[k].black == theirs->result)
          {
            pairing.result = result_codes[k].result;
            pairing.rated = result_codes[k].rated;
            found = TRUE;
            break;
          }
      if (!found)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                       "line %d: round %d: the results “%c” (player %d) and “%c” (player %d) "
                       "do not make one game's result",
                       p->line, r, mine->result, p->start_no, theirs->result, opp->start_no);
          return NULL;
        }
      g_array_append_val (pairings, pairing);
    }

  g_array_sort (pairings, pairing_compare);
  return g_steal_pointer (&pairings);
}

/* Round dates are stored as ISO 8601; TRF16 writes YY/MM/DD. A date in
 * another form is kept as it is. Two-digit years are taken as 20YY. */
static char *
trf_date_to_iso (const char *date)
{
  if (strlen (date) == 8 && date[2] == '/' && date[5] == '/' && g_ascii_isdigit (date[0]) &&
      g_ascii_isdigit (date[1]) && g_ascii_isdigit (date[3]) && g_ascii_isdigit (date[4]) &&
      g_ascii_isdigit (date[6]) && g_ascii_isdigit (date[7]))
    return g_strdup_printf ("20%.2s-%.2s-%.2s", date, date + 3, date + 6);
  return g_strdup (date);
}

static char *
iso_date_to_trf (const char *date)
{
  if (date == NULL)
    return NULL;
  if (strlen (date) == 10 && date[4] == '-' && date[7] == '-' && strncmp (date, "20", 2) == 0)
    return g_strdup_printf ("%.2s/%.2s/%.2s", date + 2, date + 5, date + 8);
  return g_strdup (date);
}

/* Header records the event models; the rest are kept verbatim. */
static gboolean
is_computed_record (const char *code)
{
  return strcmp (code, "062") == 0 || strcmp (code, "072") == 0;
}

gboolean
arb_tournament_import_trf (ArbTournament *self,
                           const char *text,
                           gsize length,
                           int round,
                           GError **error)
{
  g_autoptr (ArbTrf) trf = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) existing = NULL;
  g_autoptr (GHashTable) ids = g_hash_table_new (NULL, NULL);
  int n_rounds = 0;
  int imported_games = 0;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (round >= 0, FALSE);

  trf = arb_trf_parse (text, length, error);
  if (trf == NULL)
    return FALSE;

  for (guint i = 0; i < trf->players->len; i++)
    n_rounds = MAX (n_rounds, (int) ((ArbTrfPlayer *) trf->players->pdata[i])->rounds->len);
  if (round > n_rounds)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                   "the file has no pairings for round %d (it has %d rounds)", round, n_rounds);
      return FALSE;
    }

  if (!arb_tournament_begin (self, error))
    return FALSE;

  event = arb_tournament_get_event (self, error);
  existing = arb_tournament_list_players (self, error);
  if (event == NULL || existing == NULL)
    goto fail;

  /* The event fields TRF names. */
  for (guint i = 0; i < trf->records->len; i++)
    {
      const ArbTrfRecord *r = trf->records->pdata[i];
      char **slot = NULL;

      if (strcmp (r->code, "012") == 0)
        slot = &event->name;
      else if (strcmp (r->code, "022") == 0)
        slot = &event->venue;
      else if (strcmp (r->code, "042") == 0)
        slot = &event->start_date;
      else if (strcmp (r->code, "052") == 0)
        slot = &event->end_date;
      else if (strcmp (r->code, "102") == 0)
        slot = &event->chief_arbiter;
      if (slot != NULL)
        {
          if (r->value[0] != '\0')
            {
              g_free (*slot);
              *slot = g_strdup (r->value);
            }
        }
      else if (!is_computed_record (r->code) &&
               !arb_tournament_set_event_record (self, r->code, r->value, error))
        goto fail;
    }
  if (!arb_tournament_write_event (self, event, error))
    goto fail;
  for (guint r = 0; r < trf->round_dates->len; r++)
    if (trf->round_dates->pdata[r] != NULL)
      {
        g_autofree char *iso = trf_date_to_iso (trf->round_dates->pdata[r]);
        if (!arb_tournament_set_round_date (self, (int) r + 1, iso, error))
          goto fail;
      }

  /* Players: new ones are added; those already in the file (by starting
   * rank) must be the same people. */
  for (guint i = 0; i < trf->players->len; i++)
    {
      const ArbTrfPlayer *p = trf->players->pdata[i];
      const ArbPlayerInfo *same = NULL;
      gint64 id = 0;

      for (guint k = 0; k < existing->len; k++)
        if (((ArbPlayerInfo *) existing->pdata[k])->start_no == p->start_no)
          same = existing->pdata[k];

      if (same != NULL)
        {
          if (g_strcmp0 (same->name, p->name) != 0)
            {
              g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT,
                           "line %d: starting rank %d is %s in the TRF but %s in the tournament",
                           p->line, p->start_no, p->name, same->name);
              goto fail;
            }
          id = same->id;
        }
      else
        {
          ArbPlayerInfo info = { 0 };
          char sex[2] = { p->sex, '\0' };

          info.start_no = p->start_no;
          info.name = p->name;
          info.title = p->title[0] != '\0' ? (char *) p->title : NULL;
          info.sex = p->sex != ' ' ? sex : NULL;
          info.fide_id = p->fide_id;
          info.rating = p->rating;
          info.federation = p->federation[0] != '\0' ? (char *) p->federation : NULL;
          info.birth_date = p->birth_date[0] != '\0' ? p->birth_date : NULL;
          if (!arb_tournament_insert_player (self, &info, &id, error))
            {
              g_prefix_error (error, "line %d: ", p->line);
              goto fail;
            }
        }
      g_hash_table_insert (ids, GINT_TO_POINTER (p->start_no), GSIZE_TO_POINTER ((gsize) id));
    }

  for (int r = round > 0 ? round : 1; r <= (round > 0 ? round : n_rounds); r++)
    {
      g_autoptr (GArray) pairings = collect_pairings (trf, r, error);

      if (pairings == NULL)
        goto fail;
      for (guint k = 0; k < pairings->len; k++)
        {
          const TrfPairing *pr = &g_array_index (pairings, TrfPairing, k);
          char bye[2] = { pr->bye_code, '\0' };
          ArbGameInfo game = { 0 };
          gint64 id;

          game.round = r;
          game.board = (int) k + 1;
          game.white_id =
            (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (ids, GINT_TO_POINTER (pr->white)));
          game.black_id =
            pr->black != 0
              ? (gint64) GPOINTER_TO_SIZE (g_hash_table_lookup (ids, GINT_TO_POINTER (pr->black)))
              : 0;
          game.bye_code = pr->black == 0 ? bye : NULL;
          game.result = (char *) pr->result;
          game.rated = pr->rated;
          if (!arb_tournament_insert_game (self, &game, &id, error))
            {
              g_prefix_error (error, "round %d: ", r);
              goto fail;
            }
          imported_games++;
        }
    }

  {
    g_autofree char *players = g_strdup_printf ("%u", trf->players->len);
    g_autofree char *games = g_strdup_printf ("%d", imported_games);
    if (!arb_tournament_audit (self, "import-trf", 0, error, "players", players, "games", games,
                               NULL))
      goto fail;
  }
  return arb_tournament_commit (self, error);

fail:
  arb_tournament_rollback (self);
  return FALSE;
}

static int
rank_compare (gconstpointer a, gconstpointer b)
{
  const ArbTrfPlayer *pa = *(ArbTrfPlayer *const *) a;
  const ArbTrfPlayer *pb = *(ArbTrfPlayer *const *) b;

  if (pa->points_x2 != pb->points_x2)
    return pb->points_x2 - pa->points_x2;
  return pa->start_no - pb->start_no;
}

static void
add_record (ArbTrf *trf, const char *code, const char *value)
{
  ArbTrfRecord *r;

  if (value == NULL)
    return;
  r = g_new0 (ArbTrfRecord, 1);
  g_strlcpy (r->code, code, sizeof r->code);
  r->value = g_strdup (value);
  g_ptr_array_add (trf->records, r);
}

static int
record_compare (gconstpointer a, gconstpointer b)
{
  const ArbTrfRecord *ra = *(ArbTrfRecord *const *) a;
  const ArbTrfRecord *rb = *(ArbTrfRecord *const *) b;
  return strcmp (ra->code, rb->code);
}

char *
arb_tournament_export_trf (ArbTournament *self, GError **error)
{
  g_autoptr (ArbTrf) trf = trf_new ();
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) dates = NULL;
  g_autoptr (GHashTable) records = NULL;
  g_autoptr (GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree char *n_players = NULL;
  g_autofree char *n_rated = NULL;
  GHashTableIter iter;
  gpointer key, value;
  int next_start_no = 1;
  int n_rounds = 0;
  int rated = 0;
  g_autoptr (GPtrArray) ranked = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  event = arb_tournament_get_event (self, error);
  players = arb_tournament_list_players (self, error);
  games = arb_tournament_list_games (self, 0, error);
  dates = arb_tournament_get_round_dates (self, error);
  records = arb_tournament_get_event_records (self, error);
  if (event == NULL || players == NULL || games == NULL || dates == NULL || records == NULL)
    return NULL;

  for (guint i = 0; i < players->len; i++)
    next_start_no = MAX (next_start_no, ((ArbPlayerInfo *) players->pdata[i])->start_no + 1);
  for (guint i = 0; i < games->len; i++)
    n_rounds = MAX (n_rounds, ((ArbGameInfo *) games->pdata[i])->round);

  for (guint i = 0; i < players->len; i++)
    {
      const ArbPlayerInfo *info = players->pdata[i];
      ArbTrfPlayer *p = g_new0 (ArbTrfPlayer, 1);
      ArbTrfRound blank = { 0, ' ', ' ' };

      /* Players that came from PGN have no starting rank yet. */
      p->start_no = info->start_no > 0 ? info->start_no : next_start_no++;
      p->sex = info->sex != NULL && info->sex[0] != '\0' ? info->sex[0] : ' ';
      g_strlcpy (p->title, info->title != NULL ? info->title : "", sizeof p->title);
      p->name = g_strdup (info->name);
      p->rating = info->rating;
      g_strlcpy (p->federation, info->federation != NULL ? info->federation : "",
                 sizeof p->federation);
      p->fide_id = info->fide_id;
      p->birth_date = g_strdup (info->birth_date != NULL ? info->birth_date : "");
      p->rounds = g_array_new (FALSE, TRUE, sizeof (ArbTrfRound));
      for (int r = 0; r < n_rounds; r++)
        g_array_append_val (p->rounds, blank);
      if (p->rating > 0)
        rated++;
      g_ptr_array_add (trf->players, p);
      g_hash_table_insert (by_id, (gpointer) &info->id, p);
    }

  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];
      ArbTrfPlayer *white = g_hash_table_lookup (by_id, &g->white_id);
      ArbTrfPlayer *black = g->black_id != 0 ? g_hash_table_lookup (by_id, &g->black_id) : NULL;
      ArbTrfRound *wr, *br;

      if (white == NULL)
        continue;
      wr = &g_array_index (white->rounds, ArbTrfRound, g->round - 1);
      if (black == NULL)
        {
          wr->opponent = 0;
          wr->colour = '-';
          wr->result = g->bye_code != NULL ? g->bye_code[0] : ' ';
          continue;
        }
      br = &g_array_index (black->rounds, ArbTrfRound, g->round - 1);
      wr->opponent = black->start_no;
      br->opponent = white->start_no;
      wr->colour = 'w';
      br->colour = 'b';
      for (gsize k = 0; k < G_N_ELEMENTS (result_codes); k++)
        if (strcmp (result_codes[k].result, g->result) == 0 && result_codes[k].rated == g->rated)
          {
            wr->result = result_codes[k].white;
            br->result = result_codes[k].black;
            break;
          }
    }

  for (guint i = 0; i < trf->players->len; i++)
    {
      ArbTrfPlayer *p = trf->players->pdata[i];
      for (guint r = 0; r < p->rounds->len; r++)
        p->points_x2 += arb_trf_code_points_x2 (g_array_index (p->rounds, ArbTrfRound, r).result);
    }
  /* Rank by points, then by starting rank: tie-breaks are the pairing
   * program's business. */
  /* A view without a free function: the players belong to trf. */
  ranked = g_ptr_array_sized_new (trf->players->len);
  for (guint i = 0; i < trf->players->len; i++)
    g_ptr_array_add (ranked, trf->players->pdata[i]);
  g_ptr_array_sort (ranked, rank_compare);
  for (guint i = 0; i < ranked->len; i++)
    ((ArbTrfPlayer *) ranked->pdata[i])->rank = (int) i + 1;

  n_players = g_strdup_printf ("%u", players->len);
  n_rated = g_strdup_printf ("%d", rated);
  add_record (trf, "012", event->name);
  add_record (trf, "022", event->venue);
  add_record (trf, "042", event->start_date);
  add_record (trf, "052", event->end_date);
  add_record (trf, "062", n_players);
  add_record (trf, "072", n_rated);
  add_record (trf, "102", event->chief_arbiter);
  g_hash_table_iter_init (&iter, records);
  while (g_hash_table_iter_next (&iter, &key, &value))
    add_record (trf, key, value);
  g_ptr_array_sort (trf->records, record_compare);

  for (guint r = 0; r < dates->len; r++)
    g_ptr_array_add (trf->round_dates, iso_date_to_trf (dates->pdata[r]));
  {
    gboolean any = FALSE;
    for (guint r = 0; r < trf->round_dates->len; r++)
      any |= trf->round_dates->pdata[r] != NULL;
    if (!any)
      g_ptr_array_set_size (trf->round_dates, 0);
  }

  return arb_trf_write (trf);
}
