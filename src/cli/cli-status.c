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
#include "arb-i18n.h"
#include "cli-commands.h"
#include "cli-json.h"

static int
usage (FILE *out)
{
  /* Translators: keep the command, its options and FEN as they are */
  fputs (_ ("Usage: arbiter-cli status [--json] [--chess960] FEN\n\n"
            "Tells how the FIDE Laws see a position: check, checkmate, stalemate,\n"
            "the legal moves in SAN, which side cannot checkmate by material\n"
            "(5.2.2, 6.9), an automatic end and the draws that may be claimed.\n"
            "The FEN may be one argument or its fields as separate arguments.\n"),
         out);
  return out == stdout ? 0 : 2;
}

/* The same in the text output, in the reader's language. */
static const char *
text_bool (gboolean value)
{
  return value ? C_ ("yes or no", "true") : C_ ("yes or no", "false");
}

int
arb_cli_status (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) fen_text = g_string_new (NULL);
  g_autoptr (ArbGameStatus) status = NULL;
  g_autoptr (GPtrArray) sans = g_ptr_array_new_with_free_func (g_free);
  ArbFenFlags fen_flags = ARB_FEN_FLAGS_NONE;
  gboolean json = FALSE;
  ArbPosition pos;
  ArbMoveList list;
  ArbGameEventKind end_kind;
  ArbDrawClaims claims;
  gboolean check, mate, stalemate, ended, white_cannot, black_cannot;
  char fen[ARB_FEN_MAX];

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--chess960") == 0)
        fen_flags |= ARB_FEN_CHESS960;
      else if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        return usage (stdout);
      else if (argv[i][0] == '-' && argv[i][1] == '-')
        return usage (stderr);
      else
        {
          if (fen_text->len > 0)
            g_string_append_c (fen_text, ' ');
          g_string_append (fen_text, argv[i]);
        }
    }
  if (fen_text->len == 0)
    return usage (stderr);

  if (!arb_position_set_fen (&pos, fen_text->str, fen_flags, &error))
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

  /* The position as a game of its own (ply 0) gives the automatic end and
   * the claims with the same rules as analyze. */
  status = arb_game_status_new (&pos);
  ended = arb_game_status_get_end (status, &end_kind, NULL);
  claims = arb_game_status_claims_now (status);
  arb_position_write_fen (&pos, fen_flags & ARB_FEN_CHESS960, fen);

  if (!json)
    {
      /* Translators: the labels of status's output, one per line; the
       * kinds of automatic end and of claim (checkmate, fifty, …) after
       * them are the names --json uses */
      printf (_ ("fen: %s\n"), fen);
      printf ("%s\n", pos.side_to_move == ARB_WHITE ? _ ("side to move: white")
                                                    : _ ("side to move: black"));
      printf (_ ("check: %s\ncheckmate: %s\nstalemate: %s\n"), text_bool (check), text_bool (mate),
              text_bool (stalemate));
      printf (_ ("legal moves (%u):"), sans->len);
      for (guint i = 0; i < sans->len; i++)
        printf (" %s", (const char *) sans->pdata[i]);
      printf ("\n");
      printf (_ ("cannot mate: white %s, black %s\n"), text_bool (white_cannot),
              text_bool (black_cannot));
      if (ended)
        printf (_ ("automatic end: %s (%s)\n"), arb_game_event_kind_to_string (end_kind),
                arb_game_event_kind_article (end_kind));
      else
        printf ("%s\n", _ ("automatic end: none"));
      if (claims == ARB_DRAW_CLAIM_NONE)
        printf ("%s\n", _ ("claimable now: none"));
      else
        printf (_ ("claimable now: %s\n"),
                claims & ARB_DRAW_CLAIM_FIFTY_MOVES ? "fifty (9.3)" : "");
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
    json_builder_set_member_name (b, "cannot_mate");
    json_builder_begin_object (b);
    arb_cli_json_add_bool (b, "white", white_cannot);
    arb_cli_json_add_bool (b, "black", black_cannot);
    json_builder_end_object (b);
    arb_cli_json_add_bool (b, "dead_position", white_cannot && black_cannot);
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
