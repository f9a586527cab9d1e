/* arb-pdf-page.h: one A4 page of a printed report, and the report language
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* A4 in points, with 2 cm margins: the page of every printed report. */
#define ARB_PDF_PAGE_W 595.0
#define ARB_PDF_PAGE_H 842.0
#define ARB_PDF_MARGIN 56.0

typedef struct
{
  cairo_surface_t *surface;
  cairo_t *cr;
  double y;         /* the next line's top */
  GString *printed; /* every line of text, in order, or NULL */
} ArbPdfPage;

gboolean arb_pdf_page_open (ArbPdfPage *page, const char *path, GString *printed, GError **error);
gboolean arb_pdf_page_close (ArbPdfPage *page, const char *path, GError **error);

gboolean arb_pdf_push_report_language (GError **error);

G_END_DECLS
