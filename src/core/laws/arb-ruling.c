/* arb-ruling.c
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "arb-enum-nick.h"
#include "arb-i18n.h"
#include "arb-laws-enums.h"
#include "arb-stored-json.h"
#include "arb-ruling.h"

/* The stored names are the enums' nicks (arb-ruling.h): never change
 * one, rulings already stored use it. */
ARB_DEFINE_ENUM_NAMES (arb_ruling_kind, ArbRulingKind, ARB_TYPE_RULING_KIND, "unknown")
ARB_DEFINE_ENUM_NAMES (arb_decision, ArbDecision, ARB_TYPE_DECISION, "unknown")
ARB_DEFINE_ENUM_NAMES (arb_effect_kind, ArbEffectKind, ARB_TYPE_EFFECT_KIND, "unknown")
ARB_DEFINE_ENUM_NAMES (arb_reason, ArbReason, ARB_TYPE_REASON, "none")
ARB_DEFINE_ENUM_NAMES (arb_note, ArbNote, ARB_TYPE_NOTE, "none")

/* A side is stored as its colour's name. */
const char *
arb_side_to_string (int side)
{
  return arb_color_to_string ((ArbColor) side);
}

static gboolean
side_from_string (const char *text, int *side)
{
  ArbColor color;

  if (!arb_color_from_string (text, &color))
    return FALSE;
  *side = color;
  return TRUE;
}

/* --- The value ------------------------------------------------------- */

static void
effect_clear (gpointer data)
{
  ArbEffect *effect = data;

  g_clear_pointer (&effect->text, g_free);
}

static void
citation_clear (gpointer data)
{
  ArbCitation *citation = data;

  g_clear_pointer (&citation->article, g_free);
  g_clear_pointer (&citation->paraphrase, g_free);
}

static void
fact_clear (gpointer data)
{
  ArbFact *fact = data;

  g_clear_pointer (&fact->name, g_free);
  g_clear_pointer (&fact->text, g_free);
}

void
arb_envelope_clear (ArbEnvelope *envelope)
{
  g_clear_pointer (&envelope->white, g_free);
  g_clear_pointer (&envelope->black, g_free);
  g_clear_pointer (&envelope->fen, g_free);
  g_clear_pointer (&envelope->resumption, g_free);
  g_clear_pointer (&envelope->sealed_move, g_free);
}

static ArbEnvelope *
envelope_dup (const ArbEnvelope *src)
{
  ArbEnvelope *copy = g_new (ArbEnvelope, 1);

  *copy = *src;
  copy->white = g_strdup (src->white);
  copy->black = g_strdup (src->black);
  copy->fen = g_strdup (src->fen);
  copy->resumption = g_strdup (src->resumption);
  copy->sealed_move = g_strdup (src->sealed_move);
  return copy;
}

static void
envelope_free (ArbEnvelope *envelope)
{
  if (envelope == NULL)
    return;
  arb_envelope_clear (envelope);
  g_free (envelope);
}

ArbRuling *
arb_ruling_new (ArbRulingKind kind, ArbEdition edition, ArbCategory category, int by)
{
  ArbRuling *ruling;

  g_return_val_if_fail ((guint) kind < ARB_RULING_KIND_N, NULL);

  ruling = g_new0 (ArbRuling, 1);
  ruling->kind = kind;
  ruling->edition = edition;
  ruling->category = category;
  ruling->by = by;
  ruling->decision = ARB_DECISION_PLAY_ON;
  ruling->reason = ARB_REASON_NONE;
  ruling->facts = g_array_new (FALSE, TRUE, sizeof (ArbFact));
  g_array_set_clear_func (ruling->facts, fact_clear);
  ruling->effects = g_array_new (FALSE, TRUE, sizeof (ArbEffect));
  g_array_set_clear_func (ruling->effects, effect_clear);
  ruling->citations = g_array_new (FALSE, TRUE, sizeof (ArbCitation));
  g_array_set_clear_func (ruling->citations, citation_clear);
  return ruling;
}

void
arb_ruling_free (ArbRuling *ruling)
{
  if (ruling == NULL)
    return;
  g_array_unref (ruling->facts);
  g_free (ruling->note);
  g_array_unref (ruling->effects);
  g_array_unref (ruling->citations);
  envelope_free (ruling->envelope);
  g_free (ruling->legacy_facts);
  g_free (ruling->legacy_explanation);
  g_free (ruling);
}

ArbRuling *
arb_ruling_copy (const ArbRuling *ruling)
{
  ArbRuling *copy;

  g_return_val_if_fail (ruling != NULL, NULL);

  copy = arb_ruling_new (ruling->kind, ruling->edition, ruling->category, ruling->by);
  copy->decision = ruling->decision;
  copy->reason = ruling->reason;
  copy->note = g_strdup (ruling->note);
  for (guint i = 0; i < ruling->facts->len; i++)
    {
      ArbFact fact = g_array_index (ruling->facts, ArbFact, i);
      fact.name = g_strdup (fact.name);
      fact.text = g_strdup (fact.text);
      g_array_append_val (copy->facts, fact);
    }
  for (guint i = 0; i < ruling->effects->len; i++)
    {
      ArbEffect effect = g_array_index (ruling->effects, ArbEffect, i);
      effect.text = g_strdup (effect.text);
      g_array_append_val (copy->effects, effect);
    }
  for (guint i = 0; i < ruling->citations->len; i++)
    {
      ArbCitation citation = g_array_index (ruling->citations, ArbCitation, i);
      citation.article = g_strdup (citation.article);
      citation.paraphrase = g_strdup (citation.paraphrase);
      g_array_append_val (copy->citations, citation);
    }
  if (ruling->envelope != NULL)
    copy->envelope = envelope_dup (ruling->envelope);
  copy->legacy_facts = g_strdup (ruling->legacy_facts);
  copy->legacy_explanation = g_strdup (ruling->legacy_explanation);
  return copy;
}

void
arb_ruling_set_note (ArbRuling *ruling, const char *note)
{
  g_return_if_fail (ruling != NULL);

  g_free (ruling->note);
  ruling->note = g_strdup (note);
}

/* The fact named @name, added empty when absent. */
static ArbFact *
fact_slot (ArbRuling *ruling, const char *name)
{
  ArbFact fact = { 0 };

  for (guint i = 0; i < ruling->facts->len; i++)
    {
      ArbFact *f = &g_array_index (ruling->facts, ArbFact, i);

      if (g_str_equal (f->name, name))
        {
          g_clear_pointer (&f->text, g_free);
          return f;
        }
    }
  fact.name = g_strdup (name);
  g_array_append_val (ruling->facts, fact);
  return &g_array_index (ruling->facts, ArbFact, ruling->facts->len - 1);
}

void
arb_ruling_set_fact_int (ArbRuling *ruling, const char *name, gint64 value)
{
  ArbFact *fact;

  g_return_if_fail (ruling != NULL && name != NULL);

  fact = fact_slot (ruling, name);
  fact->type = ARB_FACT_INT;
  fact->number = value;
}

void
arb_ruling_set_fact_bool (ArbRuling *ruling, const char *name, gboolean value)
{
  ArbFact *fact;

  g_return_if_fail (ruling != NULL && name != NULL);

  fact = fact_slot (ruling, name);
  fact->type = ARB_FACT_BOOL;
  fact->number = value ? 1 : 0;
}

void
arb_ruling_set_fact_text (ArbRuling *ruling, const char *name, const char *text)
{
  ArbFact *fact;

  g_return_if_fail (ruling != NULL && name != NULL);

  if (text == NULL)
    {
      for (guint i = 0; i < ruling->facts->len; i++)
        if (g_str_equal (g_array_index (ruling->facts, ArbFact, i).name, name))
          {
            g_array_remove_index (ruling->facts, i);
            return;
          }
      return;
    }
  fact = fact_slot (ruling, name);
  fact->type = ARB_FACT_TEXT;
  fact->number = 0;
  /* Names read from old files may be Latin-1: keep only valid UTF-8 (with
   * U+FFFD where a byte was not), so the value can always be stored. */
  fact->text = g_utf8_make_valid (text, -1);
}

const ArbFact *
arb_ruling_get_fact (const ArbRuling *ruling, const char *name)
{
  g_return_val_if_fail (ruling != NULL && name != NULL, NULL);

  for (guint i = 0; i < ruling->facts->len; i++)
    {
      const ArbFact *fact = &g_array_index (ruling->facts, ArbFact, i);

      if (g_str_equal (fact->name, name))
        return fact;
    }
  return NULL;
}

gint64
arb_ruling_get_fact_int (const ArbRuling *ruling, const char *name, gint64 fallback)
{
  const ArbFact *fact = arb_ruling_get_fact (ruling, name);

  return fact != NULL && fact->type == ARB_FACT_INT ? fact->number : fallback;
}

gboolean
arb_ruling_get_fact_bool (const ArbRuling *ruling, const char *name)
{
  const ArbFact *fact = arb_ruling_get_fact (ruling, name);

  return fact != NULL && fact->type == ARB_FACT_BOOL && fact->number != 0;
}

const char *
arb_ruling_get_fact_text (const ArbRuling *ruling, const char *name)
{
  const ArbFact *fact = arb_ruling_get_fact (ruling, name);

  return fact != NULL && fact->type == ARB_FACT_TEXT ? fact->text : NULL;
}

void
arb_ruling_cite (ArbRuling *ruling, ArbRule rule)
{
  const char *article = arb_rule_article (ruling->edition, rule);
  ArbCitation citation = { 0 };

  if (article == NULL)
    return;
  for (guint i = 0; i < ruling->citations->len; i++)
    if (g_strcmp0 (g_array_index (ruling->citations, ArbCitation, i).article, article) == 0)
      return;
  citation.rule = rule;
  citation.article = g_strdup (article);
  citation.paraphrase = g_strdup (arb_rule_paraphrase (ruling->edition, rule));
  citation.verified = arb_rule_article_verified (ruling->edition, rule);
  g_array_append_val (ruling->citations, citation);
}

ArbEffect *
arb_ruling_add_effect (ArbRuling *ruling, ArbEffectKind kind, int side)
{
  ArbEffect effect = { 0 };

  effect.kind = kind;
  effect.side = side;
  effect.ply = -1;
  effect.result = ARB_RESULT_ONGOING;
  effect.ending = ARB_ENDING_NONE;
  effect.note = ARB_NOTE_NONE;
  g_array_append_val (ruling->effects, effect);
  return &g_array_index (ruling->effects, ArbEffect, ruling->effects->len - 1);
}

void
arb_ruling_set_envelope (ArbRuling *ruling, const ArbEnvelope *envelope)
{
  envelope_free (ruling->envelope);
  ruling->envelope = envelope != NULL ? envelope_dup (envelope) : NULL;
}

const ArbEffect *
arb_ruling_find_effect (const ArbRuling *ruling, ArbEffectKind kind)
{
  for (guint i = 0; i < ruling->effects->len; i++)
    {
      const ArbEffect *effect = &g_array_index (ruling->effects, ArbEffect, i);
      if (effect->kind == kind)
        return effect;
    }
  return NULL;
}

ArbResult
arb_ruling_get_result (const ArbRuling *ruling)
{
  const ArbEffect *effect = arb_ruling_find_effect (ruling, ARB_EFFECT_SET_RESULT);

  return effect != NULL ? effect->result : ARB_RESULT_ONGOING;
}

gint64
arb_ruling_time_delta (const ArbRuling *ruling, int side)
{
  gint64 total = 0;

  for (guint i = 0; i < ruling->effects->len; i++)
    {
      const ArbEffect *effect = &g_array_index (ruling->effects, ArbEffect, i);
      if (effect->kind == ARB_EFFECT_ADD_TIME && effect->side == side && !effect->optional)
        total += effect->ms;
    }
  return total;
}

int
arb_ruling_restore_ply (const ArbRuling *ruling)
{
  const ArbEffect *effect = arb_ruling_find_effect (ruling, ARB_EFFECT_RESTORE_POSITION);

  return effect != NULL ? effect->ply : -1;
}

gboolean
arb_ruling_cites (const ArbRuling *ruling, const char *article)
{
  for (guint i = 0; i < ruling->citations->len; i++)
    if (g_strcmp0 (g_array_index (ruling->citations, ArbCitation, i).article, article) == 0)
      return TRUE;
  return FALSE;
}

char *
arb_ruling_articles_text (const ArbRuling *ruling)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < ruling->citations->len; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, g_array_index (ruling->citations, ArbCitation, i).article);
    }
  return g_string_free (out, FALSE);
}

/* --- JSON writing ---------------------------------------------------- */

static void
add_string (JsonBuilder *b, const char *key, const char *value)
{
  json_builder_set_member_name (b, key);
  if (value == NULL)
    json_builder_add_null_value (b);
  else
    {
      g_autofree char *valid = g_utf8_make_valid (value, -1);
      json_builder_add_string_value (b, valid);
    }
}

static void
add_int (JsonBuilder *b, const char *key, gint64 value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_int_value (b, value);
}

static void
add_bool (JsonBuilder *b, const char *key, gboolean value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_boolean_value (b, value);
}

static void
add_effect (JsonBuilder *b, const ArbEffect *effect)
{
  json_builder_begin_object (b);
  add_string (b, "type", arb_effect_kind_to_string (effect->kind));
  if (effect->side >= 0)
    add_string (b, "side", arb_side_to_string (effect->side));
  switch (effect->kind)
    {
    case ARB_EFFECT_RESTORE_POSITION:
    case ARB_EFFECT_RESTORE_CLOCKS:
      add_int (b, "ply", effect->ply);
      break;
    case ARB_EFFECT_ADD_TIME:
    case ARB_EFFECT_SET_TIME:
    case ARB_EFFECT_SET_INCREMENT:
      add_int (b, "ms", effect->ms);
      break;
    case ARB_EFFECT_SET_RESULT:
      add_string (b, "result", arb_result_to_string (effect->result));
      if (effect->ending != ARB_ENDING_NONE)
        add_string (b, "ending", arb_ending_to_string (effect->ending));
      break;
    case ARB_EFFECT_ILLEGAL_COUNT:
      add_int (b, "count", effect->count);
      add_int (b, "limit", effect->limit);
      break;
    default:
      break;
    }
  if (effect->note != ARB_NOTE_NONE)
    add_string (b, "note", arb_note_to_string (effect->note));
  if (effect->optional)
    add_bool (b, "optional", TRUE);
  if (effect->text != NULL)
    add_string (b, "text", effect->text);
  json_builder_end_object (b);
}

static void
add_envelope (JsonBuilder *b, const ArbEnvelope *envelope)
{
  json_builder_set_member_name (b, "envelope");
  json_builder_begin_object (b);
  add_string (b, "white", envelope->white);
  add_string (b, "black", envelope->black);
  add_string (b, "fen", envelope->fen);
  add_int (b, "white_used_ms", envelope->white_used_ms);
  add_int (b, "black_used_ms", envelope->black_used_ms);
  add_string (b, "sealer", arb_side_to_string (envelope->sealer));
  add_int (b, "move_number", envelope->move_number);
  add_string (b, "draw_offer_by", arb_side_to_string (envelope->draw_offer_by));
  add_string (b, "resumption", envelope->resumption);
  add_string (b, "sealed_move", envelope->sealed_move);
  add_bool (b, "scoresheets_enclosed", envelope->scoresheets_enclosed);
  json_builder_end_object (b);
}

static void
add_facts (JsonBuilder *b, const ArbRuling *ruling)
{
  json_builder_set_member_name (b, "facts");
  json_builder_begin_object (b);
  for (guint i = 0; i < ruling->facts->len; i++)
    {
      const ArbFact *fact = &g_array_index (ruling->facts, ArbFact, i);

      switch (fact->type)
        {
        case ARB_FACT_INT:
          add_int (b, fact->name, fact->number);
          break;
        case ARB_FACT_BOOL:
          add_bool (b, fact->name, fact->number != 0);
          break;
        case ARB_FACT_TEXT:
        default:
          add_string (b, fact->name, fact->text);
          break;
        }
    }
  json_builder_end_object (b);
}

char *
arb_ruling_to_json (const ArbRuling *ruling)
{
  g_autoptr (JsonBuilder) b = NULL;
  g_autoptr (JsonGenerator) generator = NULL;
  g_autoptr (JsonNode) root = NULL;
  ArbResult result;

  g_return_val_if_fail (ruling != NULL, NULL);

  result = arb_ruling_get_result (ruling);
  b = json_builder_new ();
  json_builder_begin_object (b);
  add_int (b, "version", 2);
  add_string (b, "kind", arb_ruling_kind_to_string (ruling->kind));
  add_int (b, "edition", ruling->edition);
  add_string (b, "category", arb_category_to_string (ruling->category));
  add_string (b, "by", arb_side_to_string (ruling->by));
  add_string (b, "decision", arb_decision_to_string (ruling->decision));
  add_string (b, "result", result == ARB_RESULT_ONGOING ? NULL : arb_result_to_string (result));
  add_string (b, "reason", arb_reason_to_string (ruling->reason));
  add_facts (b, ruling);
  add_string (b, "note", ruling->note);

  json_builder_set_member_name (b, "effects");
  json_builder_begin_array (b);
  for (guint i = 0; i < ruling->effects->len; i++)
    add_effect (b, &g_array_index (ruling->effects, ArbEffect, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "citations");
  json_builder_begin_array (b);
  for (guint i = 0; i < ruling->citations->len; i++)
    {
      const ArbCitation *citation = &g_array_index (ruling->citations, ArbCitation, i);

      json_builder_begin_object (b);
      add_string (b, "rule", arb_rule_to_string (citation->rule));
      add_string (b, "article", citation->article);
      add_string (b, "paraphrase", citation->paraphrase);
      add_bool (b, "verified", citation->verified);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  if (ruling->envelope != NULL)
    add_envelope (b, ruling->envelope);
  if (ruling->legacy_facts != NULL)
    add_string (b, "legacy_facts", ruling->legacy_facts);
  if (ruling->legacy_explanation != NULL)
    add_string (b, "legacy_explanation", ruling->legacy_explanation);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  generator = json_generator_new ();
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* --- JSON reading ---------------------------------------------------- */

G_GNUC_PRINTF (2, 3)
static gboolean
schema_error (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SCHEMA, message);
  return FALSE;
}

/* The member @key of @object when it holds a value of @type. */
static JsonNode *
member_of_type (JsonObject *object, const char *key, GType type)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != type)
    return NULL;
  return node;
}

static gboolean
get_string (JsonObject *object, const char *key, const char **out)
{
  JsonNode *node = member_of_type (object, key, G_TYPE_STRING);

  if (node == NULL)
    return FALSE;
  *out = json_node_get_string (node);
  return TRUE;
}

static gboolean
get_int (JsonObject *object, const char *key, gint64 *out)
{
  JsonNode *node = member_of_type (object, key, G_TYPE_INT64);

  if (node == NULL)
    return FALSE;
  *out = json_node_get_int (node);
  return TRUE;
}

static gboolean
get_bool (JsonObject *object, const char *key, gboolean *out)
{
  JsonNode *node = member_of_type (object, key, G_TYPE_BOOLEAN);

  if (node == NULL)
    return FALSE;
  *out = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
is_null_or_absent (JsonObject *object, const char *key)
{
  JsonNode *node = json_object_get_member (object, key);

  return node == NULL || JSON_NODE_HOLDS_NULL (node);
}

static gboolean
optional_side (JsonObject *object, const char *key, int *side, GError **error)
{
  const char *text;

  *side = ARB_COLOR_NONE;
  if (is_null_or_absent (object, key))
    return TRUE;
  if (!get_string (object, key, &text) || !side_from_string (text, side))
    return schema_error (error, _ ("'%s' must be \"white\", \"black\" or null"), key);
  return TRUE;
}

static gboolean
optional_string (JsonObject *object, const char *key, char **out, GError **error)
{
  const char *text;

  *out = NULL;
  if (is_null_or_absent (object, key))
    return TRUE;
  if (!get_string (object, key, &text))
    return schema_error (error, _ ("'%s' must be a string"), key);
  *out = g_strdup (text);
  return TRUE;
}

/* Version 1 stored the reason of a result as English words; these are all
 * the words it wrote (the engine's and the window's). */
static ArbEnding
ending_from_v1 (const char *text)
{
  static const struct
  {
    const char *text;
    ArbEnding ending;
  } words[] = {
    { "illegal move; the opponent cannot checkmate", ARB_ENDING_ILLEGAL_MOVE_CANNOT_MATE },
    { "illegal move", ARB_ENDING_ILLEGAL_MOVE },
    { "illegal position after the next move", ARB_ENDING_ILLEGAL_POSITION },
    { "threefold repetition", ARB_ENDING_THREEFOLD },
    { "50-move rule", ARB_ENDING_FIFTY },
    { "fivefold repetition", ARB_ENDING_FIVEFOLD },
    { "75-move rule", ARB_ENDING_SEVENTY_FIVE },
    { "flag fell; the opponent cannot checkmate", ARB_ENDING_FLAG_CANNOT_MATE },
    { "flag fell", ARB_ENDING_FLAG_FALL },
    { "both flags fell", ARB_ENDING_BOTH_FLAGS },
    { "both flags fell in the last period", ARB_ENDING_BOTH_FLAGS_LAST_PERIOD },
    { "quickplay-finish claim", ARB_ENDING_QUICKPLAY },
    { "sealed move mates", ARB_ENDING_SEALED_MOVE_MATES },
    { "sealed move draws", ARB_ENDING_SEALED_MOVE_DRAWS },
    { "sealed move ends the game in a draw", ARB_ENDING_SEALED_MOVE_DRAWS },
    { "invalid sealed move; opponent cannot mate", ARB_ENDING_INVALID_SEALED_MOVE_CANNOT_MATE },
    { "invalid sealed move", ARB_ENDING_INVALID_SEALED_MOVE },
    { "the present player's flag fell", ARB_ENDING_PRESENT_FLAG_FELL },
    { "late for the resumption", ARB_ENDING_LATE_FOR_RESUMPTION },
    { "both players absent", ARB_ENDING_BOTH_ABSENT },
    { "late arrival", ARB_ENDING_LATE_ARRIVAL },
    { "device sounded; opponent cannot win", ARB_ENDING_DEVICE_CANNOT_WIN },
    { "device sounded", ARB_ENDING_DEVICE },
    { "electronic device", ARB_ENDING_DEVICE },
    { "resignation; the opponent cannot checkmate", ARB_ENDING_RESIGNATION_CANNOT_MATE },
    { "resignation", ARB_ENDING_RESIGNATION },
    { "agreement", ARB_ENDING_AGREEMENT },
    { "checkmate", ARB_ENDING_CHECKMATE },
    { "stalemate", ARB_ENDING_STALEMATE },
    { "dead-position", ARB_ENDING_DEAD_POSITION },
    { "repetition", ARB_ENDING_FIVEFOLD },
    { "arbiter", ARB_ENDING_ARBITER },
  };
  ArbPenalty penalty;

  if (text == NULL)
    return ARB_ENDING_NONE;
  for (gsize i = 0; i < G_N_ELEMENTS (words); i++)
    if (g_str_equal (words[i].text, text))
      return words[i].ending;
  if (arb_penalty_from_string (text, &penalty))
    return ARB_ENDING_PENALTY;
  return ARB_ENDING_ARBITER;
}

/* Version 1 qualified effects with English words. */
static ArbNote
note_from_v1 (ArbEffectKind kind, const char *text)
{
  static const struct
  {
    const char *prefix;
    ArbNote note;
  } words[] = {
    { "the last identifiable position", ARB_NOTE_LAST_IDENTIFIABLE },
    { "the times recorded there", ARB_NOTE_BEST_JUDGEMENT },
    { "the times of the adjournment", ARB_NOTE_ADJOURNMENT_TIMES },
    { "the replacement move", ARB_NOTE_PIECE_MOVED },
    { "the sealer stops his clock", ARB_NOTE_SEALER_STOPS },
    { "The appendix does not restate", ARB_NOTE_COMPETITION_RULES },
    { "The article for both flags", ARB_NOTE_BOTH_FLAGS_UNSOURCED },
    { "Record the final position", ARB_NOTE_RECORD_POSITION },
    { "A new game is played", ARB_NOTE_NEW_GAME },
    { "The sealer is absent", ARB_NOTE_SEALER_ABSENT },
    { "White's clock runs", ARB_NOTE_WHITE_CLOCK_RUNS },
  };

  if (text == NULL || kind == ARB_EFFECT_PLAY_WRITTEN_MOVE || kind == ARB_EFFECT_MAKE_SEALED_MOVE)
    return ARB_NOTE_NONE;
  for (gsize i = 0; i < G_N_ELEMENTS (words); i++)
    if (g_str_has_prefix (text, words[i].prefix))
      return words[i].note;
  return ARB_NOTE_NONE;
}

static gboolean
parse_effect (JsonNode *node, ArbRuling *ruling, guint index, int version, GError **error)
{
  JsonObject *object;
  const char *type;
  ArbEffectKind kind;
  ArbEffect *effect;
  int side;
  gint64 value;
  const char *text;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return schema_error (error, _ ("effect %u is not an object"), index);
  object = json_node_get_object (node);
  if (!get_string (object, "type", &type) || !arb_effect_kind_from_string (type, &kind))
    return schema_error (error, _ ("effect %u has an unknown type"), index);
  if (!optional_side (object, "side", &side, error))
    return FALSE;

  effect = arb_ruling_add_effect (ruling, kind, side);
  switch (kind)
    {
    case ARB_EFFECT_RESTORE_POSITION:
    case ARB_EFFECT_RESTORE_CLOCKS:
      if (!get_int (object, "ply", &value) || value < 0 || value > G_MAXINT)
        return schema_error (error, _ ("effect %u needs a ply"), index);
      effect->ply = (int) value;
      break;
    case ARB_EFFECT_ADD_TIME:
    case ARB_EFFECT_SET_TIME:
    case ARB_EFFECT_SET_INCREMENT:
      if (!get_int (object, "ms", &effect->ms))
        return schema_error (error, _ ("effect %u needs ms"), index);
      break;
    case ARB_EFFECT_SET_RESULT:
      if (!get_string (object, "result", &text) || !arb_result_from_string (text, &effect->result))
        return schema_error (error, _ ("effect %u has a result the Laws do not allow"), index);
      if (get_string (object, "ending", &text) && !arb_ending_from_string (text, &effect->ending))
        return schema_error (error, _ ("effect %u has an unknown ending"), index);
      break;
    case ARB_EFFECT_ILLEGAL_COUNT:
      {
        gint64 limit;

        if (!get_int (object, "count", &value) || !get_int (object, "limit", &limit) || value < 0 ||
            limit < 1 || value > limit || limit > G_MAXINT)
          return schema_error (error, _ ("effect %u needs count and limit"), index);
        effect->count = (int) value;
        effect->limit = (int) limit;
        break;
      }
    default:
      break;
    }
  if (get_string (object, "note", &text) && !arb_note_from_string (text, &effect->note))
    return schema_error (error, _ ("effect %u has an unknown note"), index);
  if (!get_bool (object, "optional", &effect->optional))
    effect->optional = FALSE;
  if (!optional_string (object, "text", &effect->text, error))
    return FALSE;

  if (version == 1)
    {
      /* The first format kept the reason of a result, the qualifiers of
       * an effect and the engine's notes as English words; they become
       * data, and only the words of a person (a move, the arbiter's
       * reason) stay text. */
      if (kind == ARB_EFFECT_SET_RESULT)
        {
          effect->ending = ending_from_v1 (effect->text);
          g_clear_pointer (&effect->text, g_free);
        }
      else if (kind == ARB_EFFECT_ADMINISTRATIVE && effect->text != NULL)
        {
          /* "warning: the arbiter's words" */
          const char *colon = strstr (effect->text, ": ");
          g_autofree char *id = colon != NULL ? g_strndup (effect->text, colon - effect->text)
                                              : g_strdup (effect->text);
          ArbPenalty penalty;

          if (arb_penalty_from_string (id, &penalty))
            {
              char *words = colon != NULL ? g_strdup (colon + 2) : NULL;

              arb_ruling_set_fact_text (ruling, "penalty", id);
              g_free (effect->text);
              effect->text = words;
            }
        }
      else
        {
          effect->note = note_from_v1 (kind, effect->text);
          if (effect->note != ARB_NOTE_NONE)
            g_clear_pointer (&effect->text, g_free);
        }
    }
  return TRUE;
}

static gboolean
parse_envelope (JsonNode *node, ArbRuling *ruling, GError **error)
{
  ArbEnvelope envelope = { 0 };
  JsonObject *object;
  gint64 value = 0;
  gboolean ok;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return schema_error (error, _ ("'envelope' is not an object"));
  object = json_node_get_object (node);
  ok = optional_string (object, "white", &envelope.white, error) &&
       optional_string (object, "black", &envelope.black, error) &&
       optional_string (object, "fen", &envelope.fen, error) &&
       optional_string (object, "resumption", &envelope.resumption, error) &&
       optional_string (object, "sealed_move", &envelope.sealed_move, error) &&
       optional_side (object, "sealer", &envelope.sealer, error) &&
       optional_side (object, "draw_offer_by", &envelope.draw_offer_by, error);
  if (ok && (!get_int (object, "white_used_ms", &envelope.white_used_ms) ||
             !get_int (object, "black_used_ms", &envelope.black_used_ms) ||
             !get_int (object, "move_number", &value) || value < 1 || value > G_MAXINT))
    ok = schema_error (error, _ ("the envelope needs both times used and the move number"));
  if (ok)
    envelope.move_number = (int) value;
  if (ok && envelope.sealer == ARB_COLOR_NONE)
    ok = schema_error (error, _ ("the envelope needs the sealer"));
  if (ok && !get_bool (object, "scoresheets_enclosed", &envelope.scoresheets_enclosed))
    envelope.scoresheets_enclosed = FALSE;
  if (ok)
    arb_ruling_set_envelope (ruling, &envelope);
  arb_envelope_clear (&envelope);
  return ok;
}

static gboolean
parse_facts (JsonNode *node, ArbRuling *ruling, GError **error)
{
  JsonObject *object;
  g_autoptr (GList) names = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return schema_error (error, _ ("'facts' must be an object"));
  object = json_node_get_object (node);
  names = json_object_get_members (object);
  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *value = json_object_get_member (object, name);
      GType type = JSON_NODE_HOLDS_VALUE (value) ? json_node_get_value_type (value) : G_TYPE_NONE;

      if (type == G_TYPE_INT64)
        arb_ruling_set_fact_int (ruling, name, json_node_get_int (value));
      else if (type == G_TYPE_BOOLEAN)
        arb_ruling_set_fact_bool (ruling, name, json_node_get_boolean (value));
      else if (type == G_TYPE_STRING)
        arb_ruling_set_fact_text (ruling, name, json_node_get_string (value));
      else
        return schema_error (error, _ ("fact '%s' must be a number, true, false or a string"),
                             name);
    }
  return TRUE;
}

/* Version 1 had no reason: the decision, the effects and the articles
 * tell it for every ruling whose explanation did not depend on a fact the
 * first format did not keep; the others keep their English sentence. */
static ArbReason
reason_from_v1 (const ArbRuling *ruling)
{
  const ArbEffect *result = arb_ruling_find_effect (ruling, ARB_EFFECT_SET_RESULT);
  ArbEnding ending = result != NULL ? result->ending : ARB_ENDING_NONE;

  switch (ruling->kind)
    {
    case ARB_RULING_ILLEGAL_MOVE:
      if (ruling->decision == ARB_DECISION_TIME_PENALTY)
        return ARB_REASON_ILLEGAL_PENALTY;
      if (ruling->decision == ARB_DECISION_NOT_IN_EDITION)
        return ARB_REASON_ILLEGAL_NOT_IN_EDITION;
      if (ending == ARB_ENDING_ILLEGAL_MOVE)
        return ARB_REASON_ILLEGAL_LOSS;
      if (ending == ARB_ENDING_ILLEGAL_MOVE_CANNOT_MATE)
        return ARB_REASON_ILLEGAL_DRAW_CANNOT_MATE;
      if (ending == ARB_ENDING_ILLEGAL_POSITION)
        return ARB_REASON_ILLEGAL_POSITION_DRAW;
      return ARB_REASON_NONE;
    case ARB_RULING_DRAW_CLAIM:
      if (ruling->decision == ARB_DECISION_CLAIM_INADMISSIBLE)
        return ARB_REASON_CLAIM_RIGHT_LOST;
      if (ruling->decision == ARB_DECISION_DRAW)
        return ARB_REASON_CLAIM_CORRECT;
      if (ruling->decision == ARB_DECISION_CLAIM_REJECTED)
        return ARB_REASON_CLAIM_INCORRECT;
      return ARB_REASON_NONE;
    case ARB_RULING_AUTOMATIC_DRAW:
      if (ruling->decision == ARB_DECISION_NOT_IN_EDITION)
        return ARB_REASON_AUTOMATIC_NOT_IN_EDITION;
      if (ruling->decision == ARB_DECISION_ALREADY_OVER)
        return ARB_REASON_AUTOMATIC_MATE_FIRST;
      return ARB_REASON_AUTOMATIC_DRAW;
    case ARB_RULING_FLAG_FALL:
      if (ruling->decision == ARB_DECISION_ALREADY_OVER)
        return ARB_REASON_FLAG_GAME_OVER;
      if (ending == ARB_ENDING_FLAG_FALL)
        return ARB_REASON_FLAG_LOSS;
      if (ending == ARB_ENDING_FLAG_CANNOT_MATE)
        return ARB_REASON_FLAG_CANNOT_MATE;
      if (ending == ARB_ENDING_BOTH_FLAGS)
        return ARB_REASON_FLAG_BOTH_DRAW;
      if (ending == ARB_ENDING_BOTH_FLAGS_LAST_PERIOD)
        return ARB_REASON_FLAG_BOTH_LAST_PERIOD;
      return ARB_REASON_NONE;
    case ARB_RULING_SEAL:
      return ruling->decision == ARB_DECISION_SEALED ? ARB_REASON_SEALED
                                                     : ARB_REASON_SEAL_NOT_WRITTEN;
    case ARB_RULING_RESIGNATION:
      return ruling->decision == ARB_DECISION_DRAW ? ARB_REASON_RESIGN_DRAW
                                                   : ARB_REASON_RESIGN_LOSS;
    case ARB_RULING_PENALTY:
      if (ruling->decision == ARB_DECISION_NOT_IN_EDITION)
        return ARB_REASON_NONE;
      if (arb_ruling_find_effect (ruling, ARB_EFFECT_ADMINISTRATIVE) != NULL)
        return ARB_REASON_PENALTY_LISTED;
      if (result != NULL)
        return ARB_REASON_PENALTY_SCORED;
      if (arb_ruling_time_delta (ruling, ruling->by) < 0)
        return ARB_REASON_PENALTY_TIME_REMOVED;
      if (arb_ruling_find_effect (ruling, ARB_EFFECT_ADD_TIME) != NULL)
        return ARB_REASON_PENALTY_TIME_ADDED;
      return ARB_REASON_NONE;
    case ARB_RULING_RESULT:
      return ARB_REASON_RESULT_RECORDED;
    default:
      return ARB_REASON_NONE;
    }
}

/* Facts of a version 1 ruling that its decision and effects still tell. */
static void
facts_from_v1 (ArbRuling *ruling)
{
  const ArbEffect *count = arb_ruling_find_effect (ruling, ARB_EFFECT_ILLEGAL_COUNT);
  const ArbEffect *result = arb_ruling_find_effect (ruling, ARB_EFFECT_SET_RESULT);
  const ArbEffect *written = arb_ruling_find_effect (ruling, ARB_EFFECT_PLAY_WRITTEN_MOVE);

  if (count != NULL)
    arb_ruling_set_fact_int (ruling, "previous_count", count->count - 1);
  if (arb_ruling_restore_ply (ruling) >= 0)
    arb_ruling_set_fact_int (ruling, "ply_before", arb_ruling_restore_ply (ruling));
  if (written != NULL && written->text != NULL && ruling->kind == ARB_RULING_DRAW_CLAIM)
    arb_ruling_set_fact_text (ruling, "written_move", written->text);
  if (ruling->kind == ARB_RULING_RESULT && result != NULL)
    arb_ruling_set_fact_text (ruling, "result", arb_result_to_string (result->result));
  if (ruling->kind == ARB_RULING_SEAL && ruling->envelope != NULL)
    arb_ruling_set_fact_int (ruling, "move_number", ruling->envelope->move_number);
}

/* Reads citation @i of a stored ruling into @ruling. */
static gboolean
parse_citation (JsonNode *node, ArbRuling *ruling, guint i, GError **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  ArbCitation citation = { 0 };
  const char *rule_id;
  const char *article;
  const char *paraphrase;
  gboolean found = FALSE;

  if (object == NULL || !get_string (object, "rule", &rule_id) ||
      !get_string (object, "article", &article) || !get_string (object, "paraphrase", &paraphrase))
    {
      schema_error (error, _ ("citation %u needs rule, article and paraphrase"), i);
      return FALSE;
    }
  for (guint r = 0; r < ARB_RULE_N; r++)
    if (strcmp (arb_rule_to_string ((ArbRule) r), rule_id) == 0)
      {
        citation.rule = (ArbRule) r;
        found = TRUE;
      }
  if (!found)
    {
      schema_error (error, _ ("citation %u names an unknown rule"), i);
      return FALSE;
    }
  if (!get_bool (object, "verified", &citation.verified))
    citation.verified = FALSE;
  citation.article = g_strdup (article);
  citation.paraphrase = g_strdup (paraphrase);
  g_array_append_val (ruling->citations, citation);
  return TRUE;
}

/* The top-level result is derived from the effects; a stored value that
 * disagrees has been tampered with or is corrupt. */
static gboolean
check_stored_result (JsonObject *root, ArbRuling *ruling, GError **error)
{
  const char *text;

  if (!is_null_or_absent (root, "result"))
    {
      ArbResult stored;

      if (!get_string (root, "result", &text) || !arb_result_from_string (text, &stored))
        {
          schema_error (error, _ ("the result is not one the Laws allow"));
          return FALSE;
        }
      if (stored != arb_ruling_get_result (ruling))
        {
          schema_error (error, _ ("the result does not match the effects"));
          return FALSE;
        }
    }
  else if (arb_ruling_get_result (ruling) != ARB_RESULT_ONGOING)
    {
      schema_error (error, _ ("the result does not match the effects"));
      return FALSE;
    }
  return TRUE;
}

ArbRuling *
arb_ruling_from_json (const char *json, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (ArbRuling) ruling = NULL;
  g_autoptr (GError) parse_error = NULL;
  JsonObject *root;
  JsonNode *list;
  const char *text;
  gint64 value;
  int version;
  ArbRulingKind kind;
  ArbEdition edition;
  ArbCategory category;
  int by;

  g_return_val_if_fail (json != NULL, NULL);

  parser = json_parser_new_immutable ();
  if (!arb_stored_json_load (parser, json, &parse_error))
    {
      g_propagate_error (error, g_steal_pointer (&parse_error));
      return NULL;
    }
  if (json_parser_get_root (parser) == NULL ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      schema_error (error, _ ("a ruling is a JSON object"));
      return NULL;
    }
  root = json_node_get_object (json_parser_get_root (parser));
  if (!get_int (root, "version", &value) || (value != 1 && value != 2))
    {
      schema_error (error, _ ("unknown ruling version"));
      return NULL;
    }
  version = (int) value;
  if (!get_string (root, "kind", &text) || !arb_ruling_kind_from_string (text, &kind))
    {
      schema_error (error, _ ("unknown ruling kind"));
      return NULL;
    }
  if (!get_int (root, "edition", &value) || value > G_MAXINT || value < 0 ||
      !arb_edition_from_year ((int) value, &edition))
    {
      schema_error (error, _ ("unknown edition"));
      return NULL;
    }
  if (!get_string (root, "category", &text))
    text = "";
  if (g_strcmp0 (text, "standard") == 0)
    category = ARB_CATEGORY_STANDARD;
  else if (g_strcmp0 (text, "rapid") == 0)
    category = ARB_CATEGORY_RAPID;
  else if (g_strcmp0 (text, "blitz") == 0)
    category = ARB_CATEGORY_BLITZ;
  else
    {
      schema_error (error, _ ("unknown category"));
      return NULL;
    }
  if (!optional_side (root, "by", &by, error))
    return NULL;

  ruling = arb_ruling_new (kind, edition, category, by);
  if (!get_string (root, "decision", &text) || !arb_decision_from_string (text, &ruling->decision))
    {
      schema_error (error, _ ("unknown decision"));
      return NULL;
    }
  if (!optional_string (root, "note", &ruling->note, error))
    return NULL;
  if (version == 2)
    {
      if (!get_string (root, "reason", &text) || !arb_reason_from_string (text, &ruling->reason))
        {
          schema_error (error, _ ("unknown reason"));
          return NULL;
        }
      if (json_object_get_member (root, "facts") != NULL &&
          !parse_facts (json_object_get_member (root, "facts"), ruling, error))
        return NULL;
      if (!optional_string (root, "legacy_facts", &ruling->legacy_facts, error) ||
          !optional_string (root, "legacy_explanation", &ruling->legacy_explanation, error))
        return NULL;
    }
  else if (!optional_string (root, "facts", &ruling->legacy_facts, error) ||
           !optional_string (root, "explanation", &ruling->legacy_explanation, error))
    return NULL;

  list = json_object_get_member (root, "effects");
  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
    {
      schema_error (error, _ ("'effects' must be an array"));
      return NULL;
    }
  for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
    if (!parse_effect (json_array_get_element (json_node_get_array (list), i), ruling, i, version,
                       error))
      return NULL;

  list = json_object_get_member (root, "citations");
  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
    {
      schema_error (error, _ ("'citations' must be an array"));
      return NULL;
    }
  for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
    if (!parse_citation (json_array_get_element (json_node_get_array (list), i), ruling, i, error))
      return NULL;

  if (!check_stored_result (root, ruling, error))
    return NULL;

  if (json_object_get_member (root, "envelope") != NULL &&
      !parse_envelope (json_object_get_member (root, "envelope"), ruling, error))
    return NULL;

  if (version == 1)
    {
      ruling->reason = reason_from_v1 (ruling);
      facts_from_v1 (ruling);
      /* Where the reason is known, the words are made anew in the reader's
       * language; the stored sentence is kept only where it is not. */
      if (ruling->reason != ARB_REASON_NONE)
        g_clear_pointer (&ruling->legacy_explanation, g_free);
    }
  return g_steal_pointer (&ruling);
}
