/* arb-edition.h: editions of the FIDE Laws of Chess and game categories
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* An edition is named by the year it came into force. */
typedef enum
{
  ARB_EDITION_2001 = 2001, /* in force 1 July 2001 */
  ARB_EDITION_2009 = 2009, /* in force 1 July 2009 */
  ARB_EDITION_2014 = 2014, /* in force 1 July 2014 */
  ARB_EDITION_2018 = 2018, /* in force 1 January 2018 */
  ARB_EDITION_2023 = 2023, /* in force 1 January 2023 */
} ArbEdition;

#define ARB_EDITION_LATEST ARB_EDITION_2023

/* The category of a game follows from its time control and the edition's
 * limits (see arb_time_control_category()). */
typedef enum
{
  ARB_CATEGORY_STANDARD,
  ARB_CATEGORY_RAPID,
  ARB_CATEGORY_BLITZ,
} ArbCategory;

gboolean arb_edition_from_year (int year, ArbEdition *edition);
const char *arb_category_to_string (ArbCategory category);

G_END_DECLS
