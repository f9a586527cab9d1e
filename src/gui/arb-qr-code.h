/* arb-qr-code.h: an address as a QR code, for the phones of the hall
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* @text as a QR code (libqrencode, error correction M), black modules on
 * white with the four-module quiet zone the standard asks for, each module
 * @scale pixels square. NULL when the text cannot be encoded. */
GdkTexture *arb_qr_code_new_texture (const char *text, int scale);

G_END_DECLS
