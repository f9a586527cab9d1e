/* arb-test-scoresheet.c: real games written as players write them
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-pgn-game.h"
#include "arb-san-letters.h"
#include "arb-san.h"
#include "arb-scoresheet-search.h"
#include "arb-test-scoresheet.h"
#include "arb-test-utils.h"

const char *const arb_test_sheet_languages[] = { "en", "sv", "nb", "da", "de", "nl", NULL };

const char *
arb_test_sheet_kind_name (ArbTestSheetKind kind)
{
  static const char *const names[] = {
    "clean",   "sloppy",    "wrong square", "wrong piece", "wrong column",
    "swapped", "forgotten", "illegible",    "mixed",
  };

  g_assert ((guint) kind < G_N_ELEMENTS (names));
  return names[kind];
}

void
arb_test_game_free (ArbTestGame *game)
{
  if (game == NULL)
    return;
  g_array_unref (game->moves);
  g_free (game->name);
  g_free (game);
}

/* Files of master games (and a few engine games) in the test data. */
static const char *const game_files[] = {
  "pgn-extract/test/infiles/fischer.pgn",
  "pgn-extract/test/infiles/petrosian.pgn",
  "pgn-extract/test/infiles/najdorf.pgn",
  "pgn-extract/test/infiles/barnes-horton.pgn",
  "pgn-extract/test/infiles/test-hash.pgn",
  "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
  "python-chess/data/pgn/nepomniachtchi-liren-game1.pgn",
  "pgn-extract/test/infiles/bots.pgn",
};

static int
sort_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Adds the .pgn files under @dir, recursively, in sorted order. */
static void
collect_pgn_files (const char *dir, GPtrArray *paths)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, sort_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_pgn_files (path, paths);
      else if (g_str_has_suffix (path, ".pgn"))
        g_ptr_array_add (paths, g_steal_pointer (&path));
    }
}

GPtrArray *
arb_test_real_games (guint max_games)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_test_game_free);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *root = g_getenv ("ARB_TESTDATA");

  if (root == NULL || !g_file_test (root, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("external test data is absent (ARB_TESTDATA): no real games");
      g_ptr_array_unref (games);
      return NULL;
    }
  for (guint f = 0; f < G_N_ELEMENTS (game_files); f++)
    g_ptr_array_add (paths, g_build_filename (root, game_files[f], NULL));
  {
    /* Modern games, many of them long endgames. */
    g_autofree char *real =
      g_build_filename (root, "clean-chess/src/test/resources/pgn/realGames", NULL);

    collect_pgn_files (real, paths);
  }
  for (guint f = 0; f < paths->len && games->len < max_games; f++)
    {
      const char *path = g_ptr_array_index (paths, f);
      g_autoptr (GPtrArray) read = NULL;
      g_autofree char *base = g_path_get_basename (path);

      read = arb_pgn_game_read_file (path, ARB_PGN_READER_DEFAULT, NULL);
      if (read == NULL)
        continue;
      for (guint i = 0; i < read->len && games->len < max_games; i++)
        {
          ArbPgnGame *pgn = g_ptr_array_index (read, i);
          guint n = arb_pgn_game_get_n_plies (pgn);
          ArbPosition standard;
          ArbTestGame *game;
          GString *key;
          char fen[ARB_FEN_MAX];

          arb_position_set_start (&standard);
          if (pgn->error != NULL || n < 30 || n > 400 || pgn->start.key != standard.key ||
              pgn->start.chess960)
            continue;
          game = g_new0 (ArbTestGame, 1);
          game->start = pgn->start;
          game->moves = g_array_new (FALSE, FALSE, sizeof (ArbMove));
          for (guint p = 1; p <= n; p++)
            g_array_append_val (game->moves, arb_pgn_game_get_node (pgn, p)->move);
          key = g_string_new (NULL);
          arb_position_write_fen (&game->start, ARB_FEN_FLAGS_NONE, fen);
          g_string_append (key, fen);
          for (guint p = 0; p < n; p++)
            g_string_append_printf (key, " %04x", g_array_index (game->moves, ArbMove, p));
          if (g_hash_table_contains (seen, key->str))
            {
              g_string_free (key, TRUE);
              arb_test_game_free (game);
              continue;
            }
          g_hash_table_add (seen, g_string_free (key, FALSE));
          game->name =
            g_strdup_printf ("%s - %s, %s game %u", arb_pgn_game_get_tag (pgn, "White") ?: "?",
                             arb_pgn_game_get_tag (pgn, "Black") ?: "?", base, i + 1);
          g_ptr_array_add (games, game);
        }
    }
  return games;
}

/* ------------------------------------------------------------------------ */
/* One move as a player writes it */

static gboolean
chance (GRand *r, double p)
{
  return g_rand_double (r) < p;
}

static const char *
pick (GRand *r, const char *const *options, guint n)
{
  return options[g_rand_int_range (r, 0, (gint32) n)];
}

/* Whether "ed" (files only) names one pawn capture in @pos. */
static gboolean
pawn_files_unique (const ArbPosition *pos, ArbMove move)
{
  ArbMoveList list;
  guint n = 0;

  arb_position_legal_moves (pos, &list);
  for (guint i = 0; i < list.n_moves; i++)
    {
      ArbMove m = list.moves[i];

      if (ARB_PIECE_TYPE (pos->board[ARB_MOVE_FROM (m)]) == ARB_PAWN &&
          ARB_SQUARE_FILE (ARB_MOVE_FROM (m)) == ARB_SQUARE_FILE (ARB_MOVE_FROM (move)) &&
          ARB_SQUARE_FILE (ARB_MOVE_TO (m)) == ARB_SQUARE_FILE (ARB_MOVE_TO (move)) &&
          ARB_SQUARE_FILE (ARB_MOVE_FROM (m)) != ARB_SQUARE_FILE (ARB_MOVE_TO (m)) &&
          (ARB_MOVE_PROMOTION_TYPE (m) == ARB_MOVE_PROMOTION_TYPE (move) ||
           !ARB_MOVE_IS_PROMOTION (m)))
        n++;
    }
  return n == 1;
}

/* Whether a player may leave out the qualifier of half-move @ply ("Sd7"
 * for Sbd7) and the rest of the game still tell which piece moved. The
 * rest is read loosely, as a sloppy sheet allows: only the piece and the
 * square it goes to (captures and qualifiers may be missing there too).
 * Every other piece that could go there must make some later move
 * impossible so read. This uses the legal moves only, not the
 * reconstruction under test. */
static gboolean
qualifier_decided (const ArbTestGame *game, guint ply, const ArbPosition *pos)
{
  ArbMove move = g_array_index (game->moves, ArbMove, ply);
  ArbPieceType piece = ARB_PIECE_TYPE (pos->board[ARB_MOVE_FROM (move)]);
  ArbMoveList list;
  g_autoptr (GArray) wanted = g_array_new (FALSE, FALSE, sizeof (ArbMove));
  g_autoptr (GArray) types = g_array_new (FALSE, FALSE, sizeof (int));
  ArbPosition real = *pos;
  ArbUndo undo;

  arb_position_make_move (&real, move, &undo);
  for (guint i = ply + 1; i < game->moves->len; i++)
    {
      ArbMove next = g_array_index (game->moves, ArbMove, i);
      int type = ARB_PIECE_TYPE (real.board[ARB_MOVE_FROM (next)]);

      g_array_append_val (wanted, next);
      g_array_append_val (types, type);
      arb_position_make_move (&real, next, &undo);
    }
  arb_position_legal_moves (pos, &list);
  for (guint i = 0; i < list.n_moves; i++)
    {
      ArbMove other = list.moves[i];
      ArbPosition alt = *pos;
      gboolean refuted = FALSE;

      if (other == move || ARB_MOVE_TO (other) != ARB_MOVE_TO (move) ||
          ARB_PIECE_TYPE (pos->board[ARB_MOVE_FROM (other)]) != piece)
        continue;
      arb_position_make_move (&alt, other, &undo);
      for (guint k = 0; k < wanted->len && !refuted; k++)
        {
          ArbMove next = g_array_index (wanted, ArbMove, k);
          int type = g_array_index (types, int, k);
          ArbMoveList moves;
          ArbMove found = ARB_MOVE_NONE;

          arb_position_legal_moves (&alt, &moves);
          for (guint m = 0; m < moves.n_moves; m++)
            {
              ArbMove c = moves.moves[m];

              if (ARB_MOVE_KIND (next) == ARB_MOVE_CASTLING)
                {
                  if (c == next)
                    found = c;
                  continue;
                }
              if (ARB_MOVE_TO (c) != ARB_MOVE_TO (next) ||
                  (int) ARB_PIECE_TYPE (alt.board[ARB_MOVE_FROM (c)]) != type ||
                  ARB_MOVE_KIND (c) == ARB_MOVE_CASTLING ||
                  ARB_MOVE_PROMOTION_TYPE (c) != ARB_MOVE_PROMOTION_TYPE (next))
                continue;
              if (found == ARB_MOVE_NONE || c == next)
                found = c;
            }
          if (found == ARB_MOVE_NONE)
            refuted = TRUE;
          else
            arb_position_make_move (&alt, found, &undo);
        }
      if (!refuted)
        return FALSE;
    }
  return TRUE;
}

/* Whether a piece move's SAN has a qualifier ("Nbd7", "R1e2", "Qa1xb2"). */
static gboolean
qualifier_needed (const char *san)
{
  guint coordinates = 0;

  for (const char *p = san + 1; *p != '\0' && *p != '+' && *p != '#'; p++)
    if ((*p >= 'a' && *p <= 'h') || (*p >= '1' && *p <= '8'))
      coordinates++;
  return coordinates > 2;
}

/* The move in English letters, in a form a player uses. */
static char *
english_form (const ArbPosition *pos, ArbMove move, gboolean sloppy, gboolean may_drop, GRand *r)
{
  char san[ARB_SAN_MAX];
  ArbSquare from = ARB_MOVE_FROM (move);
  ArbSquare to = ARB_MOVE_TO (move);
  ArbPieceType piece = ARB_PIECE_TYPE (pos->board[from]);
  gboolean capture;
  GString *s;
  gsize n;
  char check = '\0';

  arb_san_write (pos, move, san);
  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING)
    {
      static const char *const shorts[] = { "0-0", "O-O", "00", "o-o", "0-0", "0-0" };
      static const char *const longs[] = { "0-0-0", "O-O-O", "000", "o-o-o", "0-0-0" };
      gboolean king_side = to > from;

      if (!sloppy)
        return g_strdup (king_side ? "0-0" : "0-0-0");
      return g_strdup (king_side ? pick (r, shorts, G_N_ELEMENTS (shorts))
                                 : pick (r, longs, G_N_ELEMENTS (longs)));
    }
  n = strlen (san);
  if (san[n - 1] == '+' || san[n - 1] == '#')
    {
      check = san[n - 1];
      san[--n] = '\0';
    }
  if (!sloppy)
    {
      s = g_string_new (san);
      if (check)
        g_string_append_c (s, check);
      return g_string_free (s, FALSE);
    }

  capture = ARB_MOVE_KIND (move) == ARB_MOVE_EN_PASSANT || pos->board[to] != ARB_NO_PIECE;
  s = g_string_new (NULL);
  if (chance (r, 0.1))
    {
      /* Long algebraic: "Ng1-f3", "e2-e4", "d4:e5", "e7-e8Q". */
      char sq[3];

      if (piece != ARB_PAWN)
        g_string_append_c (s, " PNBRQK"[piece]);
      arb_square_write (from, sq);
      g_string_append (s, sq);
      g_string_append (s, capture ? (chance (r, 0.5) ? "x" : ":") : "-");
      arb_square_write (to, sq);
      g_string_append (s, sq);
      if (ARB_MOVE_IS_PROMOTION (move))
        g_string_append_c (s, " PNBRQK"[ARB_MOVE_PROMOTION_TYPE (move)]);
    }
  else
    {
      const char *x = strchr (san, 'x');
      const char *eq = strchr (san, '=');

      g_string_assign (s, san);
      if (piece == ARB_PAWN && capture && eq == NULL && chance (r, 0.25) &&
          pawn_files_unique (pos, move))
        {
          /* "ed5" or "ed" or "e:d5" */
          double k = g_rand_double (r);

          g_string_truncate (s, 0);
          g_string_append_c (s, san[0]);
          if (k < 0.3)
            g_string_append_c (s, san[2]);
          else if (k < 0.55)
            g_string_append_printf (s, ":%c%c", san[2], san[3]);
          else
            g_string_append_printf (s, "%c%c", san[2], san[3]);
        }
      else if (x != NULL && chance (r, 0.45))
        {
          gsize at = (gsize) (x - san);

          if (chance (r, 0.35))
            s->str[at] = ':';
          else
            g_string_erase (s, (gssize) at, 1);
        }
      if (piece != ARB_PAWN && piece != ARB_KING && may_drop && chance (r, 0.2))
        {
          /* The qualifier left out: "Nd7" for Nbd7. */
          gsize square = 0;

          for (gsize i = 1; i + 1 < s->len; i++)
            if (s->str[i] >= 'a' && s->str[i] <= 'h' && s->str[i + 1] >= '1' &&
                s->str[i + 1] <= '8' && (i + 2 == s->len))
              square = i;
          if (square > 1)
            {
              gsize keep = s->str[square - 1] == 'x' || s->str[square - 1] == ':' ? 1 : 0;

              g_string_erase (s, 1, (gssize) (square - 1 - keep));
            }
        }
      if (eq != NULL)
        {
          char *e = strchr (s->str, '=');
          double k = g_rand_double (r);

          if (e != NULL && k < 0.4)
            g_string_erase (s, e - s->str, 1);
          else if (e != NULL && k < 0.55)
            {
              char letter = e[1];
              gssize at = e - s->str;

              g_string_truncate (s, (gsize) at);
              g_string_append_printf (s, "(%c)", letter);
            }
        }
    }
  if (check && chance (r, 0.5))
    g_string_append_c (s, check);
  return g_string_free (s, FALSE);
}

static char *
localise (const char *english, const char *language, gboolean figurines)
{
  if (figurines)
    return arb_san_to_figurine (english);
  if (strcmp (language, "de") == 0)
    language = "sv"; /* German players write K D T L S too */
  return arb_san_to_local (english, language);
}

/* ------------------------------------------------------------------------ */
/* Mistakes */

/* The sheet being written: the cells as the player writes them and, in
 * step, the game's clean English SAN with the same mistakes, from which
 * the strict SAN reader tells whether a mistake can be seen at all. */
typedef struct
{
  GPtrArray *cells;   /* char *, one per half-move as written; "" is a blank */
  GPtrArray *english; /* char *, the same half-moves in clean SAN */
  GPtrArray *clean;   /* the clean SAN before any mistake */
  guint first;        /* cells before it are never touched */
  guint last;         /* nor those from it on */
  const char *letters;
  gboolean hidden; /* some mistake cannot be seen: another game fits the sheet */
  const ArbPosition *start;
  const GArray *moves; /* the real game's moves */
} Sheet;

static gboolean
is_square_at (const char *s, gsize i)
{
  return s[i] >= 'a' && s[i] <= 'h' && s[i + 1] >= '1' && s[i + 1] <= '8';
}

/* The destination square of a written move: its last square. */
static gssize
destination_of (const char *cell)
{
  gssize found = -1;

  for (gsize i = 0; cell[i] != '\0' && cell[i + 1] != '\0'; i++)
    if (is_square_at (cell, i))
      found = (gssize) i;
  return found;
}

static guint
random_ply (GRand *r, const Sheet *sheet, guint lo, guint hi)
{
  lo = MAX (lo, sheet->first);
  hi = MIN (hi, sheet->last);
  if (hi <= lo)
    return sheet->first;
  return (guint) g_rand_int_range (r, (gint32) lo, (gint32) hi);
}

/* Whether the SAN list (NULL entries: any legal move that lets the rest
 * be read) is a legal game from @start. With a NULL entry, counts the
 * moves that fit there, up to 2. */
static guint
replays (const ArbPosition *start, GPtrArray *sans, guint from, ArbPosition *pos_in)
{
  ArbPosition pos = pos_in != NULL ? *pos_in : *start;

  for (guint i = from; i < sans->len; i++)
    {
      const char *san = g_ptr_array_index (sans, i);
      ArbMove move;
      ArbUndo undo;

      if (san == NULL)
        {
          ArbMoveList list;
          guint fits = 0;

          arb_position_legal_moves (&pos, &list);
          for (guint m = 0; m < list.n_moves && fits < 2; m++)
            {
              ArbPosition next = pos;

              arb_position_make_move (&next, list.moves[m], &undo);
              if (replays (start, sans, i + 1, &next) > 0)
                fits++;
            }
          return fits;
        }
      if (arb_san_resolve (&pos, san, strlen (san), &move) != ARB_SAN_OK)
        return 0;
      arb_position_make_move (&pos, move, &undo);
    }
  return 1;
}

/* What a sloppy sheet still tells of a half-move, whatever else it leaves
 * out: the piece, the square it goes to, the promotion, the castling side,
 * a pawn capture's file, and a capture where "x" or ":" is written. */
typedef struct
{
  int piece; /* ArbPieceType; ARB_NO_PIECE_TYPE for castling */
  ArbSquare to;
  int promotion;
  int castling;  /* 0, 1 king side, 2 queen side */
  int pawn_from; /* a pawn capture's file, or -1 */
  gboolean capture;
} Told;

static void
told_of_move (const ArbPosition *pos, ArbMove move, gboolean capture_written, Told *t)
{
  ArbSquare from = ARB_MOVE_FROM (move);

  memset (t, 0, sizeof *t);
  t->pawn_from = -1;
  t->capture = capture_written;
  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING)
    {
      t->piece = ARB_NO_PIECE_TYPE;
      t->castling = ARB_MOVE_TO (move) > from ? 1 : 2;
      return;
    }
  t->piece = ARB_PIECE_TYPE (pos->board[from]);
  t->to = ARB_MOVE_TO (move);
  t->promotion = ARB_MOVE_IS_PROMOTION (move) ? (int) ARB_MOVE_PROMOTION_TYPE (move) : 0;
  if (t->piece == ARB_PAWN && ARB_SQUARE_FILE (from) != ARB_SQUARE_FILE (t->to))
    t->pawn_from = ARB_SQUARE_FILE (from);
}

/* Whether @move fits what the sheet tells: as the lenient reader reads a
 * sheet, without the liberties that cost a correction. A king written onto
 * its castling square ("Kg1") may be castling. */
static gboolean
told_fits (const ArbPosition *pos, ArbMove move, const Told *t)
{
  ArbSquare from = ARB_MOVE_FROM (move);
  ArbSquare to = ARB_MOVE_TO (move);
  gboolean capture = ARB_MOVE_KIND (move) == ARB_MOVE_EN_PASSANT ||
                     (ARB_MOVE_KIND (move) != ARB_MOVE_CASTLING && pos->board[to] != ARB_NO_PIECE);

  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING)
    {
      int side = to > from ? 1 : 2;

      if (t->castling)
        return t->castling == side;
      return t->piece == ARB_KING && ARB_SQUARE_RANK (t->to) == ARB_SQUARE_RANK (from) &&
             ARB_SQUARE_FILE (t->to) == (side == 1 ? 6 : 2) && ARB_SQUARE_FILE (from) == 4;
    }
  if (t->castling || (int) ARB_PIECE_TYPE (pos->board[from]) != t->piece || to != t->to)
    return FALSE;
  if (t->capture && !capture)
    return FALSE;
  if ((ARB_MOVE_IS_PROMOTION (move) ? (int) ARB_MOVE_PROMOTION_TYPE (move) : 0) != t->promotion)
    return FALSE;
  if (t->piece == ARB_PAWN)
    {
      int from_file = ARB_SQUARE_FILE (from);

      if (t->pawn_from >= 0 ? from_file != t->pawn_from : from_file != ARB_SQUARE_FILE (to))
        return FALSE;
    }
  return TRUE;
}

/* Whether the half-moves told from @from on fit a game from @pos (every
 * reading tried where one is ambiguous). Once past @rejoin, a position of
 * the real game at the same half-move is the real game from there. */
static gboolean
told_replay (const ArbPosition *pos,
             const Told *told,
             guint from,
             guint n,
             const guint64 *real_keys,
             guint rejoin,
             guint *budget)
{
  ArbMoveList list;

  if (from >= n)
    return TRUE;
  if (from >= rejoin && pos->key == real_keys[from])
    return TRUE;
  if (*budget == 0)
    return FALSE;
  (*budget)--;
  arb_position_legal_moves (pos, &list);
  for (guint m = 0; m < list.n_moves; m++)
    {
      ArbPosition next = *pos;
      ArbUndo undo;

      if (!told_fits (pos, list.moves[m], &told[from]))
        continue;
      arb_position_make_move (&next, list.moves[m], &undo);
      if (told_replay (&next, told, from + 1, n, real_keys, rejoin, budget))
        return TRUE;
    }
  return FALSE;
}

/* Whether @move is the written @t with one character changed: the same
 * piece onto another square of the same file or rank, or another piece
 * onto the same square. */
static gboolean
one_character_away (const ArbPosition *pos, ArbMove move, const Told *t)
{
  ArbSquare to = ARB_MOVE_TO (move);
  int piece = ARB_PIECE_TYPE (pos->board[ARB_MOVE_FROM (move)]);

  if (ARB_MOVE_KIND (move) == ARB_MOVE_CASTLING || t->castling)
    return FALSE;
  /* A written "x" stays: a move that takes nothing would be a second
   * change. */
  if (t->capture && pos->board[to] == ARB_NO_PIECE && ARB_MOVE_KIND (move) != ARB_MOVE_EN_PASSANT)
    return FALSE;
  if (piece == t->piece)
    return to != t->to && (ARB_SQUARE_FILE (to) == ARB_SQUARE_FILE (t->to) ||
                           ARB_SQUARE_RANK (to) == ARB_SQUARE_RANK (t->to));
  return to == t->to;
}

/* Whether the first word of a cell marks a capture. */
static gboolean
cell_marks_capture (const char *cell)
{
  for (const char *c = cell; *c != '\0' && *c != ' '; c++)
    if (*c == 'x' || *c == 'X' || *c == ':' || (c[0] == '\xc3' && c[1] == '\x97'))
      return TRUE;
  return FALSE;
}

/* For a move written wrong at @p (its SAN in @written; the sheet's cell
 * already changed), whether the rest of the game decides the correction.
 * The sheet is read for what a sloppy sheet still tells (the piece, the
 * square, a written capture; not the "+", the qualifier or a missing
 * "x"), the other half-moves as the real game has them. The mistake is
 * decided when the sheet so written is no legal game, and of all the
 * games that differ from it in one character of one half-move (the file
 * or rank of a square, or a piece letter), anywhere in the game, exactly
 * one fits the rest: the real one. A wrong square that makes an earlier
 * move of the same piece read as another square just as well (Rc8-h8
 * written Rc8-h2 reads as Rc2-h2 too) is not decided: no reading can
 * tell which of the two moves was written wrong. */
static gboolean
correction_decided (const Sheet *sheet, guint p, const char *written)
{
  guint n = sheet->moves->len;
  g_autofree Told *told = g_new0 (Told, n);
  g_autofree ArbPosition *real = g_new (ArbPosition, n + 1);
  g_autofree guint64 *keys = g_new (guint64, n + 1);
  ArbSanShape shape;
  ArbPosition pos;
  guint fits = 0;
  guint budget;

  real[0] = *sheet->start;
  for (guint i = 0; i < n; i++)
    {
      ArbMove move = g_array_index (sheet->moves, ArbMove, i);
      ArbUndo undo;

      keys[i] = real[i].key;
      told_of_move (&real[i], move, cell_marks_capture (g_ptr_array_index (sheet->cells, i)),
                    &told[i]);
      real[i + 1] = real[i];
      arb_position_make_move (&real[i + 1], move, &undo);
    }
  keys[n] = real[n].key;
  if (arb_san_parse_shape (written, strlen (written), &shape) != ARB_SAN_OK)
    return TRUE;
  memset (&told[p], 0, sizeof told[p]);
  told[p].pawn_from = -1;
  told[p].capture = cell_marks_capture (g_ptr_array_index (sheet->cells, p));
  if (shape.castling)
    told[p].castling = shape.castling;
  else
    {
      told[p].piece = shape.piece;
      told[p].to = shape.to;
      told[p].promotion = shape.promotion;
      if (shape.piece == ARB_PAWN && shape.from_file >= 0 &&
          shape.from_file != ARB_SQUARE_FILE (shape.to))
        told[p].pawn_from = shape.from_file;
    }

  /* The sheet as written is a legal game: nothing shows the mistake. */
  budget = 100000;
  if (told_replay (&real[p], told, p, n, keys, n + 1, &budget))
    return FALSE;

  /* One character changed at half-move q, before, at or after p. Before
   * and at p the game up to q is the real one; after p it follows the
   * sheet as written (p as the player wrote it), as far as that goes. */
  pos = real[0];
  for (guint q = 0; q < n && fits < 2; q++)
    {
      ArbMoveList list;
      ArbMove found = ARB_MOVE_NONE;
      ArbUndo undo;

      if (q <= p)
        pos = real[q];
      arb_position_legal_moves (&pos, &list);
      for (guint m = 0; m < list.n_moves && fits < 2; m++)
        {
          ArbPosition next = pos;

          if (told_fits (&pos, list.moves[m], &told[q]))
            {
              if (found == ARB_MOVE_NONE)
                found = list.moves[m];
              continue;
            }
          if (!one_character_away (&pos, list.moves[m], &told[q]))
            continue;
          arb_position_make_move (&next, list.moves[m], &undo);
          budget = 20000;
          /* The rest must read the written move at p: before p, no
           * shortcut through the real game's positions. */
          if (told_replay (&next, told, q + 1, n, keys, q >= p ? q + 1 : n + 1, &budget))
            fits++;
        }
      if (q >= p)
        {
          /* Follow the sheet as written to the next half-move. */
          if (found == ARB_MOVE_NONE)
            break;
          arb_position_make_move (&pos, found, &undo);
        }
    }
  return fits == 1;
}

static gboolean
wrong_square (GRand *r, Sheet *sheet, guint lo, guint hi)
{
  for (guint attempt = 0; attempt < 20; attempt++)
    {
      guint p = random_ply (r, sheet, lo, hi);
      char *cell = g_ptr_array_index (sheet->cells, p);
      char *san = g_ptr_array_index (sheet->english, p);
      gssize at = destination_of (cell);
      gssize at_san = destination_of (san);
      gboolean file = chance (r, 0.5);
      char base, old, value;

      if (at < 0 || at_san < 0)
        continue;
      base = file ? 'a' : '1';
      old = cell[at + (file ? 0 : 1)];
      if (chance (r, 0.5))
        value = (char) (old + (chance (r, 0.5) ? 1 : -1));
      else
        value = (char) (base + g_rand_int_range (r, 0, 8));
      if (value < base || value > base + 7 || value == old)
        continue;
      cell[at + (file ? 0 : 1)] = value;
      san[at_san + (file ? 0 : 1)] = value;
      if (!correction_decided (sheet, p, san))
        sheet->hidden = TRUE;
      return TRUE;
    }
  return FALSE;
}

static gboolean
wrong_piece (GRand *r, Sheet *sheet)
{
  for (guint attempt = 0; attempt < 40; attempt++)
    {
      guint p = random_ply (r, sheet, 0, G_MAXUINT);
      char *cell = g_ptr_array_index (sheet->cells, p);
      char *san = g_ptr_array_index (sheet->english, p);
      const char *letter = cell[0] != '\0' ? strchr (sheet->letters, cell[0]) : NULL;
      guint other;

      if (letter == NULL || !g_ascii_isupper (san[0]) || san[0] == 'O')
        continue;
      do
        other = (guint) g_rand_int_range (r, 0, 5);
      while (sheet->letters[other] == cell[0]);
      cell[0] = sheet->letters[other];
      san[0] = "KQRBN"[other];
      if (!correction_decided (sheet, p, san))
        sheet->hidden = TRUE;
      return TRUE;
    }
  return FALSE;
}

static void
swap_cells (Sheet *sheet, guint a, guint b)
{
  GPtrArray *arrays[2] = { sheet->cells, sheet->english };

  for (guint k = 0; k < 2; k++)
    {
      gpointer t = arrays[k]->pdata[a];

      arrays[k]->pdata[a] = arrays[k]->pdata[b];
      arrays[k]->pdata[b] = t;
    }
}

static gboolean
apply_mistake (GRand *r, Sheet *sheet, ArbTestSheetKind kind, const ArbPosition *start)
{
  guint p = random_ply (r, sheet, 0, G_MAXUINT);
  gboolean white_first = start->side_to_move == ARB_WHITE;

  switch (kind)
    {
    case ARB_TEST_SHEET_WRONG_SQUARE:
      return wrong_square (r, sheet, 0, G_MAXUINT);
    case ARB_TEST_SHEET_WRONG_PIECE:
      return wrong_piece (r, sheet);
    case ARB_TEST_SHEET_WRONG_COLUMN:
      /* White's move of a row and Black's: p must be White's. */
      if ((p % 2 == 0) != white_first)
        p++;
      if (p + 1 >= sheet->last)
        return FALSE;
      swap_cells (sheet, p, p + 1);
      if (replays (start, sheet->english, 0, NULL) == 1)
        sheet->hidden = TRUE;
      return TRUE;
    case ARB_TEST_SHEET_SWAPPED:
      if (p + 2 >= sheet->last)
        return FALSE;
      swap_cells (sheet, p, p + 2);
      /* Two moves that can be played in either order leave no trace. */
      if (replays (start, sheet->english, 0, NULL) == 1)
        sheet->hidden = TRUE;
      return TRUE;
    case ARB_TEST_SHEET_FORGOTTEN:
      {
        /* Which move was left out must follow from the rest. */
        g_autofree char *san = g_ptr_array_steal_index (sheet->english, p);

        g_ptr_array_insert (sheet->english, (gint) p, NULL);
        if (replays (start, sheet->english, 0, NULL) != 1)
          sheet->hidden = TRUE;
        g_ptr_array_index (sheet->english, p) = g_steal_pointer (&san);
        g_ptr_array_remove_index (sheet->cells, p);
        sheet->last--;
        return TRUE;
      }
    case ARB_TEST_SHEET_ILLEGIBLE:
      {
        g_autofree char *san = g_ptr_array_steal_index (sheet->english, p);

        g_ptr_array_insert (sheet->english, (gint) p, NULL);
        if (replays (start, sheet->english, 0, NULL) != 1)
          sheet->hidden = TRUE;
        g_ptr_array_index (sheet->english, p) = g_steal_pointer (&san);
        g_free (sheet->cells->pdata[p]);
        sheet->cells->pdata[p] = g_strdup (chance (r, 0.5) ? "?" : "");
        return TRUE;
      }
    default:
      return FALSE;
    }
}

/* ------------------------------------------------------------------------ */
/* Layout */

typedef enum
{
  LAYOUT_PAIRS,         /* "12. Sf3 Sc6" per line */
  LAYOUT_PAIRS_NO_DOT,  /* "12 Sf3 Sc6" */
  LAYOUT_ONE_LINE,      /* "1. e4 e5 2. Sf3 Sc6 ..." */
  LAYOUT_NO_NUMBERS,    /* "Sf3 Sc6" per line */
  LAYOUT_PER_MOVE,      /* "12. Sf3" and "12... Sc6" per line */
  LAYOUT_BARE_ONE_LINE, /* "e4 e5 Sf3 Sc6 ..." */
  N_LAYOUTS,
} Layout;

static void
append_number (GString *out, Layout layout, int number, gboolean black, GRand *r, gboolean sloppy)
{
  /* Numbers written wrong or twice. */
  if (sloppy && chance (r, 0.04))
    number += g_rand_int_range (r, -2, 3);
  if (number < 1)
    number = 1;
  switch (layout)
    {
    case LAYOUT_PAIRS:
    case LAYOUT_ONE_LINE:
    case LAYOUT_PER_MOVE:
      g_string_append_printf (out, black ? "%d... " : "%d. ", number);
      break;
    case LAYOUT_PAIRS_NO_DOT:
      g_string_append_printf (out, black ? "%d ... " : "%d ", number);
      break;
    default:
      break;
    }
}

static gboolean
layout_has_numbers (Layout layout)
{
  return layout == LAYOUT_PAIRS || layout == LAYOUT_PAIRS_NO_DOT || layout == LAYOUT_ONE_LINE ||
         layout == LAYOUT_PER_MOVE;
}

static char *
lay_out (const Sheet *sheet, const ArbPosition *start, Layout layout, gboolean sloppy, GRand *r)
{
  GString *out = g_string_new (NULL);
  int number = start->fullmove_number;
  gboolean black = start->side_to_move == ARB_BLACK;
  gsize line_start = 0;

  for (guint i = 0; i < sheet->cells->len; i++)
    {
      const char *cell = g_ptr_array_index (sheet->cells, i);
      gboolean row_start = !black || i == 0;

      if (row_start || layout == LAYOUT_PER_MOVE)
        append_number (out, layout, number, black && (row_start || layout == LAYOUT_PER_MOVE), r,
                       sloppy);
      if (cell[0] == '\0')
        {
          /* A blank cell: nothing in Black's column of a numbered sheet,
           * a mark elsewhere. */
          if (!layout_has_numbers (layout) || !black || layout == LAYOUT_PER_MOVE)
            g_string_append (out, chance (r, 0.5) ? "-" : "?");
        }
      else
        g_string_append (out, cell);
      if (black || layout == LAYOUT_PER_MOVE)
        {
          if (layout == LAYOUT_ONE_LINE || layout == LAYOUT_BARE_ONE_LINE)
            {
              if (out->len - line_start > 70)
                {
                  g_string_append_c (out, '\n');
                  line_start = out->len;
                }
              else
                g_string_append_c (out, ' ');
            }
          else
            g_string_append_c (out, '\n');
        }
      else
        g_string_append_c (out, layout == LAYOUT_PAIRS ? '\t' : ' ');
      if (black)
        number++;
      black = !black;
    }
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

char *
arb_test_sheet_write (const ArbTestGame *game,
                      const char *language,
                      ArbTestSheetKind kind,
                      guint32 seed,
                      guint *n_mistakes,
                      gboolean *visible)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (seed);
  gboolean sloppy = kind != ARB_TEST_SHEET_CLEAN;
  gboolean figurines = sloppy && strcmp (language, "en") == 0 && chance (r, 0.1);
  const char *letters =
    arb_san_letters_for_language (strcmp (language, "de") == 0 ? "sv" : language);
  Sheet sheet = { 0 };
  ArbPosition pos = game->start;
  Layout layout = sloppy ? (Layout) g_rand_int_range (r, 0, N_LAYOUTS) : LAYOUT_PAIRS;
  guint mistakes = 0;
  guint n = game->moves->len;
  int foreign = -1;
  char *text;

  /* A Dutch or Scandinavian player writes an English letter once. */
  if (sloppy && strcmp (language, "en") != 0 && chance (r, 0.3))
    foreign = g_rand_int_range (r, 0, (gint32) n);

  sheet.cells = g_ptr_array_new_with_free_func (g_free);
  sheet.english = g_ptr_array_new_with_free_func (g_free);
  sheet.first = 2;
  sheet.last = n > 6 ? n - 4 : n;
  sheet.letters = letters;
  for (guint i = 0; i < n; i++)
    {
      ArbMove move = g_array_index (game->moves, ArbMove, i);
      char plain[ARB_SAN_MAX];
      gboolean may_drop;
      g_autofree char *english = NULL;

      /* Only a qualified move has a qualifier to leave out. */
      arb_san_write (&pos, move, plain);
      may_drop = sloppy && plain[0] >= 'A' && plain[0] <= 'Z' && plain[0] != 'O' &&
                 strlen (plain) >= 4 && qualifier_needed (plain) &&
                 qualifier_decided (game, i, &pos);
      english = english_form (&pos, move, sloppy, may_drop, r);
      GString *cell = g_string_new (NULL);
      char *local = localise (english, (int) i == foreign ? "en" : language, figurines);
      ArbUndo undo;

      g_string_append (cell, local);
      g_free (local);
      if (sloppy)
        {
          static const char *const marks[] = { "!", "?", "!?", "?!", "!!" };

          if (chance (r, 0.03))
            g_string_append (cell, pick (r, marks, G_N_ELEMENTS (marks)));
          if (chance (r, 0.015))
            g_string_append (cell, chance (r, 0.5) ? "(=)" : " (=)");
          if (chance (r, 0.03))
            g_string_append_printf (cell, " %d:%02d", g_rand_int_range (r, 0, 2),
                                    g_rand_int_range (r, 0, 60));
        }
      g_ptr_array_add (sheet.cells, g_string_free (cell, FALSE));
      g_ptr_array_add (sheet.english, g_strdup (plain));
      arb_position_make_move (&pos, move, &undo);
    }

  sheet.start = &game->start;
  sheet.moves = game->moves;
  sheet.clean = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < sheet.english->len; i++)
    g_ptr_array_add (sheet.clean, g_strdup (g_ptr_array_index (sheet.english, i)));
  switch (kind)
    {
    case ARB_TEST_SHEET_CLEAN:
    case ARB_TEST_SHEET_SLOPPY:
      break;
    case ARB_TEST_SHEET_WRONG_SQUARE:
      {
        /* One per 20 moves, each in its own stretch of the game. */
        guint count = MAX (1u, (n + 20) / 40);
        guint span = (sheet.last - sheet.first) / count;

        for (guint k = 0; k < count; k++)
          if (wrong_square (r, &sheet, sheet.first + k * span, sheet.first + (k + 1) * span))
            mistakes++;
        break;
      }
    case ARB_TEST_SHEET_MIXED:
      {
        static const ArbTestSheetKind kinds[] = {
          ARB_TEST_SHEET_WRONG_SQUARE, ARB_TEST_SHEET_WRONG_PIECE, ARB_TEST_SHEET_SWAPPED,
          ARB_TEST_SHEET_FORGOTTEN,    ARB_TEST_SHEET_ILLEGIBLE,
        };

        if (apply_mistake (r, &sheet, kinds[g_rand_int_range (r, 0, G_N_ELEMENTS (kinds))],
                           &game->start))
          mistakes++;
        break;
      }
    default:
      if (apply_mistake (r, &sheet, kind, &game->start))
        mistakes++;
      break;
    }

  text = lay_out (&sheet, &game->start, layout, sloppy, r);
  g_ptr_array_unref (sheet.cells);
  g_ptr_array_unref (sheet.english);
  g_ptr_array_unref (sheet.clean);
  if (visible != NULL)
    *visible = !sheet.hidden;
  if (n_mistakes != NULL)
    *n_mistakes = mistakes;
  return text;
}

/* ------------------------------------------------------------------------ */
/* Scoring */

static gboolean
same_game (const ArbScoresheetResult *result, const ArbTestGame *game)
{
  GArray *moves = result->best->moves;

  if (moves->len != game->moves->len)
    return FALSE;
  return memcmp (moves->data, game->moves->data, moves->len * sizeof (ArbMove)) == 0;
}

void
arb_test_sheet_score (GPtrArray *games,
                      ArbTestSheetKind kind,
                      const char *language,
                      gboolean two_sheets,
                      guint32 seed,
                      gboolean verbose,
                      ArbTestSheetScore *score)
{
  for (guint g = 0; g < games->len; g++)
    {
      const ArbTestGame *game = g_ptr_array_index (games, g);
      /* Two sheets: g_autofree would free only the first of an array. */
      g_autofree char *text0 = NULL;
      g_autofree char *text1 = NULL;
      char **text[2] = { &text0, &text1 };
      ArbScoresheet *sheets[2] = { NULL, NULL };
      g_autoptr (ArbScoresheetResult) result = NULL;
      g_autoptr (GError) error = NULL;
      guint n = two_sheets ? 2 : 1;
      guint32 game_seed = seed * 7919u + g * 104729u + (guint32) kind * 31u;
      gboolean visible = TRUE;
      gboolean exact;

      for (guint k = 0; k < n; k++)
        {
          gboolean this_visible = TRUE;

          *text[k] = arb_test_sheet_write (game, language, kind, game_seed + k * 15485863u, NULL,
                                           &this_visible);
          visible = visible && this_visible;
          sheets[k] = arb_scoresheet_read (*text[k], -1, "auto", &error);
          g_assert_no_error (error);
        }
      result = arb_scoresheet_search (&game->start, sheets, n, NULL, NULL, &error);
      exact = result != NULL && same_game (result, game);
      score->sheets++;
      if (result == NULL)
        score->no_game++;
      if (exact)
        score->exact++;
      if (visible)
        score->visible++;
      if (visible && exact)
        score->visible_exact++;
      if (verbose && !exact)
        {
          g_printerr ("--- %s, %s, %s (seed %u): %s%s\n", game->name, language,
                      arb_test_sheet_kind_name (kind), game_seed,
                      result == NULL ? error->message : "not exact",
                      visible ? "" : " (a mistake cannot be seen)");
          if (result != NULL)
            {
              ArbPosition pos = game->start;

              for (guint i = 0; i < MIN (result->best->moves->len, game->moves->len); i++)
                {
                  ArbMove got = g_array_index (result->best->moves, ArbMove, i);
                  ArbMove want = g_array_index (game->moves, ArbMove, i);
                  char a[ARB_SAN_MAX], b[ARB_SAN_MAX];
                  ArbUndo undo;

                  if (got != want)
                    {
                      arb_san_write (&pos, got, a);
                      arb_san_write (&pos, want, b);
                      g_printerr ("    first difference at ply %u: %s instead of %s (cost %u)\n",
                                  i + 1, a, b, result->best->cost);
                      break;
                    }
                  arb_position_make_move (&pos, want, &undo);
                }
              {
                ArbScoresheetOptions forced = { 0 };
                g_autoptr (ArbScoresheetResult) truth = NULL;

                forced.fixed = (const ArbMove *) game->moves->data;
                forced.n_fixed = game->moves->len;
                truth = arb_scoresheet_search (&game->start, sheets, n, &forced, NULL, NULL);
                g_printerr ("    the real game costs %d: %s\n",
                            truth != NULL ? (int) truth->best->cost : -1,
                            truth == NULL                             ? "not found"
                            : truth->best->cost > result->best->cost  ? "the model prefers another"
                            : truth->best->cost == result->best->cost ? "a tie"
                                                                      : "the search lost it");
                for (guint w = 0; w < 2; w++)
                  {
                    const ArbScoresheetResult *which = w == 0 ? result : truth;

                    if (which == NULL)
                      continue;
                    g_printerr ("    %s:", w == 0 ? "found" : "truth");
                    for (guint c = 0; c < which->best->corrections->len; c++)
                      {
                        const ArbScoresheetCorrection *cc =
                          &g_array_index (which->best->corrections, ArbScoresheetCorrection, c);

                        g_printerr (" [%u%s %s '%s'->%s %u]", cc->ply,
                                    n > 1 ? (cc->sheet == 0 ? "/1" : "/2") : "",
                                    arb_scoresheet_correction_kind_to_string (cc->kind),
                                    cc->written, cc->read, cc->cost);
                      }
                    g_printerr ("\n");
                  }
              }
              if (result->best->moves->len != game->moves->len)
                g_printerr ("    %u plies instead of %u\n", result->best->moves->len,
                            game->moves->len);
            }
          for (guint k = 0; k < n; k++)
            g_printerr ("%s\n", *text[k]);
        }
      for (guint k = 0; k < n; k++)
        arb_scoresheet_free (sheets[k]);
    }
}
