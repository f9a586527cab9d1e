/* arb-stored-json.c: reading JSON values stored in a tournament file
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-stored-json.h"
#include "arb-i18n.h"

#include <string.h>

/* clang-format off */
G_DEFINE_QUARK (arb-json-error-quark, arb_json_error)
/* clang-format on */

/* The deepest nesting of arrays and objects in the LENGTH bytes of TEXT,
 * counted outside strings; stops counting past LIMIT. */
static guint
nesting_depth (const char *text, gsize length, guint limit)
{
  guint depth = 0, deepest = 0;
  gboolean in_string = FALSE;
  const char *end = text + length;

  for (const char *p = text; p < end && deepest <= limit; p++)
    {
      if (in_string)
        {
          if (*p == '\\' && p + 1 < end)
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
arb_json_load_data (JsonParser *parser, const char *data, gsize length, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (length > G_MAXSSIZE || (length > 0 && !g_utf8_validate_len (data, length, NULL)))
    {
      g_set_error_literal (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SYNTAX, _ ("not UTF-8 text"));
      return FALSE;
    }
  if (length > 0 && nesting_depth (data, length, ARB_JSON_MAX_DEPTH) > ARB_JSON_MAX_DEPTH)
    {
      g_set_error (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SYNTAX,
                   _ ("arrays and objects nested more than %d deep"), ARB_JSON_MAX_DEPTH);
      return FALSE;
    }
  if (!json_parser_load_from_data (parser, data != NULL ? data : "", (gssize) length, &local_error))
    {
      g_set_error_literal (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SYNTAX, local_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_stored_json_load (JsonParser *parser, const char *text, GError **error)
{
  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  return arb_json_load_data (parser, text, strlen (text), error);
}
