/* cli-status.c: arbiter-cli status
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-game-status.h"
#include "arb-material.h"
#include "arb-position.h"
#include "arb-san.h"
#include "arb-unwinnable.h"
#include "arb-i18n.h"
#include "cli-commands.h"
#include "cli-json.h"
#include "cli-words.h"

/* The same in the text output, in the reader's language. */
static const char *
text_bool (gboolean value)
{
  return value ? C_ ("yes or no", "true") : C_ ("yes or no", "false");
}

typedef struct
{
  ArbFenFlags fen_flags;
  gboolean json;
  ArbUnwinnableOptions options;
  ArbUnwinnable *search;
  ArbUnwinnableResult result[2];
} StatusRun;

static void
add_mate (JsonBuilder *b, const ArbUnwinnableResult *r, const ArbPosition *pos, const char *name)
{
  const char *proof = arb_unwinnable_proof_to_string (r->proof);
  g_autofree char *line = arb_unwinnable_line_to_san (pos, r->line, r->line_length);

  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  arb_cli_json_add_string (b, "verdict", arb_unwinnable_verdict_to_string (r->verdict));
  if (proof != NULL)
    arb_cli_json_add_string (b, "proof", proof);
  if (r->verdict == ARB_UNWINNABLE_CAN_MATE)
    {
      arb_cli_json_add_string (b, "line", line);
      arb_cli_json_add_bool (b, "line_complete", r->line_complete);
    }
  else if (r->verdict == ARB_UNWINNABLE_UNDETERMINED && r->line_length > 0)
    arb_cli_json_add_string (b, "best_attempt", line);
  arb_cli_json_add_int (b, "nodes", (gint64) r->nodes);
  json_builder_end_object (b);
}

/* The search's verdict for SIDE in words, the mating line in the reader's
 * letters: "white: can mate (80.Kd3 …)", "black: cannot mate (proven by
 * the material)". */
static void
append_mate_text (GString *out, const ArbPosition *pos, ArbColor side, const ArbUnwinnableResult *r)
{
  g_string_append_printf (out, "%s: %s", arb_cli_side_word (side),
                          arb_cli_verdict_word (r->verdict));
  if (r->verdict == ARB_UNWINNABLE_CAN_MATE)
    {
      g_autofree char *line = arb_unwinnable_line_to_san (pos, r->line, r->line_length);
      g_autofree char *local = arb_cli_local_san (line);

      g_string_append_printf (out, " (%s)", local);
    }
  else if (r->verdict == ARB_UNWINNABLE_CANNOT_MATE && arb_cli_proof_word (r->proof) != NULL)
    /* Translators: what a cannot-mate verdict rests on: " (proven by the material)" */
    g_string_append_printf (out, _ (" (proven by %s)"), arb_cli_proof_word (r->proof));
  g_string_append (out, side == ARB_WHITE ? ", " : "");
}

static void
print_legal_moves (GPtrArray *sans)
{
  printf (_ ("legal moves (%u):"), sans->len);
  for (guint i = 0; i < sans->len; i++)
    {
      g_autofree char *local = arb_cli_local_san (sans->pdata[i]);

      printf (" %s", local);
    }
  printf ("\n");
}

static int
status_one (StatusRun *run, const char *fen_text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGameStatus) status = NULL;
  g_autoptr (GPtrArray) sans = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) mate_text = g_string_new (NULL);
  ArbFenFlags fen_flags = run->fen_flags;
  gboolean json = run->json;
  ArbPosition pos;
  ArbMoveList list;
  ArbGameEventKind end_kind;
  ArbDrawClaims claims;
  gboolean check, mate, stalemate, ended, white_cannot, black_cannot;
  ArbUnwinnableVerdict verdicts[2];
  char fen[ARB_FEN_MAX];

  if (!arb_position_set_fen (&pos, fen_text, fen_flags, &error))
    {
      if (json)
        {
          g_autoptr (JsonBuilder) b = json_builder_new ();

          json_builder_begin_object (b);
          arb_cli_json_add_string (b, "error", error->message);
          json_builder_end_object (b);
          arb_cli_json_print (b);
        }
      else
        fprintf (stderr, "arbiter-cli status: %s\n", error->message);
      return 1;
    }

  check = arb_position_in_check (&pos);
  mate = arb_position_is_checkmate (&pos);
  stalemate = arb_position_is_stalemate (&pos);
  white_cannot = arb_position_cannot_mate (&pos, ARB_WHITE);
  black_cannot = arb_position_cannot_mate (&pos, ARB_BLACK);
  arb_position_legal_moves (&pos, &list);
  for (guint i = 0; i < list.n_moves; i++)
    {
      char san[ARB_SAN_MAX];

      arb_san_write (&pos, list.moves[i], san);
      g_ptr_array_add (sans, g_strdup (san));
    }

  /* Who can still mate, by the search: JSON and text built side by side. */
  for (ArbColor side = ARB_WHITE; side <= ARB_BLACK; side++)
    {
      ArbUnwinnableResult *r = &run->result[side];

      arb_unwinnable_decide (run->search, &pos, side, &run->options, r);
      verdicts[side] = r->verdict;
      append_mate_text (mate_text, &pos, side, r);
    }

  /* The position as a game of its own (ply 0) gives the automatic end and
   * the claims with the same rules as analyze. */
  status = arb_game_status_new (&pos);
  arb_game_status_set_dead_search (
    status, run->options.node_budget ? run->options.node_budget : ARB_UNWINNABLE_DEFAULT_BUDGET);
  ended = arb_game_status_get_end (status, &end_kind, NULL);
  claims = arb_game_status_claims_now (status);
  arb_position_write_fen (&pos, fen_flags & ARB_FEN_CHESS960, fen);

  if (!json)
    {
      /* Translators: the labels of status's output, one per line */
      printf (_ ("fen: %s\n"), fen);
      printf ("%s\n", pos.side_to_move == ARB_WHITE ? _ ("side to move: white")
                                                    : _ ("side to move: black"));
      printf (_ ("check: %s\ncheckmate: %s\nstalemate: %s\n"), text_bool (check), text_bool (mate),
              text_bool (stalemate));
      print_legal_moves (sans);
      /* Translators: the material test alone (neither side has the pieces
       * to mate); the verdict of the search is the next line */
      printf (_ ("insufficient material: white %s, black %s\n"), text_bool (white_cannot),
              text_bool (black_cannot));
      printf (_ ("mate by any series of legal moves: %s\n"), mate_text->str);
      if (ended)
        printf (_ ("automatic end: %s (%s)\n"), arb_cli_event_word (end_kind),
                arb_game_event_kind_article (end_kind));
      else
        printf ("%s\n", _ ("automatic end: none"));
      if (claims == ARB_DRAW_CLAIM_NONE)
        printf ("%s\n", _ ("claimable now: none"));
      else
        {
          g_autofree char *what =
            claims & ARB_DRAW_CLAIM_FIFTY_MOVES
              ? g_strdup_printf ("%s (9.3)", arb_cli_event_word (ARB_GAME_EVENT_FIFTY))
              : g_strdup ("");

          printf (_ ("claimable now: %s\n"), what);
        }
      return 0;
    }

  {
    g_autoptr (JsonBuilder) b = json_builder_new ();

    json_builder_begin_object (b);
    arb_cli_json_add_string (b, "fen", fen);
    arb_cli_json_add_string (b, "side_to_move", pos.side_to_move == ARB_WHITE ? "white" : "black");
    arb_cli_json_add_bool (b, "check", check);
    arb_cli_json_add_bool (b, "checkmate", mate);
    arb_cli_json_add_bool (b, "stalemate", stalemate);
    json_builder_set_member_name (b, "legal_moves");
    json_builder_begin_array (b);
    for (guint i = 0; i < sans->len; i++)
      arb_cli_json_add_string (b, NULL, sans->pdata[i]);
    json_builder_end_array (b);
    /* The material test alone: a side without the pieces to mate. Who
     * cannot mate by any series of legal moves is "mate" below, and
     * "dead_position" follows from it (5.2.2). */
    json_builder_set_member_name (b, "insufficient_material");
    json_builder_begin_object (b);
    arb_cli_json_add_bool (b, "white", white_cannot);
    arb_cli_json_add_bool (b, "black", black_cannot);
    json_builder_end_object (b);
    /* Who can still mate by any series of legal moves, by the search. */
    json_builder_set_member_name (b, "mate");
    json_builder_begin_object (b);
    add_mate (b, &run->result[ARB_WHITE], &pos, "white");
    add_mate (b, &run->result[ARB_BLACK], &pos, "black");
    json_builder_end_object (b);
    arb_cli_json_add_bool (b, "dead_position",
                           verdicts[ARB_WHITE] == ARB_UNWINNABLE_CANNOT_MATE &&
                             verdicts[ARB_BLACK] == ARB_UNWINNABLE_CANNOT_MATE);
    arb_cli_json_add_int (b, "halfmove_clock", pos.halfmove_clock);
    if (ended)
      {
        json_builder_set_member_name (b, "end");
        json_builder_begin_object (b);
        arb_cli_json_add_string (b, "kind", arb_game_event_kind_to_string (end_kind));
        arb_cli_json_add_string (b, "article", arb_game_event_kind_article (end_kind));
        json_builder_end_object (b);
      }
    else
      arb_cli_json_add_null (b, "end");
    /* A lone position has no history, so only the 50-move claim can apply. */
    json_builder_set_member_name (b, "claims");
    json_builder_begin_array (b);
    if (claims & ARB_DRAW_CLAIM_FIFTY_MOVES)
      arb_cli_json_add_string (b, NULL, "fifty");
    json_builder_end_array (b);
    json_builder_end_object (b);
    arb_cli_json_print (b);
  }
  return 0;
}

/* A node budget as typed: digits only. */
static gboolean
parse_budget (const char *text, guint64 *budget)
{
  char *end = NULL;

  *budget = g_ascii_strtoull (text, &end, 10);
  return end != text && *end == '\0';
}

int
arb_cli_status (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FEN | -"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) fen_text = g_string_new (NULL);
  g_autofree char *budget = NULL;
  StatusRun run = { 0 };
  gboolean chess960 = FALSE;
  gboolean from_stdin;
  int status = 0;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &run.json,
      N_ ("One JSON object per position (per line with -)"), NULL },
    { "chess960", 0, 0, G_OPTION_ARG_NONE, &chess960,
      N_ ("Read and write Chess960 castling rights"), NULL },
    { "budget", 0, 0, G_OPTION_ARG_STRING, &budget,
      N_ ("Nodes per side the search for a mate may visit"), "N" },
    { "seventy-five", 0, 0, G_OPTION_ARG_NONE, &run.options.seventy_five_moves,
      N_ ("Bound the series of moves by the 75-move rule (9.6.2)"), NULL },
    { NULL },
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
    context,
    /* Translators: keep the verdict words (can-mate, cannot-mate,
     * undetermined) and the '-' as they are */
    _ ("Tells how the FIDE Laws see a position: check, checkmate, stalemate,\n"
       "the legal moves in SAN, which side cannot checkmate by material, and\n"
       "for each side whether it can still mate by any series of legal moves\n"
       "(5.2.2, 6.9): can-mate with a helpmate line, cannot-mate (proven),\n"
       "or undetermined when the search's budget (N nodes per side) runs\n"
       "out; then an automatic end and the draws that may be claimed.\n"
       "The FEN may be one argument or its fields as separate arguments;\n"
       "with '-' FENs are read from standard input, one per line, and each\n"
       "gets its own answer."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arbiter-cli status: %s\n", error->message);
      return 2;
    }
  if (budget != NULL && !parse_budget (budget, &run.options.node_budget))
    {
      /* Translators: keep --budget as it is; %s is what was typed */
      fprintf (stderr, _ ("arbiter-cli status: --budget takes a number of nodes, not '%s'\n"),
               budget);
      return 2;
    }
  if (chess960)
    run.fen_flags |= ARB_FEN_CHESS960;
  /* A lone '-' is standard input; among other arguments it is a FEN field
   * (no castling, no en passant square). */
  from_stdin = argc == 2 && strcmp (argv[1], "-") == 0;
  for (int i = 1; i < argc && !from_stdin; i++)
    {
      if (fen_text->len > 0)
        g_string_append_c (fen_text, ' ');
      g_string_append (fen_text, argv[i]);
    }
  if (fen_text->len == 0 && !from_stdin)
    {
      fprintf (stderr, _ ("Usage: %s\n"),
               "arbiter-cli status [--json] [--chess960] [--budget N] [--seventy-five] FEN | -");
      return 2;
    }

  run.search = arb_unwinnable_new ();
  if (!from_stdin)
    status = status_one (&run, fen_text->str);
  else
    {
      char buf[4096];

      /* One answer per line, flushed at once, so that a caller can feed
       * positions and read answers in step. */
      while (fgets (buf, sizeof buf, stdin) != NULL)
        {
          g_strstrip (buf);
          if (buf[0] == '\0')
            continue;
          if (status_one (&run, buf) != 0)
            status = 1;
          fflush (stdout);
        }
    }
  arb_unwinnable_free (run.search);
  return status;
}
