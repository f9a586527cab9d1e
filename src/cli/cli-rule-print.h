/* cli-rule-print.h: what arbiter-cli rule prints, as text or --json
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-laws.h"
#include "arb-ruling.h"

G_BEGIN_DECLS

/* The --json contract: a summary, with the stored form under "ruling". */
void arb_cli_rule_print_json (const ArbRuling *ruling);
/* The ruling as text in the reader's language; @hide_sealed keeps a
 * sealed move out of sight. */
void arb_cli_rule_print_text (const ArbRuling *ruling, gboolean hide_sealed);
/* The penalties the arbiter may impose under the event's edition. */
void arb_cli_rule_print_penalties (const ArbEventSettings *event, gboolean json);

G_END_DECLS
