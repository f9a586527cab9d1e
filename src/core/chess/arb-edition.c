/* arb-edition.c
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-edition.h"

#include "arb-chess-enums.h"
#include "arb-enum-nick.h"

gboolean
arb_edition_from_year (int year, ArbEdition *edition)
{
  switch (year)
    {
    case ARB_EDITION_2001:
    case ARB_EDITION_2009:
    case ARB_EDITION_2014:
    case ARB_EDITION_2018:
    case ARB_EDITION_2023:
      if (edition != NULL)
        *edition = (ArbEdition) year;
      return TRUE;
    default:
      return FALSE;
    }
}

const char *
arb_category_to_string (ArbCategory category)
{
  const char *nick = arb_enum_nick (ARB_TYPE_CATEGORY, category);
  gboolean category_known = nick != NULL;

  g_return_val_if_fail (category_known, "unknown");
  return nick;
}
