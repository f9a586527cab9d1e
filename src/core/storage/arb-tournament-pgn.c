/* arb-tournament-pgn.c: PGN import and export of a tournament's games
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-tournament-pgn.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-edition.h"
#include "arb-i18n.h"
#include "arb-pgn-game.h"
#include "arb-pgn-writer.h"
#include "arb-san.h"
#include "arb-tournament-voided.h"
#include "arb-time-control.h"
#include "arb-tournament-private.h"

/* Tags the tournament models; every other tag of an imported game is kept
 * in the game's tags and written back after these. */
static const char *const modelled_tags[] = {
  "Event",       "Site",       "Date",        "Round",         "White",
  "Black",       "Result",     "Board",       "WhiteElo",      "BlackElo",
  "WhiteTitle",  "BlackTitle", "WhiteFideId", "BlackFideId",   "TimeControl",
  "Termination", "SetUp",      "FEN",         "ArbiterResult", "PlyCount",
};

static gboolean
is_modelled_tag (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (modelled_tags); i++)
    if (strcmp (name, modelled_tags[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The result as PGN writes it: the four PGN results stand for
 * themselves, every other result of the Laws for "*". */
static const char *
pgn_result_text (ArbResult result)
{
  switch (result)
    {
    case ARB_RESULT_ONGOING:
    case ARB_RESULT_WHITE_WINS:
    case ARB_RESULT_BLACK_WINS:
    case ARB_RESULT_DRAW:
      return arb_result_to_string (result);
    default:
      return "*";
    }
}

/* Rulings and irregularities in PGN comments:
 *
 *   [Irregularity KIND; ply P; SIDE; MOVE; restored R] NOTE
 *   [Ruling KIND; ply P; Laws EDITION; art. ARTICLES] DECISION [Note] NOTE
 *
 * An irregularity goes after the move before it (the position it was
 * made in), a ruling after the ply it concerns; "ply P" is written for a
 * ruling only when that ply was taken back, and "-" stands for a side or
 * move not recorded. Irregularities come first in a comment. */
#define RULING_MARK "[Ruling "
#define IRREGULARITY_MARK "[Irregularity "
#define NOTE_MARK " [Note] "

static void
append_normalized (GString *out, GString *text)
{
  /* As a PGN reader will give it back: blanks collapsed, no '}'. */
  g_autofree char *norm = arb_pgn_normalize_comment (text->str, text->len);

  if (out->len > 0)
    g_string_append_c (out, ' ');
  g_string_append (out, norm);
}

/* A field of the bracketed header: no ';' or ']' inside it. */
static char *
header_field (const char *text)
{
  char *copy = g_strdup (text != NULL && text[0] != '\0' ? text : "-");

  g_strdelimit (copy, ";", ',');
  g_strdelimit (copy, "]", ')');
  return copy;
}

static void
append_ruling_text (GString *out, const ArbRulingRecord *r, int placed_at)
{
  g_autoptr (GString) s = g_string_new (NULL);
  g_autofree char *kind = header_field (r->kind);

  g_string_append_printf (s, RULING_MARK "%s", kind);
  if (r->ply != placed_at)
    g_string_append_printf (s, "; ply %d", r->ply);
  g_string_append_printf (s, "; Laws %d", r->edition);
  if (r->articles != NULL && r->articles[0] != '\0')
    {
      g_autofree char *articles = header_field (r->articles);
      g_string_append_printf (s, "; art. %s", articles);
    }
  g_string_append_printf (s, "] %s", r->decision);
  if (r->note != NULL && r->note[0] != '\0')
    g_string_append_printf (s, NOTE_MARK "%s", r->note);
  append_normalized (out, s);
}

static void
append_irregularity_text (GString *out, const ArbIrregularityInfo *irr)
{
  g_autoptr (GString) s = g_string_new (NULL);
  g_autofree char *kind = header_field (irr->kind);
  g_autofree char *side = header_field (arb_color_to_string (irr->side));
  g_autofree char *move = header_field (irr->move_text);

  g_string_append_printf (s, IRREGULARITY_MARK "%s; ply %d; %s; %s", kind, irr->ply, side, move);
  if (irr->restored_ply >= 0)
    g_string_append_printf (s, "; restored %d", irr->restored_ply);
  g_string_append_c (s, ']');
  if (irr->note != NULL && irr->note[0] != '\0')
    g_string_append_printf (s, " %s", irr->note);
  append_normalized (out, s);
}

static const char *
next_mark (const char *p)
{
  const char *r = strstr (p, RULING_MARK);
  const char *i = strstr (p, IRREGULARITY_MARK);

  if (r == NULL)
    return i;
  if (i == NULL)
    return r;
  return MIN (r, i);
}

static gboolean
parse_ply_field (const char *text, int *ply)
{
  char *end = NULL;

  if (!g_str_has_prefix (text, "ply "))
    return FALSE;
  *ply = (int) g_ascii_strtoll (text + 4, &end, 10);
  return end != text + 4 && *end == '\0' && *ply >= 0;
}

static char *
dash_to_null (const char *text)
{
  return strcmp (text, "-") == 0 ? NULL : g_strdup (text);
}

/* Reads the rulings and irregularities of a comment after ply `ply`; an
 * error when a mark is there but the rest cannot be read. Other text is
 * not kept. */
static gboolean
parse_records (const char *comment,
               int ply,
               GPtrArray *rulings,
               GPtrArray *irregularities,
               GError **error)
{
  const char *p = comment != NULL ? next_mark (comment) : NULL;

  while (p != NULL)
    {
      gboolean is_ruling = g_str_has_prefix (p, RULING_MARK);
      const char *head = p + strlen (is_ruling ? RULING_MARK : IRREGULARITY_MARK);
      const char *close = strchr (head, ']');
      const char *next;
      g_autofree char *header = NULL;
      g_autofree char *body = NULL;
      g_auto (GStrv) parts = NULL;
      guint n_parts;
      guint k = 1;

      if (close == NULL)
        goto bad;
      header = g_strndup (head, (gsize) (close - head));
      next = next_mark (close);
      body =
        next != NULL ? g_strndup (close + 1, (gsize) (next - close - 1)) : g_strdup (close + 1);
      g_strstrip (body);
      parts = g_strsplit (header, "; ", -1);
      n_parts = g_strv_length (parts);

      if (is_ruling)
        {
          ArbRulingRecord *r = g_new0 (ArbRulingRecord, 1);
          char *note;

          g_ptr_array_add (rulings, r);
          r->ply = ply;
          r->kind = g_strdup (parts[0]);
          if (k < n_parts && g_str_has_prefix (parts[k], "ply ") &&
              !parse_ply_field (parts[k++], &r->ply))
            goto bad;
          if (k >= n_parts || !g_str_has_prefix (parts[k], "Laws "))
            goto bad;
          r->edition = atoi (parts[k++] + 5);
          r->articles =
            g_strdup (k < n_parts && g_str_has_prefix (parts[k], "art. ") ? parts[k] + 5 : "");
          note = strstr (body, NOTE_MARK + 1);
          if (note != NULL)
            {
              r->note = g_strdup (note + strlen (NOTE_MARK) - 1);
              *note = '\0';
              g_strchomp (body);
            }
          r->decision = g_strdup (body);
        }
      else
        {
          ArbIrregularityInfo *irr = g_new0 (ArbIrregularityInfo, 1);

          g_ptr_array_add (irregularities, irr);
          irr->kind = g_strdup (parts[0]);
          irr->restored_ply = -1;
          if (n_parts < 4 || !parse_ply_field (parts[1], &irr->ply))
            goto bad;
          irr->side = ARB_COLOR_NONE;
          if (strcmp (parts[2], "-") != 0 && !arb_color_from_string (parts[2], &irr->side))
            goto bad;
          irr->move_text = dash_to_null (parts[3]);
          if (n_parts > 4)
            {
              char *end = NULL;
              if (!g_str_has_prefix (parts[4], "restored "))
                goto bad;
              irr->restored_ply = (int) g_ascii_strtoll (parts[4] + 9, &end, 10);
              if (end == parts[4] + 9 || *end != '\0')
                goto bad;
            }
          irr->note = body[0] != '\0' ? g_strdup (body) : NULL;
        }
      p = next;
    }
  return TRUE;

bad:
  g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
               /* Translators: a ply is a half-move, counted from 1 */
               _ ("ply %d: a ruling or irregularity in a comment cannot be read: “%s”"), ply, p);
  return FALSE;
}

/* Dates: stored as ISO 8601 (YYYY-MM-DD), PGN writes YYYY.MM.DD. */
static char *
pgn_date_to_iso (const char *date)
{
  if (date == NULL || strlen (date) != 10 || strchr (date, '?') != NULL || date[4] != '.' ||
      date[7] != '.')
    return NULL;
  return g_strdup_printf ("%.4s-%.2s-%.2s", date, date + 5, date + 8);
}

static char *
iso_date_to_pgn (const char *date)
{
  if (date == NULL || strlen (date) != 10 || date[4] != '-' || date[7] != '-')
    return g_strdup ("????.??.??");
  return g_strdup_printf ("%.4s.%.2s.%.2s", date, date + 5, date + 8);
}

/* Import */

/* An import: the games of one PGN stored one by one, as the reader gives
 * them, in one transaction. What each game needs to know of the file so far
 * (players, pairings, round dates, the event) is kept here rather than read
 * again for every game. */
typedef struct
{
  ArbTournament *self;
  int round; /* every game into this round, or 0: the Round tags say */

  GPtrArray *players;          /* ArbPlayerInfo, in the order added */
  GHashTable *by_fide;         /* FIDE id → index + 1 of the first player with it */
  GHashTable *by_name;         /* name → index + 1 of the first player with it */
  GHashTable *by_name_no_fide; /* the same, among players without a FIDE id */
  GHashTable *next_board;      /* round → next free board */
  GHashTable *pairings;        /* "round white black" → GArray of Pairing */
  GHashTable *pairing_rounds;  /* rounds whose pairings are in `pairings` */
  ArbEventInfo *event;
  GPtrArray *dates; /* round number - 1 → ISO date or NULL */

  guint n_games;
  goffset bytes_read;
  goffset bytes_total;
  ArbImportProgressFunc progress;
  gpointer progress_data;
  GError *error;      /* the first error: nothing more is stored */
  ArbGameMoves moves; /* the moves of the game being stored, its arrays reused */
} Importer;

/* A game of a round without moves, which a game of the import may fill. */
typedef struct
{
  gint64 id;
  int board;
} Pairing;

static void
remember_player (Importer *im, ArbPlayerInfo *p)
{
  gpointer index = GUINT_TO_POINTER (im->players->len + 1);

  g_ptr_array_add (im->players, p);
  if (p->fide_id > 0 && !g_hash_table_contains (im->by_fide, &p->fide_id))
    g_hash_table_insert (im->by_fide, &p->fide_id, index);
  if (!g_hash_table_contains (im->by_name, p->name))
    g_hash_table_insert (im->by_name, p->name, index);
  if (p->fide_id == 0 && !g_hash_table_contains (im->by_name_no_fide, p->name))
    g_hash_table_insert (im->by_name_no_fide, p->name, index);
}

static void
importer_clear (Importer *im)
{
  g_clear_pointer (&im->by_fide, g_hash_table_unref);
  g_clear_pointer (&im->by_name, g_hash_table_unref);
  g_clear_pointer (&im->by_name_no_fide, g_hash_table_unref);
  g_clear_pointer (&im->players, g_ptr_array_unref);
  g_clear_pointer (&im->next_board, g_hash_table_unref);
  g_clear_pointer (&im->pairings, g_hash_table_unref);
  g_clear_pointer (&im->pairing_rounds, g_hash_table_unref);
  g_clear_pointer (&im->event, arb_event_info_free);
  g_clear_pointer (&im->dates, g_ptr_array_unref);
  g_clear_error (&im->error);
  _arb_game_moves_clear (&im->moves);
}

static gboolean
importer_init (Importer *im, ArbTournament *self, int round, GError **error)
{
  g_autoptr (GPtrArray) players = NULL;

  memset (im, 0, sizeof *im);
  im->self = self;
  im->round = round;
  im->players = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_player_info_free);
  im->by_fide = g_hash_table_new (g_int64_hash, g_int64_equal);
  im->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  im->by_name_no_fide = g_hash_table_new (g_str_hash, g_str_equal);
  im->next_board = g_hash_table_new (NULL, NULL);
  im->pairings =
    g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  im->pairing_rounds = g_hash_table_new (NULL, NULL);
  _arb_game_moves_init (&im->moves);

  players = arb_tournament_list_players (self, error);
  im->event = arb_tournament_get_event (self, error);
  im->dates = _arb_tournament_get_round_dates (self, error);
  if (players == NULL || im->event == NULL || im->dates == NULL)
    return FALSE;
  for (guint i = 0; i < players->len; i++)
    remember_player (im, g_steal_pointer (&players->pdata[i]));
  return TRUE;
}

static char *
pairing_key (int round, gint64 white_id, gint64 black_id)
{
  return g_strdup_printf ("%d %" G_GINT64_FORMAT " %" G_GINT64_FORMAT, round, white_id, black_id);
}

static void
remember_pairing (Importer *im, int round, gint64 white_id, gint64 black_id, gint64 id, int board)
{
  char *key = pairing_key (round, white_id, black_id);
  GArray *list = g_hash_table_lookup (im->pairings, key);
  Pairing p = { id, board };
  guint i = 0;

  if (list == NULL)
    {
      list = g_array_new (FALSE, FALSE, sizeof (Pairing));
      g_hash_table_insert (im->pairings, g_strdup (key), list);
    }
  /* In board order, as a round lists its games. */
  while (i < list->len && g_array_index (list, Pairing, i).board < board)
    i++;
  g_array_insert_val (list, i, p);
  g_free (key);
}

static void
forget_pairing (Importer *im, int round, gint64 white_id, gint64 black_id, gint64 id)
{
  g_autofree char *key = pairing_key (round, white_id, black_id);
  GArray *list = g_hash_table_lookup (im->pairings, key);

  for (guint i = 0; list != NULL && i < list->len; i++)
    if (g_array_index (list, Pairing, i).id == id)
      {
        g_array_remove_index (list, i);
        break;
      }
}

/* The first game of the round between these players that has no moves. */
static gboolean
find_pairing (Importer *im,
              int round,
              gint64 white_id,
              gint64 black_id,
              gint64 *id,
              int *board,
              GError **error)
{
  g_autofree char *key = NULL;
  GArray *list;

  if (!g_hash_table_contains (im->pairing_rounds, GINT_TO_POINTER (round)))
    {
      g_autoptr (GPtrArray) games = arb_tournament_list_games (im->self, round, error);

      if (games == NULL)
        return FALSE;
      for (guint i = 0; i < games->len; i++)
        {
          const ArbGameInfo *g = games->pdata[i];

          if (g->n_plies == 0)
            remember_pairing (im, round, g->white_id, g->black_id, g->id, g->board);
        }
      g_hash_table_add (im->pairing_rounds, GINT_TO_POINTER (round));
    }
  key = pairing_key (round, white_id, black_id);
  list = g_hash_table_lookup (im->pairings, key);
  if (list != NULL && list->len > 0)
    {
      *id = g_array_index (list, Pairing, 0).id;
      *board = g_array_index (list, Pairing, 0).board;
    }
  return TRUE;
}

static gint64
find_or_add_player (Importer *im, const ArbPgnGame *game, const char *colour, GError **error)
{
  g_autofree char *elo_tag = g_strconcat (colour, "Elo", NULL);
  g_autofree char *title_tag = g_strconcat (colour, "Title", NULL);
  g_autofree char *fide_tag = g_strconcat (colour, "FideId", NULL);
  const char *name = arb_pgn_game_get_tag (game, colour);
  const char *elo = arb_pgn_game_get_tag (game, elo_tag);
  const char *title = arb_pgn_game_get_tag (game, title_tag);
  const char *fide = arb_pgn_game_get_tag (game, fide_tag);
  gint64 fide_id = fide != NULL ? g_ascii_strtoll (fide, NULL, 10) : 0;
  guint found;
  ArbPlayerInfo *info;
  gint64 id;

  if (name == NULL || name[0] == '\0' || strcmp (name, "?") == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: “game %u” counts the games of the PGN file from 1 */
                   _ ("game %u: no %s player (tag %s)"), game->number, colour, colour);
      return 0;
    }

  /* The same person: the same FIDE id, or else the same name (a player
   * of the file without a FIDE id, when the game gives one); the first
   * player added that fits. */
  if (fide_id > 0)
    {
      guint a = GPOINTER_TO_UINT (g_hash_table_lookup (im->by_fide, &fide_id));
      guint b = GPOINTER_TO_UINT (g_hash_table_lookup (im->by_name_no_fide, name));

      found = a == 0 ? b : b == 0 ? a : MIN (a, b);
    }
  else
    found = GPOINTER_TO_UINT (g_hash_table_lookup (im->by_name, name));
  if (found > 0)
    return ((ArbPlayerInfo *) im->players->pdata[found - 1])->id;

  info = g_new0 (ArbPlayerInfo, 1);
  info->name = g_strdup (name);
  info->rating = elo != NULL ? atoi (elo) : 0;
  info->title =
    title != NULL && title[0] != '\0' && strcmp (title, "-") != 0 ? g_strdup (title) : NULL;
  info->fide_id = fide_id;
  if (!_arb_tournament_add_player (im->self, info, &id, error))
    {
      arb_player_info_free (info);
      return 0;
    }
  info->id = id;
  remember_player (im, info);
  return id;
}

static gboolean
parse_round_tag (const char *text, int *round, int *board)
{
  char *end = NULL;
  long r, b = 0;

  if (text == NULL)
    return FALSE;
  r = strtol (text, &end, 10);
  if (end == text || r < 1)
    return FALSE;
  if (*end == '.')
    {
      const char *start = end + 1;
      b = strtol (start, &end, 10);
      if (end == start || b < 1)
        return FALSE;
    }
  if (*end != '\0')
    return FALSE;
  *round = (int) r;
  *board = (int) b;
  return TRUE;
}

/* The round and board of @game: from its Round tag ("3.7" is board 7 of
 * round 3) or the round the import was given, and its Board tag. */
static gboolean
read_place (const ArbPgnGame *game,
            int round_override,
            int *round_out,
            int *board_out,
            GError **error)
{
  const char *board_tag = arb_pgn_game_get_tag (game, "Board");
  int round = 0, board = 0;

  if (round_override > 0)
    {
      int ignored;
      round = round_override;
      parse_round_tag (arb_pgn_game_get_tag (game, "Round"), &ignored, &board);
    }
  else if (!parse_round_tag (arb_pgn_game_get_tag (game, "Round"), &round, &board))
    {
      g_set_error (
        error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
        _ ("game %u, ply 0: the Round tag “%s” gives no round (use --round N)"), game->number,
        arb_pgn_game_get_tag (game, "Round") != NULL ? arb_pgn_game_get_tag (game, "Round") : "");
      return FALSE;
    }
  if (board_tag != NULL && board_tag[0] != '?')
    {
      board = atoi (board_tag);
      if (board < 1)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       _ ("game %u, ply 0: the Board tag “%s” is not a board number"), game->number,
                       board_tag);
          return FALSE;
        }
    }

  *round_out = round;
  *board_out = board;
  return TRUE;
}

/* The result to store for @game: the arbiter's, else the game's; a mate
 * or stalemate on the board decides one left open. */
static gboolean
read_result (const ArbPgnGame *game, guint n_plies, ArbResult *result_out, GError **error)
{
  const char *arbiter_result = arb_pgn_game_get_tag (game, "ArbiterResult");
  const char *result;
  ArbResult result_value;

  result = arbiter_result != NULL ? arbiter_result : arb_pgn_result_to_string (game->result);
  if (result == NULL)
    result = arb_pgn_game_get_tag (game, "Result");
  if (result == NULL)
    result = "*";
  if (!arb_result_from_string (result, &result_value))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   _ ("game %u, ply 0: “%s” is not a result"), game->number, result);
      return FALSE;
    }

  /* A mate or stalemate on the board decides (articles 5.1.1, 5.2.1): an
   * unfinished result becomes it, a contradicting one is an error. */
  {
    ArbPosition final;

    arb_pgn_game_get_position (game, n_plies, &final);
    if (arb_position_is_checkmate (&final) || arb_position_is_stalemate (&final))
      {
        gboolean mate = arb_position_is_checkmate (&final);
        const char *verdict = !mate ? "1/2-1/2" : final.side_to_move == ARB_WHITE ? "0-1" : "1-0";
        const char *contradictions[] = { "1-0", "0-1", "1/2-1/2" };

        if (strcmp (result, "*") == 0)
          {
            result = verdict;
            arb_result_from_string (result, &result_value);
          }
        for (gsize k = 0; k < G_N_ELEMENTS (contradictions); k++)
          if (strcmp (result, contradictions[k]) == 0 && strcmp (result, verdict) != 0)
            {
              g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                           _ ("game %u, ply %u: the game ends in %s (%s) but the result is %s"),
                           game->number, n_plies, mate ? "checkmate" : "stalemate", verdict,
                           result);
              return FALSE;
            }
      }
  }

  *result_out = result_value;
  return TRUE;
}

/* The tags the tournament does not model, as one JSON object. */
static char *
other_tags (const ArbPgnGame *game)
{
  g_autoptr (JsonBuilder) tag_builder = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;

  /* The other tags, as one JSON object in the order read (import
   * requires their values to be UTF-8). */
  json_builder_begin_object (tag_builder);
  for (guint i = 0; i < game->tags->len; i++)
    {
      const ArbPgnTag *tag = game->tags->pdata[i];
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;

      if (is_modelled_tag (tag->name))
        continue;
      name = g_utf8_make_valid (tag->name, -1);
      value = g_utf8_make_valid (tag->value, -1);
      json_builder_set_member_name (tag_builder, name);
      json_builder_add_string_value (tag_builder, value);
    }
  json_builder_end_object (tag_builder);
  root = json_builder_get_root (tag_builder);
  return json_to_string (root, FALSE);
}

/* The game row @game goes into: the pairing already on its board, or
 * the pairing of its players in the round, or a new one; *board_io is
 * the board (0: the next free one) and gets the one used. */
static gboolean
store_pairing (Importer *im,
               const ArbPgnGame *game,
               ArbGameInfo *info,
               int round,
               int *board_io,
               gint64 *game_id_out,
               GError **error)
{
  ArbTournament *self = im->self;
  guint n_plies = arb_pgn_game_get_n_plies (game);
  const char *start_fen = info->start_fen;
  const char *tags = info->tags;
  ArbResult result_value = info->result;
  int board = *board_io;
  gint64 existing = 0;
  gint64 game_id = 0;

  /* A pairing already on this board receives the game; without a board,
   * the pairing of these two players in the round, if it has no moves. */
  if (board > 0)
    {
      g_autoptr (GError) local_error = NULL;
      existing = arb_tournament_find_game (self, round, board, &local_error);
    }
  else if (!find_pairing (im, round, info->white_id, info->black_id, &existing, &board, error))
    return FALSE;
  if (existing > 0)
    {
      g_autoptr (ArbGameInfo) have = arb_tournament_get_game (self, existing, error);
      if (have == NULL)
        return FALSE;
      if (have->white_id != info->white_id || have->black_id != info->black_id ||
          have->n_plies > 0 || have->start_fen != NULL || start_fen != NULL)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       _ ("game %u, ply 0: round %d already has another game on board %d"),
                       game->number, round, board);
          return FALSE;
        }
      game_id = existing;
      if (n_plies > 0)
        forget_pairing (im, round, info->white_id, info->black_id, game_id);
      if (!_arb_tournament_set_result (self, game_id, result_value,
                                       arb_pgn_game_get_tag (game, "Termination"), error) ||
          !_arb_tournament_set_game_tags (self, game_id, tags, error))
        return FALSE;
    }
  else
    {
      if (board == 0)
        {
          int next =
            GPOINTER_TO_INT (g_hash_table_lookup (im->next_board, GINT_TO_POINTER (round)));
          if (next == 0)
            {
              g_autoptr (GPtrArray) games = arb_tournament_list_games (self, round, error);
              if (games == NULL)
                return FALSE;
              next = 1;
              for (guint i = 0; i < games->len; i++)
                next = MAX (next, ((ArbGameInfo *) games->pdata[i])->board + 1);
            }
          board = next;
        }
      info->round = round;
      info->board = board;
      info->rated = TRUE;
      info->termination = (char *) arb_pgn_game_get_tag (game, "Termination");
      if (!_arb_tournament_add_game (self, info, &game_id, error))
        {
          g_prefix_error (error, _ ("game %u, ply 0: "), game->number);
          return FALSE;
        }
      if (n_plies == 0)
        remember_pairing (im, round, info->white_id, info->black_id, game_id, board);
    }
  g_hash_table_insert (
    im->next_board, GINT_TO_POINTER (round),
    GINT_TO_POINTER (MAX (
      board + 1, GPOINTER_TO_INT (g_hash_table_lookup (im->next_board, GINT_TO_POINTER (round))))));

  *board_io = board;
  *game_id_out = game_id;
  return TRUE;
}

/* The round's date and the event's missing fields, from the first game
 * that has them. */
static gboolean
note_round_and_event (Importer *im, const ArbPgnGame *game, int round, GError **error)
{
  ArbTournament *self = im->self;

  {
    GPtrArray *dates = im->dates;
    g_autofree char *iso = pgn_date_to_iso (arb_pgn_game_get_tag (game, "Date"));

    if (iso != NULL && ((guint) round > dates->len || dates->pdata[round - 1] == NULL))
      {
        if (!_arb_tournament_set_round_date (self, round, iso, error))
          return FALSE;
        while (dates->len < (guint) round)
          g_ptr_array_add (dates, NULL);
        g_free (dates->pdata[round - 1]);
        dates->pdata[round - 1] = g_steal_pointer (&iso);
      }
  }
  {
    ArbEventInfo *event = im->event;
    const char *site = arb_pgn_game_get_tag (game, "Site");
    const char *tc = arb_pgn_game_get_tag (game, "TimeControl");
    gboolean changed = FALSE;

    if (event->venue == NULL && site != NULL && strcmp (site, "?") != 0)
      {
        event->venue = g_strdup (site);
        changed = TRUE;
      }
    /* Some files put free text in the tag: only a control that reads
     * becomes the event's. */
    if (event->time_control == NULL && tc != NULL && strcmp (tc, "?") != 0)
      {
        ArbTimeControl parsed;
        if (arb_time_control_parse (tc, &parsed, NULL, NULL))
          {
            event->time_control = g_strdup (tc);
            changed = TRUE;
          }
      }
    if (changed && !_arb_tournament_set_event (self, event, error))
      return FALSE;
  }

  return TRUE;
}

/* The moves of @game in one row, then the irregularities and rulings its
 * comments record. */
static gboolean
store_moves_and_records (Importer *im, const ArbPgnGame *game, gint64 game_id, GError **error)
{
  ArbTournament *self = im->self;
  g_autoptr (GPtrArray) rulings =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_ruling_record_free);
  g_autoptr (GPtrArray) irregularities =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_irregularity_info_free);
  guint n_plies = arb_pgn_game_get_n_plies (game);
  gint64 white_ms = -1, black_ms = -1;
  ArbPosition pos;

  if (!parse_records (game->mainline->comment, 0, rulings, irregularities, error))
    goto bad_comment;

  /* The moves, one row for the game; an imported move has no time of
   * play. */
  pos = game->start;
  _arb_game_moves_reset (&im->moves);
  for (guint i = 0; i < n_plies; i++)
    {
      const ArbPgnNode *node = arb_pgn_game_get_node (game, i + 1);
      ArbUndo undo;

      /* [%clk] is the mover's time (none when the move has no [%clk]);
       * the other side keeps the last time known for it. */
      if (pos.side_to_move == ARB_WHITE)
        white_ms = node->clock_ms != ARB_PGN_NO_TIME ? node->clock_ms : -1;
      else
        black_ms = node->clock_ms != ARB_PGN_NO_TIME ? node->clock_ms : -1;
      _arb_game_moves_append (&im->moves, arb_move_code_make (&pos, node->move), white_ms, black_ms,
                              0, NULL);
      if (!parse_records (node->comment, (int) i + 1, rulings, irregularities, error))
        goto bad_comment;
      arb_position_make_move (&pos, node->move, &undo);
    }
  if (n_plies > 0 && !_arb_tournament_write_game_moves (self, game_id, &im->moves, error))
    {
      g_prefix_error (error, _ ("game %u, ply 1: "), game->number);
      return FALSE;
    }

  for (guint i = 0; i < irregularities->len; i++)
    {
      const ArbIrregularityInfo *read = irregularities->pdata[i];
      ArbIrregularityRecord irr = {
        .ply = read->ply,
        .kind = read->kind,
        .side = read->side,
        .move_text = read->move_text,
        .restored_ply = read->restored_ply,
        .note = read->note,
      };

      gint64 id;

      if (!_arb_tournament_add_irregularity (self, game_id, &irr, &id, error))
        {
          g_prefix_error (error, _ ("game %u, ply %d: "), game->number, read->ply);
          return FALSE;
        }
    }
  for (guint i = 0; i < rulings->len; i++)
    {
      ArbRulingRecord *r = rulings->pdata[i];
      gint64 id;

      if (!_arb_tournament_add_ruling_record (self, game_id, r, &id, error))
        {
          g_prefix_error (error, _ ("game %u, ply %d: "), game->number, r->ply);
          return FALSE;
        }
    }
  return TRUE;

bad_comment:
  g_prefix_error (error, _ ("game %u, "), game->number);
  return FALSE;
}

static gboolean
import_game (Importer *im, const ArbPgnGame *game, GError **error)
{
  g_autofree char *tags = NULL;
  g_autofree char *start_fen = NULL;
  ArbResult result_value;
  ArbGameInfo info = { 0 };
  gint64 game_id = 0;
  int round = 0, board = 0;
  ArbPosition standard;

  if (!read_place (game, im->round, &round, &board, error) ||
      !read_result (game, arb_pgn_game_get_n_plies (game), &result_value, error))
    return FALSE;

  info.white_id = find_or_add_player (im, game, "White", error);
  if (info.white_id == 0)
    return FALSE;
  info.black_id = find_or_add_player (im, game, "Black", error);
  if (info.black_id == 0)
    return FALSE;

  tags = other_tags (game);
  arb_position_set_start (&standard);
  if (game->start.key != standard.key || game->start.chess960)
    start_fen = arb_position_to_fen (&game->start,
                                     game->start.chess960 ? ARB_FEN_SHREDDER : ARB_FEN_FLAGS_NONE);
  info.start_fen = start_fen;
  info.tags = tags;
  info.result = result_value;
  return store_pairing (im, game, &info, round, &board, &game_id, error) &&
         note_round_and_event (im, game, round, error) &&
         store_moves_and_records (im, game, game_id, error);
}

/* A TimeControl tag must read as one (the notation of arb-time-control.h),
 * as `arbiter-cli timecontrol` reads it; "?" and "" say it is unknown. */
static gboolean
check_time_control_tag (const ArbPgnGame *game, GError **error)
{
  for (guint i = 0; i < game->tags->len; i++)
    {
      const ArbPgnTag *tag = game->tags->pdata[i];
      g_autoptr (GError) tc_error = NULL;
      ArbTimeControl tc;

      if (strcmp (tag->name, "TimeControl") != 0 || tag->value[0] == '\0' ||
          strcmp (tag->value, "?") == 0)
        continue;
      if (!arb_time_control_parse (tag->value, &tc, NULL, &tc_error))
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                       /* Translators: “game %u” counts the games of the PGN file from 1, “line %u”
                        * is where in it; a ply is a half-move (0: before the first move) */
                       _ ("game %u, line %u, ply 0: the TimeControl tag “%s” cannot be read: %s; "
                          "nothing was imported"),
                       game->number, tag->line, tag->value, tc_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* Each game as the reader finishes it: stored at once, then freed, so an
 * import holds one game in memory whatever the size of the PGN. Reading
 * goes on only while nothing failed. */
static void
import_one_cb (ArbPgnGame *game, gpointer user_data)
{
  Importer *im = user_data;
  g_autoptr (ArbPgnGame) owned = game;

  if (im->error != NULL)
    return;
  if (game->error != NULL)
    {
      g_set_error (&im->error, ARB_TOURNAMENT_ERROR,
                   g_error_matches (game->error, ARB_PGN_ERROR, ARB_PGN_ERROR_MOVE)
                     ? ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE
                     : ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: %s is the reason the PGN file could not be read */
                   _ ("%s; nothing was imported"), game->error->message);
      return;
    }
  if (!check_time_control_tag (game, &im->error))
    return;
  if (!import_game (im, game, &im->error))
    {
      g_prefix_error (&im->error, _ ("nothing was imported: "));
      return;
    }
  im->n_games++;
  /* A batch of games at a time: often enough for a progress bar, seldom
   * enough to cost nothing. */
  if (im->progress != NULL && im->n_games % 256 == 0 &&
      !im->progress (im->n_games, im->bytes_read, im->bytes_total, im->progress_data))
    g_set_error (&im->error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                 _ ("the import was cancelled; nothing was imported"));
}

typedef gssize (*ReadFunc) (gpointer source, char *buf, gsize size, GError **error);

/* The import itself: one transaction around the reader fed from `read`,
 * all or nothing. */
static gboolean
import_stream (ArbTournament *self,
               ReadFunc read,
               gpointer source,
               goffset total,
               int round,
               ArbImportProgressFunc progress,
               gpointer progress_data,
               guint *n_games,
               GError **error)
{
  g_autoptr (ArbPgnReader) reader = NULL;
  g_autofree char *buf = g_malloc (1u << 16);
  Importer im;
  gssize n;

  if (!_arb_tournament_begin (self, error))
    return FALSE;
  if (!importer_init (&im, self, round, error))
    {
      importer_clear (&im);
      _arb_tournament_rollback (self);
      return FALSE;
    }
  im.bytes_total = total;
  im.progress = progress;
  im.progress_data = progress_data;

  /* The limits every reader has (arb-pgn-reader.h), and UTF-8 text. */
  reader = arb_pgn_game_reader_new (ARB_PGN_READER_UTF8, import_one_cb, &im);
  while (im.error == NULL && !arb_pgn_reader_has_error (reader) &&
         (n = read (source, buf, 1u << 16, &im.error)) > 0)
    {
      im.bytes_read += n;
      arb_pgn_reader_feed (reader, buf, (gsize) n);
    }
  if (im.error == NULL)
    arb_pgn_reader_finish (reader);
  g_clear_pointer (&reader, arb_pgn_reader_free);

  if (im.error == NULL && im.n_games == 0)
    g_set_error (&im.error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                 _ ("no games in the PGN"));
  if (im.error == NULL)
    {
      g_autofree char *count = g_strdup_printf ("%u", im.n_games);

      if (_arb_tournament_audit (self, "import-pgn", 0, &im.error, "games", count, NULL) &&
          _arb_tournament_commit (self, &im.error))
        {
          if (progress != NULL)
            progress (im.n_games, im.bytes_read, total, progress_data);
          if (n_games != NULL)
            *n_games = im.n_games;
          importer_clear (&im);
          return TRUE;
        }
    }
  _arb_tournament_rollback (self);
  g_propagate_error (error, g_steal_pointer (&im.error));
  importer_clear (&im);
  return FALSE;
}

typedef struct
{
  const char *data;
  gsize length;
  gsize offset;
} Buffer;

static gssize
read_buffer (gpointer source, char *buf, gsize size, GError **error)
{
  Buffer *b = source;
  gsize n = MIN (size, b->length - b->offset);

  memcpy (buf, b->data + b->offset, n);
  b->offset += n;
  return (gssize) n;
}

gboolean
arb_tournament_import_pgn (ArbTournament *self,
                           const char *data,
                           gsize length,
                           int round,
                           guint *n_games,
                           GError **error)
{
  Buffer b = { data, length, 0 };

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (round >= 0, FALSE);

  return import_stream (self, read_buffer, &b, (goffset) length, round, NULL, NULL, n_games, error);
}

static gssize
read_stream (gpointer source, char *buf, gsize size, GError **error)
{
  return g_input_stream_read (source, buf, size, NULL, error);
}

gboolean
arb_tournament_import_pgn_file (ArbTournament *self,
                                const char *path,
                                int round,
                                ArbImportProgressFunc progress,
                                gpointer user_data,
                                guint *n_games,
                                GError **error)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFileInputStream) in = NULL;
  g_autoptr (GFileInfo) info = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (round >= 0, FALSE);

  file = g_file_new_for_path (path);
  in = g_file_read (file, NULL, error);
  if (in == NULL)
    return FALSE;
  info = g_file_input_stream_query_info (in, G_FILE_ATTRIBUTE_STANDARD_SIZE, NULL, NULL);
  return import_stream (self, read_stream, in, info != NULL ? g_file_info_get_size (info) : 0,
                        round, progress, user_data, n_games, error);
}

/* Export */

static void
set_player_tags (ArbPgnGame *pgn, const char *colour, const ArbPlayerInfo *p)
{
  g_autofree char *elo_tag = g_strconcat (colour, "Elo", NULL);
  g_autofree char *title_tag = g_strconcat (colour, "Title", NULL);
  g_autofree char *fide_tag = g_strconcat (colour, "FideId", NULL);

  arb_pgn_game_set_tag (pgn, colour, p != NULL ? p->name : "?");
  if (p == NULL)
    return;
  if (p->title != NULL)
    arb_pgn_game_set_tag (pgn, title_tag, p->title);
  if (p->rating > 0)
    {
      g_autofree char *elo = g_strdup_printf ("%d", p->rating);
      arb_pgn_game_set_tag (pgn, elo_tag, elo);
    }
  if (p->fide_id > 0)
    {
      g_autofree char *fide = g_strdup_printf ("%" G_GINT64_FORMAT, p->fide_id);
      arb_pgn_game_set_tag (pgn, fide_tag, fide);
    }
}

/* Export: each game straight from the file to the output, as it is read:
 * its tags, then its moves decoded from their codes (no position is
 * replayed and no move generated), each with its clock and the records
 * placed after it. */
typedef struct
{
  ArbPgnWriter writer;
  GPtrArray *comments; /* ply → comment after it (0: before the first move), or NULL */
  GPtrArray *voided;   /* ArbVoidedLine *: the moves restorations took back */
  GPtrArray *rulings;  /* ArbRulingRecord * */
  guint n_plies;
  ArbColor first_side;
  guint first_number;
} ExportGame;

static void
ply_number (const ExportGame *e, int ply, guint *number, ArbColor *side)
{
  _arb_voided_ply_number (e->first_side, e->first_number, ply, number, side);
}

/* Voided moves after the last move of the game (nothing replaced them
 * yet): no variation can stand there, so they are named in the comment
 * after the last move kept, before the records import reads. */
static void
place_voided_text (ExportGame *e)
{
  for (guint i = 0; i < e->voided->len; i++)
    {
      const ArbVoidedLine *line = e->voided->pdata[i];
      guint ply = MIN ((guint) line->restored_ply, e->n_plies);
      g_autoptr (GString) text = g_string_new (NULL);

      if ((guint) line->restored_ply < e->n_plies)
        continue;
      _arb_voided_append_moves_text (text, line, e->rulings, e->first_side, e->first_number);
      if (e->comments->pdata[ply] != NULL)
        g_string_append_printf (text, " %s", (char *) e->comments->pdata[ply]);
      g_free (e->comments->pdata[ply]);
      e->comments->pdata[ply] = g_string_free (g_steal_pointer (&text), FALSE);
    }
}

static void
write_move_cb (const ArbPosition *before, const ArbStoredMove *m, gpointer user_data)
{
  ExportGame *e = user_data;
  gint64 clock_ms;
  guint number;
  ArbColor side;

  ply_number (e, m->ply, &number, &side);
  clock_ms = side == ARB_WHITE ? m->white_ms : m->black_ms;
  arb_pgn_writer_move (&e->writer, number, side, m->san, clock_ms >= 0 ? clock_ms : ARB_PGN_NO_TIME,
                       (guint) m->ply < e->comments->len ? e->comments->pdata[m->ply] : NULL);
  for (guint i = 0; i < e->voided->len; i++)
    if (((ArbVoidedLine *) e->voided->pdata[i])->restored_ply + 1 == m->ply)
      _arb_voided_write_variation (&e->writer, e->voided->pdata[i], e->rulings, e->first_side,
                                   e->first_number);
}

typedef struct
{
  ArbTournament *self;
  const ArbEventInfo *event;
  GPtrArray *dates;
  GHashTable *players; /* id → ArbPlayerInfo, or NULL: read one by one */
  GString *out;
} Exporter;

static const ArbPlayerInfo *
export_player (Exporter *x, gint64 id, ArbPlayerInfo **owned)
{
  if (id == 0)
    return NULL;
  if (x->players != NULL)
    return g_hash_table_lookup (x->players, &id);
  *owned = arb_tournament_get_player (x->self, id, NULL);
  return *owned;
}

static gboolean
export_game (Exporter *x, const ArbGameInfo *g, GError **error)
{
  g_autoptr (ArbPgnGame) pgn = arb_pgn_game_new ();
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (GPtrArray) irregularities = NULL;
  g_autoptr (GPtrArray) extra = NULL;
  g_autoptr (GPtrArray) voided = NULL;
  g_autoptr (GPtrArray) comments = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (ArbPlayerInfo) white_owned = NULL;
  g_autoptr (ArbPlayerInfo) black_owned = NULL;
  g_autofree char *round = g_strdup_printf ("%d", g->round);
  g_autofree char *board = g_strdup_printf ("%d", g->board);
  g_autofree char *date =
    iso_date_to_pgn ((guint) g->round <= x->dates->len ? x->dates->pdata[g->round - 1] : NULL);
  const ArbEventInfo *event = x->event;
  guint n_plies = (guint) MAX (g->n_plies, 0);
  const char *result;
  ExportGame e;

  rulings = arb_tournament_list_rulings (x->self, g->id, error);
  irregularities = arb_tournament_list_irregularities (x->self, g->id, error);
  extra = _arb_tournament_read_game_tags (g, error);
  if (rulings == NULL || irregularities == NULL || extra == NULL)
    return FALSE;
  voided = arb_tournament_list_voided_lines (x->self, g->id, error);
  if (voided == NULL)
    return FALSE;

  arb_pgn_game_set_tag (pgn, "Event", event->name);
  arb_pgn_game_set_tag (pgn, "Site", event->venue != NULL ? event->venue : "?");
  arb_pgn_game_set_tag (pgn, "Date", date);
  arb_pgn_game_set_tag (pgn, "Round", round);
  set_player_tags (pgn, "White", export_player (x, g->white_id, &white_owned));
  set_player_tags (pgn, "Black", export_player (x, g->black_id, &black_owned));
  arb_pgn_game_set_tag (pgn, "Result", pgn_result_text (g->result));
  arb_pgn_game_set_tag (pgn, "Board", board);
  if (g->result != ARB_RESULT_ONGOING && strcmp (pgn_result_text (g->result), "*") == 0)
    arb_pgn_game_set_tag (pgn, "ArbiterResult", arb_result_to_string (g->result));
  if (event->time_control != NULL)
    arb_pgn_game_set_tag (pgn, "TimeControl", event->time_control);
  if (g->termination != NULL)
    arb_pgn_game_set_tag (pgn, "Termination", g->termination);
  for (guint i = 0; i + 1 < extra->len; i += 2)
    arb_pgn_game_set_tag (pgn, extra->pdata[i], extra->pdata[i + 1]);

  if (g->start_fen != NULL &&
      !arb_position_set_fen (&pgn->start, g->start_fen, ARB_FEN_FLAGS_NONE, NULL) &&
      !arb_position_set_fen (&pgn->start, g->start_fen, ARB_FEN_CHESS960, error))
    return FALSE;
  pgn->result =
    arb_pgn_result_from_string (pgn_result_text (g->result), strlen (pgn_result_text (g->result)));

  /* Irregularities after the move before them, then rulings after the
   * ply they concern (after the last move kept when it was taken back). */
  g_ptr_array_set_size (comments, (guint) n_plies + 1);
  for (guint pass = 0; pass < 2; pass++)
    {
      GPtrArray *list = pass == 0 ? irregularities : rulings;

      for (guint i = 0; i < list->len; i++)
        {
          int wanted = pass == 0 ? ((ArbIrregularityInfo *) list->pdata[i])->ply - 1
                                 : ((ArbRulingRecord *) list->pdata[i])->ply;
          guint ply = MIN ((guint) MAX (wanted, 0), n_plies);
          g_autoptr (GString) text = g_string_new (comments->pdata[ply]);

          if (pass == 0)
            append_irregularity_text (text, list->pdata[i]);
          else
            append_ruling_text (text, list->pdata[i], (int) ply);
          g_free (comments->pdata[ply]);
          comments->pdata[ply] = g_string_free (g_steal_pointer (&text), FALSE);
        }
    }

  result = arb_pgn_write_tags (x->out, pgn);
  arb_pgn_writer_init (&e.writer, x->out, ARB_PGN_WRITE_DEFAULT);
  e.comments = comments;
  e.voided = voided;
  e.rulings = rulings;
  e.n_plies = n_plies;
  e.first_side = pgn->start.side_to_move;
  e.first_number = (guint) pgn->start.fullmove_number;
  place_voided_text (&e);
  arb_pgn_writer_comment (&e.writer, comments->pdata[0]);
  if (!_arb_tournament_replay (x->self, g, NULL, NULL, ARB_REPLAY_NO_POSITION, write_move_cb, &e,
                               error))
    return FALSE;
  arb_pgn_writer_end (&e.writer, result);
  return TRUE;
}

static gboolean
export_games (Exporter *x,
              int round,
              gint64 game_id,
              ArbTournamentWriteFunc write,
              gpointer user_data,
              GError **error)
{
  g_autoptr (GPtrArray) games = NULL;

  if (game_id != 0)
    {
      ArbGameInfo *one = arb_tournament_get_game (x->self, game_id, error);

      if (one == NULL)
        return FALSE;
      games = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_game_info_free);
      g_ptr_array_add (games, one);
    }
  else
    {
      g_autoptr (GPtrArray) players = arb_tournament_list_players (x->self, error);

      games = arb_tournament_list_games (x->self, round, error);
      if (games == NULL || players == NULL)
        return FALSE;
      x->players = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                          (GDestroyNotify) arb_player_info_free);
      for (guint i = 0; i < players->len; i++)
        {
          ArbPlayerInfo *p = g_steal_pointer (&players->pdata[i]);

          g_hash_table_insert (x->players, &p->id, p);
        }
    }

  /* Every game replays legally and has readable tags before anything is
   * written: the writing decodes the moves without a position, and a file
   * written around the program may hold any code. An illegal move stops
   * the export with its game and ply, before the first byte. */
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      g_autoptr (GPtrArray) tags = NULL;

      if (g->black_id != 0 &&
          ((tags = _arb_tournament_read_game_tags (g, error)) == NULL ||
           !_arb_tournament_replay (x->self, g, NULL, NULL, ARB_REPLAY_VERIFY, NULL, NULL, error)))
        return FALSE;
    }

  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];

      if (g->black_id == 0)
        continue;
      g_string_truncate (x->out, 0);
      if (!export_game (x, g, error) || !write (x->out->str, x->out->len, user_data, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
arb_tournament_export_pgn_to (ArbTournament *self,
                              int round,
                              gint64 game_id,
                              ArbTournamentWriteFunc write,
                              gpointer user_data,
                              GError **error)
{
  g_autoptr (ArbEventInfo) event = NULL;
  g_autoptr (GPtrArray) dates = NULL;
  g_autoptr (GString) out = g_string_sized_new (4096);
  Exporter x = { self };
  gboolean snapshot;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), FALSE);
  g_return_val_if_fail (write != NULL, FALSE);

  /* One read transaction for the whole export: every game as of one
   * moment, and no lock taken again for each query. */
  snapshot =
    sqlite3_get_autocommit (self->db) &&
    _arb_tournament_run (self, "cannot read the tournament", "BEGIN DEFERRED", error, NULL);
  event = arb_tournament_get_event (self, error);
  dates = _arb_tournament_get_round_dates (self, error);
  x.event = event;
  x.dates = dates;
  x.out = out;
  ok = event != NULL && dates != NULL && export_games (&x, round, game_id, write, user_data, error);
  g_clear_pointer (&x.players, g_hash_table_unref);
  if (snapshot)
    _arb_tournament_run (self, "cannot read the tournament", "COMMIT", NULL, NULL);
  return ok;
}

static gboolean
append_text (const char *text, gsize length, gpointer user_data, GError **error)
{
  g_string_append_len (user_data, text, (gssize) length);
  return TRUE;
}

char *
arb_tournament_export_pgn (ArbTournament *self, int round, gint64 game_id, GError **error)
{
  g_autoptr (GString) out = g_string_new (NULL);

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  if (!arb_tournament_export_pgn_to (self, round, game_id, append_text, out, error))
    return NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}
