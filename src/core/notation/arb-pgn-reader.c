/* arb-pgn-reader.c: a streaming PGN reader with a visitor
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arb-i18n.h"
#include "arb-pgn-reader-private.h"

/* clang-format off */
G_DEFINE_QUARK (arb-pgn-error-quark, arb_pgn_error)
/* clang-format on */

/* Setting up from a FEN string costs more than a game's worth of moves, so
 * the standard start position is built once and copied. */
static ArbPosition start_position;

static void
init_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      _arb_pgn_scanner_init ();
      _arb_pgn_tags_init ();
      arb_position_init ();
      arb_position_set_start (&start_position);
      g_once_init_leave (&done, 1);
    }
}

/* ---- Errors ------------------------------------------------------------ */

static void
copy_token (char dest[64], const char *text, gsize len)
{
  gsize n = MIN (len, 63);

  for (gsize i = 0; i < n; i++)
    {
      unsigned char c = (unsigned char) text[i];
      dest[i] = (c >= 0x20 && c < 0x7f) ? (char) c : '?';
    }
  dest[n] = '\0';
}

void
_arb_pgn_set_error (ArbPgnReader *r,
                    ArbPgnError code,
                    guint line,
                    guint column,
                    guint ply,
                    const char *token,
                    const char *format,
                    ...)
{
  g_autofree char *why = NULL;
  va_list args;

  if (r->error != NULL || !r->in_game)
    return;

  va_start (args, format);
  why = g_strdup_vprintf (format, args);
  va_end (args);

  r->error_info.game = r->game;
  r->error_info.line = line;
  r->error_info.column = column;
  r->error_info.ply = ply;
  copy_token (r->error_info.token, token != NULL ? token : "", token != NULL ? strlen (token) : 0);
  /* Translators: where in the PGN file the fault is: the game's number in
   * the file (from 1), the line and column, and the half-move (0: before
   * the first move); %s says what is wrong there */
  r->error = g_error_new (ARB_PGN_ERROR, code, _ ("game %u, line %u, column %u, ply %u: %s"),
                          r->game, line, column, ply, why);

  /* Leave the position at the main line, so that a caller asking for the
   * final position after an error gets the last good main-line position. */
  if (r->depth > 0)
    r->pos = r->levels[1].saved;
  r->skip_depth = r->depth;
  r->depth = 0;
  r->skipping = TRUE;
}

/* A strict-mode problem noticed where no game is open. */
void
_arb_pgn_set_orphan_error (ArbPgnReader *r, guint line, guint column, const char *why)
{
  if (r->in_game)
    {
      _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, line, column, current_ply (r), NULL, "%s", why);
      return;
    }
  if (r->orphan_error == NULL)
    {
      r->orphan_error = g_strdup (why);
      r->orphan_line = line;
      r->orphan_column = column;
    }
}

/* ---- Games --------------------------------------------------------------- */

static void
reset_game_state (ArbPgnReader *r)
{
  r->in_game = FALSE;
  r->ended = FALSE;
  r->skipping = FALSE;
  r->skip_depth = 0;
  g_clear_error (&r->error);
  memset (&r->error_info, 0, sizeof r->error_info);
  r->result = ARB_PGN_RESULT_NONE;
  r->prev = PREV_NONE;
  g_string_truncate (r->fen, 0);
  g_string_truncate (r->setup, 0);
  g_string_truncate (r->variant, 0);
  g_string_truncate (r->result_tag, 0);
  r->has_fen = r->has_setup = r->has_variant = r->has_result_tag = FALSE;
  r->setup_without_fen = FALSE;
  g_string_truncate (r->tag_names, 0);
  r->blank_after_tag = FALSE;
  r->roster_seen = 0;
  r->n_tags = r->n_variations = r->n_moves = 0;
  r->game_text = 0;
  r->depth = 0;
  memset (&r->levels[0], 0, sizeof r->levels[0]);
  r->pos = start_position;
}

static gboolean
variant_is (const char *value, const char *const *names)
{
  for (; *names != NULL; names++)
    if (g_ascii_strcasecmp (value, *names) == 0)
      return TRUE;
  return FALSE;
}

/* The tags are read: set up the start position. */
static void
begin_movetext (ArbPgnReader *r)
{
  static const char *const standard_names[] = { "standard",      "chess", "normal",
                                                "from position", "",      NULL };
  static const char *const chess960_names[] = {
    "chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random", "960", "frc", NULL
  };
  gboolean chess960 = FALSE;

  r->ctx = CTX_MOVETEXT;
  r->depth = 0;
  memset (&r->levels[0], 0, sizeof r->levels[0]);
  if (r->skipping)
    return;

  if (r->strict && !_arb_pgn_check_strict_tags (r))
    return;

  if (r->has_variant)
    {
      g_autofree char *v = g_strstrip (g_strdup (r->variant->str));

      if (variant_is (v, chess960_names))
        chess960 = TRUE;
      else if (!variant_is (v, standard_names))
        {
          _arb_pgn_set_error (
            r, ARB_PGN_ERROR_VARIANT, r->tok_line, r->tok_col, 0, NULL,
            _ ("the variant \"%s\" is not supported: only standard chess and Chess960 are"),
            r->variant->str);
          return;
        }
    }

  if (r->has_fen)
    {
      g_autoptr (GError) fen_error = NULL;
      gboolean ok;

      /* A FEN is plain ASCII; anything else is refused here, before the
       * FEN parser sees it. */
      for (gsize i = 0; i < r->fen->len; i++)
        if ((guchar) r->fen->str[i] >= 0x7f ||
            ((guchar) r->fen->str[i] < 0x20 && r->fen->str[i] != '\t'))
          {
            _arb_pgn_set_error (r, ARB_PGN_ERROR_SETUP, r->tok_line, r->tok_col, 0, NULL,
                                _ ("the FEN tag holds a character that is not printable ASCII"));
            return;
          }

      ok = arb_position_set_fen (&r->pos, r->fen->str,
                                 chess960 ? ARB_FEN_CHESS960 : ARB_FEN_FLAGS_NONE, &fen_error);
      /* Without a Variant tag, Shredder-FEN or X-FEN castling letters still
       * tell a Chess960 game apart. */
      if (!ok && !chess960 && arb_position_set_fen (&r->pos, r->fen->str, ARB_FEN_CHESS960, NULL))
        {
          ok = TRUE;
          chess960 = TRUE;
        }
      if (!ok)
        {
          _arb_pgn_set_error (r, ARB_PGN_ERROR_SETUP, r->tok_line, r->tok_col, 0, NULL,
                              _ ("the FEN tag \"%s\" is not usable: %s"), r->fen->str,
                              fen_error != NULL ? fen_error->message : "invalid");
          return;
        }
    }
  else
    {
      r->pos = start_position;
      if (r->has_setup && strcmp (r->setup->str, "1") == 0)
        r->setup_without_fen = TRUE;
    }
  if (chess960)
    r->pos.chess960 = true;

  if (r->v.movetext_start != NULL)
    r->v.movetext_start (r, &r->pos, r->user_data);
}

static void
end_game (ArbPgnReader *r)
{
  if (!r->in_game)
    return;

  if (r->ctx == CTX_HEADER)
    begin_movetext (r);

  /* The game ends at the token that starts the next one, or at the end of
   * the input (finish() marks that place as the token). */
  if (!r->skipping && r->depth > 0)
    _arb_pgn_set_error (r, ARB_PGN_ERROR_UNTERMINATED, r->tok_line, r->tok_col, current_ply (r),
                        NULL, _ ("a variation is not closed before the game ends"));
  if (r->strict && !r->ended && r->error == NULL)
    _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->tok_line, r->tok_col, current_ply (r), NULL,
                        _ ("the game has no termination marker (1-0, 0-1, 1/2-1/2 or *)"));

  if (r->v.game_end != NULL)
    r->v.game_end (r, r->error, r->user_data);
  reset_game_state (r);
  r->ctx = CTX_BETWEEN;
}

void
_arb_pgn_begin_game (ArbPgnReader *r)
{
  end_game (r);
  reset_game_state (r);
  r->game++;
  r->in_game = TRUE;
  r->ctx = CTX_HEADER;
  if (r->v.game_start != NULL)
    r->v.game_start (r, r->user_data);
  if (r->orphan_error != NULL)
    {
      g_autofree char *why = g_steal_pointer (&r->orphan_error);

      _arb_pgn_set_error (r, ARB_PGN_ERROR_STRICT, r->orphan_line, r->orphan_column, 0, NULL, "%s",
                          why);
    }
}

/* Before a movetext token: open a game or finish its tag section. */
void
_arb_pgn_open_movetext (ArbPgnReader *r)
{
  gboolean headerless = r->ctx == CTX_BETWEEN;

  if (headerless)
    _arb_pgn_begin_game (r);
  if (r->ctx == CTX_HEADER)
    begin_movetext (r);
  if (headerless && r->has_loose_comment)
    {
      r->has_loose_comment = FALSE;
      r->prev = PREV_COMMENT;
      if (!r->skipping && r->v.pre_game_comment != NULL)
        r->v.pre_game_comment (r, r->loose_comment->str, r->loose_comment->len, r->user_data);
    }
}

void
arb_pgn_reader_feed (ArbPgnReader *r, const char *data, gsize len)
{
  g_return_if_fail (r != NULL);
  g_return_if_fail (data != NULL || len == 0);

  if (len == 0)
    return;
  r->last_byte = (guchar) data[len - 1];
  r->any_byte = TRUE;
  _arb_pgn_scan (r, (const guchar *) data, len, r->total);
  r->total += len;
}

void
arb_pgn_reader_finish (ArbPgnReader *r)
{
  g_return_if_fail (r != NULL);

  _arb_pgn_scan_flush (r);
  r->state = ST_GAP;
  r->tok_line = r->line;
  r->tok_col = (guint) (r->total - r->line_start) + 1;

  if (r->strict && r->any_byte && r->last_byte != '\n')
    _arb_pgn_set_orphan_error (r, r->line, (guint) (r->total - r->line_start) + 1,
                               "the input does not end with a line break");

  if (r->in_game)
    end_game (r);

  if (r->strict && (r->game == 0 || r->orphan_error != NULL))
    {
      /* Strict input must hold at least one game; a problem found after
       * the last game needs a game to be reported in. */
      if (r->orphan_error == NULL)
        _arb_pgn_set_orphan_error (r, 1, 1, "the input holds no game");
      _arb_pgn_begin_game (r);
      r->ctx = CTX_MOVETEXT;
      r->skipping = TRUE;
      end_game (r);
    }

  /* Ready for another input. */
  r->has_loose_comment = FALSE;
  r->event_match = 0;
  g_clear_pointer (&r->orphan_error, g_free);
  reset_game_state (r);
  r->ctx = CTX_BETWEEN;
  r->state = ST_BOM;
  r->total = 0;
  r->line_start = 0;
  r->line = 1;
  r->line_has_content = FALSE;
  r->blank_run = 0;
  r->bom_matched = 0;
  r->game = 0;
  r->any_byte = FALSE;
  r->last_byte = 0;
}

ArbPgnReader *
arb_pgn_reader_new (const ArbPgnVisitor *visitor, gpointer user_data, ArbPgnReaderFlags flags)
{
  return arb_pgn_reader_new_full (visitor, user_data, NULL, flags);
}

ArbPgnReader *
arb_pgn_reader_new_full (const ArbPgnVisitor *visitor,
                         gpointer user_data,
                         GDestroyNotify destroy,
                         ArbPgnReaderFlags flags)
{
  ArbPgnReader *r;

  g_return_val_if_fail (visitor != NULL, NULL);

  init_tables ();
  arb_position_init ();

  r = g_new0 (ArbPgnReader, 1);
  r->v = *visitor;
  r->user_data = user_data;
  r->destroy = destroy;
  r->flags = flags;
  r->strict = (flags & ARB_PGN_READER_STRICT) != 0;
  r->want_text =
    visitor->comment != NULL || visitor->clock != NULL || visitor->pre_game_comment != NULL;
  r->text = g_string_sized_new (256);
  r->scratch = g_string_sized_new (256);
  r->loose_comment = g_string_new (NULL);
  r->fen = g_string_new (NULL);
  r->setup = g_string_new (NULL);
  r->variant = g_string_new (NULL);
  r->result_tag = g_string_new (NULL);
  r->tag_names = g_string_new (NULL);
  r->state = ST_BOM;
  r->ctx = CTX_BETWEEN;
  r->line = 1;
  reset_game_state (r);
  return r;
}

void
arb_pgn_reader_free (ArbPgnReader *r)
{
  if (r == NULL)
    return;
  if (r->destroy != NULL)
    r->destroy (r->user_data);
  g_clear_error (&r->error);
  g_clear_pointer (&r->orphan_error, g_free);
  g_string_free (r->text, TRUE);
  g_string_free (r->scratch, TRUE);
  g_string_free (r->loose_comment, TRUE);
  g_string_free (r->fen, TRUE);
  g_string_free (r->setup, TRUE);
  g_string_free (r->variant, TRUE);
  g_string_free (r->result_tag, TRUE);
  g_string_free (r->tag_names, TRUE);
  g_free (r);
}

gboolean
arb_pgn_reader_read_file (ArbPgnReader *r, const char *path, GError **error)
{
  g_autoptr (GMappedFile) mapped = NULL;
  int fd;
  gsize block = 1u << 20;
  g_autofree char *buf = NULL;

  g_return_val_if_fail (r != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (strcmp (path, "-") != 0)
    {
      mapped = g_mapped_file_new (path, FALSE, NULL);
      if (mapped != NULL)
        {
          const char *contents = g_mapped_file_get_contents (mapped);
          gsize length = g_mapped_file_get_length (mapped);

          if (contents != NULL || length == 0)
            {
              /* In blocks, each given back once read, so that the resident
               * size does not grow with the file. */
              const gsize step = 8u << 20;

              if (length == 0)
                arb_pgn_reader_feed (r, "", 0);
              for (gsize off = 0; off < length; off += step)
                {
                  arb_pgn_reader_feed (r, contents + off, MIN (step, length - off));
#ifdef MADV_DONTNEED
                  if (off + step < length)
                    madvise ((void *) (contents + off), step, MADV_DONTNEED);
#endif
                }
              arb_pgn_reader_finish (r);
              return TRUE;
            }
        }
      fd = g_open (path, O_RDONLY, 0);
      if (fd < 0)
        {
          int saved = errno;
          g_set_error (
            error, G_FILE_ERROR, g_file_error_from_errno (saved),
            /* Translators: the first %s is a file's path, the second the system's message */
            _ ("cannot open %s: %s"), path, g_strerror (saved));
          return FALSE;
        }
    }
  else
    fd = 0;

  buf = g_malloc (block);
  for (;;)
    {
      gssize n = read (fd, buf, block);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_set_error (
            error, G_FILE_ERROR, g_file_error_from_errno (saved),
            /* Translators: the first %s is a file's path, the second the system's message */
            _ ("cannot read %s: %s"), path, g_strerror (saved));
          if (fd != 0)
            close (fd);
          arb_pgn_reader_finish (r);
          return FALSE;
        }
      if (n == 0)
        break;
      arb_pgn_reader_feed (r, buf, (gsize) n);
    }
  if (fd != 0)
    close (fd);
  arb_pgn_reader_finish (r);
  return TRUE;
}

const ArbPosition *
arb_pgn_reader_get_position (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, NULL);
  return &r->pos;
}

guint
arb_pgn_reader_get_depth (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->depth;
}

guint
arb_pgn_reader_get_ply (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->levels[r->depth].ply;
}

guint
arb_pgn_reader_get_mainline_plies (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->levels[0].ply;
}

guint
arb_pgn_reader_get_game_number (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->game;
}

gboolean
arb_pgn_reader_has_error (ArbPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, FALSE);

  return reader->in_game && reader->error != NULL;
}

guint
arb_pgn_reader_get_text_line (ArbPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);

  return reader->text_line;
}

const ArbPgnErrorInfo *
arb_pgn_reader_get_error_info (ArbPgnReader *r)
{
  g_return_val_if_fail (r != NULL, NULL);
  return &r->error_info;
}

void
arb_pgn_reader_skip_game (ArbPgnReader *r)
{
  g_return_if_fail (r != NULL);
  if (!r->in_game || r->skipping)
    return;
  r->skip_depth = r->depth;
  if (r->depth > 0)
    r->pos = r->levels[1].saved;
  r->depth = 0;
  r->skipping = TRUE;
}
