/* arb-position-boxed.h: ArbPosition as a GBoxed type, for properties
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "arb-position.h"

G_BEGIN_DECLS

/* The core keeps ArbPosition a plain struct with no GType; the views need
 * one to carry a position in a GObject property. A copy is a flat g_memdup2()
 * of the struct (it holds no pointers). */
#define ARB_TYPE_POSITION (arb_position_boxed_get_type ())

GType arb_position_boxed_get_type (void) G_GNUC_CONST;

ArbPosition *arb_position_boxed_copy (const ArbPosition *position);
void arb_position_boxed_free (ArbPosition *position);

G_END_DECLS
