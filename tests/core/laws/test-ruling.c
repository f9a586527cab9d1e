/* test-ruling.c: rulings as stored values, results the Laws allow, JSON
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-stored-json.h"
#include "arb-laws.h"

/* --- results ---------------------------------------------------------- */

static void
test_result_strings (void)
{
  /* The strings of the brief, each with its half points. */
  static const struct
  {
    const char *text;
    guint white, black;
    gboolean forfeit;
  } allowed[] = {
    { "1-0", 2, 0, FALSE },   { "0-1", 0, 2, FALSE }, { "1/2-1/2", 1, 1, FALSE },
    { "*", 0, 0, FALSE },     { "0-0", 0, 0, FALSE }, { "1/2-0", 1, 0, FALSE },
    { "0-1/2", 0, 1, FALSE }, { "+/-", 2, 0, TRUE },  { "-/+", 0, 2, TRUE },
    { "--", 0, 0, TRUE },
  };
  static const char *const refused[] = {
    "3/4-1/4", "1/4-3/4", "1-1", "1/2-1", "½-½", "1–0", "", "1-0 ", "2-0", "0-0-0",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (allowed); i++)
    {
      ArbResult result;
      guint w, b;

      g_assert_true (arb_result_from_string (allowed[i].text, &result));
      g_assert_cmpstr (arb_result_to_string (result), ==, allowed[i].text);
      arb_result_half_points (result, &w, &b);
      g_assert_cmpuint (w, ==, allowed[i].white);
      g_assert_cmpuint (b, ==, allowed[i].black);
      g_assert_cmpint (arb_result_is_forfeit (result), ==, allowed[i].forfeit);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      ArbResult result = ARB_RESULT_DRAW;

      g_assert_false (arb_result_from_string (refused[i], &result));
      g_assert_cmpint (result, ==, ARB_RESULT_DRAW);
    }
}

static void
test_result_half_points (void)
{
  ArbResult result;

  /* 2018 10.2 (seed-002 L611-614): never above the maximum. */
  g_assert_false (arb_result_from_half_points (2, 1, &result));
  g_assert_false (arb_result_from_half_points (1, 2, &result));
  g_assert_false (arb_result_from_half_points (2, 2, &result));
  g_assert_false (arb_result_from_half_points (3, 0, &result));
  g_assert_true (arb_result_from_half_points (1, 0, &result));
  g_assert_cmpstr (arb_result_to_string (result), ==, "1/2-0");
  g_assert_true (arb_result_from_half_points (0, 0, &result));
  g_assert_cmpstr (arb_result_to_string (result), ==, "0-0");
  g_assert_true (arb_result_from_half_points (1, 1, &result));
  g_assert_cmpstr (arb_result_to_string (result), ==, "1/2-1/2");
}

/* --- stored JSON ------------------------------------------------------ */

static void
test_json_parse (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root;
  JsonArray *a;

  g_assert_true (arb_stored_json_load (
    parser, " {\"a\": [1, -2, true, null], \"b\": \"x\\n\\u00e5\\ud83d\\ude00\"} ", &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  a = json_object_get_array_member (root, "a");
  g_assert_cmpuint (json_array_get_length (a), ==, 4);
  g_assert_cmpint (json_array_get_int_element (a, 1), ==, -2);
  g_assert_cmpstr (json_object_get_string_member (root, "b"), ==, "x\nå😀");
}

static void
test_json_errors (void)
{
  static const char *const bad[] = {
    "{\"a\":\n  tru}", "[1, 2", "{\"a\" 1}", "\"abc", "{} x", "Sk\xe5k",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonParser) parser = json_parser_new ();

      g_assert_false (arb_stored_json_load (parser, bad[i], &error));
      g_assert_error (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SYNTAX);
    }

  /* Deep nesting is refused, not recursed into: json-glib 1.6 overflows
   * the stack on 100,000 levels. Brackets inside strings do not count. */
  for (int n = 65; n <= 200000; n *= 40)
    {
      g_autoptr (GString) deep = g_string_new (NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (ArbRuling) ruling = NULL;

      for (int i = 0; i < n; i++)
        g_string_append_c (deep, i % 2 ? '[' : '{');
      g_assert_false (arb_stored_json_load (parser, deep->str, &error));
      g_assert_error (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SYNTAX);
      g_assert_nonnull (strstr (error->message, "nested more than 64 deep"));
      g_clear_error (&error);
      ruling = arb_ruling_from_json (deep->str, &error);
      g_assert_null (ruling);
      g_assert_error (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SYNTAX);
    }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (JsonParser) parser = json_parser_new ();

    g_assert_true (arb_stored_json_load (parser,
                                         "[[[\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
                                         "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\\"\"]]]",
                                         &error));
    g_assert_no_error (error);
  }
}

/* --- ruling round trips ---------------------------------------------- */

static GPtrArray *
sample_rulings (void)
{
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_ruling_free);
  ArbEventSettings event;

  arb_event_settings_init (&event, ARB_EDITION_2018, ARB_CATEGORY_STANDARD);
  {
    ArbIllegalMoveFacts f = { .by = 0, .ply_before = 12, .last_identifiable_ply = -1 };
    g_ptr_array_add (all, arb_laws_illegal_move (&event, &f));
    f.previous_count = 1;
    g_ptr_array_add (all, arb_laws_illegal_move (&event, &f));
  }
  {
    ArbDrawClaimFacts f = {
      .by = 1, .kind = ARB_CLAIM_FIFTY, .written_move = "Kf7 \"quoted\"\\", .correct = FALSE
    };
    g_ptr_array_add (all, arb_laws_draw_claim (&event, &f));
  }
  {
    ArbSealFacts f = { .sealer = 1,
                       .white = "Åsa Ström",
                       .black = "Bjørn",
                       .fen_before = "8/8/8/8/8/8/8/K6k b - - 0 60",
                       .move_number = 60,
                       .sealed_move = "Kg2",
                       .white_used_ms = 7200000,
                       .black_used_ms = 6900123,
                       .draw_offer_by = ARB_COLOR_NONE,
                       .resumption = "Sunday 10:00" };
    ArbRuling *seal = arb_laws_seal_move (&event, &f);
    ArbResumeFacts r = { .envelope = seal->envelope,
                         .ply = 119,
                         .validity = ARB_SEALED_AMBIGUOUS,
                         .sealer_present = TRUE,
                         .replier_present = TRUE,
                         .position_reconstructible = TRUE };

    g_ptr_array_add (all, seal);
    g_ptr_array_add (all, arb_laws_resume (&event, &r));
  }
  arb_event_settings_init (&event, ARB_EDITION_2001, ARB_CATEGORY_STANDARD);
  {
    ArbDrawClaimFacts f = { .by = 0, .kind = ARB_CLAIM_THREEFOLD, .claimant_remaining_ms = 600000 };
    g_ptr_array_add (all, arb_laws_draw_claim (&event, &f));
  }
  {
    ArbQuickplayFacts f = { .by = 0,
                            .claimant_remaining_ms = 90000,
                            .in_quickplay_finish = TRUE,
                            .arbiter_present = TRUE,
                            .verdict = ARB_QUICKPLAY_POSTPONE,
                            .postpone_extra_time = TRUE };
    g_ptr_array_add (all, arb_laws_quickplay_claim (&event, &f));
  }
  arb_event_settings_init (&event, ARB_EDITION_2009, ARB_CATEGORY_STANDARD);
  {
    ArbDeviceFacts f = { .by = 1, .sounded = TRUE, .opponent_cannot_mate = TRUE };
    g_ptr_array_add (all, arb_laws_device (&event, &f));
  }
  {
    ArbLateFacts f = { .by = ARB_COLOR_NONE, .late_ms = 5000, .neither_present_at_start = TRUE };
    g_ptr_array_add (all, arb_laws_late_arrival (&event, &f));
  }
  {
    ArbPenaltyFacts f = { .penalty = ARB_PENALTY_EXPEL, .by = 0, .text = "persistent refusal" };
    g_ptr_array_add (all, arb_laws_penalty (&event, &f));
  }
  arb_event_settings_init (&event, ARB_EDITION_2023, ARB_CATEGORY_RAPID);
  g_ptr_array_add (all, arb_laws_resign (&event, 0, TRUE));
  {
    ArbRuling *noted = arb_laws_automatic_draw (&event, ARB_AUTOMATIC_FIVEFOLD, FALSE);
    arb_ruling_set_note (noted, "players warned\tline two\n");
    /* Not UTF-8 (a Latin-1 name): stored as U+FFFD so it reads back. */
    arb_ruling_set_fact_text (noted, "text", "Fivefold for J\xf6rgen.");
    g_ptr_array_add (all, noted);
  }
  return all;
}

static void
test_round_trip (void)
{
  g_autoptr (GPtrArray) all = sample_rulings ();

  for (guint i = 0; i < all->len; i++)
    {
      const ArbRuling *ruling = g_ptr_array_index (all, i);
      g_autofree char *json = arb_ruling_to_json (ruling);
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbRuling) back = arb_ruling_from_json (json, &error);
      g_autofree char *again = NULL;
      g_autoptr (ArbRuling) copy = arb_ruling_copy (ruling);
      g_autofree char *copied = arb_ruling_to_json (copy);

      g_assert_no_error (error);
      g_assert_nonnull (back);
      again = arb_ruling_to_json (back);
      g_assert_cmpstr (again, ==, json);
      g_assert_cmpstr (copied, ==, json);
      g_assert_cmpint (back->kind, ==, ruling->kind);
      g_assert_cmpint (back->decision, ==, ruling->decision);
      g_assert_cmpint (arb_ruling_get_result (back), ==, arb_ruling_get_result (ruling));
      g_assert_cmpuint (back->effects->len, ==, ruling->effects->len);
      g_assert_cmpuint (back->citations->len, ==, ruling->citations->len);
    }
}

static void
test_stable_form (void)
{
  ArbEventSettings event;
  ArbIllegalMoveFacts f = { .by = 1, .ply_before = 7, .last_identifiable_ply = -1 };
  g_autoptr (ArbRuling) ruling = NULL;
  g_autofree char *json = NULL;
  g_autofree char *articles = NULL;

  arb_event_settings_init (&event, ARB_EDITION_2018, ARB_CATEGORY_BLITZ);
  ruling = arb_laws_illegal_move (&event, &f);
  json = arb_ruling_to_json (ruling);
  /* The stored names and shape (what storage keeps): checked literally. */
  g_assert_true (g_str_has_prefix (
    json, "{\"version\":2,\"kind\":\"illegal-move\",\"edition\":2018,"
          "\"category\":\"blitz\",\"by\":\"black\",\"decision\":\"time-penalty\","
          "\"result\":null,\"reason\":\"illegal-penalty\",\"facts\":{"
          "\"illegal_kind\":\"ordinary\",\"previous_count\":0,\"ply_before\":7,"));
  g_assert_nonnull (
    strstr (json, "{\"type\":\"illegal-count\",\"side\":\"black\",\"count\":1,\"limit\":2}"));
  g_assert_nonnull (strstr (json, "{\"type\":\"add-time\",\"side\":\"white\",\"ms\":60000}"));
  g_assert_nonnull (strstr (json, "{\"type\":\"restore-position\",\"ply\":7}"));
  articles = arb_ruling_articles_text (ruling);
  g_assert_cmpstr (articles, ==, "7.5.1, 7.5.5, 7.1, 4.3, 4.7, B.2");
}

static void
test_from_json_rejects (void)
{
  static const struct
  {
    const char *json;
    const char *message;
  } bad[] = {
    { "[]", "object" },
    { "{\"version\":3}", "version" },
    { "{\"version\":2,\"kind\":\"resignation\",\"edition\":2018,\"category\":\"standard\",\"decision\":\"loss\","
      "\"reason\":\"because\",\"effects\":[],\"citations\":[]}",
      "reason" },
    { "{\"version\":2,\"kind\":\"resignation\",\"edition\":2018,\"category\":\"standard\",\"decision\":\"loss\","
      "\"reason\":\"resign-loss\",\"facts\":{\"x\":[1]},\"effects\":[],\"citations\":[]}",
      "fact" },
    { "{\"version\":1,\"kind\":\"nap\"}", "kind" },
    { "{\"version\":1,\"kind\":\"resignation\",\"edition\":2010,\"category\":\"standard\"}",
      "edition" },
    { "{\"version\":1,\"kind\":\"resignation\",\"edition\":2018,\"category\":\"bullet\"}",
      "category" },
    { "{\"version\":1,\"kind\":\"resignation\",\"edition\":2018,\"category\":\"standard\",\"by\":\"red\"}",
      "'by'" },
    { "{\"version\":1,\"kind\":\"resignation\",\"edition\":2018,\"category\":\"standard\",\"decision\":\"loss\","
      "\"effects\":[{\"type\":\"set-result\",\"result\":\"3/4-1/4\"}],\"citations\":[]}",
      "Laws do not allow" },
    { "{\"version\":1,\"kind\":\"resignation\",\"edition\":2018,\"category\":\"standard\",\"decision\":\"loss\","
      "\"result\":\"1-0\",\"effects\":[{\"type\":\"set-result\",\"result\":\"0-1\"}],\"citations\":[]}",
      "does not match" },
    { "{\"version\":1,\"kind\":\"resignation\",\"edition\":2018,\"category\":\"standard\",\"decision\":\"loss\","
      "\"result\":\"3/4-1/4\",\"effects\":[],\"citations\":[]}",
      "Laws allow" },
    { "{\"version\":1,\"kind\":\"illegal-move\",\"edition\":2018,\"category\":\"standard\",\"decision\":\"play-on\","
      "\"effects\":[{\"type\":\"illegal-count\",\"count\":3,\"limit\":2}],\"citations\":[]}",
      "count" },
    { "{\"version\":1,\"kind\":\"illegal-move\",\"edition\":2018,\"category\":\"standard\",\"decision\":\"play-on\","
      "\"effects\":[{\"type\":\"teleport\"}],\"citations\":[]}",
      "unknown type" },
    { "{\"version\":1,\"kind\":\"seal\",\"edition\":2018,\"category\":\"standard\",\"decision\":\"sealed\","
      "\"effects\":[],\"citations\":[],\"envelope\":{\"sealer\":\"white\"}}",
      "envelope" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ArbRuling) ruling = arb_ruling_from_json (bad[i].json, &error);

      g_assert_null (ruling);
      g_assert_nonnull (error);
      if (strstr (error->message, bad[i].message) == NULL)
        g_error ("case %" G_GSIZE_FORMAT ": expected '%s' in '%s'", i, bad[i].message,
                 error->message);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/laws/ruling/result-strings", test_result_strings);
  g_test_add_func ("/laws/ruling/result-half-points", test_result_half_points);
  g_test_add_func ("/laws/ruling/json-parse", test_json_parse);
  g_test_add_func ("/laws/ruling/json-errors", test_json_errors);
  g_test_add_func ("/laws/ruling/json-round-trip", test_round_trip);
  g_test_add_func ("/laws/ruling/json-stable-form", test_stable_form);
  g_test_add_func ("/laws/ruling/json-rejects", test_from_json_rejects);

  return g_test_run ();
}
