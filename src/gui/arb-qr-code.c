/* arb-qr-code.c: an address as a QR code, for the phones of the hall
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-qr-code.h"

#include <qrencode.h>
#include <string.h>

#define QUIET_ZONE 4

GdkTexture *
arb_qr_code_new_texture (const char *text, int scale)
{
  QRcode *code;
  g_autoptr (GBytes) bytes = NULL;
  guint8 *pixels;
  int modules, size, stride;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (scale > 0, NULL);

  code = QRcode_encodeString (text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  if (code == NULL)
    return NULL;
  modules = code->width;
  size = (modules + 2 * QUIET_ZONE) * scale;
  stride = size * 3;
  pixels = g_malloc ((gsize) stride * size);
  memset (pixels, 0xff, (gsize) stride * size);
  for (int y = 0; y < modules; y++)
    for (int x = 0; x < modules; x++)
      {
        /* The lowest bit of each module says black. */
        if (!(code->data[y * modules + x] & 1))
          continue;
        for (int dy = 0; dy < scale; dy++)
          {
            guint8 *row = pixels + (gsize) ((y + QUIET_ZONE) * scale + dy) * stride;

            memset (row + (gsize) (x + QUIET_ZONE) * scale * 3, 0, (gsize) scale * 3);
          }
      }
  QRcode_free (code);
  bytes = g_bytes_new_take (pixels, (gsize) stride * size);
  return gdk_memory_texture_new (size, size, GDK_MEMORY_R8G8B8, bytes, (gsize) stride);
}
