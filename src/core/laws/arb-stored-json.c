/* arb-stored-json.c: reading JSON values stored in a tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-stored-json.h"

/* clang-format off */
G_DEFINE_QUARK (arb-json-error-quark, arb_json_error)
/* clang-format on */

/* The deepest nesting of arrays and objects in TEXT, counted outside
 * strings; stops counting past LIMIT. */
static guint
nesting_depth (const char *text, guint limit)
{
  guint depth = 0, deepest = 0;
  gboolean in_string = FALSE;

  for (const char *p = text; *p != '\0' && deepest <= limit; p++)
    {
      if (in_string)
        {
          if (*p == '\\' && p[1] != '\0')
            p++;
          else if (*p == '"')
            in_string = FALSE;
          continue;
        }
      switch (*p)
        {
        case '"':
          in_string = TRUE;
          break;
        case '[':
        case '{':
          depth++;
          deepest = MAX (deepest, depth);
          break;
        case ']':
        case '}':
          if (depth > 0)
            depth--;
          break;
        default:
          break;
        }
    }
  return deepest;
}

gboolean
arb_stored_json_load (JsonParser *parser, const char *text, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SYNTAX, "not UTF-8 text");
      return FALSE;
    }
  if (nesting_depth (text, ARB_JSON_MAX_DEPTH) > ARB_JSON_MAX_DEPTH)
    {
      g_set_error (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SYNTAX,
                   "arrays and objects nested more than %d deep", ARB_JSON_MAX_DEPTH);
      return FALSE;
    }
  if (!json_parser_load_from_data (parser, text, -1, &local_error))
    {
      g_set_error_literal (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SYNTAX, local_error->message);
      return FALSE;
    }
  return TRUE;
}
