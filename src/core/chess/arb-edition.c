/* arb-edition.c
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-edition.h"

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
  switch (category)
    {
    case ARB_CATEGORY_STANDARD:
      return "standard";
    case ARB_CATEGORY_RAPID:
      return "rapid";
    case ARB_CATEGORY_BLITZ:
      return "blitz";
    default:
      g_return_val_if_reached ("unknown");
    }
}
