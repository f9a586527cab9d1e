/* arb-trf-private.h: the parts of the TRF reader in other files
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-trf.h"

G_BEGIN_DECLS

/* arb-trf-event.c: the event's rules in TRF-2026. @chars is the whole
 * line, one character per column. */
void _arb_trf_scoring_init (ArbTrfScoring *scoring);
gboolean _arb_trf_parse_scoring (const gunichar *chars,
                                 gsize n_chars,
                                 int line_no,
                                 ArbTrfScoring *scoring,
                                 GError **error);
void _arb_trf_team_scoring_init (ArbTrfTeamScoring *scoring);
gboolean _arb_trf_parse_team_scoring (const gunichar *chars,
                                      gsize n_chars,
                                      int line_no,
                                      ArbTrfTeamScoring *scoring,
                                      GError **error);
/* Appends the codes of a 202 or 212 line to @codes (ArbTrfTiebreak). */
gboolean _arb_trf_parse_tiebreaks (const gunichar *chars,
                                   gsize n_chars,
                                   int line_no,
                                   GPtrArray *codes,
                                   GError **error);
void _arb_trf_tiebreak_free (ArbTrfTiebreak *tiebreak);

G_END_DECLS
