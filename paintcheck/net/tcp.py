"""The real transport: one TCP connection between two machines, JSON lines, in a background thread.

The host listens (``TcpTransport.host``), the joiner connects (``TcpTransport.join``). An asyncio
loop runs in a daemon thread of its own: the window's thread never waits on the network. What
arrives is queued (``receive``); every arrival, connection and drop calls ``notify`` (from the
network thread: the window's glue posts a pygame event in it, ``paintcheck.ui.net_events``).

One message a line: a JSON object, UTF-8, at most ``MAX_LINE`` bytes. A longer line is dropped
up to its end (never held in memory), a line that is not a JSON object is dropped; both are
logged and counted, and ``ABUSE_LIMIT`` of them close the connection. What a message says is the
core's business (``paintcheck.net``): the transport only frames it.

The first exchange checks the match code: the joiner's first line is ``{"t": "hello", "code": …}``;
the host answers ``{"t": "welcome"}`` or ``{"t": "refused", "why": "code"}`` and closes. After a
drop the host listens on (the same code lets the coach back in, from the same address or a new
one) and the joiner tries again every ``RETRY_EVERY`` seconds until ``close``.

Heartbeats: a ``{"t": "beat"}`` line every ``BEAT_EVERY`` seconds of silence, never handed to the
owner; a connection that has said nothing for ``SILENT_AFTER`` seconds is taken as dropped.
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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

MAX_LINE = 256 * 1024  # bytes: a whole record of a long match fits, a flood does not
ABUSE_LIMIT = 20  # malformed or oversized lines on one connection before it is closed
BEAT_EVERY = 2.0  # seconds of silence before a heartbeat is sent
SILENT_AFTER = 10.0  # seconds without a line (beats included): the other machine is gone
RETRY_EVERY = 1.0  # seconds between the joiner's attempts to reach the host again
HELLO_WITHIN = 5.0  # seconds a new connection has to say its code
DEFAULT_PORT = 47321
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, no 1/I
CODE_LENGTH = 6

# what the owner is told (``Arrival.kind``)
CONNECTED = "connected"  # the other machine is there (the code checked)
MESSAGE = "message"  # a line: ``Arrival.message``
DROPPED = "dropped"  # the connection is gone (``Arrival.why``); the transport tries to get it back
REFUSED = "refused"  # the host refused our code (joiner), or the address could not be reached yet
CLOSED = "closed"  # ``close`` was called: nothing more comes

BEAT = {"t": "beat"}


class AddressError(ValueError):
    """A ``HOST:PORT`` that cannot be an address (one line)."""


@dataclass(frozen=True)
class Arrival:
    kind: str
    message: dict[str, Any] | None = None
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


class TcpTransport:
    """One end of the connection. ``send`` and ``receive`` are safe from any thread."""

    def __init__(self, code: str, notify: Callable[[], None] | None = None, *,
                 beat_every: float = BEAT_EVERY, silent_after: float = SILENT_AFTER,
                 retry_every: float = RETRY_EVERY) -> None:
        self.code = normal_code(code)
        self.notify = notify or (lambda: None)
        self.beat_every, self.silent_after, self.retry_every = beat_every, silent_after, retry_every
        self.arrivals: queue.Queue[Arrival] = queue.Queue()
        self.port = 0  # the host's listening port once listening (port 0 asked: the one the OS chose)
        self.connected = False
        self.abuse = 0  # malformed lines on the current connection
        self._loop = asyncio.new_event_loop()
        self._writer: asyncio.StreamWriter | None = None
        self._server: asyncio.base_events.Server | None = None
        self._closing = False
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="net", daemon=True)

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

    def _start(self, main: Any) -> None:
        self._main = main
        self._thread.start()
        self._ready.wait(10)
        if self._failed is not None:
            raise self._failed

    _failed: BaseException | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main)
        except Exception:  # noqa: BLE001 - the network thread never dies silently
            log.exception("the network thread failed")
        finally:
            self._ready.set()
            with contextlib.suppress(Exception):
                self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            self._loop.close()

    # -- the owner's side ------------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> bool:
        """Send ``message`` (a JSON object) if connected; False when it could not go (dropped: the
        core sends again what the other lacks when he is back)."""
        line = encode(message)
        if len(line) > MAX_LINE:
            raise ValueError(f"a message of {len(line)} bytes is over the limit of {MAX_LINE}")
        if not self.connected or self._loop.is_closed():
            return False
        try:
            self._loop.call_soon_threadsafe(self._write, line)
        except RuntimeError:  # the loop closed meanwhile
            return False
        return True

    def receive(self) -> list[Arrival]:
        """Everything that arrived since the last call, in order."""
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
        """Cut the current connection as a failing network would (tests, and a peer that misbehaves
        past ``ABUSE_LIMIT``): the host listens on, the joiner tries again."""
        if not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._cut)

    # -- the network thread ----------------------------------------------------------------------------
    def _tell(self, arrival: Arrival) -> None:
        self.arrivals.put(arrival)
        try:
            self.notify()
        except Exception:  # noqa: BLE001 - a broken notify must not kill the network thread
            log.exception("notify failed")

    def _write(self, line: bytes) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(line)

    def _cut(self) -> None:
        if self._writer is not None:
            self._writer.close()

    def _shutdown(self) -> None:
        self._stop.set()
        self._cut()
        if self._server is not None:
            self._server.close()

    async def _serve(self, bind: str | None, port: int) -> None:
        self._stop = asyncio.Event()
        try:
            self._server = await asyncio.start_server(self._accepted, bind, port, limit=MAX_LINE)
        except OSError as exc:
            self._failed = exc
            self._ready.set()
            return
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("hosting on port %d", self.port)
        self._ready.set()
        await self._stop.wait()
        self._server.close()
        await self._server.wait_closed()
        self._tell(Arrival(CLOSED))

    async def _accepted(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        if self.connected:  # one other coach at a time: the seat is taken
            log.warning("refused a second connection from %s: a coach is connected", peer)
            writer.write(encode({"t": "refused", "why": "busy"}))
            await self._close_writer(writer)
            return
        try:
            line = await asyncio.wait_for(reader.readline(), HELLO_WITHIN)
            hello = decode(line)
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
        writer.write(encode({"t": "welcome"}))
        log.info("the other coach connected from %s", peer)
        await self._talk(reader, writer)

    async def _connect_loop(self, host: str, port: int) -> None:
        self._stop = asyncio.Event()
        self._ready.set()
        told_unreachable = False
        while not self._stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(host, port, limit=MAX_LINE)
            except OSError as exc:
                if not told_unreachable:  # said once; tried again quietly
                    log.info("cannot reach %s:%d yet: %s", host, port, exc.strerror or exc)
                    self._tell(Arrival(REFUSED, why=f"unreachable: {exc.strerror or exc}"))
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
                why = str(answer.get("why", "refused"))[:40]
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
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stop.wait(), seconds)

    async def _talk(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """The connection's life: lines in, beats out, until it drops."""
        self._writer, self.connected, self.abuse = writer, True, 0
        self._tell(Arrival(CONNECTED))
        beats = asyncio.ensure_future(self._beat(writer))
        why = "closed"
        try:
            why = await self._read(reader)
        except (OSError, asyncio.IncompleteReadError) as exc:
            why = f"{type(exc).__name__}: {exc}"
        finally:
            beats.cancel()
            self.connected, self._writer = False, None
            await self._close_writer(writer)
        if not self._stop.is_set():
            log.info("the connection dropped: %s", why)
            self._tell(Arrival(DROPPED, why=why))

    async def _read(self, reader: asyncio.StreamReader) -> str:
        """Read lines until the connection ends; returns why it ended."""
        skipping = False  # the rest of a line over MAX_LINE is being dropped
        while not self._stop.is_set():
            try:
                line = await asyncio.wait_for(reader.readuntil(b"\n"), self.silent_after)
            except TimeoutError:
                return f"silent for {self.silent_after:g} s"
            except asyncio.IncompleteReadError:
                return "closed by the other machine"
            except asyncio.LimitOverrunError as exc:  # too long: dropped as it comes, never kept
                await reader.readexactly(exc.consumed)
                if not skipping:
                    skipping = True
                    if self._abused(f"a line over {MAX_LINE} bytes"):
                        return "too many bad lines"
                continue
            if skipping:
                skipping = False  # the oversized line's end
                continue
            try:
                message = decode(line)
            except ValueError as exc:
                if self._abused(str(exc)):
                    return "too many bad lines"
                continue
            if message.get("t") == "beat":
                continue
            self._tell(Arrival(MESSAGE, message=message))
        return "closed"

    def _abused(self, what: str) -> bool:
        self.abuse += 1
        log.warning("refused a line from the other machine: %s (%d)", what, self.abuse)
        return self.abuse >= ABUSE_LIMIT

    async def _beat(self, writer: asyncio.StreamWriter) -> None:
        line = encode(BEAT)
        while not writer.is_closing():
            await asyncio.sleep(self.beat_every)
            writer.write(line)
            with contextlib.suppress(OSError, ConnectionError):
                await writer.drain()

    @staticmethod
    async def _close_writer(writer: asyncio.StreamWriter) -> None:
        writer.close()
        with contextlib.suppress(OSError, ConnectionError):
            await writer.wait_closed()
