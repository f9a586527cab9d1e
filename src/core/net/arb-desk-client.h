/* arb-desk-client.h: a deputy's desk writing results and rulings through the chief's
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-desk-entry.h"

G_BEGIN_DECLS

/* Sends a deputy's entries to the chief's arbiters' service
 * (arb-team-desk-routes.h) with the deputy's sign-in. Each request has a
 * deadline (ARB_DESK_CLIENT_DEADLINE_MS, ARBITER_NET_DEADLINE_MS in the
 * tests) and a capped answer; when the chief cannot be reached, does not
 * answer in time or answers 429 or 5xx, the same entry, with the same id,
 * is sent again after 0.25, 0.5, 1, 2 s, up to ARB_DESK_CLIENT_ATTEMPTS
 * times in all: the chief applies an id once, so a resend whose first
 * answer was lost gets "already applied". Everything runs in the caller's
 * thread-default main context without blocking it. */
#define ARB_DESK_CLIENT_DEADLINE_MS 10000
#define ARB_DESK_CLIENT_ATTEMPTS 5
#define ARB_DESK_CLIENT_MAX_ANSWER (64 * 1024)

#define ARB_TYPE_DESK_CLIENT (arb_desk_client_get_type ())
G_DECLARE_FINAL_TYPE (ArbDeskClient, arb_desk_client, ARB, DESK_CLIENT, GObject)

typedef enum
{
  ARB_DESK_ANSWER_APPLIED,
  ARB_DESK_ANSWER_ALREADY_APPLIED, /* a resend: nothing applied twice */
  ARB_DESK_ANSWER_REFUSED,         /* why says why; nothing applied */
} ArbDeskAnswerKind;

typedef struct
{
  ArbDeskAnswerKind kind;
  guint status;  /* the HTTP status */
  char *why;     /* a refusal's sentence */
  char *field;   /* the member at fault, or NULL */
  char *outcome; /* what the chief made of it (JSON), or NULL */
  guint attempts;
} ArbDeskAnswer;

void arb_desk_answer_free (ArbDeskAnswer *answer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbDeskAnswer, arb_desk_answer_free)

/* @url is the chief's service ("http://192.0.2.7:8081"), @token the
 * deputy's sign-in. NULL with an error when @url is not an http(s)
 * address or @token is blank. */
ArbDeskClient *arb_desk_client_new (const char *url, const char *token, GError **error);

/* A new entry id (random, 36 characters). */
char *arb_desk_client_new_entry_id (void);

/* Sends @s (a result when @kind says so: its result and reason; a ruling:
 * its ruling_json, ply, note and clocks). */
void arb_desk_client_send_async (ArbDeskClient *self,
                                 ArbDeskEntryKind kind,
                                 const ArbDeskSubmission *s,
                                 GCancellable *cancellable,
                                 GAsyncReadyCallback callback,
                                 gpointer user_data);
/* The chief's answer, or NULL with an error when it could not be had
 * after every attempt (the last failure says why). */
ArbDeskAnswer *arb_desk_client_send_finish (ArbDeskClient *self,
                                            GAsyncResult *result,
                                            GError **error);

/* The same, waiting in a main context of its own (for arbiter-cli). */
ArbDeskAnswer *arb_desk_client_send (ArbDeskClient *self,
                                     ArbDeskEntryKind kind,
                                     const ArbDeskSubmission *s,
                                     GError **error);

G_END_DECLS
