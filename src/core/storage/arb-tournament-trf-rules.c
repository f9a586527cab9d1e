/* arb-tournament-trf-rules.c: the event's scoring and tie-breaks as TRF-2026 records
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TRF-2026 import keeps the file's records 162 (scoring), 202
 * (tie-breaks) and 212 (the standings' order) word for word, and makes
 * them the event's settings (arb-round-import-settings.c). When the
 * arbiter then changes the scoring or the order (Preferences of the
 * event), an export that wrote the kept records would say what the event
 * no longer does; so the export writes them from the settings instead,
 * and only then: a record whose setting is as the import left it stays
 * as the file had it (with the codes Arbiter does not compute, which the
 * import left out of the settings). The codes are those of the FIDE
 * Technical Commission's "Format of Tournament Report File, Version
 * 2026" (records 162, 202 and 212) and its list of tie-break codes.
 */

#include "config.h"

#include "arb-tournament-trf-rules.h"

#include <string.h>

#include "arb-stored-json.h"
#include "arb-tournament-private.h"

/* A settings' key as its code: "bh-c1" → "BH/C1", "bh:gp-m1" →
 * "BH:GP/M1" (a Cut or Median as the codes write it), "rep" → "REP". */
static char *
code_of_key (const char *key)
{
  char *code = g_ascii_strup (key, -1);
  char *dash = strrchr (code, '-');

  if (dash != NULL && (dash[1] == 'C' || dash[1] == 'M'))
    *dash = '/';
  return code;
}

/* The code of @key; Koya with its Limit (C.07 14.5). */
static void
append_code (GString *out, const char *key, gint64 koya_limit)
{
  g_autofree char *code = code_of_key (key);

  if (out->len > 0)
    g_string_append_c (out, ',');
  g_string_append (out, code);
  if (strcmp (code, "KS") == 0 && koya_limit != 0)
    g_string_append_printf (out, "/L%+d", (int) koya_limit);
}

char *
arb_trf_rules_tiebreak_codes (JsonObject *settings)
{
  g_autoptr (GString) out = g_string_new (NULL);
  JsonNode *member;
  JsonArray *keys;
  gint64 koya_limit = 0;

  g_return_val_if_fail (settings != NULL, NULL);

  member = json_object_get_member (settings, "tiebreaks");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member))
    return NULL;
  keys = json_node_get_array (member);
  member = json_object_get_member (settings, "koya_limit");
  if (member != NULL && json_node_get_value_type (member) == G_TYPE_INT64)
    koya_limit = json_node_get_int (member);
  for (guint i = 0; i < json_array_get_length (keys); i++)
    {
      JsonNode *key = json_array_get_element (keys, i);

      if (json_node_get_value_type (key) == G_TYPE_STRING)
        append_code (out, json_node_get_string (key), koya_limit);
    }
  return out->len > 0 ? g_strdup (out->str) : NULL;
}

char *
arb_trf_rules_team_standings_codes (JsonObject *settings)
{
  g_autoptr (GString) out = NULL;
  JsonNode *member;
  JsonArray *keys;

  g_return_val_if_fail (settings != NULL, NULL);

  member = json_object_get_member (settings, "team_tiebreaks");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member))
    return NULL;
  keys = json_node_get_array (member);
  out = g_string_new ("PTS");
  if (g_strcmp0 (json_object_get_string_member_with_default (settings, "team_score", NULL), "gp") ==
      0)
    g_string_append (out, ":GP");
  for (guint i = 0; i < json_array_get_length (keys); i++)
    {
      JsonNode *key = json_array_get_element (keys, i);

      if (json_node_get_value_type (key) == G_TYPE_STRING)
        {
          g_autofree char *code = code_of_key (json_node_get_string (key));

          g_string_append_printf (out, ",%s", code);
        }
    }
  return g_strdup (out->str);
}

/* @member's "W-D-L" text ("3-1-0", "1-0.5-0": a win, a draw and a loss)
 * as three numbers each from 0 to under 100, the most the four columns
 * of records 162 and 362 hold; FALSE where it is absent or reads
 * otherwise. */
static gboolean
points_of (JsonObject *settings, const char *member, double points[3])
{
  const char *text = json_object_get_string_member_with_default (settings, member, NULL);
  g_auto (GStrv) parts = NULL;

  if (text == NULL)
    return FALSE;
  parts = g_strsplit (text, "-", -1);
  if (g_strv_length (parts) != 3)
    return FALSE;
  for (int k = 0; k < 3; k++)
    {
      char *end = NULL;

      points[k] = g_ascii_strtod (parts[k], &end);
      if (parts[k][0] == '\0' || end == NULL || *end != '\0' || points[k] < 0 || points[k] >= 100)
        return FALSE;
    }
  return TRUE;
}

/* One result's code and points as 162 lays them out, nine columns a
 * result: the code ending in the result's column (6, 15, 24 …), its
 * points right-aligned in the next four, then blanks up to the next. */
static void
append_points (GString *out, const char *code, double points)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out, " %s%4s%*s", code, g_ascii_formatd (buf, sizeof buf, "%.1f", points),
                          (int) (4 - strlen (code)), "");
}

char *
arb_trf_rules_scoring_record (JsonObject *settings)
{
  g_autoptr (GString) out = g_string_new (NULL);
  double points[3];

  g_return_val_if_fail (settings != NULL, NULL);

  /* "scoring": a game's points (arb-standings.h). */
  if (!points_of (settings, "scoring", points))
    return NULL;
  append_points (out, "W", points[0]);
  append_points (out, "D", points[1]);
  append_points (out, "L", points[2]);
  append_points (out, "P", points[0]);
  append_points (out, "A", points[2]);
  g_strchomp (out->str);
  return g_strdup (out->str);
}

char *
arb_trf_rules_team_scoring_record (JsonObject *settings)
{
  g_autoptr (GString) out = g_string_new (NULL);
  static const char *const codes[] = { "TW", "TD", "TL" };
  double points[3];

  g_return_val_if_fail (settings != NULL, NULL);

  /* "team_scoring": a team's match points (arb-standings-teams-order.h),
   * each code where 162 has a result's letter. */
  if (!points_of (settings, "team_scoring", points))
    return NULL;
  /* TRF-2026: the record is mandatory only when the points differ from
   * the defaults, TW 2.0, TD 1.0, TL 0.0. */
  if (points[0] == 2 && points[1] == 1 && points[2] == 0)
    return NULL;
  for (int k = 0; k < 3; k++)
    append_points (out, codes[k], points[k]);
  g_strchomp (out->str);
  return g_strdup (out->str);
}

/* Record 362 as the settings have it: written where the match points
 * are not the default, unless the import's record says the same (then
 * it stays as the file wrote it); removed where the arbiter made them
 * the default since an import that gave others (a record a file wrote
 * with the defaults stays). */
static void
over_team_scoring (JsonObject *settings, GHashTable *records)
{
  g_autofree char *now = arb_trf_rules_team_scoring_record (settings);
  const char *imported =
    json_object_get_string_member_with_default (settings, ARB_TRF_RULES_IMPORTED_362, NULL);

  if (now == NULL)
    {
      if (imported != NULL)
        g_hash_table_remove (records, "362");
      return;
    }
  if (imported != NULL && strcmp (imported, now) == 0 && g_hash_table_contains (records, "362"))
    return;
  g_hash_table_replace (records, g_strdup ("362"), g_steal_pointer (&now));
}

/* @record's kept value replaced by @value when the setting it came from
 * (@now, as the functions above write it) is no longer what the import
 * made of it (@imported; NULL when no import said: nothing is then known
 * to have changed). */
static void
replace_if_changed (GHashTable *records,
                    const char *record,
                    const char *imported,
                    const char *now,
                    const char *value)
{
  if (now == NULL || imported == NULL || strcmp (imported, now) == 0 ||
      !g_hash_table_contains (records, record))
    return;
  g_hash_table_replace (records, g_strdup (record), g_strdup (value));
}

void
_arb_trf_rules_over_records (const char *settings_json, GHashTable *records)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autofree char *codes = NULL, *scoring = NULL, *standings = NULL, *team = NULL;
  const char *imported_162, *imported_202, *imported_team;
  JsonObject *settings;
  JsonNode *root;

  g_return_if_fail (records != NULL);

  if (settings_json == NULL || !arb_stored_json_load (parser, settings_json, NULL) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return;
  settings = json_node_get_object (root);
  imported_162 =
    json_object_get_string_member_with_default (settings, ARB_TRF_RULES_IMPORTED_162, NULL);
  imported_202 =
    json_object_get_string_member_with_default (settings, ARB_TRF_RULES_IMPORTED_202, NULL);
  codes = arb_trf_rules_tiebreak_codes (settings);
  scoring = arb_trf_rules_scoring_record (settings);
  replace_if_changed (records, "162", imported_162, scoring, scoring);
  replace_if_changed (records, "202", imported_202, codes, codes);
  /* 212 is the whole order, the points first. */
  standings = codes != NULL ? g_strconcat ("PTS,", codes, NULL) : NULL;
  replace_if_changed (records, "212", imported_202, codes, standings);
  /* A team event's order, its primary score in 212's first code. */
  team = arb_trf_rules_team_standings_codes (settings);
  imported_team =
    json_object_get_string_member_with_default (settings, ARB_TRF_RULES_IMPORTED_TEAM_212, NULL);
  if (team != NULL && strchr (team, ',') != NULL)
    replace_if_changed (records, "202", imported_team, team, strchr (team, ',') + 1);
  replace_if_changed (records, "212", imported_team, team, team);
  over_team_scoring (settings, records);
}
