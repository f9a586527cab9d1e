/* arb-json.c
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-json.h"

/* clang-format off */
G_DEFINE_QUARK (arb-json-error-quark, arb_json_error)
/* clang-format on */

/* Nesting deeper than this is refused rather than risking the stack. */
#define MAX_DEPTH 64

typedef struct
{
  const char *text;
  const char *p;
} Parser;

static void
position_of (const Parser *parser, int *line, int *column)
{
  *line = 1;
  *column = 1;
  for (const char *q = parser->text; q < parser->p; q++)
    {
      if (*q == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else
        (*column)++;
    }
}

G_GNUC_PRINTF (3, 4)
static void
set_error (const Parser *parser, GError **error, const char *format, ...)
{
  int line, column;
  va_list args;
  g_autofree char *message = NULL;

  position_of (parser, &line, &column);
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, ARB_JSON_ERROR, ARB_JSON_ERROR_SYNTAX, "line %d, column %d: %s", line, column,
               message);
}

static void
skip_space (Parser *parser)
{
  while (*parser->p == ' ' || *parser->p == '\t' || *parser->p == '\n' || *parser->p == '\r')
    parser->p++;
}

static ArbJsonNode *
node_new (ArbJsonType type)
{
  ArbJsonNode *node = g_new0 (ArbJsonNode, 1);

  node->type = type;
  if (type == ARB_JSON_ARRAY || type == ARB_JSON_OBJECT)
    node->children = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_json_node_free);
  return node;
}

void
arb_json_node_free (ArbJsonNode *node)
{
  if (node == NULL)
    return;
  g_free (node->string);
  g_free (node->key);
  if (node->children != NULL)
    g_ptr_array_unref (node->children);
  g_free (node);
}

static int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static char *
parse_string (Parser *parser, GError **error)
{
  g_autoptr (GString) out = g_string_new (NULL);

  g_assert (*parser->p == '"');
  parser->p++;
  for (;;)
    {
      char c = *parser->p;

      if (c == '\0')
        {
          set_error (parser, error, "unterminated string");
          return NULL;
        }
      if ((unsigned char) c < 0x20)
        {
          set_error (parser, error, "control character in string");
          return NULL;
        }
      if (c == '"')
        {
          parser->p++;
          break;
        }
      if (c != '\\')
        {
          g_string_append_c (out, c);
          parser->p++;
          continue;
        }
      parser->p++;
      c = *parser->p;
      switch (c)
        {
        case '"':
          g_string_append_c (out, '"');
          break;
        case '\\':
          g_string_append_c (out, '\\');
          break;
        case '/':
          g_string_append_c (out, '/');
          break;
        case 'b':
          g_string_append_c (out, '\b');
          break;
        case 'f':
          g_string_append_c (out, '\f');
          break;
        case 'n':
          g_string_append_c (out, '\n');
          break;
        case 'r':
          g_string_append_c (out, '\r');
          break;
        case 't':
          g_string_append_c (out, '\t');
          break;
        case 'u':
          {
            gunichar ch = 0;

            for (int i = 1; i <= 4; i++)
              {
                int v = hex_value (parser->p[i]);
                if (v < 0)
                  {
                    set_error (parser, error, "bad \\u escape");
                    return NULL;
                  }
                ch = ch * 16 + (gunichar) v;
              }
            parser->p += 4;
            /* A surrogate pair encodes one character beyond the BMP. */
            if (ch >= 0xD800 && ch <= 0xDBFF && parser->p[1] == '\\' && parser->p[2] == 'u')
              {
                gunichar low = 0;
                gboolean ok = TRUE;

                /* Stop at the first byte that is not a digit: it may be
                 * the terminating NUL, and nothing after it is ours. */
                for (int i = 3; i <= 6 && ok; i++)
                  {
                    int v = hex_value (parser->p[i]);
                    if (v < 0)
                      ok = FALSE;
                    else
                      low = low * 16 + (gunichar) v;
                  }
                if (ok && low >= 0xDC00 && low <= 0xDFFF)
                  {
                    ch = 0x10000 + ((ch - 0xD800) << 10) + (low - 0xDC00);
                    parser->p += 6;
                  }
              }
            if (!g_unichar_validate (ch) || ch == 0)
              {
                set_error (parser, error, "invalid character in \\u escape");
                return NULL;
              }
            g_string_append_unichar (out, ch);
            break;
          }
        default:
          set_error (parser, error, "bad escape in string");
          return NULL;
        }
      parser->p++;
    }

  if (!g_utf8_validate (out->str, out->len, NULL))
    {
      set_error (parser, error, "string is not valid UTF-8");
      return NULL;
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static ArbJsonNode *parse_value (Parser *parser, int depth, GError **error);

static ArbJsonNode *
parse_container (Parser *parser, int depth, GError **error)
{
  gboolean is_object = *parser->p == '{';
  char close = is_object ? '}' : ']';
  g_autoptr (ArbJsonNode) node = node_new (is_object ? ARB_JSON_OBJECT : ARB_JSON_ARRAY);

  parser->p++;
  skip_space (parser);
  if (*parser->p == close)
    {
      parser->p++;
      return g_steal_pointer (&node);
    }
  for (;;)
    {
      g_autofree char *key = NULL;
      ArbJsonNode *child;

      skip_space (parser);
      if (is_object)
        {
          if (*parser->p != '"')
            {
              set_error (parser, error, "expected a member name");
              return NULL;
            }
          key = parse_string (parser, error);
          if (key == NULL)
            return NULL;
          skip_space (parser);
          if (*parser->p != ':')
            {
              set_error (parser, error, "expected ':'");
              return NULL;
            }
          parser->p++;
        }
      child = parse_value (parser, depth + 1, error);
      if (child == NULL)
        return NULL;
      child->key = g_steal_pointer (&key);
      g_ptr_array_add (node->children, child);
      skip_space (parser);
      if (*parser->p == ',')
        {
          parser->p++;
          continue;
        }
      if (*parser->p == close)
        {
          parser->p++;
          return g_steal_pointer (&node);
        }
      set_error (parser, error, "expected ',' or '%c'", close);
      return NULL;
    }
}

static ArbJsonNode *
parse_value (Parser *parser, int depth, GError **error)
{
  skip_space (parser);
  if (depth > MAX_DEPTH)
    {
      set_error (parser, error, "nested too deeply");
      return NULL;
    }

  switch (*parser->p)
    {
    case '{':
    case '[':
      return parse_container (parser, depth, error);
    case '"':
      {
        char *s = parse_string (parser, error);
        ArbJsonNode *node;

        if (s == NULL)
          return NULL;
        node = node_new (ARB_JSON_STRING);
        node->string = s;
        return node;
      }
    case 't':
      if (strncmp (parser->p, "true", 4) == 0)
        {
          ArbJsonNode *node = node_new (ARB_JSON_BOOL);
          node->boolean = TRUE;
          parser->p += 4;
          return node;
        }
      break;
    case 'f':
      if (strncmp (parser->p, "false", 5) == 0)
        {
          parser->p += 5;
          return node_new (ARB_JSON_BOOL);
        }
      break;
    case 'n':
      if (strncmp (parser->p, "null", 4) == 0)
        {
          parser->p += 4;
          return node_new (ARB_JSON_NULL);
        }
      break;
    default:
      if (*parser->p == '-' || g_ascii_isdigit (*parser->p))
        {
          const char *start = parser->p;
          guint64 magnitude = 0;
          gboolean negative = FALSE;
          ArbJsonNode *node;

          if (*parser->p == '-')
            {
              negative = TRUE;
              parser->p++;
            }
          if (!g_ascii_isdigit (*parser->p) ||
              (parser->p[0] == '0' && g_ascii_isdigit (parser->p[1])))
            {
              set_error (parser, error, "bad number");
              return NULL;
            }
          while (g_ascii_isdigit (*parser->p))
            {
              magnitude = magnitude * 10 + (guint64) (*parser->p - '0');
              if (magnitude > (guint64) G_MAXINT64)
                {
                  parser->p = start;
                  set_error (parser, error, "number out of range");
                  return NULL;
                }
              parser->p++;
            }
          if (*parser->p == '.' || *parser->p == 'e' || *parser->p == 'E')
            {
              set_error (parser, error, "only integers are accepted");
              return NULL;
            }
          node = node_new (ARB_JSON_INT);
          node->integer = negative ? -(gint64) magnitude : (gint64) magnitude;
          return node;
        }
      break;
    }

  if (*parser->p == '\0')
    set_error (parser, error, "unexpected end of input");
  else
    set_error (parser, error, "unexpected character '%c'", *parser->p);
  return NULL;
}

ArbJsonNode *
arb_json_parse (const char *text, GError **error)
{
  Parser parser = { text, text };
  g_autoptr (ArbJsonNode) node = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  node = parse_value (&parser, 0, error);
  if (node == NULL)
    return NULL;
  skip_space (&parser);
  if (*parser.p != '\0')
    {
      set_error (&parser, error, "trailing text after the value");
      return NULL;
    }
  return g_steal_pointer (&node);
}

const ArbJsonNode *
arb_json_object_get (const ArbJsonNode *node, const char *key)
{
  if (node == NULL || node->type != ARB_JSON_OBJECT)
    return NULL;
  for (guint i = 0; i < node->children->len; i++)
    {
      const ArbJsonNode *child = g_ptr_array_index (node->children, i);
      if (g_strcmp0 (child->key, key) == 0)
        return child;
    }
  return NULL;
}

gboolean
arb_json_object_get_string (const ArbJsonNode *node, const char *key, const char **out)
{
  const ArbJsonNode *child = arb_json_object_get (node, key);

  if (child == NULL || child->type != ARB_JSON_STRING)
    return FALSE;
  *out = child->string;
  return TRUE;
}

gboolean
arb_json_object_get_int (const ArbJsonNode *node, const char *key, gint64 *out)
{
  const ArbJsonNode *child = arb_json_object_get (node, key);

  if (child == NULL || child->type != ARB_JSON_INT)
    return FALSE;
  *out = child->integer;
  return TRUE;
}

gboolean
arb_json_object_get_bool (const ArbJsonNode *node, const char *key, gboolean *out)
{
  const ArbJsonNode *child = arb_json_object_get (node, key);

  if (child == NULL || child->type != ARB_JSON_BOOL)
    return FALSE;
  *out = child->boolean;
  return TRUE;
}

void
arb_json_append_string_len (GString *out, const char *text, gsize len)
{
  const char *p = text;
  const char *end = text + len;

  g_string_append_c (out, '"');
  while (p < end)
    {
      unsigned char c = (unsigned char) *p;

      if (c < 0x80)
        {
          switch (c)
            {
            case '"':
              g_string_append (out, "\\\"");
              break;
            case '\\':
              g_string_append (out, "\\\\");
              break;
            case '\n':
              g_string_append (out, "\\n");
              break;
            case '\r':
              g_string_append (out, "\\r");
              break;
            case '\t':
              g_string_append (out, "\\t");
              break;
            default:
              if (c < 0x20 || c == 0x7f)
                g_string_append_printf (out, "\\u%04x", c);
              else
                g_string_append_c (out, (char) c);
              break;
            }
          p++;
        }
      else
        {
          /* Names read from old files may be Latin-1: write U+FFFD for
           * each byte that is not UTF-8 rather than bytes a reader would
           * refuse (as the character itself, so that writing what was read
           * back gives the same text). */
          gunichar u = g_utf8_get_char_validated (p, end - p);

          if (u != (gunichar) -1 && u != (gunichar) -2)
            {
              const char *after = g_utf8_next_char (p);

              g_string_append_len (out, p, after - p);
              p = after;
            }
          else
            {
              g_string_append (out, "\xef\xbf\xbd");
              p++;
            }
        }
    }
  g_string_append_c (out, '"');
}

void
arb_json_append_string (GString *out, const char *text)
{
  arb_json_append_string_len (out, text, strlen (text));
}
