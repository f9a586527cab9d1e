/* arb-pgn-values.c: the values PGN spells: results and clock times
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-pgn-reader.h"

const char *
arb_pgn_result_to_string (ArbPgnResult result)
{
  switch (result)
    {
    case ARB_PGN_RESULT_WHITE_WINS:
      return "1-0";
    case ARB_PGN_RESULT_BLACK_WINS:
      return "0-1";
    case ARB_PGN_RESULT_DRAW:
      return "1/2-1/2";
    case ARB_PGN_RESULT_ONGOING:
      return "*";
    case ARB_PGN_RESULT_NONE:
    default:
      return NULL;
    }
}

ArbPgnResult
arb_pgn_result_from_string (const char *text, gsize len)
{
  if (text == NULL)
    return ARB_PGN_RESULT_NONE;
  if (len == 3 && memcmp (text, "1-0", 3) == 0)
    return ARB_PGN_RESULT_WHITE_WINS;
  if (len == 3 && memcmp (text, "0-1", 3) == 0)
    return ARB_PGN_RESULT_BLACK_WINS;
  if (len == 7 && memcmp (text, "1/2-1/2", 7) == 0)
    return ARB_PGN_RESULT_DRAW;
  if (len == 1 && text[0] == '*')
    return ARB_PGN_RESULT_ONGOING;
  return ARB_PGN_RESULT_NONE;
}

/* ---- Clock commands ---------------------------------------------------- */

gboolean
arb_pgn_parse_clock (const char *text, gsize len, gint64 *milliseconds)
{
  gint64 fields[3] = { 0, 0, 0 };
  int n_fields = 0;
  gint64 value = 0, frac_ms = 0;
  gsize i = 0;
  gboolean digits = FALSE;

  g_return_val_if_fail (milliseconds != NULL, FALSE);

  while (i < len)
    {
      char c = text[i];

      if (c >= '0' && c <= '9')
        {
          if (value > G_GINT64_CONSTANT (100000000))
            return FALSE;
          value = value * 10 + (c - '0');
          digits = TRUE;
          i++;
        }
      else if (c == ':')
        {
          if (!digits || n_fields >= 2)
            return FALSE;
          fields[n_fields++] = value;
          value = 0;
          digits = FALSE;
          i++;
        }
      else if (c == '.')
        {
          gint64 scale = 100;
          gboolean any = FALSE, round_up = FALSE;

          if (!digits)
            return FALSE;
          i++;
          while (i < len && text[i] >= '0' && text[i] <= '9')
            {
              if (scale >= 1)
                frac_ms += (text[i] - '0') * scale;
              else if (scale == 0 && text[i] >= '5')
                round_up = TRUE;
              scale = scale >= 1 ? scale / 10 : -1;
              any = TRUE;
              i++;
            }
          if (!any || i != len)
            return FALSE;
          if (round_up)
            frac_ms++;
        }
      else
        return FALSE;
    }
  if (!digits)
    return FALSE;
  fields[n_fields++] = value;

  {
    gint64 seconds = 0;

    for (int k = 0; k < n_fields; k++)
      {
        /* Minutes and seconds after the first field stay below 60. */
        if (k > 0 && fields[k] >= 60)
          return FALSE;
        seconds = seconds * 60 + fields[k];
      }
    *milliseconds = seconds * 1000 + frac_ms;
  }
  return TRUE;
}

void
arb_pgn_write_clock (gint64 milliseconds, char buf[32])
{
  gint64 s, ms;

  if (milliseconds < 0)
    milliseconds = 0;
  s = milliseconds / 1000;
  ms = milliseconds % 1000;
  if (ms == 0)
    g_snprintf (buf, 32, "%" G_GINT64_FORMAT ":%02d:%02d", s / 3600, (int) (s / 60 % 60),
                (int) (s % 60));
  else
    {
      char frac[8];
      int n;

      g_snprintf (frac, sizeof frac, "%03d", (int) ms);
      n = 3;
      while (n > 1 && frac[n - 1] == '0')
        n--;
      frac[n] = '\0';
      g_snprintf (buf, 32, "%" G_GINT64_FORMAT ":%02d:%02d.%s", s / 3600, (int) (s / 60 % 60),
                  (int) (s % 60), frac);
    }
}
