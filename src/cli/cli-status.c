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

static int
usage (FILE *out)
{
  /* Translators: keep the command, its options, FEN and the verdict words
   * (can-mate, cannot-mate, undetermined) as they are */
  fputs (_ ("Usage: arbiter-cli status [--json] [--chess960] [--budget N] [--seventy-five] FEN\n"
            "       arbiter-cli status [OPTIONS] -\n\n"
            "Tells how the FIDE Laws see a position: check, checkmate, stalemate,\n"
            "the legal moves in SAN, which side cannot checkmate by material, and\n"
            "for each side whether it can still mate by any series of legal moves\n"
            "(5.2.2, 6.9): can-mate with a helpmate line, cannot-mate (proven),\n"
            "or undetermined when the search's budget (N nodes per side) runs\n"
            "out; then an automatic end and the draws that may be claimed.\n"
            "--seventy-five bounds the series by the 75-move rule (9.6.2).\n"
            "The FEN may be one argument or its fields as separate arguments;\n"
            "with '-' FENs are read from standard input, one per line, and each\n"
            "gets its own answer (with --json, one JSON object per line).\n"),
         out);
  return out == stdout ? 0 : 2;
}

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

int
arb_cli_status (int argc, char **argv)
{
  g_autoptr (GString) fen_text = g_string_new (NULL);
  StatusRun run = { 0 };
  gboolean from_stdin = FALSE;
  int status = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        run.json = TRUE;
      else if (strcmp (argv[i], "--chess960") == 0)
        run.fen_flags |= ARB_FEN_CHESS960;
      else if (strcmp (argv[i], "--seventy-five") == 0)
        run.options.seventy_five_moves = TRUE;
      else if (strcmp (argv[i], "--budget") == 0)
        {
          char *end = NULL;

          if (i + 1 >= argc)
            return usage (stderr);
          run.options.node_budget = g_ascii_strtoull (argv[i + 1], &end, 10);
          if (end == argv[i + 1] || *end != '\0')
            return usage (stderr);
          i++;
        }
      else if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        return usage (stdout);
      else if (strcmp (argv[i], "-") == 0)
        from_stdin = TRUE;
      else if (argv[i][0] == '-' && argv[i][1] == '-')
        return usage (stderr);
      else
        {
          if (fen_text->len > 0)
            g_string_append_c (fen_text, ' ');
          g_string_append (fen_text, argv[i]);
        }
    }
  if ((fen_text->len == 0) == !from_stdin)
    return usage (stderr);

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
