/* arb-net-peer.c: what the servers share about their peers
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <ifaddrs.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "arb-feed-server.h"
#include "arb-net-peer.h"

char *
arb_net_peer_key (GSocketAddress *remote, char **peer)
{
  g_autofree char *address = NULL;

  if (!G_IS_INET_SOCKET_ADDRESS (remote))
    {
      if (peer != NULL)
        *peer = g_strdup ("");
      return g_strdup ("");
    }
  address =
    g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
  if (peer != NULL)
    *peer = g_strdup (address);
  return g_strdup_printf ("%s %u", address,
                          g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (remote)));
}

guint
arb_net_env_ms (const char *variable, guint default_ms)
{
  const char *value = g_getenv (variable);
  guint64 ms = 0;

  if (value != NULL && g_ascii_string_to_unsigned (value, 10, 1, G_MAXUINT, &ms, NULL))
    return (guint) ms;
  return default_ms;
}

guint
arb_net_peer_deadline_ms (guint default_ms)
{
  return arb_net_env_ms (ARB_FEED_SERVER_DEADLINE_ENV, default_ms);
}

GStrv
arb_net_peer_local_addresses (GSocketFamily family)
{
  struct ifaddrs *list = NULL;
  g_autoptr (GStrvBuilder) found = g_strv_builder_new ();

  if (getifaddrs (&list) != 0)
    return g_strv_builder_end (found);
  for (struct ifaddrs *i = list; i != NULL; i = i->ifa_next)
    {
      g_autoptr (GSocketAddress) address = NULL;
      g_autofree char *text = NULL;
      GInetAddress *inet;

      if (i->ifa_addr == NULL ||
          (i->ifa_addr->sa_family != AF_INET && i->ifa_addr->sa_family != AF_INET6))
        continue;
      address = g_socket_address_new_from_native (i->ifa_addr, i->ifa_addr->sa_family == AF_INET
                                                                 ? sizeof (struct sockaddr_in)
                                                                 : sizeof (struct sockaddr_in6));
      if (address == NULL || !G_IS_INET_SOCKET_ADDRESS (address))
        continue;
      inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (address));
      if (g_inet_address_get_is_loopback (inet) || g_inet_address_get_is_link_local (inet) ||
          (family != G_SOCKET_FAMILY_INVALID && g_inet_address_get_family (inet) != family))
        continue;
      text = g_inet_address_to_string (inet);
      g_strv_builder_add (found, text);
    }
  freeifaddrs (list);
  return g_strv_builder_end (found);
}
