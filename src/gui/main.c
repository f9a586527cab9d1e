/* main.c: the entry point of the Arbiter workstation
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arbiter"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "arb-application.h"
#include "arb-position.h"

int
main (int argc, char **argv)
{
  g_autoptr (ArbApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  arb_position_init ();

  app = arb_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
