/* cli-rule-print.c: what arbiter-cli rule prints, as text or --json
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include <json-glib/json-glib.h>

#include "arb-i18n.h"
#include "arb-laws.h"
#include "arb-ruling-wording.h"
#include "arb-stored-json.h"
#include "cli-rule-print.h"

static void
add_string (JsonBuilder *b, const char *key, const char *value)
{
  json_builder_set_member_name (b, key);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
add_clock (JsonBuilder *b, gint64 white_s, gint64 black_s)
{
  json_builder_set_member_name (b, "clock");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "white");
  json_builder_add_int_value (b, white_s);
  json_builder_set_member_name (b, "black");
  json_builder_add_int_value (b, black_s);
  json_builder_end_object (b);
}

static void
print_json (JsonBuilder *b)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  printf ("%s\n", text);
}

/* The --json contract: a summary, with the stored form under "ruling". */
void
arb_cli_rule_print_json (const ArbRuling *ruling)
{
  g_autofree char *stored = arb_ruling_to_json (ruling);
  g_autofree char *explanation = arb_ruling_wording_explanation (ruling);
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (JsonBuilder) b = json_builder_new ();
  ArbResult result = arb_ruling_get_result (ruling);
  int restore = arb_ruling_restore_ply (ruling);

  json_builder_begin_object (b);
  add_string (b, "kind", arb_ruling_kind_to_string (ruling->kind));
  json_builder_set_member_name (b, "edition");
  json_builder_add_int_value (b, ruling->edition);
  add_string (b, "category", arb_category_to_string (ruling->category));
  add_string (b, "decision", arb_decision_to_string (ruling->decision));
  add_string (b, "result", result == ARB_RESULT_ONGOING ? NULL : arb_result_to_string (result));
  add_clock (b, arb_ruling_time_delta (ruling, 0) / 1000, arb_ruling_time_delta (ruling, 1) / 1000);
  json_builder_set_member_name (b, "restore_ply");
  if (restore >= 0)
    json_builder_add_int_value (b, restore);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "articles");
  json_builder_begin_array (b);
  for (guint i = 0; i < ruling->citations->len; i++)
    json_builder_add_string_value (b, g_array_index (ruling->citations, ArbCitation, i).article);
  json_builder_end_array (b);
  add_string (b, "explanation", explanation);
  json_builder_set_member_name (b, "ruling");
  if (arb_stored_json_load (parser, stored, NULL))
    json_builder_add_value (b, json_node_copy (json_parser_get_root (parser)));
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  print_json (b);
}

void
arb_cli_rule_print_text (const ArbRuling *ruling, gboolean hide_sealed)
{
  g_autofree char *facts = arb_ruling_wording_facts (ruling);
  g_autofree char *explanation = arb_ruling_wording_explanation (ruling);
  g_autofree char *verdict = arb_ruling_wording_verdict (ruling);

  /* Translators: the kind of ruling, the edition of the Laws and the
   * category, e.g. "Illegal move (2023, standard)" */
  printf (_ ("%s (%d, %s)\n"), arb_ruling_wording_kind (ruling->kind), (int) ruling->edition,
          arb_ruling_wording_category (ruling->category));
  /* Translators: the labels of the ruling as text, in the reader's words
   * (--json gives the names a script reads) */
  printf (_ ("Facts: %s\n"), facts);
  printf (_ ("Decision: %s\n"), verdict);
  printf ("%s\n", explanation);
  if (ruling->effects->len > 0)
    printf ("%s\n", _ ("Effects:"));
  for (guint i = 0; i < ruling->effects->len; i++)
    {
      ArbEffect e = g_array_index (ruling->effects, ArbEffect, i);
      g_autofree char *line = NULL;

      /* The sealed move stays in its envelope on the screen too. */
      if (hide_sealed && e.kind == ARB_EFFECT_MAKE_SEALED_MOVE)
        e.text = (char *) _ ("(hidden)");
      line = arb_ruling_wording_effect (ruling, &e, NULL, NULL);
      printf ("  %s%s\n", line, e.optional ? _ (" (optional)") : "");
    }
  printf ("%s\n", _ ("Articles:"));
  for (guint i = 0; i < ruling->citations->len; i++)
    {
      const ArbCitation *c = &g_array_index (ruling->citations, ArbCitation, i);
      g_autofree char *english = arb_rule_article_english (ruling->edition, c->rule);
      g_autofree char *number = NULL;

      if (english != NULL && g_str_has_prefix (arb_i18n_get_language (), "en"))
        /* The English reader reads the English text's number first. */
        number = g_strdup_printf ("%s (%s in the Swedish text)", english, c->article);
      else if (english != NULL)
        /* Translators: an article of the national text with the number of
         * the same article in the English text of the Laws */
        number = g_strdup_printf (_ ("%s (English %s)"), c->article, english);
      else
        number = g_strdup (c->article);
      printf ("  %s%s — %s\n", number, c->verified ? "" : _ (" [number not verified]"),
              arb_ruling_wording_paraphrase (ruling, c));
    }
  if (ruling->envelope != NULL)
    {
      const char *sealed = hide_sealed                     ? _ ("(hidden)")
                           : ruling->envelope->sealed_move ? ruling->envelope->sealed_move
                                                           : _ ("(none)");

      /* Translators: the envelope of an adjourned game: the number of the
       * sealed move, who sealed it (white or black), the seconds each
       * player has used, the sealed move or "(hidden)" */
      printf (_ ("Envelope: move %d sealed by %s; time used %lld s / %lld s; sealed move %s\n"),
              ruling->envelope->move_number, arb_side_to_string (ruling->envelope->sealer),
              (long long) (ruling->envelope->white_used_ms / 1000),
              (long long) (ruling->envelope->black_used_ms / 1000), sealed);
    }
}

void
arb_cli_rule_print_penalties (const ArbEventSettings *event, gboolean json)
{
  g_autoptr (GArray) menu = arb_laws_penalty_menu (event->edition);
  const ArbLawsEdition *laws = arb_laws_edition_get (event->edition);
  const char *article = arb_rule_article (event->edition, ARB_RULE_PENALTIES);
  GString *out = g_string_new (NULL);

  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      g_autofree char *explanation =
        g_strdup_printf (ngettext ("The %u penalty the arbiter may impose.",
                                   "The %u penalties the arbiter may impose.", menu->len),
                         menu->len);

      /* The sentences follow the locale; the keys and ids never do. */
      json_builder_begin_object (b);
      add_string (b, "kind", "penalties");
      json_builder_set_member_name (b, "edition");
      json_builder_add_int_value (b, event->edition);
      add_string (b, "decision", NULL);
      add_string (b, "result", NULL);
      add_clock (b, 0, 0);
      add_string (b, "restore_ply", NULL);
      json_builder_set_member_name (b, "articles");
      json_builder_begin_array (b);
      json_builder_add_string_value (b, article);
      json_builder_end_array (b);
      add_string (b, "explanation", explanation);
      json_builder_set_member_name (b, "penalties");
      json_builder_begin_array (b);
      for (guint i = 0; i < menu->len; i++)
        {
          ArbPenalty p = g_array_index (menu, ArbPenalty, i);

          json_builder_begin_object (b);
          add_string (b, "id", arb_penalty_to_string (p));
          add_string (b, "article", laws->penalty_article[p]);
          add_string (b, "paraphrase", _ (arb_penalty_paraphrase (p)));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      print_json (b);
    }
  else
    {
      g_string_append_printf (out, _ ("Penalties (%s, %d edition):\n"), article,
                              (int) event->edition);
      for (guint i = 0; i < menu->len; i++)
        {
          ArbPenalty p = g_array_index (menu, ArbPenalty, i);
          g_string_append_printf (out, "  %-8s %-26s %s\n", laws->penalty_article[p],
                                  arb_penalty_to_string (p), _ (arb_penalty_paraphrase (p)));
        }
    }
  fputs (out->str, stdout);
  g_string_free (out, TRUE);
}
