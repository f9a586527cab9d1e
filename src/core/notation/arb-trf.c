/* arb-trf.c: FIDE Tournament Report File, TRF16 and TRF26
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-trf.h"
#include "arb-i18n.h"
#include "arb-trf-private.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
/* Points are 81-84 ("11.5"); 100 points and more ("100.5") also take
 * column 85, the blank before the rank, so they are read from 81-85. */
#define COL_POINTS 81, 85
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

static void
trf_team_free (ArbTrfTeam *t)
{
  g_free (t->name);
  g_clear_pointer (&t->members, g_array_unref);
  g_free (t);
}

static void
trf_bye_free (ArbTrfBye *b)
{
  g_clear_pointer (&b->start_nos, g_array_unref);
  g_free (b);
}

void
arb_trf_free (ArbTrf *trf)
{
  if (trf == NULL)
    return;
  g_ptr_array_unref (trf->records);
  g_ptr_array_unref (trf->round_dates);
  g_ptr_array_unref (trf->players);
  g_ptr_array_unref (trf->teams);
  g_ptr_array_unref (trf->byes);
  g_ptr_array_unref (trf->tiebreaks);
  g_ptr_array_unref (trf->standings);
  g_free (trf);
}

ArbTrf *
arb_trf_new (void)
{
  ArbTrf *trf = g_new0 (ArbTrf, 1);

  trf->records = g_ptr_array_new_with_free_func ((GDestroyNotify) trf_record_free);
  trf->round_dates = g_ptr_array_new_with_free_func (g_free);
  trf->players = g_ptr_array_new_with_free_func ((GDestroyNotify) trf_player_free);
  trf->teams = g_ptr_array_new_with_free_func ((GDestroyNotify) trf_team_free);
  trf->byes = g_ptr_array_new_with_free_func ((GDestroyNotify) trf_bye_free);
  trf->tiebreaks = g_ptr_array_new_with_free_func ((GDestroyNotify) _arb_trf_tiebreak_free);
  trf->standings = g_ptr_array_new_with_free_func ((GDestroyNotify) _arb_trf_tiebreak_free);
  _arb_trf_scoring_init (&trf->scoring);
  _arb_trf_team_scoring_init (&trf->team_scoring);
  trf->version = ARB_TRF_VERSION_16;
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

gboolean
arb_trf_looks_like (const char *text, gsize length)
{
  gsize i = 0;

  g_return_val_if_fail (text != NULL || length == 0, FALSE);

  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < length && (text[i] == '\n' || text[i] == '\r'))
    i++;
  if (i + 3 <= length && memcmp (text + i, "###", 3) == 0)
    return TRUE; /* a TRF-2026 comment; PGN has no line that starts so */
  return i + 4 <= length && g_ascii_isdigit (text[i]) && g_ascii_isdigit (text[i + 1]) &&
         g_ascii_isdigit (text[i + 2]) && text[i + 3] == ' ';
}

const char *
arb_trf_title_normalize (const char *title)
{
  static const struct
  {
    const char *letters;
    const char *title;
  } old_titles[] = {
    { "g", "GM" },   { "m", "IM" },   { "f", "FM" },   { "c", "CM" },
    { "wg", "WGM" }, { "wm", "WIM" }, { "wf", "WFM" }, { "wc", "WCM" },
  };

  if (title == NULL || title[0] == '\0')
    return NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (old_titles); i++)
    if (strcmp (title, old_titles[i].letters) == 0)
      return old_titles[i].title;
  return title;
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
                   /* Translators: the line and the column are where in the TRF file the fault is */
                   _ ("line %d, column %d: the %s “%s” is not a number"), line_no, from, what,
                   text);
      return FALSE;
    }
  return TRUE;
}

/* Points in columns @from to @to, as "11.5": in half points, -1 where
 * the field is blank. */
static gboolean
half_points_field (const gunichar *line,
                   gsize len,
                   int from,
                   int to,
                   int line_no,
                   int *points_x2,
                   GError **error)
{
  g_autofree char *text = field (line, len, from, to);
  const char *p = text;
  int whole = 0;

  *points_x2 = -1;
  if (*p == '\0')
    return TRUE;
  if (!g_ascii_isdigit (*p))
    goto bad;
  while (g_ascii_isdigit (*p) && whole < 100000)
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
  *points_x2 = -1;
  g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
               /* Translators: the line and the column are where in the TRF file the fault
                * is */
               _ ("line %d, column %d: the points “%s” are not a number of half points"), line_no,
               from, text);
  return FALSE;
}

/* A player's points (columns 81-84), 0 where blank. */
static gboolean
points_field (const gunichar *line, gsize len, int line_no, int *points_x2, GError **error)
{
  if (!half_points_field (line, len, COL_POINTS, line_no, points_x2, error))
    return FALSE;
  *points_x2 = MAX (*points_x2, 0);
  return TRUE;
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
  /* Five digits run into column 9: a rank TRF16 cannot hold, not the
   * four-digit rank that its first four digits would make. */
  if (len >= 9 && g_unichar_isdigit (line[8]) && value > 0)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   _ ("line %d, column 5: the starting rank has more than four digits; TRF16 "
                      "holds ranks up to 9999"),
                   line_no);
      goto fail;
    }
  if (value < 1 || value > 9999)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   _ ("line %d, column 5: a player line needs a starting rank"), line_no);
      goto fail;
    }
  p->start_no = (int) value;
  /* Sex, title and federation are short ASCII codes. */
  if (strlen (sex) > 1 || (sex[0] != '\0' && !g_ascii_isalpha (sex[0])))
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   _ ("line %d, column 10: “%s” is not a sex code (m, w or blank)"), line_no, sex);
      goto fail;
    }
  for (const char *c = title; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      {
        g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                     _ ("line %d, column 11: “%s” is not a title (GM, IM, WFM…)"), line_no, title);
        goto fail;
      }
  for (const char *c = fed; *c != '\0'; c++)
    if (!g_ascii_isalpha (*c))
      {
        g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                     _ ("line %d, column 54: “%s” is not a federation code"), line_no, fed);
        goto fail;
      }
  p->sex = sex[0] != '\0' ? sex[0] : ' ';
  g_strlcpy (p->title, title, sizeof p->title);
  p->name = field (line, len, COL_NAME);
  if (p->name[0] == '\0')
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   _ ("line %d, column 15: player %d has no name"), line_no, p->start_no);
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
                           _ ("line %d, column %d: round %d: “%s” is not a colour (w, b or -)"),
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
                           _ ("line %d, column %d: round %d: “%s” is not a TRF result code"),
                           line_no, col + 7, r + 1, result);
              goto fail;
            }
          round.result = result[0];
        }
      if (opp[0] == '\0' && round.colour == ' ' && round.result == ' ')
        round.colour = ' ';
      else if (opp[0] == '\0')
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       _ ("line %d, column %d: round %d has no opponent (0000 for a bye)"), line_no,
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

/* Starting ranks of four columns, one blank apart, from column `from`. */
static gboolean
number_list (const gunichar *line,
             gsize len,
             int from,
             int line_no,
             const char *what,
             GArray *out,
             GError **error)
{
  for (int col = from; (gsize) (col - 1) < len; col += 5)
    {
      gint64 value;

      if (!int_field (line, len, col, col + 3, line_no, what, &value, error))
        return FALSE;
      if (value > 9999)
        {
          g_set_error (
            error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
            /* Translators: the line and the column are where in the TRF file the fault is */
            _ ("line %d, column %d: the %s %lld is out of range"), line_no, col, what,
            (long long) value);
          return FALSE;
        }
      if (value > 0)
        {
          int v = (int) value;
          g_array_append_val (out, v);
        }
    }
  return TRUE;
}

/* 013 (TRF16) and 310 (TRF26): a team and its players in board order. */
static gboolean
parse_team (const gunichar *line,
            gsize len,
            int line_no,
            gboolean trf26,
            ArbTrf *trf,
            GError **error)
{
  ArbTrfTeam *team = g_new0 (ArbTrfTeam, 1);

  team->line = line_no;
  team->match_points_x2 = team->game_points_x2 = -1;
  team->members = g_array_new (FALSE, FALSE, sizeof (int));
  if (trf26)
    {
      gint64 number;

      if (!int_field (line, len, 5, 7, line_no, "team number", &number, error))
        goto fail;
      if (number < 1)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       /* Translators: the line is where in the TRF file the fault is; the column is
                        * fixed by the format */
                       _ ("line %d, column 5: a team record needs the team's number"), line_no);
          goto fail;
        }
      team->number = (int) number;
      team->name = field (line, len, 9, 40);
      /* What the pairing program says of the team so far (-1: blank). */
      if (!half_points_field (line, len, 55, 60, line_no, &team->match_points_x2, error) ||
          !half_points_field (line, len, 62, 67, line_no, &team->game_points_x2, error) ||
          !int_field (line, len, 69, 71, line_no, "team rank", &number, error))
        goto fail;
      team->rank = (int) number;
      if (!number_list (line, len, 74, line_no, "starting rank", team->members, error))
        goto fail;
    }
  else
    {
      team->number = 0;
      team->name = field (line, len, 5, 36);
      if (!number_list (line, len, 37, line_no, "starting rank", team->members, error))
        goto fail;
    }
  if (team->name[0] == '\0')
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   /* Translators: the line and the column are where in the TRF file the fault is */
                   _ ("line %d, column %d: a team record needs the team's name"), line_no,
                   trf26 ? 9 : 5);
      goto fail;
    }
  g_ptr_array_add (trf->teams, team);
  return TRUE;

fail:
  trf_team_free (team);
  return FALSE;
}

/* 240: byes asked for in a round. */
static gboolean
parse_bye (const gunichar *line, gsize len, int line_no, ArbTrf *trf, GError **error)
{
  ArbTrfBye *bye = g_new0 (ArbTrfBye, 1);
  g_autofree char *code = field (line, len, 5, 5);
  gint64 round;

  bye->line = line_no;
  bye->start_nos = g_array_new (FALSE, FALSE, sizeof (int));
  bye->code = code[0] != '\0' ? code[0] : 'Z';
  if (strchr ("HFZ", bye->code) == NULL)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   /* Translators: the line is where in the TRF file the fault is; the column is
                    * fixed by the format */
                   _ ("line %d, column 5: “%s” is not a bye (H, F or Z)"), line_no, code);
      goto fail;
    }
  if (!int_field (line, len, 7, 9, line_no, "round", &round, error))
    goto fail;
  if (round < 1)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   /* Translators: the line is where in the TRF file the fault is; the column is
                    * fixed by the format */
                   _ ("line %d, column 7: a bye record needs its round"), line_no);
      goto fail;
    }
  bye->round = (int) round;
  if (!number_list (line, len, 11, line_no, "starting rank", bye->start_nos, error))
    goto fail;
  g_ptr_array_add (trf->byes, bye);
  return TRUE;

fail:
  trf_bye_free (bye);
  return FALSE;
}

/* Records that only TRF26 has. A ### comment says nothing of the version:
 * pairing programs write them in TRF16 files too. */
static gboolean
is_trf26_record (const char *code)
{
  static const char *const codes[] = {
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250",
    "260", "299", "300", "310", "320", "330", "352", "362", "801", "802",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
    if (strncmp (code, codes[i], 3) == 0)
      return TRUE;
  return FALSE;
}

/* A 132 line: the dates of the rounds. */
static void
parse_round_dates (ArbTrf *trf, const char *line, gsize len)
{
  glong n_chars = 0;
  g_autofree gunichar *chars = g_utf8_to_ucs4_fast (line, (glong) len, &n_chars);

  for (int r = 0; (glong) (COL_FIRST_ROUND - 1 + r * ROUND_WIDTH) < n_chars; r++)
    {
      int col = COL_FIRST_ROUND + r * ROUND_WIDTH;
      char *date = field (chars, (gsize) n_chars, col, col + 7);
      g_ptr_array_add (trf->round_dates, date[0] != '\0' ? date : (g_free (date), NULL));
    }
  /* Blank dates at the end say nothing (and a writer trims them). */
  while (trf->round_dates->len > 0 &&
         g_ptr_array_index (trf->round_dates, trf->round_dates->len - 1) == NULL)
    g_ptr_array_set_size (trf->round_dates, trf->round_dates->len - 1);
}

/* Any other line: a record kept as it is, some of which (the number of
 * rounds, teams, byes) are also read. */
static gboolean
parse_record (ArbTrf *trf, const char *line, gsize len, int line_no, GError **error)
{
  ArbTrfRecord *r;

  /* A record code is three characters of A-Z, 0-9 or '#' (TRF26
   * comments, the XX? lines of pairing programs), then a blank. */
  for (int k = 0; k < 3; k++)
    if (!g_ascii_isdigit (line[k]) && !g_ascii_isupper (line[k]) && line[k] != '#')
      {
        g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                     _ ("line %d, column 1: a line starts with a record code such as 001 or 012"),
                     line_no);
        return FALSE;
      }
  if (len > 3 && line[3] != ' ')
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   _ ("line %d, column 4: a blank follows the record code"), line_no);
      return FALSE;
    }
  r = g_new0 (ArbTrfRecord, 1);
  g_autofree char *value = len > 4 ? g_strndup (line + 4, len - 4) : g_strdup ("");

  memcpy (r->code, line, 3);
  r->value = g_strdup (g_strchomp (value));
  g_ptr_array_add (trf->records, r);

  if (is_trf26_record (r->code))
    trf->version = ARB_TRF_VERSION_26;
  if (strcmp (r->code, "142") == 0 || strcmp (r->code, "XXR") == 0)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (r->value));
      char *end = NULL;
      gint64 n = g_ascii_strtoll (stripped, &end, 10);

      if (stripped[0] == '\0' || *end != '\0' || n < 1 || n > 999)
        {
          g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                       _ ("line %d, column 5: “%s” is not a number of rounds"), line_no, stripped);
          return FALSE;
        }
      trf->n_rounds = (int) n;
    }
  else if (strcmp (r->code, "013") == 0 || strcmp (r->code, "310") == 0 ||
           strcmp (r->code, "240") == 0 || strcmp (r->code, "162") == 0 ||
           strcmp (r->code, "362") == 0 || strcmp (r->code, "202") == 0 ||
           strcmp (r->code, "212") == 0)
    {
      glong n_chars = 0;
      g_autofree gunichar *chars = g_utf8_to_ucs4_fast (line, (glong) len, &n_chars);
      gboolean ok;

      if (strcmp (r->code, "240") == 0)
        ok = parse_bye (chars, (gsize) n_chars, line_no, trf, error);
      else if (strcmp (r->code, "162") == 0)
        ok = _arb_trf_parse_scoring (chars, (gsize) n_chars, line_no, &trf->scoring, error);
      else if (strcmp (r->code, "362") == 0)
        ok =
          _arb_trf_parse_team_scoring (chars, (gsize) n_chars, line_no, &trf->team_scoring, error);
      else if (r->code[0] == '2')
        ok = _arb_trf_parse_tiebreaks (chars, (gsize) n_chars, line_no,
                                       r->code[1] == '0' ? trf->tiebreaks : trf->standings, error);
      else
        ok = parse_team (chars, (gsize) n_chars, line_no, r->code[0] == '3', trf, error);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

ArbTrf *
arb_trf_parse (const char *text, gsize length, GError **error)
{
  g_autoptr (ArbTrf) trf = arb_trf_new ();
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
                       _ ("not a text file in UTF-8 or Windows-1252"));
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
                       _ ("line %d, column 1: a line starts with a three-character record code"),
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
                           _ ("line %d, column 5: starting rank %d appears twice"), line_no,
                           p->start_no);
              trf_player_free (p);
              return NULL;
            }
          g_hash_table_add (seen, GINT_TO_POINTER (p->start_no));
          g_ptr_array_add (trf->players, p);
        }
      else if (strncmp (line, "132", 3) == 0)
        parse_round_dates (trf, line, len);
      else if (!parse_record (trf, line, len, line_no, error))
        return NULL;
    }

  /* A file with both says the same teams twice: TRF26's records count. */
  {
    gboolean any_310 = FALSE;

    for (guint i = 0; i < trf->teams->len; i++)
      any_310 |= ((ArbTrfTeam *) trf->teams->pdata[i])->number > 0;
    if (any_310)
      for (guint i = trf->teams->len; i > 0; i--)
        if (((ArbTrfTeam *) trf->teams->pdata[i - 1])->number == 0)
          g_ptr_array_remove_index (trf->teams, i - 1);
    for (guint i = 0, k = 0; i < trf->teams->len; i++)
      if (((ArbTrfTeam *) trf->teams->pdata[i])->number == 0)
        ((ArbTrfTeam *) trf->teams->pdata[i])->number = (int) ++k;
  }

  if (trf->players->len == 0)
    {
      g_set_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX,
                   _ ("no player lines (001): not a TRF file"));
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

/* Records that name players (teams, byes, the lines pairing programs add)
 * are written after the player lines, where FIDE's examples put them. */
static gboolean
record_follows_players (const char *code)
{
  static const char *const codes[] = {
    "013", "240", "250", "260", "299", "300", "310", "320", "330"
  };

  if (g_ascii_isupper (code[0]))
    return TRUE;
  for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
    if (strcmp (code, codes[i]) == 0)
      return TRUE;
  return FALSE;
}

static void
write_records (GString *s, const ArbTrf *trf, gboolean after_players)
{
  for (guint i = 0; i < trf->records->len; i++)
    {
      const ArbTrfRecord *r = trf->records->pdata[i];

      if (record_follows_players (r->code) == after_players)
        g_string_append_printf (s, "%s %s\n", r->code, r->value);
    }
}

char *
arb_trf_write (const ArbTrf *trf)
{
  GString *s = g_string_new (NULL);
  Columns line = { g_array_new (FALSE, FALSE, sizeof (gunichar)) };

  g_return_val_if_fail (trf != NULL, NULL);

  write_records (s, trf, FALSE);

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
      /* Within the four columns where it fits: "120" rather than "120.0". */
      if (p->points_x2 >= 200 && p->points_x2 % 2 == 0)
        columns_put_printf (&line, 81, "%4d", p->points_x2 / 2);
      else
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
  write_records (s, trf, TRUE);

  g_array_unref (line.chars);
  return g_string_free (s, FALSE);
}
