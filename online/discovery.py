"""Tables on the same network find each other by themselves (mDNS/DNS-SD, ``zeroconf``).

A server announces its table under ``_domino-table._tcp.local.`` with the game, the
protocol and how many seats are open; a device browsing the network lists what it finds.
The table code is never announced: a joiner still types it (or reads it off the host's
screen), so a neighbour on the same network cannot sit down uninvited. What comes from the
network is untrusted: names and fields are cut to size and checked before they are shown.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf
from zeroconf._utils import net as zeroconf_net

SERVICE = "_domino-table._tcp.local."
NAME_LIMIT = 40
LOOKUP_MS = 1500


@dataclass(frozen=True, slots=True)
class FoundTable:
    """A table announced on the network: where to connect and what it plays."""

    name: str
    address: str
    port: int
    game: str
    protocol: int
    open_seats: int

    @property
    def url(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"ws://{host}:{self.port}"


def interfaces_for(listen_on: str) -> list[str] | None:
    """The interfaces to announce and look for tables on, for a table listening on ``listen_on``:
    every network (None) for the wildcard address, else that address's only."""
    return None if listen_on in ("0.0.0.0", "", "::") else [listen_on]


MDNS_GROUP, MDNS_PORT = "224.0.0.251", 5353
IP_MULTICAST_ALL = getattr(socket, "IP_MULTICAST_ALL", 49)  # Linux: receive only the groups this socket joined
_listen_lock = threading.Lock()


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    if interfaces is None:
        return Zeroconf(ip_version=IPVersion.V4Only)
    if not all(ipaddress.ip_address(address).is_loopback for address in interfaces):
        return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    with _listen_lock:  # zeroconf makes its listening socket through this function, and only at its start
        shared = zeroconf_net.new_listen_socket
        zeroconf_net.new_listen_socket = _loopback_listen_socket
        try:
            return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        finally:
            zeroconf_net.new_listen_socket = shared


def _loopback_listen_socket(ip_version: IPVersion = IPVersion.V4Only, apple_p2p: bool = False) -> socket.socket | None:
    """Zeroconf's listening socket for tables on loopback only: bound to the mDNS group, not to
    every address, and receiving only what the groups it joins (on loopback) carry, so nothing
    from a real network reaches it and it answers nothing there. Where a system cannot bind
    to a group, zeroconf's own (listening on every address, joined on loopback only)."""
    listening = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        listening.setsockopt(socket.IPPROTO_IP, IP_MULTICAST_ALL, 0)
        listening.bind((MDNS_GROUP, MDNS_PORT))
    except OSError:
        listening.close()
        return zeroconf_net.new_socket(bind_addr=("",), ip_version=ip_version, apple_p2p=apple_p2p)
    return listening


def _clean(text: str) -> str:
    return "".join(c for c in text if c.isprintable())[:NAME_LIMIT]


class Announcer:
    """Announce one table while it is open (``close`` withdraws it). Blocking calls: from an
    event loop, run them in a thread (``asyncio.to_thread``)."""

    def __init__(
        self,
        name: str,
        address: str,
        port: int,
        game: str,
        protocol: int,
        open_seats: int,
        interfaces: list[str] | None = None,
    ) -> None:
        self._zeroconf = _zeroconf(interfaces)
        self._lock = threading.Lock()  # an update (in a worker thread) and the close take turns
        self._closed = False
        label = _clean(name).replace(".", " ") or "Domino table"
        self._game, self._protocol = game, protocol
        self._info = self._service(label, address, port, open_seats)
        self._zeroconf.register_service(self._info, allow_name_change=True)

    def _service(self, label: str, address: str, port: int, open_seats: int) -> ServiceInfo:
        """The announcement, under a host name of this table's own (the machine's and the port):
        two tables of one machine listening on different addresses would otherwise share their
        address records, and a browser could list one table at the other's address."""
        return ServiceInfo(
            SERVICE,
            f"{label}.{SERVICE}",
            addresses=[socket.inet_aton(address)],
            port=port,
            server=f"{socket.gethostname().split('.')[0] or 'host'}-{port}.local.",
            properties={"game": self._game, "protocol": str(self._protocol), "open": str(open_seats)},
        )

    def update(self, open_seats: int) -> None:
        """Say how many seats are still open (nothing once closed)."""
        with self._lock:
            if self._closed:
                return
            info = self._info
            label = info.name.removesuffix(f".{SERVICE}")
            self._info = self._service(label, info.parsed_addresses()[0], info.port or 0, open_seats)
            self._zeroconf.update_service(self._info)

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                self._zeroconf.unregister_service(self._info)
            finally:
                self._zeroconf.close()


class Browser(ServiceListener):
    """Watch the network for tables; ``tables()`` is what is there now (any thread may ask)."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self._zeroconf = _zeroconf(interfaces)
        self._lock = threading.Lock()
        self._found: dict[str, FoundTable] = {}
        self._changed = threading.Event()
        self._browser = ServiceBrowser(self._zeroconf, SERVICE, self)

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.name, t.address, t.port))

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the list to change; whether it did."""
        changed = self._changed.wait(timeout)
        self._changed.clear()
        return changed

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._look(zc, type_, name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._look(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._found.pop(name, None)
        self._changed.set()

    def _look(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, LOOKUP_MS)
        found = None if info is None else table_of(name, info)
        with self._lock:
            if found is None:
                self._found.pop(name, None)
            else:
                self._found[name] = found
        self._changed.set()

    def close(self) -> None:
        self._browser.cancel()
        self._zeroconf.close()


def table_of(name: str, info: ServiceInfo) -> FoundTable | None:
    """The table an announcement describes, or None when it is not a usable one."""
    addresses = info.parsed_addresses(IPVersion.V4Only)
    port = info.port
    properties = {
        key.decode("utf-8", "replace"): (value or b"").decode("utf-8", "replace")
        for key, value in info.properties.items()
    }
    protocol, open_seats = properties.get("protocol", ""), properties.get("open", "")
    if not addresses or not port or not 0 < port < 65536:
        return None
    if not (protocol.isdecimal() and len(protocol) < 4 and open_seats.isdecimal() and len(open_seats) < 2):
        return None
    return FoundTable(
        _clean(name.removesuffix(f".{SERVICE}")),
        addresses[0],
        port,
        _clean(properties.get("game", "")),
        int(protocol),
        min(int(open_seats), 4),
    )
