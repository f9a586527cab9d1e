/* arb-desk-lock.c: one desk writes a tournament file, the others read it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-desk-lock.h"
#include "arb-i18n.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

/* clang-format off */
G_DEFINE_QUARK (arb-desk-lock-error-quark, arb_desk_lock_error)
/* clang-format on */

struct _ArbDeskLock
{
  int fd;
  char *lock_path;
};

/* Which process ids this program's are: a sandbox has its own. */
static char *
dup_pid_ns (void)
{
  return g_file_read_link ("/proc/self/ns/pid", NULL);
}

static char *
lock_path_for (const char *path)
{
  return g_strconcat (path, ".lock", NULL);
}

void
arb_desk_holder_free (ArbDeskHolder *holder)
{
  if (holder == NULL)
    return;
  g_free (holder->host);
  g_free (holder->program);
  g_free (holder->user);
  g_free (holder->since);
  g_free (holder->pid_ns);
  g_free (holder);
}

/* What the lock file says; a file being written (or empty) says less. */
static ArbDeskHolder *
read_holder (int fd)
{
  g_autoptr (GKeyFile) keys = g_key_file_new ();
  GString *text = g_string_new (NULL);
  ArbDeskHolder *holder = g_new0 (ArbDeskHolder, 1);
  char buffer[512];
  ssize_t n;

  if (lseek (fd, 0, SEEK_SET) == 0)
    while ((n = read (fd, buffer, sizeof buffer)) > 0 && text->len < 8192)
      g_string_append_len (text, buffer, n);
  if (g_key_file_load_from_data (keys, text->str, text->len, G_KEY_FILE_NONE, NULL))
    {
      holder->host = g_key_file_get_string (keys, "desk", "host", NULL);
      holder->program = g_key_file_get_string (keys, "desk", "program", NULL);
      holder->user = g_key_file_get_string (keys, "desk", "user", NULL);
      holder->since = g_key_file_get_string (keys, "desk", "since", NULL);
      holder->pid = g_key_file_get_integer (keys, "desk", "pid", NULL);
      holder->pid_ns = g_key_file_get_string (keys, "desk", "pid-ns", NULL);
    }
  g_string_free (text, TRUE);
  return holder;
}

ArbDeskLock *
arb_desk_lock_acquire (const char *path,
                       const char *program,
                       ArbDeskHolder **holder,
                       GError **error)
{
  g_autofree char *lock_path = NULL;
  g_autoptr (GKeyFile) keys = g_key_file_new ();
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *since = NULL;
  g_autofree char *text = NULL;
  g_autofree char *pid_ns = dup_pid_ns ();
  ArbDeskLock *lock;
  gsize length = 0;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (program != NULL, NULL);

  if (holder != NULL)
    *holder = NULL;
  lock_path = lock_path_for (path);
  fd = g_open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, ARB_DESK_LOCK_ERROR, ARB_DESK_LOCK_ERROR_IO, "%s: %s", lock_path,
                   g_strerror (saved));
      return NULL;
    }
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved = errno;

      if (saved == EWOULDBLOCK)
        {
          if (holder != NULL)
            *holder = read_holder (fd);
          g_set_error (error, ARB_DESK_LOCK_ERROR, ARB_DESK_LOCK_ERROR_HELD,
                       /* Translators: %s is the tournament file's path */
                       _ ("%s is open for writing at another desk"), path);
        }
      else
        g_set_error (error, ARB_DESK_LOCK_ERROR, ARB_DESK_LOCK_ERROR_IO, "%s: %s", lock_path,
                     g_strerror (saved));
      close (fd);
      return NULL;
    }

  since = g_date_time_format_iso8601 (now);
  g_key_file_set_string (keys, "desk", "host", g_get_host_name ());
  g_key_file_set_string (keys, "desk", "program", program);
  g_key_file_set_string (keys, "desk", "user", g_get_real_name ());
  g_key_file_set_integer (keys, "desk", "pid", (int) getpid ());
  if (pid_ns != NULL)
    g_key_file_set_string (keys, "desk", "pid-ns", pid_ns);
  g_key_file_set_string (keys, "desk", "since", since);
  text = g_key_file_to_data (keys, &length, NULL);
  /* The file is rewritten under the lock; a reader that finds the lock
   * taken reads whatever part is there, and says less. */
  if (ftruncate (fd, 0) != 0 || lseek (fd, 0, SEEK_SET) != 0 ||
      write (fd, text, length) != (ssize_t) length)
    g_warning ("%s: the desk lock is taken, but who holds it could not be written: %s", lock_path,
               g_strerror (errno));

  lock = g_new0 (ArbDeskLock, 1);
  lock->fd = fd;
  lock->lock_path = g_steal_pointer (&lock_path);
  return lock;
}

void
arb_desk_lock_release (ArbDeskLock *lock)
{
  if (lock == NULL)
    return;
  /* Emptied before the lock goes, so that an old name is never read as
   * the holder of a lock nobody holds. */
  if (ftruncate (lock->fd, 0) != 0)
    g_debug ("%s: %s", lock->lock_path, g_strerror (errno));
  flock (lock->fd, LOCK_UN);
  close (lock->fd);
  g_free (lock->lock_path);
  g_free (lock);
}

ArbDeskHolder *
arb_desk_lock_get_holder (const char *path)
{
  g_autofree char *lock_path = NULL;
  ArbDeskHolder *holder = NULL;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  lock_path = lock_path_for (path);
  fd = g_open (lock_path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return NULL;
  /* A shared lock is refused only while a desk holds the exclusive one. */
  if (flock (fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK)
    holder = read_holder (fd);
  else
    flock (fd, LOCK_UN);
  close (fd);
  return holder;
}

gboolean
arb_desk_holder_is_gone (const ArbDeskHolder *holder)
{
  g_autofree char *pid_ns = NULL;

  g_return_val_if_fail (holder != NULL, FALSE);

  if (holder->pid <= 0 || holder->host == NULL || g_strcmp0 (holder->host, g_get_host_name ()) != 0)
    return FALSE;
  pid_ns = dup_pid_ns ();
  if (holder->pid_ns != NULL && g_strcmp0 (holder->pid_ns, pid_ns) != 0)
    return FALSE;
  /* EPERM: a process of another user, which runs. */
  return kill ((pid_t) holder->pid, 0) != 0 && errno == ESRCH;
}

ArbDeskState
arb_desk_lock_probe (const char *path, ArbDeskHolder **holder)
{
  g_autoptr (ArbDeskHolder) found = NULL;

  g_return_val_if_fail (path != NULL, ARB_DESK_STATE_HELD);

  if (holder != NULL)
    *holder = NULL;
  found = arb_desk_lock_get_holder (path);
  if (found == NULL)
    return ARB_DESK_STATE_FREE;
  if (holder != NULL)
    *holder = g_steal_pointer (&found);
  return arb_desk_holder_is_gone (holder != NULL ? *holder : found) ? ARB_DESK_STATE_STALE
                                                                    : ARB_DESK_STATE_HELD;
}
