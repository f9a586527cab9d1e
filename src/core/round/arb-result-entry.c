/* arb-result-entry.c: what an arbiter types at the results desk
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-result-entry"

#include "config.h"

#include "arb-result-entry.h"

#include <string.h>

#include "arb-i18n.h"
#include "arb-ruling-apply.h"
#include "arb-ruling-withdraw.h"

/* Board numbers longer than this are no board of any round. */
#define BOARD_DIGITS_MAX 6

/* clang-format off */
G_DEFINE_QUARK (arb-result-entry-error-quark, arb_result_entry_error)
/* clang-format on */

/* The results the desk reads. One-sided forms are the score of the side
 * named, stored as if that side had White; the others are a game's result
 * as a scoresheet writes it, White first. */
static const struct
{
  const char *text;
  ArbResult result;
  gboolean as_written;
} forms[] = {
  { "1", ARB_RESULT_WHITE_WINS, FALSE },
  { "0", ARB_RESULT_BLACK_WINS, FALSE },
  { "=", ARB_RESULT_DRAW, FALSE },
  { "½", ARB_RESULT_DRAW, FALSE },
  { "1/2", ARB_RESULT_DRAW, FALSE },
  { "+", ARB_RESULT_WHITE_FORFEIT_WIN, FALSE },
  { "-", ARB_RESULT_BLACK_FORFEIT_WIN, FALSE },
  { "−", ARB_RESULT_BLACK_FORFEIT_WIN, FALSE },
  { "--", ARB_RESULT_DOUBLE_FORFEIT, FALSE },
  { "−−", ARB_RESULT_DOUBLE_FORFEIT, FALSE },
  { "*", ARB_RESULT_ONGOING, FALSE },
  { "1-0", ARB_RESULT_WHITE_WINS, TRUE },
  { "1–0", ARB_RESULT_WHITE_WINS, TRUE },
  { "0-1", ARB_RESULT_BLACK_WINS, TRUE },
  { "0–1", ARB_RESULT_BLACK_WINS, TRUE },
  { "½-½", ARB_RESULT_DRAW, TRUE },
  { "½–½", ARB_RESULT_DRAW, TRUE },
  { "1/2-1/2", ARB_RESULT_DRAW, TRUE },
  { "+/-", ARB_RESULT_WHITE_FORFEIT_WIN, TRUE },
  { "+/−", ARB_RESULT_WHITE_FORFEIT_WIN, TRUE },
  { "-/+", ARB_RESULT_BLACK_FORFEIT_WIN, TRUE },
  { "−/+", ARB_RESULT_BLACK_FORFEIT_WIN, TRUE },
  { "-/-", ARB_RESULT_DOUBLE_FORFEIT, TRUE },
  { "−/−", ARB_RESULT_DOUBLE_FORFEIT, TRUE },
};

static gboolean
read_result (const char *text, ArbResultEntry *entry)
{
  for (gsize i = 0; i < G_N_ELEMENTS (forms); i++)
    if (strcmp (text, forms[i].text) == 0)
      {
        entry->has_result = TRUE;
        entry->score = forms[i].result;
        entry->as_written = forms[i].as_written;
        return TRUE;
      }
  return FALSE;
}

static gboolean
has_letter (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_isalpha (g_utf8_get_char (p)))
      return TRUE;
  return FALSE;
}

static void
set_unknown_result (GError **error, const char *text)
{
  g_set_error (error, ARB_RESULT_ENTRY_ERROR, ARB_RESULT_ENTRY_ERROR_UNKNOWN_RESULT,
               /* Translators: %s is what was typed as a result, e.g. "0.5"; keep the
                * symbols 1 0 ½ = + − -- 1-0 0-1 ½-½ * as they are */
               _ ("“%s” is not a result. Type 1 (won), 0 (lost), ½ or = (draw), + (won by "
                  "forfeit), − (lost by forfeit), -- (both forfeited), or * (no result); or "
                  "the game’s result with White first: 1-0, 0-1, ½-½"),
               text);
}

/* Where the symbols written on a board's number without a space begin:
 * "12=", "7--", "5+", "3½". */
static gsize
symbol_suffix_start (const char *text)
{
  gsize len = strlen (text);
  gsize cut = len;

  while (cut > 0 && strchr ("=+-*/", text[cut - 1]) != NULL)
    cut--;
  if (cut == len && g_str_has_suffix (text, "½"))
    cut = len - strlen ("½");
  return cut;
}

static void
read_who (char *who, ArbResultEntry *entry)
{
  gsize len;
  gboolean digits;

  g_strstrip (who);
  len = strlen (who);
  digits = len > 0 && len <= BOARD_DIGITS_MAX;
  for (const char *p = who; *p != '\0'; p++)
    digits &= g_ascii_isdigit (*p);
  entry->who = g_strdup (who);
  entry->by_number = digits;
  entry->board = digits ? (int) g_ascii_strtoll (who, NULL, 10) : 0;
}

gboolean
arb_result_entry_parse (const char *text, ArbResultEntry *entry, GError **error)
{
  g_autofree char *copy = NULL;
  char *space;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  memset (entry, 0, sizeof *entry);
  copy = g_strstrip (g_strdup (text));
  if (copy[0] == '\0')
    {
      g_set_error (error, ARB_RESULT_ENTRY_ERROR, ARB_RESULT_ENTRY_ERROR_EMPTY,
                   _ ("Type a board number or a player’s name, then the result"));
      return FALSE;
    }

  /* "12 1", "van der Berg ½": the last word is the result. A last word
   * without a letter is meant as one: "3 0.5" is a result not known, not
   * a player called "3 0.5". */
  space = strrchr (copy, ' ');
  if (space != NULL)
    {
      const char *last = space + 1;

      if (read_result (last, entry) || !has_letter (last))
        {
          if (!entry->has_result)
            {
              set_unknown_result (error, last);
              return FALSE;
            }
          *space = '\0';
          read_who (copy, entry);
          return TRUE;
        }
    }

  /* "12=", "7--": symbols written on the number. */
  {
    gsize cut = symbol_suffix_start (copy);

    if (cut > 0 && copy[cut] != '\0')
      {
        if (!read_result (copy + cut, entry))
          {
            set_unknown_result (error, copy + cut);
            return FALSE;
          }
        copy[cut] = '\0';
      }
  }
  read_who (copy, entry);
  return TRUE;
}

void
arb_result_entry_clear (ArbResultEntry *entry)
{
  g_return_if_fail (entry != NULL);
  g_clear_pointer (&entry->who, g_free);
}

static ArbResult
swap_sides (ArbResult result)
{
  switch (result)
    {
    case ARB_RESULT_WHITE_WINS:
      return ARB_RESULT_BLACK_WINS;
    case ARB_RESULT_BLACK_WINS:
      return ARB_RESULT_WHITE_WINS;
    case ARB_RESULT_WHITE_HALF:
      return ARB_RESULT_BLACK_HALF;
    case ARB_RESULT_BLACK_HALF:
      return ARB_RESULT_WHITE_HALF;
    case ARB_RESULT_WHITE_FORFEIT_WIN:
      return ARB_RESULT_BLACK_FORFEIT_WIN;
    case ARB_RESULT_BLACK_FORFEIT_WIN:
      return ARB_RESULT_WHITE_FORFEIT_WIN;
    case ARB_RESULT_ONGOING:
    case ARB_RESULT_DRAW:
    case ARB_RESULT_BOTH_LOSE:
    case ARB_RESULT_DOUBLE_FORFEIT:
    default:
      return result;
    }
}

ArbResult
arb_result_entry_game_result (const ArbResultEntry *entry, ArbColor side)
{
  g_return_val_if_fail (entry != NULL, ARB_RESULT_ONGOING);

  if (entry->as_written || side != ARB_BLACK)
    return entry->score;
  return swap_sides (entry->score);
}

/* A folded word without its accents ("öberg": "oberg"), and without the
 * strokes that are no accent to Unicode but are one to an arbiter who
 * types a name on a keyboard without them ("søndergaard": "sondergaard").
 * GLib's ASCII forms, added beside, give the transliterations ("soendergaard"). */
static char *
strip_marks (const char *word)
{
  g_autofree char *decomposed = g_utf8_normalize (word, -1, G_NORMALIZE_NFD);
  GString *plain = g_string_new (NULL);

  for (const char *p = decomposed; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_type (c) == G_UNICODE_NON_SPACING_MARK)
        continue;
      if (c == 0x00F8) /* ø */
        c = 'o';
      else if (c == 0x0142) /* ł */
        c = 'l';
      else if (c == 0x0111) /* đ */
        c = 'd';
      g_string_append_unichar (plain, c);
    }
  return g_string_free (plain, FALSE);
}

/* The words of a name, folded, with their forms without accents and
 * their ASCII transliterations. The transliterations are those of no
 * particular language, so that a name matches alike in every locale. */
static GPtrArray *
name_words (const char *text)
{
  g_auto (GStrv) alternates = NULL;
  g_auto (GStrv) tokens = g_str_tokenize_and_fold (text, "C", &alternates);
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; tokens != NULL && tokens[i] != NULL; i++)
    {
      g_ptr_array_add (words, g_strdup (tokens[i]));
      g_ptr_array_add (words, strip_marks (tokens[i]));
    }
  for (guint i = 0; alternates != NULL && alternates[i] != NULL; i++)
    g_ptr_array_add (words, g_strdup (alternates[i]));
  return words;
}

/* 2 when @word is a word of @words, 1 when it begins one, else 0. */
static guint
word_fit (const char *word, GPtrArray *words)
{
  guint best = 0;

  for (guint i = 0; i < words->len && best < 2; i++)
    {
      const char *w = words->pdata[i];

      if (strcmp (w, word) == 0)
        best = 2;
      else if (g_str_has_prefix (w, word))
        best = 1;
    }
  return best;
}

guint
arb_result_entry_match_name (const char *query, const char *name)
{
  g_auto (GStrv) alternates = NULL;
  g_auto (GStrv) typed = NULL;
  g_autoptr (GPtrArray) words = NULL;
  guint fit = 2;

  g_return_val_if_fail (query != NULL, 0);

  if (name == NULL)
    return 0;
  typed = g_str_tokenize_and_fold (query, "C", &alternates);
  if (typed == NULL || typed[0] == NULL)
    return 0;
  words = name_words (name);
  for (guint i = 0; typed[i] != NULL && fit > 0; i++)
    {
      /* A word typed with accents also finds the name written without. */
      g_autofree char *plain = strip_marks (typed[i]);

      fit = MIN (fit, MAX (word_fit (typed[i], words), word_fit (plain, words)));
    }
  return fit;
}

/* A player of the round the entry's name fits, at its best fit. */
typedef struct
{
  const ArbGameInfo *game;
  ArbColor side;
  const char *name;
} Candidate;

static const char *
player_name (GHashTable *names, gint64 id)
{
  return id != 0 ? g_hash_table_lookup (names, &id) : NULL;
}

static void
fill_target (ArbResultEntryTarget *target,
             const ArbResultEntry *entry,
             const ArbGameInfo *game,
             ArbColor side,
             GHashTable *names)
{
  target->game_id = game->id;
  target->round = game->round;
  target->board = game->board;
  target->side = side;
  target->current = game->result;
  target->result = arb_result_entry_game_result (entry, side);
  target->white = g_strdup (player_name (names, game->white_id));
  target->black = g_strdup (player_name (names, game->black_id));
}

static gboolean
find_by_number (const ArbResultEntry *entry,
                GPtrArray *games,
                GHashTable *names,
                int round,
                ArbResultEntryTarget *target,
                GError **error)
{
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *game = games->pdata[i];

      /* A bye is no game on a board. */
      if (game->board == entry->board && game->black_id != 0 && game->white_id != 0)
        {
          fill_target (target, entry, game, ARB_WHITE, names);
          return TRUE;
        }
    }
  g_set_error (error, ARB_RESULT_ENTRY_ERROR, ARB_RESULT_ENTRY_ERROR_NO_BOARD,
               /* Translators: the round's number, then the board number typed */
               _ ("Round %d has no board %d"), round, entry->board);
  return FALSE;
}

static void
set_several (GError **error, const char *who, GArray *found)
{
  g_autoptr (GString) list = g_string_new (NULL);

  for (guint i = 0; i < found->len; i++)
    {
      const Candidate *c = &g_array_index (found, Candidate, i);
      g_autofree char *item = NULL;

      if (c->game->black_id == 0 || c->game->white_id == 0)
        /* Translators: a player in a list of those a name fits: "Ek, Lars (bye)" */
        item = g_strdup_printf (_ ("%s (bye)"), c->name);
      else
        /* Translators: a player in a list of those a name fits: "Ekström, Anna (board 3)" */
        item = g_strdup_printf (_ ("%s (board %d)"), c->name, c->game->board);
      if (list->len > 0)
        g_string_append (list, "; ");
      g_string_append (list, item);
    }
  g_set_error (error, ARB_RESULT_ENTRY_ERROR, ARB_RESULT_ENTRY_ERROR_SEVERAL,
               /* Translators: the name typed, then the players it fits */
               _ ("“%s” fits several players: %s. Type more of the name, or the board number"), who,
               list->str);
}

static gboolean
find_by_name (const ArbResultEntry *entry,
              GPtrArray *games,
              GHashTable *names,
              int round,
              ArbResultEntryTarget *target,
              GError **error)
{
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (Candidate));
  guint best = 1;

  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *game = games->pdata[i];

      for (int side = ARB_WHITE; side <= ARB_BLACK; side++)
        {
          const char *name =
            player_name (names, side == ARB_WHITE ? game->white_id : game->black_id);
          guint fit = arb_result_entry_match_name (entry->who, name);
          Candidate c = { game, (ArbColor) side, name };

          if (fit < best)
            continue;
          if (fit > best)
            g_array_set_size (found, 0);
          best = fit;
          g_array_append_val (found, c);
        }
    }

  if (found->len == 0)
    {
      g_set_error (error, ARB_RESULT_ENTRY_ERROR, ARB_RESULT_ENTRY_ERROR_NO_PLAYER,
                   /* Translators: the round's number, then the name typed */
                   _ ("No player of round %d is called “%s”"), round, entry->who);
      return FALSE;
    }
  if (found->len > 1)
    {
      set_several (error, entry->who, found);
      return FALSE;
    }
  {
    const Candidate *c = &g_array_index (found, Candidate, 0);

    if (c->game->black_id == 0 || c->game->white_id == 0)
      {
        g_set_error (error, ARB_RESULT_ENTRY_ERROR, ARB_RESULT_ENTRY_ERROR_BYE,
                     /* Translators: the player's name, then the round's number */
                     _ ("%s has a bye in round %d: there is no game to score"), c->name, round);
        return FALSE;
      }
    fill_target (target, entry, c->game, c->side, names);
  }
  return TRUE;
}

gboolean
arb_result_entry_find (const ArbResultEntry *entry,
                       ArbTournament *tournament,
                       int round,
                       ArbResultEntryTarget *target,
                       GError **error)
{
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GHashTable) names = NULL;

  g_return_val_if_fail (entry != NULL && entry->who != NULL, FALSE);
  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  memset (target, 0, sizeof *target);
  games = arb_tournament_list_games (tournament, round, error);
  if (games == NULL)
    return FALSE;
  players = arb_tournament_list_players (tournament, error);
  if (players == NULL)
    return FALSE;
  names = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < players->len; i++)
    {
      ArbPlayerInfo *p = players->pdata[i];

      g_hash_table_insert (names, &p->id, p->name);
    }

  if (entry->by_number)
    return find_by_number (entry, games, names, round, target, error);
  return find_by_name (entry, games, names, round, target, error);
}

void
arb_result_entry_target_clear (ArbResultEntryTarget *target)
{
  g_return_if_fail (target != NULL);
  g_clear_pointer (&target->white, g_free);
  g_clear_pointer (&target->black, g_free);
}

ArbColor
arb_result_winner (ArbResult result)
{
  switch (result)
    {
    case ARB_RESULT_WHITE_WINS:
    case ARB_RESULT_WHITE_FORFEIT_WIN:
      return ARB_WHITE;
    case ARB_RESULT_BLACK_WINS:
    case ARB_RESULT_BLACK_FORFEIT_WIN:
      return ARB_BLACK;
    case ARB_RESULT_ONGOING:
    case ARB_RESULT_DRAW:
    case ARB_RESULT_BOTH_LOSE:
    case ARB_RESULT_WHITE_HALF:
    case ARB_RESULT_BLACK_HALF:
    case ARB_RESULT_DOUBLE_FORFEIT:
    default:
      return ARB_COLOR_NONE;
    }
}

const char *
arb_result_entry_display (ArbResult result)
{
  switch (result)
    {
    case ARB_RESULT_WHITE_WINS:
      return "1–0";
    case ARB_RESULT_BLACK_WINS:
      return "0–1";
    case ARB_RESULT_DRAW:
      return "½–½";
    case ARB_RESULT_BOTH_LOSE:
      return "0–0";
    case ARB_RESULT_WHITE_HALF:
      return "½–0";
    case ARB_RESULT_BLACK_HALF:
      return "0–½";
    case ARB_RESULT_WHITE_FORFEIT_WIN:
      return "+/−";
    case ARB_RESULT_BLACK_FORFEIT_WIN:
      return "−/+";
    case ARB_RESULT_DOUBLE_FORFEIT:
      return "−/−";
    case ARB_RESULT_ONGOING:
    default:
      return "—";
    }
}

gboolean
arb_result_entry_store (ArbGame *game,
                        ArbResult result,
                        const char *arbiter,
                        const char *reason,
                        gint64 *ruling_id,
                        GError **error)
{
  ArbResult previous;

  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);

  if (ruling_id != NULL)
    *ruling_id = 0;
  previous = arb_game_get_result (game);
  if (previous == result)
    return TRUE;
  if (previous == ARB_RESULT_ONGOING)
    return arb_game_set_result (game, result, arbiter, error);
  return arb_ruling_correct_result (game, result, arbiter, reason, ruling_id, error);
}

gboolean
arb_result_entry_take_back (ArbGame *game,
                            ArbResult previous,
                            gint64 ruling_id,
                            const char *arbiter,
                            const char *reason,
                            GError **error)
{
  g_return_val_if_fail (ARB_IS_GAME (game), FALSE);

  if (ruling_id != 0)
    return arb_ruling_withdraw_own (game, ruling_id, reason, arbiter, error);
  return arb_game_set_result (game, previous, arbiter, error);
}
