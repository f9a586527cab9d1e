/* test-chess-names.c: the names files and JSON give the chess enums
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-color.h"
#include "arb-edition.h"
#include "arb-game-status.h"
#include "arb-test-utils.h"
#include "arb-unwinnable.h"

/* The names are stored in tournament files and written in analyze's JSON;
 * they are spelt out here as the files hold them, so that a changed nick
 * fails. */

static void
test_color (void)
{
  ArbColor color = ARB_COLOR_NONE;

  g_assert_cmpstr (arb_color_to_string (ARB_WHITE), ==, "white");
  g_assert_cmpstr (arb_color_to_string (ARB_BLACK), ==, "black");
  g_assert_null (arb_color_to_string (ARB_COLOR_NONE));
  g_assert_null (arb_color_to_string ((ArbColor) 7));

  g_assert_true (arb_color_from_string ("black", &color));
  g_assert_cmpint (color, ==, ARB_BLACK);
  g_assert_true (arb_color_from_string ("white", &color));
  g_assert_cmpint (color, ==, ARB_WHITE);
  /* No side is never read, nor another spelling; the colour stays. */
  g_assert_false (arb_color_from_string ("none", &color));
  g_assert_false (arb_color_from_string ("color-none", &color));
  g_assert_false (arb_color_from_string ("White", &color));
  g_assert_false (arb_color_from_string ("", &color));
  g_assert_false (arb_color_from_string (NULL, &color));
  g_assert_cmpint (color, ==, ARB_WHITE);
}

static void
test_unwinnable (void)
{
  g_assert_cmpstr (arb_unwinnable_verdict_to_string (ARB_UNWINNABLE_UNDETERMINED), ==,
                   "undetermined");
  g_assert_cmpstr (arb_unwinnable_verdict_to_string (ARB_UNWINNABLE_CAN_MATE), ==, "can-mate");
  g_assert_cmpstr (arb_unwinnable_verdict_to_string (ARB_UNWINNABLE_CANNOT_MATE), ==,
                   "cannot-mate");
  /* A value the enum lacks reads as undecided, without a warning. */
  g_assert_cmpstr (arb_unwinnable_verdict_to_string ((ArbUnwinnableVerdict) 40), ==,
                   "undetermined");

  g_assert_null (arb_unwinnable_proof_to_string (ARB_UNWINNABLE_BY_NONE));
  g_assert_cmpstr (arb_unwinnable_proof_to_string (ARB_UNWINNABLE_BY_POSITION), ==, "position");
  g_assert_cmpstr (arb_unwinnable_proof_to_string (ARB_UNWINNABLE_BY_MATERIAL), ==, "material");
  g_assert_cmpstr (arb_unwinnable_proof_to_string (ARB_UNWINNABLE_BY_PAWN_WALL), ==, "pawn-wall");
  g_assert_cmpstr (arb_unwinnable_proof_to_string (ARB_UNWINNABLE_BY_SEARCH), ==, "search");
  g_assert_cmpstr (arb_unwinnable_proof_to_string (ARB_UNWINNABLE_BY_SEVENTY_FIVE_MOVES), ==,
                   "seventy-five-moves");
  g_assert_null (arb_unwinnable_proof_to_string ((ArbUnwinnableProof) 40));
}

static void
test_category (void)
{
  g_assert_cmpstr (arb_category_to_string (ARB_CATEGORY_STANDARD), ==, "standard");
  g_assert_cmpstr (arb_category_to_string (ARB_CATEGORY_RAPID), ==, "rapid");
  g_assert_cmpstr (arb_category_to_string (ARB_CATEGORY_BLITZ), ==, "blitz");

  g_test_expect_message (NULL, G_LOG_LEVEL_CRITICAL, "*category_known*");
  g_assert_cmpstr (arb_category_to_string ((ArbCategory) 9), ==, "unknown");
  g_test_assert_expected_messages ();
}

static void
test_game_event (void)
{
  static const struct
  {
    ArbGameEventKind kind;
    const char *name;
  } cases[] = {
    { ARB_GAME_EVENT_THREEFOLD, "threefold" },
    { ARB_GAME_EVENT_FIVEFOLD, "fivefold" },
    { ARB_GAME_EVENT_FIFTY, "fifty" },
    { ARB_GAME_EVENT_SEVENTY_FIVE, "seventyfive" },
    { ARB_GAME_EVENT_CHECKMATE, "checkmate" },
    { ARB_GAME_EVENT_STALEMATE, "stalemate" },
    { ARB_GAME_EVENT_DEAD_POSITION, "dead-position" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (arb_game_event_kind_to_string (cases[i].kind), ==, cases[i].name);

  g_test_expect_message (NULL, G_LOG_LEVEL_CRITICAL, "*kind_known*");
  g_assert_cmpstr (arb_game_event_kind_to_string ((ArbGameEventKind) 30), ==, "unknown");
  g_test_assert_expected_messages ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chess/names/color", test_color);
  g_test_add_func ("/chess/names/unwinnable", test_unwinnable);
  g_test_add_func ("/chess/names/category", test_category);
  g_test_add_func ("/chess/names/game-event", test_game_event);
  return g_test_run ();
}
