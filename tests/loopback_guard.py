"""Traffic stays on this machine: a test (or a process it starts) that binds a socket beyond
loopback, connects or sends to an address off the machine, or joins a multicast group or
sends multicast on another interface than loopback is refused there and then (``LeftLoopback``,
an OSError) and fails, even when the code under test swallows the error.

``install()`` wraps the methods of ``socket.socket`` once per process; ``tests/conftest.py``
installs it in every test process, and ``tests/guard_site/sitecustomize.py`` in every Python
process a test starts (the environment carries it there). A refusal is also written to the
file named by ``LOG_VARIABLE``, which the test's own process reads when the test ends.

A socket may bind to a multicast group's address when it receives only the groups it joins
itself (``IP_MULTICAST_ALL`` off): that is how discovery listens on loopback only
(``online.discovery``); what it joins and where it sends are checked like any other socket's.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import struct

LOG_VARIABLE = "DOMINO_TABLE_GUARD_LOG"
MDNS_PORT = 5353


class LeftLoopback(PermissionError):
    """A socket was about to bind, connect or send beyond this machine."""


def _is_loopback(host: object) -> bool:
    if not isinstance(host, str):
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def _is_multicast(host: object) -> bool:
    try:
        return isinstance(host, str) and ipaddress.ip_address(host.split("%")[0]).is_multicast
    except ValueError:
        return False


def _refuse(what: str) -> None:
    path = os.environ.get(LOG_VARIABLE)
    if path:
        with open(path, "a", encoding="utf-8") as log:
            log.write(f"{os.getpid()}: {what}\n")
    raise LeftLoopback(f"a test may not leave loopback: {what}")


IP_MULTICAST_ALL = getattr(socket, "IP_MULTICAST_ALL", 49)
_MULTICAST_ON: dict[int, bool] = {}  # socket id: whether its multicast interface is loopback's
_OWN_GROUPS_ONLY: dict[int, bool] = {}  # socket id: whether it receives only the groups it joins itself


def install() -> None:
    """Wrap ``socket.socket``'s bind, connect, sendto and setsockopt (once)."""
    if getattr(socket.socket, "_loopback_guarded", False):
        return
    original_bind, original_connect = socket.socket.bind, socket.socket.connect
    original_connect_ex, original_sendto = socket.socket.connect_ex, socket.socket.sendto
    original_setsockopt = socket.socket.setsockopt

    def bind(self: socket.socket, address: object) -> None:
        if isinstance(address, tuple) and self.family in (socket.AF_INET, socket.AF_INET6):
            host, port = address[0], address[1]
            own_groups = _is_multicast(host) and _OWN_GROUPS_ONLY.get(id(self), False)
            if not _is_loopback(host) and not own_groups:
                _refuse(f"bind to {host or 'every address'}:{port}")
        original_bind(self, address)

    def check_peer(self: socket.socket, address: object, sending: bool) -> None:
        if not isinstance(address, tuple) or self.family not in (socket.AF_INET, socket.AF_INET6):
            return
        host = address[0]
        if _is_multicast(host):
            if sending and not _MULTICAST_ON.get(id(self), False):
                _refuse(f"multicast to {host} on an interface that is not loopback")
        elif not _is_loopback(host) and (sending or self.type == socket.SOCK_STREAM):
            _refuse(f"{'send' if sending else 'connection'} to {host}")

    def connect(self: socket.socket, address: object) -> None:
        check_peer(self, address, sending=False)  # a UDP connect sends nothing (the local address probe)
        original_connect(self, address)

    def connect_ex(self: socket.socket, address: object) -> int:
        check_peer(self, address, sending=False)
        return original_connect_ex(self, address)

    def sendto(self: socket.socket, data: bytes, *rest: object) -> int:
        check_peer(self, rest[-1], sending=True)
        return original_sendto(self, data, *rest)

    def setsockopt(self: socket.socket, level: int, option: int, value: object, *rest: object) -> None:
        if level == socket.IPPROTO_IP and option == socket.IP_ADD_MEMBERSHIP and isinstance(value, bytes):
            interface = socket.inet_ntoa(value[4:8]) if len(value) >= 8 else "0.0.0.0"
            if not _is_loopback(interface):
                _refuse(f"join a multicast group on {interface}")
        if level == socket.IPPROTO_IP and option == IP_MULTICAST_ALL:
            _OWN_GROUPS_ONLY[id(self)] = not value
        if level == socket.IPPROTO_IP and option == socket.IP_MULTICAST_IF and isinstance(value, bytes):
            _MULTICAST_ON[id(self)] = _is_loopback(socket.inet_ntoa(value[:4]))
        if level == socket.IPPROTO_IPV6 and option in (socket.IPV6_JOIN_GROUP, socket.IPV6_MULTICAST_IF):
            index = struct.unpack("@I", value[-4:])[0] if isinstance(value, bytes) else value
            if index != socket.if_nametoindex("lo"):
                _refuse("IPv6 multicast on an interface that is not loopback")
        original_setsockopt(self, level, option, value, *rest)

    socket.socket.bind = bind
    socket.socket.connect = connect
    socket.socket.connect_ex = connect_ex
    socket.socket.sendto = sendto
    socket.socket.setsockopt = setsockopt
    socket.socket._loopback_guarded = True
