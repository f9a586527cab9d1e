/* cli-clock.c: arbiter-cli clock, replay a game's clock from events
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-clock.h"
#include "arb-time-control.h"
#include "arb-i18n.h"
#include "cli-commands.h"
#include "cli-json.h"

#define US_PER_S G_GINT64_CONSTANT (1000000)

/* Parses seconds with up to six decimals into microseconds. With
 * @allow_sign, a leading '-' or '+' is accepted. Returns the offset (in
 * bytes) of the first bad character, or -1. */
static glong
parse_seconds_us (const char *text, gboolean allow_sign, gint64 *us)
{
  const char *p = text;
  gint64 whole = 0;
  gint64 fraction = 0;
  int digits = 0;
  gboolean negative = FALSE;

  if (allow_sign && (*p == '-' || *p == '+'))
    negative = *p++ == '-';
  if (!g_ascii_isdigit (*p))
    return p - text;
  while (g_ascii_isdigit (*p))
    {
      whole = whole * 10 + (*p - '0');
      if (whole > G_GINT64_CONSTANT (1000000000))
        return p - text;
      p++;
    }
  if (*p == '.')
    {
      p++;
      if (!g_ascii_isdigit (*p))
        return p - text;
      while (g_ascii_isdigit (*p))
        {
          if (digits == 6)
            return p - text;
          fraction = fraction * 10 + (*p - '0');
          digits++;
          p++;
        }
    }
  if (*p != '\0')
    return p - text;
  for (; digits < 6; digits++)
    fraction *= 10;
  *us = whole * US_PER_S + fraction;
  if (negative)
    *us = -*us;
  return -1;
}

/* Seconds as JSON numbers: "5400", "5371.5", "-0.25". */
static char *
format_seconds (gint64 us)
{
  GString *out = g_string_new (NULL);

  if (us < 0)
    {
      g_string_append_c (out, '-');
      us = -us;
    }
  g_string_append_printf (out, "%" G_GINT64_FORMAT, us / US_PER_S);
  if (us % US_PER_S != 0)
    {
      char digits[7];

      g_snprintf (digits, sizeof digits, "%06d", (int) (us % US_PER_S));
      for (int i = 5; i > 0 && digits[i] == '0'; i--)
        digits[i] = '\0';
      g_string_append_printf (out, ".%s", digits);
    }
  return g_string_free (out, FALSE);
}

/* "1:29:40" or "-0:00:01.5" for the text output. */
static char *
format_clock (gint64 us)
{
  gboolean negative = us < 0;
  gint64 abs_us = negative ? -us : us;
  gint64 seconds = abs_us / US_PER_S;
  GString *out = g_string_new (negative ? "-" : "");

  g_string_append_printf (out, "%" G_GINT64_FORMAT ":%02d:%02d", seconds / 3600,
                          (int) (seconds / 60 % 60), (int) (seconds % 60));
  if (abs_us % US_PER_S != 0)
    {
      char digits[7];

      g_snprintf (digits, sizeof digits, "%06d", (int) (abs_us % US_PER_S));
      for (int i = 5; i > 0 && digits[i] == '0'; i--)
        digits[i] = '\0';
      g_string_append_printf (out, ".%s", digits);
    }
  return g_string_free (out, FALSE);
}

static gint64
fake_time (gpointer user_data)
{
  return *(gint64 *) user_data;
}

static void
event_error (int index, const char *event, glong offset, const char *why)
{
  /* Translators: the number of the event, the event as given, what was
   * wrong, the position of the character */
  fprintf (stderr, _ ("arbiter-cli clock: event %d “%s”: %s at character %ld\n"), index, event, why,
           offset + 1);
  if (g_utf8_validate (event, -1, NULL))
    fprintf (stderr, "  %s\n  %*s^\n", event,
             (int) g_utf8_pointer_to_offset (event, event + offset), "");
}

/* Checks every event of the command line; FALSE, with the error printed,
 * at the first that is not one. */
static gboolean
check_events (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      const char *event = argv[i];
      gint64 us;
      glong bad;

      if (event[0] == '+')
        {
          if (!((event[1] == 'W' || event[1] == 'B') && event[2] == ':'))
            {
              event_error (i, event, event[1] == 'W' || event[1] == 'B' ? 2 : 1,
                           _ ("expected +W:S or +B:S"));
              return FALSE;
            }
          bad = parse_seconds_us (event + 3, TRUE, &us);
          if (bad >= 0)
            {
              event_error (i, event, bad + 3, _ ("expected seconds"));
              return FALSE;
            }
        }
      else if (g_str_has_prefix (event, "pause:"))
        {
          bad = parse_seconds_us (event + 6, FALSE, &us);
          if (bad >= 0)
            {
              event_error (i, event, bad + 6, _ ("expected seconds"));
              return FALSE;
            }
        }
      else
        {
          bad = parse_seconds_us (event, FALSE, &us);
          if (bad >= 0)
            {
              event_error (i, event, bad,
                           _ ("expected a thinking time in seconds, +W:S, +B:S or pause:S"));
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* The times left after the ply just completed. */
static void
print_ply (ArbClock *clock, gboolean json)
{
  ArbClockPly ply;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;

  arb_clock_get_ply (clock, arb_clock_get_n_plies (clock), &ply);
  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      white = format_seconds (ply.remaining_us[ARB_WHITE]);
      black = format_seconds (ply.remaining_us[ARB_BLACK]);
      json_builder_begin_object (b);
      arb_cli_json_add_int (b, "ply", ply.ply);
      arb_cli_json_add_decimal (b, "white", white);
      arb_cli_json_add_decimal (b, "black", black);
      json_builder_end_object (b);
      arb_cli_json_print (b);
    }
  else
    {
      white = format_clock (ply.remaining_us[ARB_WHITE]);
      black = format_clock (ply.remaining_us[ARB_BLACK]);
      /* Translators: the times left after a ply */
      printf (_ ("ply %u: white %s, black %s\n"), ply.ply, white, black);
    }
}

/* The flag that fell, if one did, and during which ply. */
static void
print_flag (ArbClock *clock, int flag_side, guint flag_ply, gboolean json)
{
  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      if (flag_side >= 0)
        {
          arb_cli_json_add_string (b, "flag", flag_side == ARB_WHITE ? "white" : "black");
          arb_cli_json_add_int (b, "ply", flag_ply);
        }
      else
        {
          arb_cli_json_add_null (b, "flag");
          arb_cli_json_add_null (b, "ply");
        }
      json_builder_end_object (b);
      arb_cli_json_print (b);
    }
  else if (flag_side >= 0)
    {
      gint64 instant = 0;
      g_autofree char *at = NULL;

      arb_clock_get_flag (clock, (ArbColor) flag_side, &instant);
      at = format_clock (instant);
      if (flag_side == ARB_WHITE)
        printf (_ ("flag: white, during ply %u (at %s of replayed time)\n"), flag_ply, at);
      else
        printf (_ ("flag: black, during ply %u (at %s of replayed time)\n"), flag_ply, at);
    }
  else
    printf (_ ("no flag fell\n"));
}

int
arb_cli_clock (int argc, char **argv)
{
  g_autofree char *tc_text = NULL;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "time-control", 't', 0, G_OPTION_ARG_STRING, &tc_text,
      N_ ("The time control (PGN TimeControl notation and its extension)"), "TC" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print one JSON object per line"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("[EVENT…]");
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbClock) clock = NULL;
  ArbTimeControl tc;
  glong offset = -1;
  gint64 now = 0;
  int flag_side = -1;
  guint flag_ply = 0;
  int i;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
    context,
    /* Translators: keep the event syntax (S, +W:S, +B:S, pause:S) as it is */
    _ ("Replays a clock on simulated time. Events:\n"
       "  S        the next ply took S seconds (decimals allowed), then the clock is pressed\n"
       "  +W:S     add S seconds to White (negative S removes time); +B:S for Black\n"
       "  pause:S  both clocks stopped for S seconds\n"
       "Prints both times left after each ply and the flag fall, if any."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli clock: %s\n", error->message);
      return 2;
    }
  if (tc_text == NULL)
    {
      fprintf (stderr, "arbiter-cli clock: %s\n", _ ("--time-control is required"));
      return 2;
    }
  if (!arb_time_control_parse (tc_text, &tc, &offset, &error))
    {
      fprintf (stderr, "arbiter-cli clock: %s\n", error->message);
      if (offset >= 0 && g_utf8_validate (tc_text, -1, NULL))
        fprintf (stderr, "  %s\n  %*s^\n", tc_text, (int) offset, "");
      return 1;
    }
  if (!arb_time_control_has_limit (&tc))
    {
      fprintf (stderr, _ ("arbiter-cli clock: time control “%s” has no time limit\n"), tc_text);
      return 1;
    }

  /* Check every event before replaying any, so a typo prints nothing else. */
  if (!check_events (argc, argv))
    return 2;

  clock = arb_clock_new (&tc);
  arb_clock_set_time_func (clock, fake_time, &now, NULL);
  arb_clock_start (clock);

  for (i = 1; i < argc && flag_side < 0; i++)
    {
      const char *event = argv[i];
      gint64 us = 0;

      if (event[0] == '+')
        {
          parse_seconds_us (event + 3, TRUE, &us);
          arb_clock_add_time (clock, event[1] == 'W' ? ARB_WHITE : ARB_BLACK, us);
        }
      else if (g_str_has_prefix (event, "pause:"))
        {
          parse_seconds_us (event + 6, FALSE, &us);
          arb_clock_pause (clock);
          now += us;
          arb_clock_resume (clock);
        }
      else
        {
          parse_seconds_us (event, FALSE, &us);
          now += us;
          arb_clock_update (clock);
          if (arb_clock_get_first_flag (clock) < 0)
            {
              arb_clock_press (clock);
              print_ply (clock, json);
            }
        }

      /* The ply being played when a flag fell is the one after the last
       * completed ply. */
      flag_side = arb_clock_get_first_flag (clock);
      if (flag_side >= 0)
        flag_ply = arb_clock_get_n_plies (clock) + 1;
    }

  print_flag (clock, flag_side, flag_ply, json);

  if (flag_side >= 0 && i < argc)
    fprintf (stderr,
             ngettext ("arbiter-cli clock: %d event after the flag fall not replayed\n",
                       "arbiter-cli clock: %d events after the flag fall not replayed\n", argc - i),
             argc - i);

  return 0;
}
