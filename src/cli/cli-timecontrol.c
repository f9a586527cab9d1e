/* cli-timecontrol.c: arbiter-cli timecontrol, describe a time control
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "arb-edition.h"
#include "arb-time-control.h"
#include "arb-json.h"
#include "arb-i18n.h"
#include "cli-commands.h"

static const char *
bonus_name (ArbBonusKind bonus)
{
  switch (bonus)
    {
    case ARB_BONUS_INCREMENT:
      return "increment";
    case ARB_BONUS_BRONSTEIN:
      return "bronstein";
    case ARB_BONUS_SIMPLE_DELAY:
      return "delay";
    case ARB_BONUS_NONE:
    default:
      return NULL;
    }
}

static const char *
kind_name (ArbTimeControlKind kind)
{
  switch (kind)
    {
    case ARB_TIME_CONTROL_UNKNOWN:
      return "unknown";
    case ARB_TIME_CONTROL_NONE:
      return "none";
    case ARB_TIME_CONTROL_SANDCLOCK:
      return "sandclock";
    case ARB_TIME_CONTROL_PERIODS:
    default:
      return "periods";
    }
}

static void
append_json_periods (GString *out, const ArbTimeControl *tc, ArbColor side)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < tc->n_periods[side]; i++)
    {
      const ArbTimePeriod *period = &tc->periods[side][i];
      const char *bonus = bonus_name (period->bonus);

      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, "{\"moves\":");
      if (period->moves > 0)
        g_string_append_printf (out, "%u", period->moves);
      else
        g_string_append (out, "null");
      g_string_append (out, ",\"seconds\":");
      arb_time_control_append_seconds (out, period->time_ms);
      g_string_append (out, ",\"bonus\":");
      if (bonus != NULL)
        {
          arb_json_append_string (out, bonus);
          g_string_append (out, ",\"bonus_seconds\":");
          arb_time_control_append_seconds (out, period->bonus_ms);
        }
      else
        g_string_append (out, "null,\"bonus_seconds\":0");
      g_string_append_printf (out, ",\"bonus_before_move\":%s}",
                              period->bonus_before_move ? "true" : "false");
    }
  g_string_append_c (out, ']');
}

static void
print_text_periods (const ArbTimeControl *tc, ArbColor side, const char *indent)
{
  for (guint i = 0; i < tc->n_periods[side]; i++)
    {
      const ArbTimePeriod *period = &tc->periods[side][i];
      g_autoptr (GString) line = g_string_new (NULL);

      g_autoptr (GString) seconds = g_string_new (NULL);

      arb_time_control_append_seconds (seconds, period->time_ms);
      g_string_append_printf (line, "%s%u: ", indent, i + 1);
      if (period->moves > 0)
        /* Translators: a period of a time control, e.g. "40 moves in 5400 s" */
        g_string_append_printf (line,
                                ngettext ("%u move in %s s", "%u moves in %s s", period->moves),
                                period->moves, seconds->str);
      else
        g_string_append_printf (line, _ ("rest of the game in %s s"), seconds->str);
      if (period->bonus != ARB_BONUS_NONE)
        {
          g_autoptr (GString) bonus = g_string_new (NULL);

          arb_time_control_append_seconds (bonus, period->bonus_ms);
          /* The kinds of bonus (increment, bronstein, delay) are the names
           * --json uses. */
          g_string_append_printf (line, ", %s %s s", bonus_name (period->bonus), bonus->str);
          if (period->bonus == ARB_BONUS_INCREMENT)
            g_string_append (line, period->bonus_before_move ? _ (" before each move")
                                                             : _ (" after each move"));
        }
      if (i + 1 == tc->n_periods[side] && period->moves > 0)
        g_string_append (line, _ (" (repeats)"));
      printf ("%s\n", line->str);
    }
}

/* Prints the error with a caret under the offending character. */
static void
print_parse_error (const char *text, glong offset, const GError *error)
{
  fprintf (stderr, "arbiter-cli timecontrol: %s\n", error->message);
  if (offset >= 0 && g_utf8_validate (text, -1, NULL))
    fprintf (stderr, "  %s\n  %*s^\n", text, (int) offset, "");
}

int
arb_cli_timecontrol (int argc, char **argv)
{
  int edition_year = ARB_EDITION_LATEST;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "edition", 'e', 0, G_OPTION_ARG_INT, &edition_year,
      N_ ("Laws of Chess edition for the category (2001, 2009, 2014, 2018, 2023; default 2023)"),
      "YEAR" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print one JSON object"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("TIME-CONTROL");
  g_autoptr (GError) error = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *trf = NULL;
  g_autofree char *readable = NULL;
  ArbTimeControl tc;
  ArbEdition edition;
  ArbCategory category;
  glong offset = -1;
  gint64 t60_white;
  gint64 t60_black;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
    context,
    _ ("Reads a PGN TimeControl value (with the delay and per-side extension:\n"
       "\"300d5\" Bronstein, \"300s5\" simple delay, \"300+2^\" increment before the move,\n"
       "\"W300-B240\" per side) and prints its periods, category, PGN, TRF 222 and\n"
       "readable forms."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli timecontrol: %s\n", error->message);
      return 2;
    }
  if (argc != 2)
    {
      fprintf (stderr, "arbiter-cli timecontrol: %s\n",
               _ ("expected one time control, e.g. \"40/5400+30:1800+30\""));
      return 2;
    }
  if (!arb_edition_from_year (edition_year, &edition))
    {
      fprintf (stderr,
               _ ("arbiter-cli timecontrol: unknown edition %d (2001, 2009, 2014, 2018 or 2023)\n"),
               edition_year);
      return 2;
    }

  if (!arb_time_control_parse (argv[1], &tc, &offset, &error))
    {
      print_parse_error (argv[1], offset, error);
      if (json)
        {
          g_autoptr (GString) out = g_string_new ("{\"error\":");
          arb_json_append_string (out, error->message);
          g_string_append_printf (out, ",\"offset\":%ld}", offset);
          printf ("%s\n", out->str);
        }
      return 1;
    }

  pgn = arb_time_control_to_pgn (&tc);
  trf = arb_time_control_to_trf (&tc, NULL);
  readable = arb_time_control_to_readable (&tc);
  category = arb_time_control_category (&tc, edition);
  t60_white = arb_time_control_time_for_60_moves_ms (&tc, ARB_WHITE);
  t60_black = arb_time_control_time_for_60_moves_ms (&tc, ARB_BLACK);

  if (json)
    {
      g_autoptr (GString) out = g_string_new ("{\"kind\":");

      arb_json_append_string (out, kind_name (tc.kind));
      g_string_append_printf (out, ",\"per_side\":%s", tc.per_side ? "true" : "false");
      if (tc.kind == ARB_TIME_CONTROL_PERIODS)
        {
          g_string_append (out, ",\"periods\":");
          append_json_periods (out, &tc, ARB_WHITE);
          if (tc.per_side)
            {
              g_string_append (out, ",\"black_periods\":");
              append_json_periods (out, &tc, ARB_BLACK);
            }
        }
      else
        g_string_append (out, ",\"periods\":[]");
      if (tc.kind == ARB_TIME_CONTROL_SANDCLOCK)
        {
          g_string_append (out, ",\"sandclock_seconds\":");
          arb_time_control_append_seconds (out, tc.sandclock_ms);
        }
      g_string_append (out, ",\"category\":");
      arb_json_append_string (out, arb_category_to_string (category));
      g_string_append_printf (out, ",\"edition\":%d,\"time_for_60_moves\":", (int) edition);
      if (t60_white < 0)
        g_string_append (out, "null");
      else
        arb_time_control_append_seconds (out, MAX (t60_white, t60_black));
      g_string_append (out, ",\"pgn\":");
      arb_json_append_string (out, pgn);
      g_string_append (out, ",\"trf\":");
      if (trf != NULL)
        arb_json_append_string (out, trf);
      else
        g_string_append (out, "null");
      g_string_append (out, ",\"readable\":");
      arb_json_append_string (out, readable);
      g_string_append_c (out, '}');
      printf ("%s\n", out->str);
      return 0;
    }

  /* Translators: the labels of timecontrol's output; the values after them
   * (periods, sandclock, blitz, …) are the names --json uses */
  printf (_ ("Kind: %s\n"), kind_name (tc.kind));
  if (tc.kind == ARB_TIME_CONTROL_PERIODS && tc.per_side)
    {
      printf ("%s\n", _ ("White's periods:"));
      print_text_periods (&tc, ARB_WHITE, "  ");
      printf ("%s\n", _ ("Black's periods:"));
      print_text_periods (&tc, ARB_BLACK, "  ");
    }
  else if (tc.kind == ARB_TIME_CONTROL_PERIODS)
    {
      printf ("%s\n", _ ("Periods:"));
      print_text_periods (&tc, ARB_WHITE, "  ");
    }
  else if (tc.kind == ARB_TIME_CONTROL_SANDCLOCK)
    {
      g_autoptr (GString) seconds = g_string_new (NULL);
      arb_time_control_append_seconds (seconds, tc.sandclock_ms);
      printf (_ ("Sandclock: %s s\n"), seconds->str);
    }
  if (t60_white >= 0)
    {
      g_autoptr (GString) seconds = g_string_new (NULL);
      arb_time_control_append_seconds (seconds, MAX (t60_white, t60_black));
      printf (_ ("Category: %s (%d Laws; %s s for 60 moves)\n"), arb_category_to_string (category),
              (int) edition, seconds->str);
    }
  else
    printf (_ ("Category: %s (%d Laws; no time limit)\n"), arb_category_to_string (category),
            (int) edition);
  printf ("PGN: %s\n", pgn);
  printf ("TRF 222: %s\n", trf != NULL ? trf : _ ("(cannot be expressed)"));
  printf (_ ("Readable: %s\n"), readable);
  return 0;
}
