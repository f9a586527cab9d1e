/* test-position.c: FEN, move generation, make/unmake, identity
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-position.h"

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  return g_test_run ();
}
