/* arb-ruling.c
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-json.h"
#include "arb-ruling.h"

/* The stored names. Never change one: rulings already stored use it. */
static const char *const kind_names[ARB_RULING_KIND_N] = {
  [ARB_RULING_ILLEGAL_MOVE] = "illegal-move",
  [ARB_RULING_DRAW_CLAIM] = "draw-claim",
  [ARB_RULING_AUTOMATIC_DRAW] = "automatic-draw",
  [ARB_RULING_FLAG_FALL] = "flag-fall",
  [ARB_RULING_QUICKPLAY_CLAIM] = "quickplay-claim",
  [ARB_RULING_SEAL] = "seal",
  [ARB_RULING_RESUMPTION] = "resumption",
  [ARB_RULING_LATE_ARRIVAL] = "late-arrival",
  [ARB_RULING_DEVICE] = "device",
  [ARB_RULING_RESIGNATION] = "resignation",
  [ARB_RULING_PENALTY] = "penalty",
  [ARB_RULING_RESULT] = "result",
};

static const char *const decision_names[ARB_DECISION_N] = {
  [ARB_DECISION_PLAY_ON] = "play-on",
  [ARB_DECISION_TIME_PENALTY] = "time-penalty",
  [ARB_DECISION_LOSS] = "loss",
  [ARB_DECISION_DRAW] = "draw",
  [ARB_DECISION_WIN] = "win",
  [ARB_DECISION_MOVE_STANDS] = "move-stands",
  [ARB_DECISION_CLAIM_REJECTED] = "claim-rejected",
  [ARB_DECISION_CLAIM_INADMISSIBLE] = "claim-inadmissible",
  [ARB_DECISION_POSTPONED] = "postponed",
  [ARB_DECISION_NOT_IN_EDITION] = "not-in-edition",
  [ARB_DECISION_ALREADY_OVER] = "already-over",
  [ARB_DECISION_SEALED] = "sealed",
  [ARB_DECISION_RESUMED] = "resumed",
  [ARB_DECISION_ANNULLED] = "annulled",
  [ARB_DECISION_REFERRED] = "referred",
  [ARB_DECISION_PENALTY] = "penalty",
  [ARB_DECISION_NOT_LATE] = "not-late",
};

static const char *const effect_names[ARB_EFFECT_KIND_N] = {
  [ARB_EFFECT_RESTORE_POSITION] = "restore-position",
  [ARB_EFFECT_RESTORE_CLOCKS] = "restore-clocks",
  [ARB_EFFECT_ADD_TIME] = "add-time",
  [ARB_EFFECT_SET_TIME] = "set-time",
  [ARB_EFFECT_SET_RESULT] = "set-result",
  [ARB_EFFECT_ILLEGAL_COUNT] = "illegal-count",
  [ARB_EFFECT_PLAY_WRITTEN_MOVE] = "play-written-move",
  [ARB_EFFECT_TOUCH_MOVE] = "touch-move",
  [ARB_EFFECT_PROMOTE_TO_QUEEN] = "promote-to-queen",
  [ARB_EFFECT_SEALED_MOVE_HIDDEN] = "sealed-move-hidden",
  [ARB_EFFECT_MAKE_SEALED_MOVE] = "make-sealed-move",
  [ARB_EFFECT_STOP_CLOCKS] = "stop-clocks",
  [ARB_EFFECT_START_CLOCK] = "start-clock",
  [ARB_EFFECT_SET_INCREMENT] = "set-increment",
  [ARB_EFFECT_DRAW_OFFER] = "draw-offer",
  [ARB_EFFECT_ADMINISTRATIVE] = "administrative",
  [ARB_EFFECT_NOTE] = "note",
};

static gboolean
lookup (const char *const *names, guint n, const char *text, guint *out)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (names[i], text) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
arb_ruling_kind_to_string (ArbRulingKind kind)
{
  g_return_val_if_fail ((guint) kind < ARB_RULING_KIND_N, "unknown");
  return kind_names[kind];
}

gboolean
arb_ruling_kind_from_string (const char *text, ArbRulingKind *kind)
{
  guint i;

  if (!lookup (kind_names, ARB_RULING_KIND_N, text, &i))
    return FALSE;
  *kind = (ArbRulingKind) i;
  return TRUE;
}

const char *
arb_decision_to_string (ArbDecision decision)
{
  g_return_val_if_fail ((guint) decision < ARB_DECISION_N, "unknown");
  return decision_names[decision];
}

gboolean
arb_decision_from_string (const char *text, ArbDecision *decision)
{
  guint i;

  if (!lookup (decision_names, ARB_DECISION_N, text, &i))
    return FALSE;
  *decision = (ArbDecision) i;
  return TRUE;
}

const char *
arb_effect_kind_to_string (ArbEffectKind kind)
{
  g_return_val_if_fail ((guint) kind < ARB_EFFECT_KIND_N, "unknown");
  return effect_names[kind];
}

gboolean
arb_effect_kind_from_string (const char *text, ArbEffectKind *kind)
{
  guint i;

  if (!lookup (effect_names, ARB_EFFECT_KIND_N, text, &i))
    return FALSE;
  *kind = (ArbEffectKind) i;
  return TRUE;
}

const char *
arb_side_to_string (int side)
{
  switch (side)
    {
    case 0:
      return "white";
    case 1:
      return "black";
    default:
      return NULL;
    }
}

static gboolean
side_from_string (const char *text, int *side)
{
  if (g_strcmp0 (text, "white") == 0)
    *side = 0;
  else if (g_strcmp0 (text, "black") == 0)
    *side = 1;
  else
    return FALSE;
  return TRUE;
}

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
  ArbRuling *ruling = g_new0 (ArbRuling, 1);

  g_return_val_if_fail ((guint) kind < ARB_RULING_KIND_N, NULL);

  ruling->kind = kind;
  ruling->edition = edition;
  ruling->category = category;
  ruling->by = by;
  ruling->decision = ARB_DECISION_PLAY_ON;
  ruling->facts = g_strdup ("");
  ruling->explanation = g_strdup ("");
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
  g_free (ruling->facts);
  g_free (ruling->explanation);
  g_free (ruling->note);
  g_array_unref (ruling->effects);
  g_array_unref (ruling->citations);
  envelope_free (ruling->envelope);
  g_free (ruling);
}

ArbRuling *
arb_ruling_copy (const ArbRuling *ruling)
{
  ArbRuling *copy;

  g_return_val_if_fail (ruling != NULL, NULL);

  copy = arb_ruling_new (ruling->kind, ruling->edition, ruling->category, ruling->by);
  copy->decision = ruling->decision;
  g_free (copy->facts);
  copy->facts = g_strdup (ruling->facts);
  g_free (copy->explanation);
  copy->explanation = g_strdup (ruling->explanation);
  copy->note = g_strdup (ruling->note);
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
  return copy;
}

void
arb_ruling_set_facts (ArbRuling *ruling, const char *format, ...)
{
  va_list args;

  g_free (ruling->facts);
  va_start (args, format);
  ruling->facts = g_strdup_vprintf (format, args);
  va_end (args);
}

void
arb_ruling_set_explanation (ArbRuling *ruling, const char *format, ...)
{
  va_list args;

  g_free (ruling->explanation);
  va_start (args, format);
  ruling->explanation = g_strdup_vprintf (format, args);
  va_end (args);
}

void
arb_ruling_set_note (ArbRuling *ruling, const char *note)
{
  g_free (ruling->note);
  ruling->note = g_strdup (note);
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

/* JSON writing */

static void
append_key (GString *out, gboolean *first, const char *key)
{
  if (!*first)
    g_string_append_c (out, ',');
  *first = FALSE;
  arb_json_append_string (out, key);
  g_string_append_c (out, ':');
}

static void
append_string_member (GString *out, gboolean *first, const char *key, const char *value)
{
  append_key (out, first, key);
  if (value == NULL)
    g_string_append (out, "null");
  else
    arb_json_append_string (out, value);
}

static void
append_int_member (GString *out, gboolean *first, const char *key, gint64 value)
{
  append_key (out, first, key);
  g_string_append_printf (out, "%" G_GINT64_FORMAT, value);
}

static void
append_bool_member (GString *out, gboolean *first, const char *key, gboolean value)
{
  append_key (out, first, key);
  g_string_append (out, value ? "true" : "false");
}

static void
append_effect (GString *out, const ArbEffect *effect)
{
  gboolean first = TRUE;

  g_string_append_c (out, '{');
  append_string_member (out, &first, "type", arb_effect_kind_to_string (effect->kind));
  if (effect->side >= 0)
    append_string_member (out, &first, "side", arb_side_to_string (effect->side));
  switch (effect->kind)
    {
    case ARB_EFFECT_RESTORE_POSITION:
    case ARB_EFFECT_RESTORE_CLOCKS:
      append_int_member (out, &first, "ply", effect->ply);
      break;
    case ARB_EFFECT_ADD_TIME:
    case ARB_EFFECT_SET_TIME:
    case ARB_EFFECT_SET_INCREMENT:
      append_int_member (out, &first, "ms", effect->ms);
      break;
    case ARB_EFFECT_SET_RESULT:
      append_string_member (out, &first, "result", arb_result_to_string (effect->result));
      break;
    case ARB_EFFECT_ILLEGAL_COUNT:
      append_int_member (out, &first, "count", effect->count);
      append_int_member (out, &first, "limit", effect->limit);
      break;
    default:
      break;
    }
  if (effect->optional)
    append_bool_member (out, &first, "optional", TRUE);
  if (effect->text != NULL)
    append_string_member (out, &first, "text", effect->text);
  g_string_append_c (out, '}');
}

static void
append_envelope (GString *out, const ArbEnvelope *envelope)
{
  gboolean first = TRUE;

  g_string_append_c (out, '{');
  append_string_member (out, &first, "white", envelope->white);
  append_string_member (out, &first, "black", envelope->black);
  append_string_member (out, &first, "fen", envelope->fen);
  append_int_member (out, &first, "white_used_ms", envelope->white_used_ms);
  append_int_member (out, &first, "black_used_ms", envelope->black_used_ms);
  append_string_member (out, &first, "sealer", arb_side_to_string (envelope->sealer));
  append_int_member (out, &first, "move_number", envelope->move_number);
  append_string_member (out, &first, "draw_offer_by", arb_side_to_string (envelope->draw_offer_by));
  append_string_member (out, &first, "resumption", envelope->resumption);
  append_string_member (out, &first, "sealed_move", envelope->sealed_move);
  append_bool_member (out, &first, "scoresheets_enclosed", envelope->scoresheets_enclosed);
  g_string_append_c (out, '}');
}

char *
arb_ruling_to_json (const ArbRuling *ruling)
{
  GString *out = g_string_new (NULL);
  gboolean first = TRUE;
  ArbResult result = arb_ruling_get_result (ruling);

  g_return_val_if_fail (ruling != NULL, NULL);

  g_string_append_c (out, '{');
  append_int_member (out, &first, "version", 1);
  append_string_member (out, &first, "kind", arb_ruling_kind_to_string (ruling->kind));
  append_int_member (out, &first, "edition", ruling->edition);
  append_string_member (out, &first, "category", arb_category_to_string (ruling->category));
  append_string_member (out, &first, "by", arb_side_to_string (ruling->by));
  append_string_member (out, &first, "decision", arb_decision_to_string (ruling->decision));
  append_string_member (out, &first, "result",
                        result == ARB_RESULT_ONGOING ? NULL : arb_result_to_string (result));
  append_string_member (out, &first, "facts", ruling->facts);
  append_string_member (out, &first, "explanation", ruling->explanation);
  append_string_member (out, &first, "note", ruling->note);

  append_key (out, &first, "effects");
  g_string_append_c (out, '[');
  for (guint i = 0; i < ruling->effects->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      append_effect (out, &g_array_index (ruling->effects, ArbEffect, i));
    }
  g_string_append_c (out, ']');

  append_key (out, &first, "citations");
  g_string_append_c (out, '[');
  for (guint i = 0; i < ruling->citations->len; i++)
    {
      const ArbCitation *citation = &g_array_index (ruling->citations, ArbCitation, i);
      gboolean cfirst = TRUE;

      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, '{');
      append_string_member (out, &cfirst, "rule", arb_rule_to_string (citation->rule));
      append_string_member (out, &cfirst, "article", citation->article);
      append_string_member (out, &cfirst, "paraphrase", citation->paraphrase);
      append_bool_member (out, &cfirst, "verified", citation->verified);
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');

  if (ruling->envelope != NULL)
    {
      append_key (out, &first, "envelope");
      append_envelope (out, ruling->envelope);
    }
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}

/* JSON reading */

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

static gboolean
optional_side (const ArbJsonNode *node, const char *key, int *side, GError **error)
{
  const ArbJsonNode *child = arb_json_object_get (node, key);

  *side = ARB_COLOR_NONE;
  if (child == NULL || child->type == ARB_JSON_NULL)
    return TRUE;
  if (child->type != ARB_JSON_STRING || !side_from_string (child->string, side))
    return schema_error (error, "'%s' must be \"white\", \"black\" or null", key);
  return TRUE;
}

static gboolean
optional_string (const ArbJsonNode *node, const char *key, char **out, GError **error)
{
  const ArbJsonNode *child = arb_json_object_get (node, key);

  *out = NULL;
  if (child == NULL || child->type == ARB_JSON_NULL)
    return TRUE;
  if (child->type != ARB_JSON_STRING)
    return schema_error (error, "'%s' must be a string", key);
  *out = g_strdup (child->string);
  return TRUE;
}

static gboolean
parse_effect (const ArbJsonNode *node, ArbRuling *ruling, guint index, GError **error)
{
  const char *type;
  ArbEffectKind kind;
  ArbEffect *effect;
  int side;
  gint64 value;
  const char *text;

  if (node->type != ARB_JSON_OBJECT)
    return schema_error (error, "effect %u is not an object", index);
  if (!arb_json_object_get_string (node, "type", &type) ||
      !arb_effect_kind_from_string (type, &kind))
    return schema_error (error, "effect %u has an unknown type", index);
  if (!optional_side (node, "side", &side, error))
    return FALSE;

  effect = arb_ruling_add_effect (ruling, kind, side);
  switch (kind)
    {
    case ARB_EFFECT_RESTORE_POSITION:
    case ARB_EFFECT_RESTORE_CLOCKS:
      if (!arb_json_object_get_int (node, "ply", &value) || value < 0 || value > G_MAXINT)
        return schema_error (error, "effect %u needs a ply", index);
      effect->ply = (int) value;
      break;
    case ARB_EFFECT_ADD_TIME:
    case ARB_EFFECT_SET_TIME:
    case ARB_EFFECT_SET_INCREMENT:
      if (!arb_json_object_get_int (node, "ms", &effect->ms))
        return schema_error (error, "effect %u needs ms", index);
      break;
    case ARB_EFFECT_SET_RESULT:
      if (!arb_json_object_get_string (node, "result", &text) ||
          !arb_result_from_string (text, &effect->result))
        return schema_error (error, "effect %u has a result the Laws do not allow", index);
      break;
    case ARB_EFFECT_ILLEGAL_COUNT:
      {
        gint64 limit;

        if (!arb_json_object_get_int (node, "count", &value) ||
            !arb_json_object_get_int (node, "limit", &limit) || value < 0 || limit < 1 ||
            value > limit)
          return schema_error (error, "effect %u needs count and limit", index);
        effect->count = (int) value;
        effect->limit = (int) limit;
        break;
      }
    default:
      break;
    }
  if (!arb_json_object_get_bool (node, "optional", &effect->optional))
    effect->optional = FALSE;
  return optional_string (node, "text", &effect->text, error);
}

static gboolean
parse_envelope (const ArbJsonNode *node, ArbRuling *ruling, GError **error)
{
  ArbEnvelope envelope = { 0 };
  gint64 value;
  gboolean ok = TRUE;

  if (node->type != ARB_JSON_OBJECT)
    return schema_error (error, "'envelope' is not an object");
  ok = optional_string (node, "white", &envelope.white, error) &&
       optional_string (node, "black", &envelope.black, error) &&
       optional_string (node, "fen", &envelope.fen, error) &&
       optional_string (node, "resumption", &envelope.resumption, error) &&
       optional_string (node, "sealed_move", &envelope.sealed_move, error) &&
       optional_side (node, "sealer", &envelope.sealer, error) &&
       optional_side (node, "draw_offer_by", &envelope.draw_offer_by, error);
  if (ok &&
      (!arb_json_object_get_int (node, "white_used_ms", &envelope.white_used_ms) ||
       !arb_json_object_get_int (node, "black_used_ms", &envelope.black_used_ms) ||
       !arb_json_object_get_int (node, "move_number", &value) || value < 1 || value > G_MAXINT))
    ok = schema_error (error, "the envelope needs both times used and the move number");
  if (ok)
    envelope.move_number = (int) value;
  if (ok && envelope.sealer == ARB_COLOR_NONE)
    ok = schema_error (error, "the envelope needs the sealer");
  if (ok &&
      !arb_json_object_get_bool (node, "scoresheets_enclosed", &envelope.scoresheets_enclosed))
    envelope.scoresheets_enclosed = FALSE;
  if (ok)
    arb_ruling_set_envelope (ruling, &envelope);
  arb_envelope_clear (&envelope);
  return ok;
}

ArbRuling *
arb_ruling_from_json (const char *json, GError **error)
{
  g_autoptr (ArbJsonNode) root = NULL;
  g_autoptr (ArbRuling) ruling = NULL;
  const char *text;
  gint64 value;
  ArbRulingKind kind;
  ArbEdition edition;
  ArbCategory category;
  int by;
  const ArbJsonNode *list;
  const ArbJsonNode *result_node;

  g_return_val_if_fail (json != NULL, NULL);

  root = arb_json_parse (json, error);
  if (root == NULL)
    return NULL;
  if (root->type != ARB_JSON_OBJECT)
    {
      schema_error (error, "a ruling is a JSON object");
      return NULL;
    }
  if (!arb_json_object_get_int (root, "version", &value) || value != 1)
    {
      schema_error (error, "unknown ruling version");
      return NULL;
    }
  if (!arb_json_object_get_string (root, "kind", &text) ||
      !arb_ruling_kind_from_string (text, &kind))
    {
      schema_error (error, "unknown ruling kind");
      return NULL;
    }
  if (!arb_json_object_get_int (root, "edition", &value) || value > G_MAXINT ||
      !arb_edition_from_year ((int) value, &edition))
    {
      schema_error (error, "unknown edition");
      return NULL;
    }
  if (!arb_json_object_get_string (root, "category", &text))
    text = "";
  if (g_strcmp0 (text, "standard") == 0)
    category = ARB_CATEGORY_STANDARD;
  else if (g_strcmp0 (text, "rapid") == 0)
    category = ARB_CATEGORY_RAPID;
  else if (g_strcmp0 (text, "blitz") == 0)
    category = ARB_CATEGORY_BLITZ;
  else
    {
      schema_error (error, "unknown category");
      return NULL;
    }
  if (!optional_side (root, "by", &by, error))
    return NULL;

  ruling = arb_ruling_new (kind, edition, category, by);
  if (!arb_json_object_get_string (root, "decision", &text) ||
      !arb_decision_from_string (text, &ruling->decision))
    {
      schema_error (error, "unknown decision");
      return NULL;
    }
  if (arb_json_object_get_string (root, "facts", &text))
    arb_ruling_set_facts (ruling, "%s", text);
  if (arb_json_object_get_string (root, "explanation", &text))
    arb_ruling_set_explanation (ruling, "%s", text);
  if (!optional_string (root, "note", &ruling->note, error))
    return NULL;

  list = arb_json_object_get (root, "effects");
  if (list == NULL || list->type != ARB_JSON_ARRAY)
    {
      schema_error (error, "'effects' must be an array");
      return NULL;
    }
  for (guint i = 0; i < list->children->len; i++)
    if (!parse_effect (g_ptr_array_index (list->children, i), ruling, i, error))
      return NULL;

  list = arb_json_object_get (root, "citations");
  if (list == NULL || list->type != ARB_JSON_ARRAY)
    {
      schema_error (error, "'citations' must be an array");
      return NULL;
    }
  for (guint i = 0; i < list->children->len; i++)
    {
      const ArbJsonNode *node = g_ptr_array_index (list->children, i);
      ArbCitation citation = { 0 };
      const char *rule_id;
      const char *article;
      const char *paraphrase;
      gboolean found = FALSE;

      if (!arb_json_object_get_string (node, "rule", &rule_id) ||
          !arb_json_object_get_string (node, "article", &article) ||
          !arb_json_object_get_string (node, "paraphrase", &paraphrase))
        {
          schema_error (error, "citation %u needs rule, article and paraphrase", i);
          return NULL;
        }
      for (guint r = 0; r < ARB_RULE_N; r++)
        if (strcmp (arb_rule_to_string ((ArbRule) r), rule_id) == 0)
          {
            citation.rule = (ArbRule) r;
            found = TRUE;
          }
      if (!found)
        {
          schema_error (error, "citation %u names an unknown rule", i);
          return NULL;
        }
      if (!arb_json_object_get_bool (node, "verified", &citation.verified))
        citation.verified = FALSE;
      citation.article = g_strdup (article);
      citation.paraphrase = g_strdup (paraphrase);
      g_array_append_val (ruling->citations, citation);
    }

  /* The top-level result is derived from the effects; a stored value that
   * disagrees has been tampered with or is corrupt. */
  result_node = arb_json_object_get (root, "result");
  if (result_node != NULL && result_node->type != ARB_JSON_NULL)
    {
      ArbResult stored;

      if (result_node->type != ARB_JSON_STRING ||
          !arb_result_from_string (result_node->string, &stored))
        {
          schema_error (error, "the result is not one the Laws allow");
          return NULL;
        }
      if (stored != arb_ruling_get_result (ruling))
        {
          schema_error (error, "the result does not match the effects");
          return NULL;
        }
    }
  else if (arb_ruling_get_result (ruling) != ARB_RESULT_ONGOING)
    {
      schema_error (error, "the result does not match the effects");
      return NULL;
    }

  if (arb_json_object_get (root, "envelope") != NULL &&
      !parse_envelope (arb_json_object_get (root, "envelope"), ruling, error))
    return NULL;

  return g_steal_pointer (&ruling);
}
