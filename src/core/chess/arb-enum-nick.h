/* arb-enum-nick.h: an enum's stored names, from its GType's nicks
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The names the file stores for an enum are its values' nicks, made by
 * glib-mkenums from the headers (arb-chess-enums.h, arb-laws-enums.h and
 * the others); a value whose stored name is not its plain nick says so in
 * the header (<nick=…>). */

/* The class of @type, made once and kept for the program's life. */
static inline GEnumClass *
arb_enum_class (GType type)
{
  gpointer klass = g_type_class_peek (type);

  return klass != NULL ? klass : g_type_class_ref (type);
}

/* The nick of @value, or NULL when @type has no such value. */
static inline const char *
arb_enum_nick (GType type, int value)
{
  GEnumValue *v = g_enum_get_value (arb_enum_class (type), value);

  return v != NULL ? v->value_nick : NULL;
}

/* The value whose nick is @nick; FALSE, @value untouched, when none is. */
static inline gboolean
arb_enum_from_nick (GType type, const char *nick, int *value)
{
  GEnumValue *v = nick != NULL ? g_enum_get_value_by_nick (arb_enum_class (type), nick) : NULL;

  if (v == NULL)
    return FALSE;
  *value = v->value;
  return TRUE;
}

/* As arb_enum_from_nick (), @nick in any case of ASCII: for the names a
 * user may type in capitals ("BH-C1"). */
static inline gboolean
arb_enum_from_nick_ascii_nocase (GType type, const char *nick, int *value)
{
  GEnumClass *klass = arb_enum_class (type);

  for (guint i = 0; nick != NULL && i < klass->n_values; i++)
    if (g_ascii_strcasecmp (nick, klass->values[i].value_nick) == 0)
      {
        *value = klass->values[i].value;
        return TRUE;
      }
  return FALSE;
}

/* Defines PREFIX_to_string (Type), which answers @fallback (with a
 * critical) for a value the enum lacks, and PREFIX_from_string (text,
 * Type *), FALSE for a name it lacks. */
#define ARB_DEFINE_ENUM_NAMES(prefix, Type, type_id, fallback)  \
  const char *prefix##_to_string (Type value)                   \
  {                                                             \
    const char *nick = arb_enum_nick (type_id, (int) value);    \
    gboolean value_in_enum = nick != NULL;                      \
                                                                \
    g_return_val_if_fail (value_in_enum, fallback);             \
    return nick;                                                \
  }                                                             \
                                                                \
  gboolean prefix##_from_string (const char *text, Type *value) \
  {                                                             \
    int v;                                                      \
                                                                \
    if (!arb_enum_from_nick (type_id, text, &v))                \
      return FALSE;                                             \
    *value = (Type) v;                                          \
    return TRUE;                                                \
  }

G_END_DECLS
