/* arb-tournament-trf-rules.h: the event's scoring and tie-breaks as TRF-2026 records
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The event's settings (docs/tournament-file.md) as the value of a
 * TRF-2026 record: @settings' "tiebreaks" (with "koya_limit") as the
 * codes of record 202 ("BH/C1,SB,KS/L+1": the key in capitals, a Cut or
 * Median as "/C1", "/M2"), and its "scoring" as record 162 (W, D and L,
 * P a win's points and A a loss's, as the standings count a pairing
 * bye and an absence). NULL when the settings say nothing of it. */
char *arb_trf_rules_tiebreak_codes (JsonObject *settings);
char *arb_trf_rules_scoring_record (JsonObject *settings);
/* A team event's order as record 212's codes: "PTS" ("PTS:GP" when
 * "team_score" is "gp"), then "team_tiebreaks" in capitals, a Cut or
 * Median after a slash ("PTS,EDE,BC,TBR,BH:GP/C1"); 202's are those
 * after the first comma. NULL when the
 * settings name no team order. */
char *arb_trf_rules_team_standings_codes (JsonObject *settings);
/* A team event's match points ("team_scoring", "3-1-0") as record 362:
 * " TW 3.0   TD 1.0   TL 0.0". NULL when the settings say nothing of them
 * or give TRF-2026's defaults (2, 1, 0), which the record is not
 * written for. */
char *arb_trf_rules_team_scoring_record (JsonObject *settings);

/* The settings' members that remember what an import's 162 and 202 (or
 * 212) became, so that an export can tell whether the arbiter changed
 * them since: the values of the two functions above just after the
 * import (arb-round-import-settings.c writes them). */
#define ARB_TRF_RULES_IMPORTED_162 "trf_162"
#define ARB_TRF_RULES_IMPORTED_202 "trf_202"
/* The same for a team event's order: the value of
 * arb_trf_rules_team_standings_codes () just after the import. */
#define ARB_TRF_RULES_IMPORTED_TEAM_212 "trf_team_212"
/* The same for record 362: "team_scoring" as the import left it. */
#define ARB_TRF_RULES_IMPORTED_362 "trf_362"

/* The export's records (code → value, as the import kept them) with
 * 162, 202 and 212 written from @settings_json where the arbiter changed
 * the scoring or the order since the import; 362 written from the
 * settings where their match points are not the default and the import
 * did not leave them so, and left out where they are the default; the
 * others as they are. */
void _arb_trf_rules_over_records (const char *settings_json, GHashTable *records);

G_END_DECLS
