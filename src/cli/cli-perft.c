/* cli-perft.c: arbiter-cli perft
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-position.h"
#include "arb-i18n.h"
#include "cli-commands.h"

/* Perft counts leaves of the legal move tree; suites may hold positions that
 * cannot arise in a game, and X-FEN or Shredder-FEN castling, so they are read
 * permissively and with Chess960 castling enabled (standard castling is the
 * same move in that mode). */
#define PERFT_FEN_FLAGS (ARB_FEN_CHESS960 | ARB_FEN_PERMISSIVE)

static gboolean
parse_depth (const char *text, guint *depth)
{
  char *end;
  guint64 v = g_ascii_strtoull (text, &end, 10);

  if (end == text || *end != '\0' || v > 20)
    return FALSE;
  *depth = (guint) v;
  return TRUE;
}

static int
run_suite (const char *path, guint max_depth)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  g_autofree char *id = NULL;
  ArbPosition pos;
  gboolean have_pos = FALSE;
  gboolean pos_ok = TRUE;
  gboolean counted = FALSE;
  guint positions = 0;
  guint matching = 0;
  guint64 total_nodes = 0;
  gint64 start = g_get_monotonic_time ();

  if (!g_file_get_contents (path, &contents, NULL, &error))
    {
      fprintf (stderr, "arbiter-cli perft: %s\n", error->message);
      return 2;
    }

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (line[0] == '\0' || line[0] == '#')
        continue;

      if (g_str_has_prefix (line, "id "))
        {
          g_free (id);
          id = g_strdup (line + 3);
        }
      else if (g_str_has_prefix (line, "epd "))
        {
          g_autoptr (GError) fen_error = NULL;

          if (have_pos && counted)
            {
              positions++;
              matching += pos_ok;
            }
          have_pos = arb_position_set_fen (&pos, line + 4, PERFT_FEN_FLAGS, &fen_error);
          pos_ok = have_pos;
          counted = !have_pos;
          if (!have_pos)
            fprintf (stderr, "%s:%u: %s: %s\n", path, i + 1, id ? id : "?", fen_error->message);
        }
      else if (g_str_has_prefix (line, "perft "))
        {
          guint depth;
          char *end;
          guint64 expected;
          guint64 nodes;
          ArbPosition copy;

          if (!have_pos)
            continue;
          if (sscanf (line + 6, "%u", &depth) != 1)
            {
              fprintf (stderr, _ ("%s:%u: cannot read the depth\n"), path, i + 1);
              pos_ok = FALSE;
              continue;
            }
          end = strchr (line + 6, ' ');
          expected = end ? g_ascii_strtoull (end + 1, NULL, 10) : 0;
          if (depth > max_depth)
            continue;

          copy = pos;
          nodes = arb_position_perft (&copy, depth);
          total_nodes += nodes;
          counted = TRUE;
          if (nodes != expected)
            {
              pos_ok = FALSE;
              /* Translators: a suite position whose count is wrong: its id,
               * the depth, the expected and the counted number of nodes */
              printf (_ ("MISMATCH %s depth %u: expected %llu, counted %llu\n"), id ? id : "?",
                      depth, (unsigned long long) expected, (unsigned long long) nodes);
            }
        }
    }
  if (have_pos && counted)
    {
      positions++;
      matching += pos_ok;
    }
  else if (!have_pos && counted)
    positions++;

  {
    double seconds = (g_get_monotonic_time () - start) / 1e6;

    fprintf (stderr, _ ("%llu nodes in %.2f s (%.1f Mnps)\n"), (unsigned long long) total_nodes,
             seconds, seconds > 0 ? total_nodes / seconds / 1e6 : 0.0);
  }
  fflush (stderr);
  printf (_ ("perft: %u of %u positions match\n"), matching, positions);
  return matching == positions ? 0 : 1;
}

int
arb_cli_perft (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FEN DEPTH"));
  g_autoptr (GError) error = NULL;
  g_autofree char *suite = NULL;
  g_autofree char *max_depth_text = NULL;
  const char *fen;
  const char *depth_text;
  guint max_depth = 20;
  gboolean divide = FALSE;
  ArbPosition pos;
  guint depth;
  GOptionEntry entries[] = {
    { "divide", 0, 0, G_OPTION_ARG_NONE, &divide,
      N_ ("Count the nodes below each legal move (UCI) and their sum"), NULL },
    { "suite", 0, 0, G_OPTION_ARG_FILENAME, &suite,
      /* Translators: keep the quoted keywords of the suite files as they are */
      N_ ("Check every 'perft D N' line of a suite file (blocks of 'id', 'epd', 'perft') "
          "instead"),
      N_ ("FILE") },
    { "max-depth", 0, 0, G_OPTION_ARG_STRING, &max_depth_text,
      N_ ("With --suite, skip the counts deeper than D (0 to 20)"), "D" },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context,
    /* Translators: keep startpos as it is */
    _ ("Counts the leaf nodes of the legal move tree of a position to DEPTH\n"
       "plies (0 to 20); the FEN may be startpos."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli perft: %s\n", error->message);
      return 2;
    }
  if (max_depth_text != NULL && !parse_depth (max_depth_text, &max_depth))
    {
      fprintf (stderr, _ ("arbiter-cli perft: '%s' is not a depth from 0 to 20\n"), max_depth_text);
      return 2;
    }
  if (suite != NULL && argc <= 3)
    return run_suite (suite, max_depth);
  if (argc != 3)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli perft [--divide] FEN DEPTH | arbiter-cli perft --suite FILE "
               "[--max-depth D]");
      return 2;
    }
  fen = argv[1];
  depth_text = argv[2];

  if (!parse_depth (depth_text, &depth))
    {
      fprintf (stderr, _ ("arbiter-cli perft: '%s' is not a depth from 0 to 20\n"), depth_text);
      return 2;
    }

  if (strcmp (fen, "startpos") == 0)
    fen = ARB_START_FEN;
  if (!arb_position_set_fen (&pos, fen, PERFT_FEN_FLAGS, &error))
    {
      fprintf (stderr, _ ("arbiter-cli perft: invalid FEN: %s\n"), error->message);
      return 2;
    }

  if (divide && depth > 0)
    {
      ArbMoveList list;
      guint64 total = 0;

      arb_position_legal_moves (&pos, &list);
      for (guint i = 0; i < list.n_moves; i++)
        {
          ArbUndo undo;
          char uci[6];
          guint64 nodes;

          arb_move_write_uci (&pos, list.moves[i], uci);
          arb_position_make_move (&pos, list.moves[i], &undo);
          nodes = arb_position_perft (&pos, depth - 1);
          arb_position_unmake_move (&pos, list.moves[i], &undo);
          printf ("%s: %" G_GUINT64_FORMAT "\n", uci, nodes);
          total += nodes;
        }
      printf ("%" G_GUINT64_FORMAT "\n", total);
      return 0;
    }

  printf ("%" G_GUINT64_FORMAT "\n", arb_position_perft (&pos, depth));
  return 0;
}
