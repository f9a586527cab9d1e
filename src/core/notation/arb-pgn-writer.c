/* arb-pgn-writer.c: PGN export format
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-pgn-writer.h"
#include "arb-san.h"

#define LINE_WIDTH 80

/* line_len: characters on the current movetext line; glue_next: the next
 * token follows without a space ("(" before it); need_number: a Black move
 * must show its number. */
typedef ArbPgnWriter Writer;

static void
emit (Writer *w, const char *token, gsize len, gboolean glue_left)
{
  gboolean glue = glue_left || w->glue_next;

  w->glue_next = FALSE;
  if (w->line_len > 0 && !glue && w->line_len + 1 + len > LINE_WIDTH)
    {
      g_string_append_c (w->out, '\n');
      w->line_len = 0;
      /* A comment word "[Event" at the start of a line would read as the
       * next game's tags (see arb-pgn-reader.h): indent it. */
      if (len >= 6 && memcmp (token, "[Event", 6) == 0)
        {
          g_string_append_c (w->out, ' ');
          w->line_len = 1;
        }
    }
  else if (w->line_len > 0 && !glue)
    {
      g_string_append_c (w->out, ' ');
      w->line_len++;
    }
  g_string_append_len (w->out, token, (gssize) len);
  w->line_len += len;
}

static void
emit_str (Writer *w, const char *token)
{
  emit (w, token, strlen (token), FALSE);
}

/* A comment is written word by word so that it wraps like the moves. */
static void
emit_comment (Writer *w, const char *prefix, const char *text)
{
  GString *body = g_string_new ("{");
  const char *p;

  if (prefix != NULL && *prefix != '\0')
    g_string_append (body, prefix);
  if (text != NULL && *text != '\0')
    {
      if (body->len > 1)
        g_string_append_c (body, ' ');
      g_string_append (body, text);
    }
  g_string_append_c (body, '}');

  p = body->str;
  while (*p != '\0')
    {
      const char *end = p;

      while (*end != '\0' && *end != ' ')
        end++;
      if (end > p)
        emit (w, p, (gsize) (end - p), FALSE);
      p = *end == ' ' ? end + 1 : end;
    }
  g_string_free (body, TRUE);
}

/* The move number when it is due, and the SAN. */
static void
write_move_head (Writer *w, guint move_number, ArbColor side, const char *san)
{
  char buf[64];

  if (side == ARB_WHITE)
    {
      g_snprintf (buf, sizeof buf, "%u.", move_number);
      emit_str (w, buf);
    }
  else if (w->need_number)
    {
      g_snprintf (buf, sizeof buf, "%u...", move_number);
      emit_str (w, buf);
    }
  w->need_number = FALSE;
  emit_str (w, san);
}

/* The clock, the time used and the comment after a move, in one comment. */
static void
write_move_comment (Writer *w, gint64 clock_ms, gint64 emt_ms, const char *comment)
{
  GString *times = NULL;
  gboolean has_comment;

  if (!(w->flags & ARB_PGN_WRITE_NO_TIMES) && (clock_ms >= 0 || emt_ms >= 0))
    {
      char clock[32];

      times = g_string_new (NULL);
      if (clock_ms >= 0)
        {
          arb_pgn_write_clock (clock_ms, clock);
          g_string_append_printf (times, "[%%clk %s]", clock);
        }
      if (emt_ms >= 0)
        {
          arb_pgn_write_clock (emt_ms, clock);
          g_string_append_printf (times, "%s[%%emt %s]", times->len > 0 ? " " : "", clock);
        }
    }
  has_comment = comment != NULL && !(w->flags & ARB_PGN_WRITE_NO_COMMENTS);
  if (times != NULL || has_comment)
    {
      emit_comment (w, times != NULL ? times->str : NULL, has_comment ? comment : NULL);
      w->need_number = TRUE;
    }
  if (times != NULL)
    g_string_free (times, TRUE);
}

static void
write_line (Writer *w, const ArbPgnLine *line, const ArbPosition *start)
{
  ArbPosition pos = *start;

  if (line->comment != NULL && !(w->flags & ARB_PGN_WRITE_NO_COMMENTS))
    {
      emit_comment (w, NULL, line->comment);
      w->need_number = TRUE;
    }

  for (guint i = 0; i < line->nodes->len; i++)
    {
      const ArbPgnNode *node = &g_array_index (line->nodes, ArbPgnNode, i);
      char buf[64];
      char san[ARB_SAN_MAX];
      ArbUndo undo;

      arb_san_write (&pos, node->move, san);
      write_move_head (w, (guint) pos.fullmove_number, pos.side_to_move, san);

      for (guint k = 0; k < node->n_nags; k++)
        {
          g_snprintf (buf, sizeof buf, "$%u", (guint) node->nags[k]);
          emit_str (w, buf);
        }

      write_move_comment (w, node->clock_ms, node->emt_ms, node->comment);

      if (node->variations != NULL && !(w->flags & ARB_PGN_WRITE_NO_VARIATIONS))
        for (guint k = 0; k < node->variations->len; k++)
          {
            emit_str (w, "(");
            w->glue_next = TRUE;
            w->need_number = TRUE;
            write_line (w, g_ptr_array_index (node->variations, k), &pos);
            emit (w, ")", 1, TRUE);
            w->need_number = TRUE;
          }

      arb_position_make_move (&pos, node->move, &undo);
    }
}

static void
write_tag (GString *out, const char *name, const char *value)
{
  g_string_append_c (out, '[');
  g_string_append (out, name);
  g_string_append (out, " \"");
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      /* A line break cannot be part of a tag line. */
      g_string_append_c (out, (*p == '\n' || *p == '\r') ? ' ' : *p);
    }
  g_string_append (out, "\"]\n");
}

const char *
arb_pgn_write_tags (GString *out, const ArbPgnGame *game)
{
  static const char *const roster[] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result"
  };
  const char *result = arb_pgn_result_to_string (game->result);
  const char *result_tag = arb_pgn_game_get_tag (game, "Result");
  ArbPosition standard;
  char fen[ARB_FEN_MAX], standard_fen[ARB_FEN_MAX];

  g_return_val_if_fail (out != NULL, NULL);
  g_return_val_if_fail (game != NULL, NULL);

  /* Export format wants the Result tag and the termination marker equal.
   * The marker read wins; without one a valid Result tag gives it. */
  if (result == NULL && result_tag != NULL &&
      arb_pgn_result_from_string (result_tag, strlen (result_tag)) != ARB_PGN_RESULT_NONE)
    result = result_tag;
  if (result == NULL)
    result = "*";

  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    {
      const char *value = arb_pgn_game_get_tag (game, roster[i]);

      if (value == NULL)
        {
          if (i == 2)
            value = "????.??.??";
          else
            value = "?";
        }
      if (i == 6)
        value = result;
      write_tag (out, roster[i], value);
    }
  /* SetUp and FEN follow from the start position, whatever tags the game
   * was read with: "1" and the FEN when it is not the standard start. The
   * FEN tag's own text is kept when it describes that position. */
  arb_position_set_start (&standard);
  arb_position_write_fen (&standard, ARB_FEN_FLAGS_NONE, standard_fen);
  arb_position_write_fen (&game->start, ARB_FEN_FLAGS_NONE, fen);
  if (strcmp (fen, standard_fen) != 0 || game->start.chess960)
    {
      const char *fen_tag = arb_pgn_game_get_tag (game, "FEN");
      ArbPosition check;

      write_tag (out, "SetUp", "1");
      if (fen_tag != NULL && g_str_is_ascii (fen_tag) &&
          arb_position_set_fen (
            &check, fen_tag, game->start.chess960 ? ARB_FEN_CHESS960 : ARB_FEN_FLAGS_NONE, NULL) &&
          check.key == game->start.key)
        write_tag (out, "FEN", fen_tag);
      else
        write_tag (out, "FEN", fen);
      if (game->start.chess960 && arb_pgn_game_get_tag (game, "Variant") == NULL)
        write_tag (out, "Variant", "Chess960");
    }

  for (guint i = 0; i < game->tags->len; i++)
    {
      const ArbPgnTag *tag = g_ptr_array_index (game->tags, i);
      gboolean skip = strcmp (tag->name, "SetUp") == 0 || strcmp (tag->name, "FEN") == 0;

      for (guint k = 0; k < G_N_ELEMENTS (roster); k++)
        skip = skip || strcmp (tag->name, roster[k]) == 0;
      if (!skip)
        write_tag (out, tag->name, tag->value);
    }

  g_string_append_c (out, '\n');
  return result;
}

void
arb_pgn_writer_init (ArbPgnWriter *writer, GString *out, ArbPgnWriteFlags flags)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (out != NULL);

  memset (writer, 0, sizeof *writer);
  writer->out = out;
  writer->flags = flags;
  writer->need_number = TRUE;
}

void
arb_pgn_writer_comment (ArbPgnWriter *writer, const char *comment)
{
  g_return_if_fail (writer != NULL);

  if (comment != NULL && !(writer->flags & ARB_PGN_WRITE_NO_COMMENTS))
    {
      emit_comment (writer, NULL, comment);
      writer->need_number = TRUE;
    }
}

void
arb_pgn_writer_move (ArbPgnWriter *writer,
                     guint move_number,
                     ArbColor side,
                     const char *san,
                     gint64 clock_ms,
                     const char *comment)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (san != NULL);

  write_move_head (writer, move_number, side, san);
  write_move_comment (writer, clock_ms, ARB_PGN_NO_TIME, comment);
}

void
arb_pgn_writer_begin_variation (ArbPgnWriter *writer, const char *comment)
{
  g_return_if_fail (writer != NULL);

  emit_str (writer, "(");
  writer->glue_next = TRUE;
  writer->need_number = TRUE;
  arb_pgn_writer_comment (writer, comment);
}

void
arb_pgn_writer_end_variation (ArbPgnWriter *writer)
{
  g_return_if_fail (writer != NULL);

  emit (writer, ")", 1, TRUE);
  writer->need_number = TRUE;
}

void
arb_pgn_writer_end (ArbPgnWriter *writer, const char *result)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (result != NULL);

  emit_str (writer, result);
  g_string_append (writer->out, "\n\n");
}

void
arb_pgn_write_game (GString *out, const ArbPgnGame *game, ArbPgnWriteFlags flags)
{
  Writer w;
  const char *result;

  g_return_if_fail (out != NULL);
  g_return_if_fail (game != NULL);

  result = arb_pgn_write_tags (out, game);
  arb_pgn_writer_init (&w, out, flags);
  write_line (&w, game->mainline, &game->start);
  arb_pgn_writer_end (&w, result);
}

char *
arb_pgn_game_to_string (const ArbPgnGame *game, ArbPgnWriteFlags flags)
{
  GString *out = g_string_new (NULL);

  arb_pgn_write_game (out, game, flags);
  return g_string_free (out, FALSE);
}
