/* arb-application.h: the Arbiter application object
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ARB_TYPE_APPLICATION (arb_application_get_type ())

G_DECLARE_FINAL_TYPE (ArbApplication, arb_application, ARB, APPLICATION, AdwApplication)

ArbApplication *arb_application_new (void);
GSettings *arb_application_get_settings (ArbApplication *self);

G_END_DECLS
