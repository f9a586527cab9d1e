/* test-tournament-entries.c: byes asked for, withdrawals and late entries,
 * kept, told to the pairing program and checked when its round comes back
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <sqlite3.h>
#include <string.h>

#include "arb-round-entries.h"
#include "arb-schema.h"
#include "arb-test-utils.h"
#include "arb-tournament-trf.h"

/* entries-6.trf: six players after round 2 of five (XXR 5). The desk then
 * records: a half-point bye for Charlie (3) in round 3, Echo (5)
 * withdrawn from round 3, Golf (late entry, who gets starting rank 7)
 * from round 3, a zero-point bye for Bravo (2) in round 4, and a bye for
 * Delta (4) in round 3 taken back. */
typedef struct
{
  ArbTournament *t;
  char *path;
  gint64 ids[8]; /* by starting rank */
  gint64 bye_charlie, withdrawal_echo, bye_delta, bye_bravo;
} Desk;

static void
desk_setup (Desk *d, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) players = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture ("entries-6.trf", &length);
  ArbPlayerInfo golf = { 0 };

  (void) data;
  d->t = arb_test_new_tournament (&d->path);
  g_assert_true (arb_tournament_import_trf (d->t, text, length, 0, &error));
  g_assert_no_error (error);
  players = arb_tournament_list_players (d->t, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < players->len; i++)
    d->ids[((ArbPlayerInfo *) players->pdata[i])->start_no] =
      ((ArbPlayerInfo *) players->pdata[i])->id;

  g_assert_true (arb_round_request_bye (d->t, d->ids[3], 3, 'H', "Arbiter, Ann", "wedding",
                                        &d->bye_charlie, &error));
  g_assert_no_error (error);
  g_assert_true (arb_round_withdraw_player (d->t, d->ids[5], 3, "Arbiter, Ann", "ill",
                                            &d->withdrawal_echo, &error));
  g_assert_no_error (error);
  golf.name = (char *) "Golf, Gina";
  golf.rating = 1850;
  golf.fide_id = 12345678;
  golf.title = (char *) "FM";
  golf.federation = (char *) "NOR";
  g_assert_true (arb_round_late_entry (d->t, &golf, 3, "Arbiter, Ann", NULL, &d->ids[7], &error));
  g_assert_no_error (error);
  g_assert_true (
    arb_round_request_bye (d->t, d->ids[2], 4, 'Z', NULL, NULL, &d->bye_bravo, &error));
  g_assert_no_error (error);
  g_assert_true (
    arb_round_request_bye (d->t, d->ids[4], 3, 'H', NULL, NULL, &d->bye_delta, &error));
  g_assert_no_error (error);
  g_assert_true (
    arb_round_cancel_entry (d->t, d->bye_delta, "plays after all", "Deputy, Dag", &error));
  g_assert_no_error (error);
}

static void
desk_teardown (Desk *d, gconstpointer data)
{
  (void) data;
  g_clear_object (&d->t);
  g_free (d->path);
}

static const ArbEntryRecord *
find_entry (GPtrArray *entries, gint64 id)
{
  for (guint i = 0; i < entries->len; i++)
    if (((ArbEntryRecord *) entries->pdata[i])->id == id)
      return entries->pdata[i];
  return NULL;
}

/* The record, which must be there. */
static const ArbEntryRecord *
must_find (GPtrArray *entries, gint64 id)
{
  const ArbEntryRecord *e = find_entry (entries, id);

  if (e == NULL)
    g_error ("no entry %" G_GINT64_FORMAT, id);
  return e;
}

static void
test_recorded (Desk *d, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GPtrArray) standing = NULL;
  g_autoptr (GPtrArray) all = NULL;
  g_autoptr (ArbPlayerInfo) golf = NULL;
  const ArbEntryRecord *e;

  (void) data;
  /* Read back from the file, by another connection. */
  g_clear_object (&d->t);
  again = arb_tournament_open (d->path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  standing = arb_tournament_list_entries (again, FALSE, &error);
  g_assert_no_error (error);
  all = arb_tournament_list_entries (again, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (standing->len, ==, 4);
  g_assert_cmpuint (all->len, ==, 6);

  e = must_find (standing, d->bye_charlie);
  g_assert_cmpint (e->kind, ==, ARB_ENTRY_BYE);
  g_assert_cmpint (e->player_id, ==, d->ids[3]);
  g_assert_cmpint (e->round, ==, 3);
  g_assert_cmpint (e->code, ==, 'H');
  g_assert_cmpstr (e->arbiter, ==, "Arbiter, Ann");
  g_assert_cmpstr (e->note, ==, "wedding");
  g_assert_nonnull (e->recorded_at);

  e = must_find (standing, d->withdrawal_echo);
  g_assert_cmpint (e->kind, ==, ARB_ENTRY_WITHDRAWAL);
  g_assert_cmpint (e->round, ==, 3);
  g_assert_cmpstr (e->note, ==, "ill");

  /* The bye taken back stays, superseded by the record that took it back. */
  g_assert_null (find_entry (standing, d->bye_delta));
  e = must_find (all, d->bye_delta);
  g_assert_cmpint (e->superseded_by, !=, 0);
  e = must_find (all, e->superseded_by);
  g_assert_cmpint (e->kind, ==, ARB_ENTRY_CANCEL);
  g_assert_cmpint (e->supersedes, ==, d->bye_delta);
  g_assert_cmpstr (e->note, ==, "plays after all");
  g_assert_cmpstr (e->arbiter, ==, "Deputy, Dag");

  /* The late entry: the next starting rank, and the player as given. */
  golf = arb_tournament_get_player (again, d->ids[7], &error);
  g_assert_no_error (error);
  g_assert_cmpint (golf->start_no, ==, 7);
  g_assert_cmpstr (golf->name, ==, "Golf, Gina");
  g_assert_cmpint (golf->rating, ==, 1850);
  g_assert_cmpint (golf->fide_id, ==, 12345678);
  g_assert_cmpstr (golf->title, ==, "FM");
  g_assert_cmpstr (golf->federation, ==, "NOR");
  for (guint i = 0; i < standing->len; i++)
    if (((ArbEntryRecord *) standing->pdata[i])->kind == ARB_ENTRY_LATE)
      e = standing->pdata[i];
  g_assert_cmpint (e->kind, ==, ARB_ENTRY_LATE);
  g_assert_cmpint (e->player_id, ==, d->ids[7]);
  g_assert_cmpint (e->round, ==, 3);
}

static void
test_refused (Desk *d, gconstpointer data)
{
  g_autoptr (GPtrArray) before = NULL;
  g_autoptr (GPtrArray) after = NULL;
  ArbPlayerInfo twin = { .name = (char *) "Twin, Tom", .fide_id = 12345678 };
  struct
  {
    gboolean ok;
    int code;
  } tries[8];
  int n = 0;

  (void) data;
  before = arb_tournament_list_entries (d->t, TRUE, NULL);
#define TRY(call, want)                       \
  do                                          \
    {                                         \
      g_autoptr (GError) e = NULL;            \
      tries[n].ok = (call);                   \
      g_assert_error (e, G_IO_ERROR, (want)); \
      tries[n].code = e->code;                \
      n++;                                    \
    }                                         \
  while (0)
  /* Paired in round 2 already; withdrawn from round 3; asked for already. */
  TRY (arb_round_request_bye (d->t, d->ids[3], 2, 'H', NULL, NULL, NULL, &e),
       G_IO_ERROR_INVALID_ARGUMENT);
  TRY (arb_round_request_bye (d->t, d->ids[5], 4, 'H', NULL, NULL, NULL, &e),
       G_IO_ERROR_INVALID_ARGUMENT);
  TRY (arb_round_request_bye (d->t, d->ids[3], 3, 'Z', NULL, NULL, NULL, &e), G_IO_ERROR_EXISTS);
  /* Withdrawn from a round that is paired; withdrawn twice. */
  TRY (arb_round_withdraw_player (d->t, d->ids[1], 2, NULL, NULL, NULL, &e),
       G_IO_ERROR_INVALID_ARGUMENT);
  TRY (arb_round_withdraw_player (d->t, d->ids[5], 4, NULL, NULL, NULL, &e), G_IO_ERROR_EXISTS);
  /* A late entry into a paired round, or with another player's FIDE id. */
  TRY (arb_round_late_entry (d->t, &twin, 2, NULL, NULL, NULL, &e), G_IO_ERROR_INVALID_ARGUMENT);
  TRY (arb_round_late_entry (d->t, &twin, 3, NULL, NULL, NULL, &e), G_IO_ERROR_EXISTS);
  /* Taken back without a reason. */
  TRY (arb_round_cancel_entry (d->t, d->bye_charlie, " ", NULL, &e), G_IO_ERROR_INVALID_ARGUMENT);
#undef TRY
  for (int i = 0; i < n; i++)
    g_assert_false (tries[i].ok);
  after = arb_tournament_list_entries (d->t, TRUE, NULL);
  g_assert_cmpuint (after->len, ==, before->len);
}

/* The player line of starting rank @start_no. */
static char *
player_line (const char *text, int start_no)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *head = g_strdup_printf ("001 %4d ", start_no);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], head))
      return g_strdup (lines[i]);
  return NULL;
}

/* Columns @from..@from+7 of @line: one round's block. */
static char *
block (const char *line, int from)
{
  g_autofree char *padded = g_strdup_printf ("%-140s", line);

  return g_strndup (padded + from - 1, 8);
}

static gboolean
has_line (const char *text, const char *line)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strcmp (lines[i], line) == 0)
      return TRUE;
  return FALSE;
}

static void
test_export_trf16 (Desk *d, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = arb_tournament_export_trf_as (d->t, NULL, ARB_TRF_VERSION_16, &error);
  g_autofree char *charlie = NULL, *delta = NULL, *echo = NULL, *golf = NULL, *bravo = NULL;
  g_autofree char *b = NULL;

  (void) data;
  g_assert_no_error (error);
  charlie = player_line (text, 3);
  delta = player_line (text, 4);
  echo = player_line (text, 5);
  golf = player_line (text, 7);
  bravo = player_line (text, 2);
  g_assert_nonnull (charlie);
  g_assert_nonnull (golf);

  /* The round to be paired (3) in its column: the bye asked for and the
   * absence, "0000 - H" and "0000 - Z" (round 3 is at column 112). */
  g_assert_cmpstr ((b = block (charlie, 112)), ==, "0000 - H");
  g_clear_pointer (&b, g_free);
  g_assert_cmpstr ((b = block (echo, 112)), ==, "0000 - Z");
  g_clear_pointer (&b, g_free);
  /* The bye taken back says nothing; nor does round 4 in TRF16. */
  g_assert_cmpstr ((b = block (delta, 112)), ==, "        ");
  g_clear_pointer (&b, g_free);
  g_assert_cmpstr ((b = block (bravo, 112)), ==, "        ");
  g_clear_pointer (&b, g_free);
  /* The points are those of the rounds played. */
  g_assert_cmpstr ((b = g_strndup (charlie + 80, 4)), ==, " 0.0");
  g_clear_pointer (&b, g_free);

  /* The late entry: its line with name, title, rating, federation and id,
   * absent from rounds 1 and 2, and paired from round 3. */
  g_assert_cmpstr (golf, ==,
                   "001    7   FM Golf, Gina                        1850 NOR    12345678"
                   "             0.0    7  0000 - Z  0000 - Z");
  g_assert_null (strstr (text, "\n240 "));
  g_assert_true (has_line (text, "XXR 5"));

  /* What a pairing program reads is what TRF16 says. */
  {
    g_autoptr (ArbTrf) trf = arb_trf_parse (text, strlen (text), &error);
    g_assert_no_error (error);
    g_assert_cmpuint (trf->players->len, ==, 7);
  }
}

static void
test_export_trf26 (Desk *d, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = arb_tournament_export_trf_as (d->t, NULL, ARB_TRF_VERSION_26, &error);
  g_autoptr (ArbTrf) trf = NULL;

  (void) data;
  g_assert_no_error (error);
  /* Record 240: the code in column 5, the round in 7-9, the starting
   * ranks in four columns from column 11. */
  g_assert_true (has_line (text, "240 H   3    3"));
  g_assert_true (has_line (text, "240 Z   3    5"));
  g_assert_true (has_line (text, "240 Z   4    2"));
  g_assert_null (strstr (text, "240 H   3    4"));
  /* TRF-2026 names the rounds in 142 (the file imported said XXR 5). */
  g_assert_true (has_line (text, "142 5"));

  trf = arb_trf_parse (text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_cmpint (trf->version, ==, ARB_TRF_VERSION_26);
  g_assert_cmpuint (trf->byes->len, ==, 3);
}

static void
import_round3 (Desk *d, const char *name, GPtrArray *warnings)
{
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *text = arb_test_read_fixture (name, &length);

  g_assert_true (arb_round_import_trf (d->t, text, length, 0, warnings, &error));
  g_assert_no_error (error);
}

static void
test_import_agrees (Desk *d, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) warnings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
  g_autoptr (GPtrArray) round1 = NULL;
  g_autoptr (GPtrArray) round3 = NULL;
  gboolean golf_absent = FALSE;

  (void) data;
  import_round3 (d, "entries-6-r3.trf", warnings);
  g_assert_cmpuint (warnings->len, ==, 0);

  /* Golf's absences in rounds 1 and 2 are taken as zero-point byes. */
  round1 = arb_tournament_list_games (d->t, 1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < round1->len; i++)
    {
      const ArbGameInfo *g = round1->pdata[i];
      if (g->white_id == d->ids[7])
        golf_absent = g->black_id == 0 && g_strcmp0 (g->bye_code, "Z") == 0 && g->board == 4;
    }
  g_assert_true (golf_absent);
  round3 = arb_tournament_list_games (d->t, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (round3->len, ==, 5);
}

static void
test_import_contradicts (Desk *d, gconstpointer data)
{
  g_autoptr (GPtrArray) warnings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
  const ArbEntryWarning *absent = NULL, *bye = NULL;
  g_autofree char *said_absent = NULL, *said_bye = NULL;

  (void) data;
  import_round3 (d, "entries-6-r3-contrary.trf", warnings);
  g_assert_cmpuint (warnings->len, ==, 2);
  for (guint i = 0; i < warnings->len; i++)
    {
      const ArbEntryWarning *w = warnings->pdata[i];
      if (w->kind == ARB_ENTRY_WARNING_ABSENT_PAIRED)
        absent = w;
      else if (w->kind == ARB_ENTRY_WARNING_BYE_NOT_GIVEN)
        bye = w;
    }
  g_assert_nonnull (absent);
  g_assert_nonnull (bye);
  g_assert_cmpint (absent->start_no, ==, 5);
  g_assert_cmpint (absent->round, ==, 3);
  g_assert_cmpint (absent->entry, ==, ARB_ENTRY_WITHDRAWAL);
  g_assert_cmpint (absent->board, >, 0);
  g_assert_cmpint (bye->start_no, ==, 3);
  g_assert_cmpint (bye->asked, ==, 'H');
  g_assert_cmpint (bye->given, ==, 'Z');

  said_absent = arb_entry_warning_describe (absent);
  said_bye = arb_entry_warning_describe (bye);
  g_assert_nonnull (strstr (said_absent, "Echo, Eva (5) is withdrawn"));
  g_assert_nonnull (strstr (said_bye, "Charlie, Cid (3) asked for a bye (H)"));
}

/* The same rounds, but the file says Foxtrot has 2.5 points (the games
 * give 1.5) and Echo, alone on 0.5 and fifth, is second. */
static void
test_import_points_differ (Desk *d, gconstpointer data)
{
  g_autoptr (GPtrArray) warnings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_entry_warning_free);
  const ArbEntryWarning *points = NULL, *rank = NULL;
  g_autofree char *said_points = NULL, *said_rank = NULL;

  (void) data;
  import_round3 (d, "entries-6-r3-points.trf", warnings);
  g_assert_cmpuint (warnings->len, ==, 2);
  for (guint i = 0; i < warnings->len; i++)
    {
      const ArbEntryWarning *w = warnings->pdata[i];
      g_assert_cmpint (w->kind, ==, ARB_ENTRY_WARNING_TRF_DIFFERS);
      if (w->field == ARB_TRF_FIELD_POINTS)
        points = w;
      else if (w->field == ARB_TRF_FIELD_RANK)
        rank = w;
    }
  g_assert_nonnull (points);
  g_assert_nonnull (rank);
  g_assert_cmpint (points->start_no, ==, 6);
  g_assert_cmpint (points->round, ==, 2);
  g_assert_cmpint (points->in_file, ==, 5);
  g_assert_cmpint (points->in_record, ==, 3);
  g_assert_cmpint (rank->start_no, ==, 5);
  g_assert_cmpint (rank->in_file, ==, 2);
  g_assert_cmpint (rank->in_record, ==, 5);
  g_assert_cmpint (rank->in_record_last, ==, 5);
  /* Counting round 3's byes (Golf's pairing-allocated one, Charlie's
   * half point), Echo is sixth or seventh. */
  g_assert_cmpint (rank->later_round, ==, 3);
  g_assert_cmpint (rank->later, ==, 6);
  g_assert_cmpint (rank->later_last, ==, 7);

  said_points = arb_entry_warning_describe (points);
  said_rank = arb_entry_warning_describe (rank);
  g_assert_cmpstr (said_points, ==,
                   "After round 2: Foxtrot, Finn (6): points 2½ in the file, 1½ in the record");
  g_assert_cmpstr (said_rank, ==,
                   "After round 2: Echo, Eva (5): rank 2 in the file, 5 in the standings (6–7 "
                   "with what the file holds up to round 3)");
}

/* A file of version 8 gets the table of version 9 when it is opened. */
static void
test_migrates_from_v8 (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (GPtrArray) entries = NULL;
  sqlite3 *db = NULL;

  g_clear_object (&t);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (
    sqlite3_exec (db,
                  "DROP TABLE player_entry; DROP TABLE desk_call_answer; DROP TABLE floor_entry; "
                  "DROP TABLE team_arbiter; DROP TABLE replication_log; "
                  "DROP TABLE replica_state; DROP TABLE event_certificate; DROP TABLE desk_entry; "
                  "DROP TABLE team_round_entry; PRAGMA user_version = 8;",
                  NULL, NULL, NULL),
    ==, SQLITE_OK);
  sqlite3_close (db);

  t = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_get_opened_version (t), ==, 8);
  entries = arb_tournament_list_entries (t, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define DESK_TEST(path, func) g_test_add (path, Desk, NULL, desk_setup, func, desk_teardown)
  DESK_TEST ("/storage/tournament-entries/recorded", test_recorded);
  DESK_TEST ("/storage/tournament-entries/refused", test_refused);
  DESK_TEST ("/storage/tournament-entries/export-trf16", test_export_trf16);
  DESK_TEST ("/storage/tournament-entries/export-trf26", test_export_trf26);
  DESK_TEST ("/storage/tournament-entries/import-agrees", test_import_agrees);
  DESK_TEST ("/storage/tournament-entries/import-contradicts", test_import_contradicts);
  DESK_TEST ("/storage/tournament-entries/import-points-differ", test_import_points_differ);
#undef DESK_TEST
  g_test_add_func ("/storage/tournament-entries/migrates-from-v8", test_migrates_from_v8);
  return g_test_run ();
}
