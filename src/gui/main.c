/* main.c: the entry point of the Arbiter workstation
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arbiter"

#include "config.h"

#include "arb-i18n.h"

#include "arb-application.h"
#include "arb-position.h"

int
main (int argc, char **argv)
{
  g_autoptr (ArbApplication) app = NULL;

  /* The locale is set here, with its LANGUAGE fallback; GTK must not set
   * it again. */
  arb_i18n_init ();
  gtk_disable_setlocale ();

  arb_position_init ();

  app = arb_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
