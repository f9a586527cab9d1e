/* arb-time-control.c
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-i18n.h"
#include <string.h>

#include "arb-time-control.h"

/* clang-format off */
G_DEFINE_QUARK (arb-time-control-error-quark, arb_time_control_error)
/* clang-format on */

/* Limits that keep every sum of times far away from overflow. */
#define MAX_SECONDS 10000000 /* about 115 days */
#define MAX_MOVES 10000

typedef struct
{
  const char *text;
  const char *p;
  glong error_offset;
} Parser;

static void
set_error_at (Parser *parser, const char *where, GError **error, int code, const char *why)
{
  glong offset = g_utf8_pointer_to_offset (parser->text, where);

  parser->error_offset = offset;
  if (*where == '\0')
    g_set_error (error, ARB_TIME_CONTROL_ERROR, code,
                 _ ("%s at character %ld (the end of the time control)"), why, offset + 1);
  else
    {
      char shown[8] = { 0 };

      g_utf8_strncpy (shown, where, 1);
      g_set_error (error, ARB_TIME_CONTROL_ERROR, code, _ ("%s at character %ld (“%s”)"), why,
                   offset + 1, shown);
    }
}

/* SECONDS := digits [ "." 1 to 3 digits ], stored as milliseconds. */
static gboolean
parse_seconds (Parser *parser, gint64 *ms, gboolean *had_fraction, GError **error)
{
  const char *start = parser->p;
  gint64 whole = 0;
  gint64 fraction = 0;
  int fraction_digits = 0;

  if (!g_ascii_isdigit (*parser->p))
    {
      set_error_at (parser, parser->p, error, ARB_TIME_CONTROL_ERROR_SYNTAX,
                    _ ("Expected a number"));
      return FALSE;
    }

  while (g_ascii_isdigit (*parser->p))
    {
      whole = whole * 10 + (*parser->p - '0');
      if (whole > MAX_SECONDS)
        {
          set_error_at (parser, start, error, ARB_TIME_CONTROL_ERROR_RANGE, _ ("Number too large"));
          return FALSE;
        }
      parser->p++;
    }

  if (*parser->p == '.')
    {
      parser->p++;
      if (!g_ascii_isdigit (*parser->p))
        {
          set_error_at (parser, parser->p, error, ARB_TIME_CONTROL_ERROR_SYNTAX,
                        _ ("Expected a digit after the decimal point"));
          return FALSE;
        }
      while (g_ascii_isdigit (*parser->p))
        {
          if (fraction_digits == 3)
            {
              set_error_at (parser, parser->p, error, ARB_TIME_CONTROL_ERROR_RANGE,
                            _ ("Times are kept to the millisecond; too many decimals"));
              return FALSE;
            }
          fraction = fraction * 10 + (*parser->p - '0');
          fraction_digits++;
          parser->p++;
        }
      for (int i = fraction_digits; i < 3; i++)
        fraction *= 10;
    }

  if (had_fraction != NULL)
    *had_fraction = fraction_digits > 0;
  *ms = whole * 1000 + fraction;
  return TRUE;
}

/* period := [ MOVES "/" ] SECONDS [ bonus ] */
static gboolean
parse_period (Parser *parser, ArbTimePeriod *period, GError **error)
{
  const char *start = parser->p;
  gint64 first;
  gboolean had_fraction;

  memset (period, 0, sizeof *period);

  if (!parse_seconds (parser, &first, &had_fraction, error))
    return FALSE;

  /* A '/' makes the first number a move count, except in "/B", which
   * separates the sides. */
  if (parser->p[0] == '/' && parser->p[1] != 'B')
    {
      if (had_fraction || first / 1000 > MAX_MOVES || first == 0)
        {
          set_error_at (parser, start, error, ARB_TIME_CONTROL_ERROR_RANGE,
                        _ ("A move count must be a whole number from 1 to 10000"));
          return FALSE;
        }
      period->moves = (guint) (first / 1000);
      parser->p++;
      start = parser->p;
      if (!parse_seconds (parser, &period->time_ms, NULL, error))
        return FALSE;
    }
  else
    period->time_ms = first;

  if (period->time_ms == 0)
    {
      set_error_at (parser, start, error, ARB_TIME_CONTROL_ERROR_RANGE,
                    _ ("A period must give some time"));
      return FALSE;
    }

  switch (*parser->p)
    {
    case '+':
      period->bonus = ARB_BONUS_INCREMENT;
      break;
    case 'd':
      period->bonus = ARB_BONUS_BRONSTEIN;
      break;
    case 's':
      period->bonus = ARB_BONUS_SIMPLE_DELAY;
      break;
    default:
      return TRUE;
    }
  parser->p++;

  if (!parse_seconds (parser, &period->bonus_ms, NULL, error))
    return FALSE;

  if (*parser->p == '^')
    {
      if (period->bonus != ARB_BONUS_INCREMENT)
        {
          set_error_at (parser, parser->p, error, ARB_TIME_CONTROL_ERROR_SYNTAX,
                        _ ("Only an increment (“+”) can be credited before the move"));
          return FALSE;
        }
      period->bonus_before_move = TRUE;
      parser->p++;
    }

  return TRUE;
}

/* periods := period { ":" period } */
static gboolean
parse_periods (Parser *parser, ArbTimePeriod *periods, guint *n_periods, GError **error)
{
  guint n = 0;

  for (;;)
    {
      if (n == ARB_TIME_CONTROL_MAX_PERIODS)
        {
          set_error_at (parser, parser->p, error, ARB_TIME_CONTROL_ERROR_TOO_MANY,
                        _ ("Too many periods"));
          return FALSE;
        }
      if (!parse_period (parser, &periods[n], error))
        return FALSE;
      n++;

      if (*parser->p != ':')
        break;
      if (periods[n - 1].moves == 0)
        {
          set_error_at (parser, parser->p, error, ARB_TIME_CONTROL_ERROR_SYNTAX,
                        _ ("A period for the rest of the game must be the last one"));
          return FALSE;
        }
      parser->p++;
    }

  *n_periods = n;
  return TRUE;
}

static gboolean
expect_end (Parser *parser, GError **error)
{
  if (*parser->p == '\0')
    return TRUE;
  set_error_at (parser, parser->p, error, ARB_TIME_CONTROL_ERROR_SYNTAX,
                _ ("Unexpected character"));
  return FALSE;
}

gboolean
arb_time_control_parse (const char *text, ArbTimeControl *tc, glong *error_offset, GError **error)
{
  ArbTimeControl result = { 0 };
  Parser parser = { text, text, -1 };
  const char *invalid = NULL;
  gboolean ok = FALSE;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (tc != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!g_utf8_validate (text, -1, &invalid))
    {
      /* Count the valid characters before the bad byte. */
      parser.error_offset = g_utf8_strlen (text, invalid - text);
      g_set_error (error, ARB_TIME_CONTROL_ERROR, ARB_TIME_CONTROL_ERROR_SYNTAX,
                   _ ("Invalid UTF-8 at character %ld"), parser.error_offset + 1);
      goto out;
    }

  if (*text == '\0')
    {
      set_error_at (&parser, text, error, ARB_TIME_CONTROL_ERROR_SYNTAX, _ ("Empty time control"));
      goto out;
    }

  if (strcmp (text, "?") == 0)
    result.kind = ARB_TIME_CONTROL_UNKNOWN;
  else if (strcmp (text, "-") == 0)
    result.kind = ARB_TIME_CONTROL_NONE;
  else if (*text == '*')
    {
      parser.p++;
      result.kind = ARB_TIME_CONTROL_SANDCLOCK;
      if (!parse_seconds (&parser, &result.sandclock_ms, NULL, error))
        goto out;
      if (result.sandclock_ms == 0)
        {
          set_error_at (&parser, text + 1, error, ARB_TIME_CONTROL_ERROR_RANGE,
                        _ ("A sandclock must hold some time"));
          goto out;
        }
      if (!expect_end (&parser, error))
        goto out;
    }
  else if (*text == 'W')
    {
      result.kind = ARB_TIME_CONTROL_PERIODS;
      result.per_side = TRUE;
      parser.p++;
      if (!parse_periods (&parser, result.periods[ARB_WHITE], &result.n_periods[ARB_WHITE], error))
        goto out;
      if (!((parser.p[0] == '-' || parser.p[0] == '/') && parser.p[1] == 'B'))
        {
          set_error_at (&parser, parser.p, error, ARB_TIME_CONTROL_ERROR_SYNTAX,
                        _ ("Expected “-B” and Black’s periods"));
          goto out;
        }
      parser.p += 2;
      if (!parse_periods (&parser, result.periods[ARB_BLACK], &result.n_periods[ARB_BLACK], error))
        goto out;
      if (!expect_end (&parser, error))
        goto out;
    }
  else
    {
      result.kind = ARB_TIME_CONTROL_PERIODS;
      if (!parse_periods (&parser, result.periods[ARB_WHITE], &result.n_periods[ARB_WHITE], error))
        goto out;
      if (!expect_end (&parser, error))
        goto out;
      memcpy (result.periods[ARB_BLACK], result.periods[ARB_WHITE],
              sizeof result.periods[ARB_WHITE]);
      result.n_periods[ARB_BLACK] = result.n_periods[ARB_WHITE];
    }

  *tc = result;
  ok = TRUE;

out:
  if (error_offset != NULL)
    *error_offset = ok ? -1 : parser.error_offset;
  return ok;
}

void
arb_time_control_init (ArbTimeControl *tc, const ArbTimePeriod *periods, guint n_periods)
{
  g_return_if_fail (tc != NULL);
  g_return_if_fail (n_periods >= 1 && n_periods <= ARB_TIME_CONTROL_MAX_PERIODS);

  memset (tc, 0, sizeof *tc);
  tc->kind = ARB_TIME_CONTROL_PERIODS;
  for (int side = 0; side < 2; side++)
    {
      tc->n_periods[side] = n_periods;
      memcpy (tc->periods[side], periods, n_periods * sizeof *periods);
    }
}

static gboolean
periods_equal (const ArbTimePeriod *a, guint n_a, const ArbTimePeriod *b, guint n_b)
{
  if (n_a != n_b)
    return FALSE;
  for (guint i = 0; i < n_a; i++)
    if (a[i].moves != b[i].moves || a[i].time_ms != b[i].time_ms || a[i].bonus != b[i].bonus ||
        a[i].bonus_ms != b[i].bonus_ms || a[i].bonus_before_move != b[i].bonus_before_move)
      return FALSE;
  return TRUE;
}

gboolean
arb_time_control_equal (const ArbTimeControl *a, const ArbTimeControl *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case ARB_TIME_CONTROL_UNKNOWN:
    case ARB_TIME_CONTROL_NONE:
      return TRUE;
    case ARB_TIME_CONTROL_SANDCLOCK:
      return a->sandclock_ms == b->sandclock_ms;
    case ARB_TIME_CONTROL_PERIODS:
    default:
      return a->per_side == b->per_side &&
             periods_equal (a->periods[0], a->n_periods[0], b->periods[0], b->n_periods[0]) &&
             periods_equal (a->periods[1], a->n_periods[1], b->periods[1], b->n_periods[1]);
    }
}

gboolean
arb_time_control_has_limit (const ArbTimeControl *tc)
{
  g_return_val_if_fail (tc != NULL, FALSE);

  return tc->kind == ARB_TIME_CONTROL_PERIODS || tc->kind == ARB_TIME_CONTROL_SANDCLOCK;
}

void
arb_time_control_append_seconds (GString *out, gint64 ms)
{
  g_return_if_fail (out != NULL);

  if (ms < 0)
    {
      g_string_append_c (out, '-');
      ms = -ms;
    }
  g_string_append_printf (out, "%" G_GINT64_FORMAT, ms / 1000);
  if (ms % 1000 != 0)
    {
      char digits[4];

      g_snprintf (digits, sizeof digits, "%03d", (int) (ms % 1000));
      for (int i = 2; i > 0 && digits[i] == '0'; i--)
        digits[i] = '\0';
      g_string_append_printf (out, ".%s", digits);
    }
}

static void
append_periods (GString *out, const ArbTimePeriod *periods, guint n)
{
  static const char bonus_chars[] = {
    [ARB_BONUS_INCREMENT] = '+', [ARB_BONUS_BRONSTEIN] = 'd', [ARB_BONUS_SIMPLE_DELAY] = 's'
  };

  for (guint i = 0; i < n; i++)
    {
      const ArbTimePeriod *period = &periods[i];

      if (i > 0)
        g_string_append_c (out, ':');
      if (period->moves > 0)
        g_string_append_printf (out, "%u/", period->moves);
      arb_time_control_append_seconds (out, period->time_ms);
      if (period->bonus != ARB_BONUS_NONE)
        {
          g_string_append_c (out, bonus_chars[period->bonus]);
          arb_time_control_append_seconds (out, period->bonus_ms);
          if (period->bonus_before_move)
            g_string_append_c (out, '^');
        }
    }
}

char *
arb_time_control_to_pgn (const ArbTimeControl *tc)
{
  GString *out;

  g_return_val_if_fail (tc != NULL, NULL);

  switch (tc->kind)
    {
    case ARB_TIME_CONTROL_UNKNOWN:
      return g_strdup ("?");
    case ARB_TIME_CONTROL_NONE:
      return g_strdup ("-");
    case ARB_TIME_CONTROL_SANDCLOCK:
      out = g_string_new ("*");
      arb_time_control_append_seconds (out, tc->sandclock_ms);
      return g_string_free (out, FALSE);
    case ARB_TIME_CONTROL_PERIODS:
    default:
      out = g_string_new (NULL);
      if (tc->per_side)
        {
          g_string_append_c (out, 'W');
          append_periods (out, tc->periods[ARB_WHITE], tc->n_periods[ARB_WHITE]);
          g_string_append (out, "-B");
          append_periods (out, tc->periods[ARB_BLACK], tc->n_periods[ARB_BLACK]);
        }
      else
        append_periods (out, tc->periods[ARB_WHITE], tc->n_periods[ARB_WHITE]);
      return g_string_free (out, FALSE);
    }
}

char *
arb_time_control_to_trf (const ArbTimeControl *tc, GError **error)
{
  g_return_val_if_fail (tc != NULL, NULL);

  if (tc->kind != ARB_TIME_CONTROL_PERIODS)
    {
      g_set_error (error, ARB_TIME_CONTROL_ERROR, ARB_TIME_CONTROL_ERROR_UNSUPPORTED,
                   _ ("TRF record 222 has no form for this time control"));
      return NULL;
    }

  for (int side = 0; side < 2; side++)
    for (guint i = 0; i < tc->n_periods[side]; i++)
      {
        const ArbTimePeriod *period = &tc->periods[side][i];

        if (period->bonus == ARB_BONUS_BRONSTEIN || period->bonus == ARB_BONUS_SIMPLE_DELAY)
          {
            g_set_error (error, ARB_TIME_CONTROL_ERROR, ARB_TIME_CONTROL_ERROR_UNSUPPORTED,
                         _ ("TRF record 222 has no form for a delay"));
            return NULL;
          }
        if (period->bonus_before_move)
          {
            g_set_error (
              error, ARB_TIME_CONTROL_ERROR, ARB_TIME_CONTROL_ERROR_UNSUPPORTED,
              _ ("TRF record 222 has no form for an increment credited before the move"));
            return NULL;
          }
      }

  return arb_time_control_to_pgn (tc);
}

/* Readable durations: "90′", "1′30″", "30″", "0.5″". */
static char *
readable_duration (gint64 ms)
{
  GString *seconds = g_string_new (NULL);
  char *result;

  if (ms % 60000 == 0)
    result = g_strdup_printf ("%" G_GINT64_FORMAT "′", ms / 60000);
  else if (ms > 60000)
    {
      arb_time_control_append_seconds (seconds, ms % 60000);
      result = g_strdup_printf ("%" G_GINT64_FORMAT "′%s″", ms / 60000, seconds->str);
    }
  else
    {
      arb_time_control_append_seconds (seconds, ms);
      result = g_strdup_printf ("%s″", seconds->str);
    }
  g_string_free (seconds, TRUE);
  return result;
}

static gboolean
has_bonus (const ArbTimePeriod *period)
{
  return period->bonus != ARB_BONUS_NONE && period->bonus_ms > 0;
}

static gboolean
same_bonus (const ArbTimePeriod *a, const ArbTimePeriod *b)
{
  if (!has_bonus (a) || !has_bonus (b))
    return has_bonus (a) == has_bonus (b);
  return a->bonus == b->bonus && a->bonus_ms == b->bonus_ms &&
         a->bonus_before_move == b->bonus_before_move;
}

static char *
readable_bonus (const ArbTimePeriod *period)
{
  g_autofree char *amount = readable_duration (period->bonus_ms);

  switch (period->bonus)
    {
    case ARB_BONUS_INCREMENT:
      if (period->bonus_before_move)
        /* Translators: an increment credited when the move starts, e.g.
         * "2″/move, added before the move" */
        return g_strdup_printf (_ ("%s/move, added before the move"), amount);
      /* Translators: a Fischer increment per move, e.g. "30″/move" */
      return g_strdup_printf (_ ("%s/move"), amount);
    case ARB_BONUS_BRONSTEIN:
      /* Translators: e.g. "5″ Bronstein delay" */
      return g_strdup_printf (_ ("%s Bronstein delay"), amount);
    case ARB_BONUS_SIMPLE_DELAY:
      /* Translators: a simple (US) delay, e.g. "5″ delay" */
      return g_strdup_printf (_ ("%s delay"), amount);
    case ARB_BONUS_NONE:
    default:
      return g_strdup ("");
    }
}

static char *
readable_side (const ArbTimeControl *tc, ArbColor side)
{
  const ArbTimePeriod *periods = tc->periods[side];
  guint n = tc->n_periods[side];
  GString *out = g_string_new (NULL);
  guint first_bonus = n;
  gboolean uniform = TRUE;
  char *result;

  /* The bonus reads as "…, X from move N" when it is the same in every period
   * from some period on and absent before it. */
  for (guint i = 0; i < n; i++)
    if (has_bonus (&periods[i]))
      {
        first_bonus = i;
        break;
      }
  for (guint i = first_bonus; i < n; i++)
    if (!same_bonus (&periods[i], &periods[first_bonus]))
      uniform = FALSE;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *duration = readable_duration (periods[i].time_ms);

      if (i > 0)
        g_string_append (out, " + ");
      if (periods[i].moves > 0)
        g_string_append_printf (out, "%s/%u", duration, periods[i].moves);
      else
        g_string_append (out, duration);
      if (!uniform && has_bonus (&periods[i]))
        {
          g_autofree char *bonus = readable_bonus (&periods[i]);
          g_string_append_printf (out, " (%s)", bonus);
        }
    }

  if (periods[n - 1].moves > 0)
    {
      /* Translators: a time control whose last period starts again after its moves */
      char *repeated = g_strdup_printf (_ ("%s, last period repeating"), out->str);
      g_string_assign (out, repeated);
      g_free (repeated);
    }

  if (uniform && first_bonus < n)
    {
      g_autofree char *bonus = readable_bonus (&periods[first_bonus]);
      g_autofree char *amount = readable_duration (periods[first_bonus].bonus_ms);
      guint from = arb_time_control_first_move_of_stage (tc, side, first_bonus);
      /* Translators: time periods, then the bonus per move and the first move
       * it applies to, e.g. "90′/40 + 30′, 30″/move from move 1" */
      if (periods[first_bonus].bonus_before_move)
        /* Translators: e.g. "3′, 2″/move from move 1 (added before each move)" */
        result = g_strdup_printf (_ ("%s, %s/move from move %u (added before each move)"), out->str,
                                  amount, from);
      else
        result = g_strdup_printf (_ ("%s, %s from move %u"), out->str, bonus, from);
      g_string_free (out, TRUE);
      return result;
    }

  return g_string_free (out, FALSE);
}

char *
arb_time_control_to_readable (const ArbTimeControl *tc)
{
  g_return_val_if_fail (tc != NULL, NULL);

  switch (tc->kind)
    {
    case ARB_TIME_CONTROL_UNKNOWN:
      return g_strdup (_ ("unknown time control"));
    case ARB_TIME_CONTROL_NONE:
      return g_strdup (_ ("no time control"));
    case ARB_TIME_CONTROL_SANDCLOCK:
      {
        g_autofree char *duration = readable_duration (tc->sandclock_ms);
        /* Translators: a sandclock (hourglass) holding the given time */
        return g_strdup_printf (_ ("sandclock of %s"), duration);
      }
    case ARB_TIME_CONTROL_PERIODS:
    default:
      if (tc->per_side)
        {
          g_autofree char *white = readable_side (tc, ARB_WHITE);
          g_autofree char *black = readable_side (tc, ARB_BLACK);
          /* Translators: different time controls per side (Armageddon) */
          return g_strdup_printf (_ ("White %s; Black %s"), white, black);
        }
      return readable_side (tc, ARB_WHITE);
    }
}

guint
arb_time_control_period_of_move (const ArbTimeControl *tc, ArbColor side, guint move, guint *stage)
{
  const ArbTimePeriod *periods;
  guint n;
  guint before = 0; /* moves in the periods before period i */

  g_return_val_if_fail (tc != NULL, 0);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, 0);

  periods = tc->periods[side];
  n = tc->n_periods[side];
  if (move == 0)
    move = 1;
  if (tc->kind != ARB_TIME_CONTROL_PERIODS || n == 0)
    {
      if (stage != NULL)
        *stage = 0;
      return 0;
    }

  for (guint i = 0; i < n; i++)
    {
      if (periods[i].moves == 0 || move <= before + periods[i].moves)
        {
          if (stage != NULL)
            *stage = i;
          return i;
        }
      if (i + 1 < n)
        before += periods[i].moves;
    }

  /* Past the end of a last period with a move count: it repeats. */
  if (stage != NULL)
    *stage = (n - 1) + (move - before - 1) / periods[n - 1].moves;
  return n - 1;
}

guint
arb_time_control_first_move_of_stage (const ArbTimeControl *tc, ArbColor side, guint stage)
{
  const ArbTimePeriod *periods;
  guint n;
  guint before = 0;

  g_return_val_if_fail (tc != NULL, 1);
  g_return_val_if_fail (side == ARB_WHITE || side == ARB_BLACK, 1);

  periods = tc->periods[side];
  n = tc->n_periods[side];
  if (tc->kind != ARB_TIME_CONTROL_PERIODS || n == 0 || stage == 0)
    return 1;

  for (guint i = 0; i < MIN (stage, n - 1); i++)
    before += periods[i].moves;
  if (stage < n)
    return before + 1;
  if (periods[n - 1].moves == 0)
    return G_MAXUINT;
  return before + (stage - (n - 1)) * periods[n - 1].moves + 1;
}

gint64
arb_time_control_time_for_60_moves_ms (const ArbTimeControl *tc, ArbColor side)
{
  gint64 total = 0;
  guint last_stage = G_MAXUINT;

  g_return_val_if_fail (tc != NULL, -1);

  if (tc->kind == ARB_TIME_CONTROL_SANDCLOCK)
    return tc->sandclock_ms;
  if (tc->kind != ARB_TIME_CONTROL_PERIODS)
    return -1;

  for (guint move = 1; move <= 60; move++)
    {
      guint stage;
      guint index = arb_time_control_period_of_move (tc, side, move, &stage);
      const ArbTimePeriod *period = &tc->periods[side][index];

      if (stage != last_stage)
        total += period->time_ms;
      last_stage = stage;
      if (period->bonus != ARB_BONUS_NONE)
        total += period->bonus_ms;
    }

  return total;
}

ArbCategory
arb_time_control_category (const ArbTimeControl *tc, ArbEdition edition)
{
  const gint64 minute = 60 * 1000;
  gint64 t;

  g_return_val_if_fail (tc != NULL, ARB_CATEGORY_STANDARD);

  if (!arb_time_control_has_limit (tc))
    return ARB_CATEGORY_STANDARD;

  t = arb_time_control_time_for_60_moves_ms (tc, ARB_WHITE);
  if (tc->kind == ARB_TIME_CONTROL_PERIODS && tc->per_side)
    t = MAX (t, arb_time_control_time_for_60_moves_ms (tc, ARB_BLACK));

  switch (edition)
    {
    case ARB_EDITION_2001:
      /* 2001 Laws, Appendix B.1 (rapidplay: from 15 to 60 minutes, both
       * ends included) and Appendix C.1 (blitz: under 15 minutes). */
      if (t < 15 * minute)
        return ARB_CATEGORY_BLITZ;
      if (t <= 60 * minute)
        return ARB_CATEGORY_RAPID;
      return ARB_CATEGORY_STANDARD;

    case ARB_EDITION_2009:
      /* 2009 Laws, Appendix A.1 (rapid: at least 15 and less than 60
       * minutes, base + 60 × increment) and B.1 (blitz: less than 15). */
      if (t < 15 * minute)
        return ARB_CATEGORY_BLITZ;
      if (t < 60 * minute)
        return ARB_CATEGORY_RAPID;
      return ARB_CATEGORY_STANDARD;

    case ARB_EDITION_2014:
    case ARB_EDITION_2018:
    case ARB_EDITION_2023:
    default:
      /* 2014, 2018 and 2023 Laws, Appendix B.1 (blitz: 10 minutes or less,
       * base + 60 × increment) and A.1 (rapid: more than 10 and less than
       * 60 minutes). */
      if (t <= 10 * minute)
        return ARB_CATEGORY_BLITZ;
      if (t < 60 * minute)
        return ARB_CATEGORY_RAPID;
      return ARB_CATEGORY_STANDARD;
    }
}
