/* arb-dead-table.c: dead-position answers kept by the whole position
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-dead-table.h"

#include <string.h>

/* 2^18 answers of 96 bytes, 24 MiB (zeroed pages the system gives as they
 * are touched): the positions of some thousand games. */
#define RING_BITS 18
#define RING_SIZE ((guint32) 1 << RING_BITS)

/* The index: buckets of WAYS places, each the low half of a key and the
 * place of its answer in the ring plus one (0: empty), one cache line a
 * bucket; twice as many places as answers. */
#define WAYS 8
#define BUCKET_BITS (RING_BITS + 1 - 3)

typedef struct
{
  ArbBitboard by_color[2];
  ArbBitboard by_type[7];
  ArbBitboard castling_rooks;
  guint64 key;
  guint8 side_to_move;
  guint8 ep_square;
  guint8 chess960;
  guint8 used;
  guint8 dead;
} Answer;

typedef struct
{
  guint32 check[WAYS];
  guint32 place[WAYS];
} Bucket;

struct _ArbDeadTable
{
  Answer *ring;
  Bucket *index;
  /* Where the next answer goes, and the place of the last one found or
   * stored (RING_SIZE: none). */
  guint32 next;
  guint32 last;
  guint evict;
};

ArbDeadTable *
arb_dead_table_new (void)
{
  ArbDeadTable *table = g_new0 (ArbDeadTable, 1);

  table->ring = g_new0 (Answer, RING_SIZE);
  table->index = g_aligned_alloc0 ((gsize) 1 << BUCKET_BITS, sizeof (Bucket), 64);
  table->last = RING_SIZE;
  return table;
}

void
arb_dead_table_free (ArbDeadTable *table)
{
  if (table == NULL)
    return;
  g_free (table->ring);
  g_aligned_free (table->index);
  g_free (table);
}

void
arb_dead_table_clear (ArbDeadTable *table)
{
  memset (table->ring, 0, sizeof (Answer) * RING_SIZE);
  memset (table->index, 0, sizeof (Bucket) << BUCKET_BITS);
  table->next = 0;
  table->last = RING_SIZE;
}

static gboolean
answer_matches (const Answer *a, const ArbPosition *pos)
{
  return a->used && a->key == pos->key && a->side_to_move == (guint8) pos->side_to_move &&
         a->ep_square == (guint8) pos->ep_square && a->castling_rooks == pos->castling_rooks &&
         a->chess960 == (guint8) pos->chess960 &&
         memcmp (a->by_color, pos->by_color, sizeof a->by_color) == 0 &&
         memcmp (a->by_type, pos->by_type, sizeof a->by_type) == 0;
}

static inline const Bucket *
bucket_of (const ArbDeadTable *table, guint64 key)
{
  return &table->index[key >> (64 - BUCKET_BITS)];
}

/* The answer after the last one found or stored. */
static inline guint32
predicted (const ArbDeadTable *table)
{
  return table->last == RING_SIZE ? RING_SIZE : (table->last + 1) & (RING_SIZE - 1);
}

gboolean
arb_dead_table_lookup (ArbDeadTable *table, const ArbPosition *pos, gboolean *dead)
{
  guint32 p = predicted (table);
  const Bucket *b;

  if (p != RING_SIZE && answer_matches (&table->ring[p], pos))
    {
      table->last = p;
      *dead = table->ring[p].dead;
      return TRUE;
    }
  b = bucket_of (table, pos->key);
  for (guint i = 0; i < WAYS; i++)
    if (b->check[i] == (guint32) pos->key && b->place[i] != 0 &&
        answer_matches (&table->ring[b->place[i] - 1], pos))
      {
        table->last = b->place[i] - 1;
        *dead = table->ring[table->last].dead;
        return TRUE;
      }
  return FALSE;
}

void
arb_dead_table_store (ArbDeadTable *table, const ArbPosition *pos, gboolean dead)
{
  guint32 place = table->next;
  Answer *a = &table->ring[place];
  Bucket *b = &table->index[pos->key >> (64 - BUCKET_BITS)];
  guint way = WAYS;

  table->next = (place + 1) & (RING_SIZE - 1);
  memcpy (a->by_color, pos->by_color, sizeof a->by_color);
  memcpy (a->by_type, pos->by_type, sizeof a->by_type);
  a->castling_rooks = pos->castling_rooks;
  a->key = pos->key;
  a->side_to_move = (guint8) pos->side_to_move;
  a->ep_square = (guint8) pos->ep_square;
  a->chess960 = (guint8) pos->chess960;
  a->used = TRUE;
  a->dead = (guint8) dead;
  table->last = place;

  /* A free place, else one whose answer the ring has overwritten since,
   * else the places in turn. */
  for (guint i = 0; i < WAYS && way == WAYS; i++)
    if (b->place[i] == 0 || b->place[i] - 1 == place)
      way = i;
  for (guint i = 0; i < WAYS && way == WAYS; i++)
    if ((guint32) table->ring[b->place[i] - 1].key != b->check[i])
      way = i;
  if (way == WAYS)
    way = table->evict++ % WAYS;
  b->check[way] = (guint32) pos->key;
  b->place[way] = place + 1;
}

void
arb_dead_table_prefetch (const ArbDeadTable *table, const ArbPosition *pos, gboolean index_read)
{
  guint32 p = predicted (table);
  const Bucket *b;

  /* The first call reads nothing of the table: a read of the answer it
   * predicts, or of the index, waited for the memory here (perf put a
   * twentieth of analyze's time on those two loads). */
  if (!index_read)
    {
      if (p != RING_SIZE)
        {
          const char *a = (const char *) &table->ring[p];

          __builtin_prefetch (a);
          __builtin_prefetch (a + sizeof (Answer) - 1);
        }
      __builtin_prefetch (bucket_of (table, pos->key));
      return;
    }
  if (p != RING_SIZE && table->ring[p].key == pos->key)
    return;
  b = bucket_of (table, pos->key);
  for (guint i = 0; i < WAYS; i++)
    if (b->check[i] == (guint32) pos->key && b->place[i] != 0)
      {
        const char *a = (const char *) &table->ring[b->place[i] - 1];

        __builtin_prefetch (a);
        __builtin_prefetch (a + sizeof (Answer) - 1);
        return;
      }
}
