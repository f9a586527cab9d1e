/* arb-pdf-page.c: one A4 page of a printed report, and the report language
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-pdf-page"

#include "config.h"

#include "arb-pdf-page.h"

#include <cairo-pdf.h>
#include <gio/gio.h>

#include "arb-application.h"
#include "arb-i18n.h"

/* Reports speak the language chosen in Preferences ("report-language"),
 * the window's by default: every message of a report, from the printing
 * code and from the texts it calls, is looked up in that language's
 * catalog while the report is drawn. The caller pops it. */
gboolean
arb_pdf_push_report_language (GError **error)
{
  GApplication *app = g_application_get_default ();
  GSettings *settings =
    ARB_IS_APPLICATION (app) ? arb_application_get_settings (ARB_APPLICATION (app)) : NULL;
  g_autofree char *language =
    settings != NULL ? g_settings_get_string (settings, "report-language") : NULL;

  return arb_i18n_push_language (language, error);
}

/* Opens @path as a PDF of one A4 page, the first line at the top margin;
 * @printed, when not NULL, collects every line drawn (for the tests). */
gboolean
arb_pdf_page_open (ArbPdfPage *page, const char *path, GString *printed, GError **error)
{
  page->surface = cairo_pdf_surface_create (path, ARB_PDF_PAGE_W, ARB_PDF_PAGE_H);
  if (cairo_surface_status (page->surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("Cannot write %s: %s"), path,
                   cairo_status_to_string (cairo_surface_status (page->surface)));
      cairo_surface_destroy (page->surface);
      return FALSE;
    }
  cairo_pdf_surface_set_metadata (page->surface, CAIRO_PDF_METADATA_CREATOR, "Arbiter");
  page->cr = cairo_create (page->surface);
  page->y = ARB_PDF_MARGIN;
  page->printed = printed;
  return TRUE;
}

/* Ends the last page and writes the file out; an error names @path. */
gboolean
arb_pdf_page_close (ArbPdfPage *page, const char *path, GError **error)
{
  cairo_status_t status;

  cairo_show_page (page->cr);
  cairo_destroy (page->cr);
  cairo_surface_finish (page->surface);
  status = cairo_surface_status (page->surface);
  cairo_surface_destroy (page->surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("Cannot write %s: %s"), path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
