/* arb-error-text.c: an error of the core in the reader's words
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-error-text.h"

#include "arb-i18n.h"
#include "arb-tournament.h"

static const char *
tournament_error_text (int code)
{
  switch (code)
    {
    case ARB_TOURNAMENT_ERROR_NOT_FOUND:
      return _ ("The tournament file does not exist");
    case ARB_TOURNAMENT_ERROR_EXISTS:
      return _ ("A file of that name exists already, and it is never replaced");
    case ARB_TOURNAMENT_ERROR_EMPTY:
      return _ ("The file is empty: it is no tournament");
    case ARB_TOURNAMENT_ERROR_NOT_ARBITER:
      return _ ("The file is not a tournament of Arbiter");
    case ARB_TOURNAMENT_ERROR_NEWER:
      return _ ("The file was written by a newer Arbiter; a newer Arbiter opens it");
    case ARB_TOURNAMENT_ERROR_CORRUPT:
      return _ ("The tournament file is damaged; “arbiter-cli check” says where");
    case ARB_TOURNAMENT_ERROR_PERMISSION:
      return _ ("This file may not be read or written here: nothing was stored");
    case ARB_TOURNAMENT_ERROR_FULL:
      return _ ("The disk is full: nothing was stored");
    case ARB_TOURNAMENT_ERROR_BUSY:
      return _ ("The tournament file is busy: another program is writing it. Nothing was "
                "stored; try again in a moment");
    case ARB_TOURNAMENT_ERROR_IO:
      return _ ("The tournament file could not be read or written: nothing was stored");
    case ARB_TOURNAMENT_ERROR_NO_GAME:
      return _ ("The tournament has no such game");
    case ARB_TOURNAMENT_ERROR_ILLEGAL_MOVE:
      return _ ("The move is not legal in the game as the file holds it: nothing was stored");
    case ARB_TOURNAMENT_ERROR_CONFLICT:
      return _ ("Someone else changed this game first: nothing was stored");
    default:
      /* READ_ONLY and INVALID carry their own words: the desk's locked
       * round, the value refused. */
      return NULL;
    }
}

const char *
arb_error_text (const GError *error)
{
  const char *text = NULL;

  if (error == NULL)
    return "";
  if (error->domain == ARB_TOURNAMENT_ERROR)
    text = tournament_error_text (error->code);
  return text != NULL ? text : error->message;
}
