/* arb-san-letters.h: piece letters of other languages, and figurines
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* SAN in the program is always English (K Q R B N). Players write the
 * letters of their language, which the FIDE Laws' notation appendix of each
 * national translation gives:
 *
 *   language          K  Q  R  B  N
 *   English (en)      K  Q  R  B  N
 *   Swedish (sv)      K  D  T  L  S   (2009 Laws, App. C.2)
 *   Norwegian (nb)    K  D  T  L  S   (2009 Laws, App. C)
 *   Danish (da)       K  D  T  L  S   (2001 Laws, App. E.1)
 *   Dutch (nl)        K  D  T  L  P   (2001 Laws, App. E.1)
 *
 * Note that L is the bishop (löpare, løper, løber, loper), S the knight
 * (springare, springer) and the Dutch P the knight (paard), not a pawn.
 * File letters a-h are lower case and never converted. Languages are named
 * by their code; a locale name such as "sv_SE.UTF-8" and "no"/"nn" for
 * Norwegian are accepted. */

typedef enum
{
  ARB_NOTATION_ENGLISH,  /* K Q R B N */
  ARB_NOTATION_LOCAL,    /* the letters of a language */
  ARB_NOTATION_FIGURINE, /* Unicode figurines ♔ ♕ ♖ ♗ ♘ */
} ArbNotationStyle;

#define ARB_TYPE_NOTATION_STYLE (arb_notation_style_get_type ())
GType arb_notation_style_get_type (void) G_GNUC_CONST;

/* The five letters for K, Q, R, B, N in @language, as a 5-character
 * string; NULL for a language we have no letters for. */
const char *arb_san_letters_for_language (const char *language);

/* English SAN to the letters of @language (English letters when the
 * language is unknown or NULL). Newly allocated. */
char *arb_san_to_local (const char *san, const char *language);
/* English SAN with figurines for the pieces. Newly allocated, UTF-8. */
char *arb_san_to_figurine (const char *san);
/* English SAN in @style; @language only matters for ARB_NOTATION_LOCAL. */
char *arb_san_format (const char *san, ArbNotationStyle style, const char *language);

/* A move as typed in the letters of @language (or in English letters, or
 * with figurines) back to English letters: converts the piece letter at the
 * start and the promotion piece, nothing else. Letters that mean the same
 * in both sets (K) are unchanged. Newly allocated; the result still has to
 * be parsed as SAN. */
char *arb_san_from_local (const char *text, const char *language);

G_END_DECLS
