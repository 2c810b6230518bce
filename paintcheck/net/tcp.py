"""The real transport: TCP between two machines, one JSON line a message, in a background thread.

The host listens (``TcpTransport.host``), the joiner connects (``TcpTransport.join``). An asyncio
loop runs in a daemon thread of its own: the window's thread never waits on the network. Each
connection is a ``Connection``, the core's ``Transport`` (``net.transport``: ``send(line)``,
``receive()`` that never blocks, ``close()``, ``closed``); the link hands a new one out after every
reconnection (``Arrival(CONNECTED, connection)``) and tells a drop (``DROPPED``). Every arrival,
message, connection and drop calls ``notify`` (from the network thread: the window's glue posts a
pygame event in it, ``paintcheck.ui.net_events``).

Framing only: a message is one line of at most ``MAX_LINE`` bytes. A longer line is dropped up to
its end as it comes (never held in memory), logged and counted, and ``ABUSE_LIMIT`` of them close
the connection; what a line says is the core's business (``paintcheck.net.peer`` refuses anything
malformed).

The first exchange checks the match code: the joiner's first line is ``{"t": "hello", "code": …}``;
the host answers ``{"t": "welcome"}`` or ``{"t": "refused", "why": "code"}`` and closes. After a
drop the host listens on (the same code lets the coach back in, from the same address or a new
one) and the joiner tries again every ``RETRY_EVERY`` seconds until ``close``.

Below the core's own heartbeats (``peer.poll``), the link keeps the socket alive: a
``{"t": "beat"}`` line every ``BEAT_EVERY`` seconds, never handed on; a connection that has said
nothing for ``SILENT_AFTER`` seconds is taken as dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
import queue
import secrets
import socket
import threading
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from paintcheck.net import timing
from paintcheck.printable import printable

log = logging.getLogger(__name__)

MAX_LINE = 256 * 1024  # bytes: a whole record of a long match fits, a flood does not
ABUSE_LIMIT = 20  # oversized lines on one connection before it is closed
BEAT_EVERY = timing.HEARTBEAT_EVERY  # the link's own beat, whether the match is polled or not
SILENT_AFTER = 2 * timing.SILENT_AFTER  # no line at all (beats included): the connection is dead;
#                                         the peer has named the silence long before
RETRY_EVERY = 1.0  # seconds between the joiner's attempts to reach the host again
HELLO_WITHIN = 5.0  # seconds a new connection has to say its code
DEFAULT_PORT = 47321
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, no 1/I
CODE_LENGTH = 6

# what the owner is told (``Arrival.kind``)
CONNECTED = "connected"  # the other machine is there (the code checked): ``Arrival.connection``
DROPPED = "dropped"  # the connection is gone (``Arrival.why``); the transport tries to get it back
REFUSED = "refused"  # the host refused our code (joiner), or the address could not be reached yet
CLOSED = "closed"  # ``close`` was called: nothing more comes

BEAT_LINE = b'{"t":"beat"}'


class AddressError(ValueError):
    """A ``HOST:PORT`` that cannot be an address (one line)."""


@dataclass(frozen=True)
class Arrival:
    """What the link tells its owner: a connection (with its ``Connection``), a drop and why, a
    refusal, or the end."""

    kind: str
    connection: Connection | None = None
    why: str = ""


def new_code() -> str:
    """A fresh match code: six characters from ``secrets``, none that reads as another."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(typed: str) -> str:
    """The code as typed, in the form it is compared (spaces and dashes dropped, upper case)."""
    return "".join(ch for ch in typed.upper() if ch not in " -\t")


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``HOST:PORT`` (``[v6]:PORT`` for an IPv6 address; ``HOST`` alone: the default port) as
    (host, port); ``AddressError`` with one line when it cannot be one."""
    text = text.strip()
    if not text:
        raise AddressError("no address: give HOST:PORT (e.g. 192.168.1.20:47321)")
    if any(ch.isspace() or not ch.isprintable() for ch in text):
        raise AddressError(f"{text!r} is not an address: spaces or control characters in it")
    host, port_text = text, ""
    if text.startswith("["):
        end = text.find("]")
        if end < 0 or (end + 1 < len(text) and text[end + 1] != ":"):
            raise AddressError(f"{text!r} is not an address: write an IPv6 one as [ADDRESS]:PORT")
        host, port_text = text[1:end], text[end + 2:]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise AddressError(f"{text!r} is not an address: {host!r} is not an IPv6 address") from None
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    elif text.count(":") > 1:
        raise AddressError(f"{text!r} is not an address: write an IPv6 one as [ADDRESS]:PORT")
    if not host or len(host) > 253:
        raise AddressError(f"{text!r} is not an address: no host before the port")
    if port_text == "" and ":" not in text.removeprefix("[" + host + "]"):
        return host, default_port
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise AddressError(f"{text!r} is not an address: the port must be a number from 1 to 65535")
    return host, int(port_text)


def local_addresses() -> list[str]:
    """The addresses the other machine may reach this one at (LAN first; loopback last)."""
    found: list[str] = []
    with contextlib.suppress(OSError):  # the address the default route leaves from (no packet sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found:
                found.append(address)
    lan = [a for a in found if not a.startswith("127.")]
    return [*lan, "127.0.0.1"]


def listening_socket(bind: str | None, port: int) -> socket.socket:
    """One socket listening on ``port`` (0: a free one) at ``bind``, or on every address, IPv4 and
    IPv6 alike, when ``bind`` is None: one port for all (asyncio's own would open one socket per
    family, each with its own free port). ``OSError`` when the port is taken."""
    if bind is None and socket.has_dualstack_ipv6():
        return socket.create_server(("", port), family=socket.AF_INET6, dualstack_ipv6=True)
    return socket.create_server((bind or "", port))


def encode(message: dict[str, Any]) -> bytes:
    """One line of JSON (compact, ASCII: every byte printable), newline-terminated."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """A line's JSON object; ``ValueError`` (one line) when it is not one."""
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"not a JSON line ({type(exc).__name__})") from None
    except RecursionError:
        raise ValueError("not a JSON line (nested too deep)") from None
    if not isinstance(message, dict):
        raise ValueError(f"not a JSON object but a {type(message).__name__}")
    return message


class Connection:
    """One connection to the other machine: the core's ``Transport``. Lines in are kept in order
    until ``receive``; ``send`` hands a line to the network thread. Safe from any thread."""

    def __init__(self, link: TcpTransport, writer: asyncio.StreamWriter) -> None:
        self._link = link
        self._writer = writer
        self._inbox: deque[bytes] = deque()
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    def send(self, line: bytes) -> None:
        """Queue one message (a JSON line without its newline); nothing happens once closed."""
        if b"\n" in line:
            raise ValueError("a message is one line: no newline inside")
        if len(line) + 1 > MAX_LINE:
            raise ValueError(f"a message of {len(line)} bytes is over the limit of {MAX_LINE}")
        if self._closed:
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: as a drop
            self._link._loop.call_soon_threadsafe(self._write, line + b"\n")

    def send_json(self, message: dict[str, Any]) -> None:
        self.send(encode(message).rstrip(b"\n"))

    def receive(self) -> bytes | None:
        """The next line received (without its newline), or None at once."""
        try:
            return self._inbox.popleft()
        except IndexError:
            return None

    def close(self) -> None:
        """End this connection (the link listens on, or tries again, for the next one)."""
        if not self._closed:
            self._closed = True
            with contextlib.suppress(RuntimeError):
                self._link._loop.call_soon_threadsafe(self._writer.close)

    # -- the network thread ------------------------------------------------------------------------------
    def _write(self, line: bytes) -> None:
        if not self._closed and not self._writer.is_closing():
            self._writer.write(line)


class TcpTransport:
    """The link to the other machine: listens or connects, checks the code, hands out each
    connection (``Connection``) and gets it back after a drop. ``receive`` and ``close`` are safe
    from any thread."""

    def __init__(self, code: str, notify: Callable[[], None] | None = None, *,
                 beat_every: float = BEAT_EVERY, silent_after: float = SILENT_AFTER,
                 retry_every: float = RETRY_EVERY) -> None:
        self.code = normal_code(code)
        self.notify = notify or (lambda: None)
        self.beat_every, self.silent_after, self.retry_every = beat_every, silent_after, retry_every
        self.arrivals: queue.Queue[Arrival] = queue.Queue()
        self.port = 0  # the host's listening port once listening (port 0 asked: the one the OS chose)
        self.connection: Connection | None = None  # the current one, while connected
        self.abuse = 0  # oversized lines on the current connection
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.Server | None = None
        self._stop: asyncio.Event | None = None
        self._closing = False
        self._failed: BaseException | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="net", daemon=True)

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.closed

    def _seat_taken(self) -> bool:
        """Asked afresh after every ``await`` (another connection may have come in meanwhile)."""
        return self.connected

    # -- starting ------------------------------------------------------------------------------------
    @classmethod
    def host(cls, code: str, port: int = DEFAULT_PORT, bind: str = "", **kw: Any) -> TcpTransport:
        """Listen on ``port`` (0: any free one, ``port`` then says which) on every address; the
        first connection that says ``code`` is the other coach. ``OSError`` when the port is taken."""
        transport = cls(code, **kw)
        transport._start(transport._serve(bind or None, port))
        return transport

    @classmethod
    def join(cls, code: str, host: str, port: int, **kw: Any) -> TcpTransport:
        """Connect to ``host:port`` and say ``code``; tried again until it works or ``close``."""
        transport = cls(code, **kw)
        transport._start(transport._connect_loop(host, port))
        return transport

    def _start(self, main: Coroutine[Any, Any, None]) -> None:
        self._main = main
        self._thread.start()
        self._ready.wait(10)
        if self._failed is not None:
            self._thread.join(5)
            raise self._failed

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main)
        except Exception:  # noqa: BLE001 - the network thread never dies silently
            log.exception("the network thread failed")
        finally:
            self._ready.set()
            try:
                self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            except Exception:  # noqa: BLE001 - closing anyway; the trace is kept
                log.warning("the network thread's generators did not close cleanly", exc_info=True)
            self._loop.close()

    # -- the owner's side ------------------------------------------------------------------------------
    def receive(self) -> list[Arrival]:
        """Every connection, drop and refusal since the last call, in order."""
        got = []
        while True:
            try:
                got.append(self.arrivals.get_nowait())
            except queue.Empty:
                return got

    def close(self) -> None:
        """Stop: the connection and the listening socket closed, the thread ended."""
        if self._closing:
            return
        self._closing = True
        if not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._shutdown)
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(5)

    def drop(self) -> None:
        """Cut the current connection as a failing network would (tests): the host listens on,
        the joiner tries again."""
        connection = self.connection
        if connection is not None:
            connection.close()

    # -- the network thread ----------------------------------------------------------------------------
    def _tell(self, arrival: Arrival | None) -> None:
        if arrival is not None:
            self.arrivals.put(arrival)
        try:
            self.notify()
        except Exception:  # noqa: BLE001 - a broken notify must not kill the network thread
            log.exception("notify failed")

    def _shutdown(self) -> None:
        if self._stop is not None:
            self._stop.set()
        if self.connection is not None:
            self.connection._writer.close()
        if self._server is not None:
            self._server.close()

    async def _serve(self, bind: str | None, port: int) -> None:
        self._stop = asyncio.Event()
        try:
            self._server = await asyncio.start_server(self._accepted, sock=listening_socket(bind, port),
                                                      limit=MAX_LINE)
        except OSError as exc:
            self._failed = exc
            self._ready.set()
            return
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("hosting on port %d", self.port)
        self._ready.set()
        await self._stop.wait()
        self._server.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._server.wait_closed(), 2)
        self._tell(Arrival(CLOSED))

    async def _accepted(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        if self._seat_taken():  # one other coach at a time
            log.warning("refused a second connection from %s: a coach is connected", peer)
            writer.write(encode({"t": "refused", "why": "busy"}))
            await self._close_writer(writer)
            return
        try:
            hello = decode(await asyncio.wait_for(reader.readline(), HELLO_WITHIN))
        except (TimeoutError, ValueError, OSError) as exc:
            log.warning("refused %s: no hello (%s)", peer, exc)
            await self._close_writer(writer)
            return
        code = hello.get("code")
        if hello.get("t") != "hello" or not isinstance(code, str) or \
                not hmac.compare_digest(normal_code(code).encode(), self.code.encode()):
            log.warning("refused %s: wrong match code", peer)
            writer.write(encode({"t": "refused", "why": "code"}))
            await self._close_writer(writer)
            return
        if self._seat_taken():  # another got in while this one said its code
            writer.write(encode({"t": "refused", "why": "busy"}))
            await self._close_writer(writer)
            return
        writer.write(encode({"t": "welcome"}))
        log.info("the other coach connected from %s", peer)
        await self._talk(reader, writer)

    async def _connect_loop(self, host: str, port: int) -> None:
        self._stop = asyncio.Event()
        self._ready.set()
        told_unreachable = False
        while not self._stop.is_set():
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(host, port, limit=MAX_LINE), HELLO_WITHIN)
            except (OSError, TimeoutError) as exc:
                if not told_unreachable:  # said once; tried again quietly
                    why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
                    log.info("cannot reach %s:%d yet: %s", host, port, why)
                    self._tell(Arrival(REFUSED, why=f"unreachable: {why}"))
                    told_unreachable = True
                await self._pause(self.retry_every)
                continue
            told_unreachable = False
            writer.write(encode({"t": "hello", "code": self.code}))
            try:
                answer = decode(await asyncio.wait_for(reader.readline(), HELLO_WITHIN))
            except (TimeoutError, ValueError, OSError) as exc:
                log.warning("no answer from %s:%d (%s)", host, port, exc)
                await self._close_writer(writer)
                await self._pause(self.retry_every)
                continue
            if answer.get("t") != "welcome":
                why = printable(str(answer.get("why", "refused")))[:40]
                log.warning("%s:%d refused us: %s", host, port, why)
                await self._close_writer(writer)
                self._tell(Arrival(REFUSED, why=why))
                if why == "code":  # a wrong code stays wrong: no use trying again
                    break
                await self._pause(self.retry_every)
                continue
            await self._talk(reader, writer)
            await self._pause(self.retry_every)
        self._tell(Arrival(CLOSED))

    async def _pause(self, seconds: float) -> None:
        assert self._stop is not None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stop.wait(), seconds)

    async def _talk(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """The connection's life: lines in, beats out, until it drops. Closed at once when ``close``
        came during the first exchange (``_shutdown`` had no connection to close then)."""
        if self._stop is not None and self._stop.is_set():
            await self._close_writer(writer)
            return
        connection = Connection(self, writer)
        self.connection, self.abuse = connection, 0
        self._tell(Arrival(CONNECTED, connection))
        beats = asyncio.ensure_future(self._beat(writer))
        why = "closed"
        try:
            why = await self._read(reader, connection)
        except (OSError, asyncio.IncompleteReadError) as exc:
            why = f"{type(exc).__name__}: {exc}"
        finally:
            beats.cancel()
            connection._closed = True
            self.connection = None
            await self._close_writer(writer)
        if self._stop is not None and not self._stop.is_set():
            log.info("the connection dropped: %s", why)
            self._tell(Arrival(DROPPED, why=why))

    async def _read(self, reader: asyncio.StreamReader, connection: Connection) -> str:
        """Read lines until the connection ends; returns why it ended."""
        skipping = False  # the rest of a line over MAX_LINE is being dropped
        while True:
            try:
                line = await asyncio.wait_for(reader.readuntil(b"\n"), self.silent_after)
            except TimeoutError:
                return f"silent for {self.silent_after:g} s"
            except asyncio.IncompleteReadError:
                return "closed"
            except asyncio.LimitOverrunError as exc:  # too long: dropped as it comes, never kept
                await reader.readexactly(exc.consumed)
                if not skipping:
                    skipping = True
                    self.abuse += 1
                    log.warning("dropped a line over %d bytes from the other machine (%d)", MAX_LINE,
                                self.abuse)
                    if self.abuse >= ABUSE_LIMIT:
                        return "too many oversized lines"
                continue
            if skipping:
                skipping = False  # the oversized line's end
                continue
            line = line.rstrip(b"\r\n")
            if line == BEAT_LINE:
                continue
            connection._inbox.append(line)
            self._tell(None)

    async def _beat(self, writer: asyncio.StreamWriter) -> None:
        line = BEAT_LINE + b"\n"
        while not writer.is_closing():
            await asyncio.sleep(self.beat_every)
            writer.write(line)
            with contextlib.suppress(OSError, ConnectionError):
                await writer.drain()

    @staticmethod
    async def _close_writer(writer: asyncio.StreamWriter) -> None:
        writer.close()
        with contextlib.suppress(OSError, ConnectionError, TimeoutError):
            await asyncio.wait_for(writer.wait_closed(), 2)
