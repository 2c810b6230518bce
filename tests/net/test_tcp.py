"""The TCP transport over loopback: ports chosen by the OS, every wait bounded, nothing left running."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from paintcheck.net import tcp
from paintcheck.net.tcp import CONNECTED, DROPPED, REFUSED, AddressError, TcpTransport
from paintcheck.net.transport import Transport


def wait_for(link: TcpTransport, kind: str, seen: list | None = None, timeout: float = 15.0) -> tcp.Arrival:
    """The next arrival of ``kind`` (the others kept in ``seen``); fails after ``timeout``."""
    seen = [] if seen is None else seen
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for arrival in link.receive():
            seen.append(arrival)
            if arrival.kind == kind:
                return arrival
        time.sleep(0.01)
    raise AssertionError(f"no {kind} within {timeout} s; got {[a.kind for a in seen]}")


def lines(connection, n: int, timeout: float = 15.0) -> list[bytes]:
    got: list[bytes] = []
    deadline = time.monotonic() + timeout
    while len(got) < n and time.monotonic() < deadline:
        line = connection.receive()
        if line is None:
            time.sleep(0.01)
        else:
            got.append(line)
    return got


@pytest.fixture
def pair():
    made: list[TcpTransport] = []

    def make(code="ABC234", join_code=None, **kw):
        host = TcpTransport.host(code, port=0, bind="127.0.0.1", **kw)
        made.append(host)
        joiner = TcpTransport.join(join_code or code, "127.0.0.1", host.port, **kw)
        made.append(joiner)
        return host, joiner

    yield make
    for link in made:
        link.close()
    for link in made:
        assert not link._thread.is_alive(), "the network thread ended"


def raw_client(port: int, code: str = "ABC234") -> socket.socket:
    raw = socket.create_connection(("127.0.0.1", port), timeout=5)
    raw.sendall(tcp.encode({"t": "hello", "code": code}))
    return raw


def test_each_connection_is_the_cores_transport_and_lines_cross_in_order(pair):
    host, joiner = pair()
    a = wait_for(host, CONNECTED).connection
    b = wait_for(joiner, CONNECTED).connection
    assert isinstance(a, Transport) and isinstance(b, Transport)
    for i in range(50):
        b.send(json.dumps({"i": i}).encode())
        a.send(json.dumps({"i": -i}).encode())
    assert [json.loads(x)["i"] for x in lines(a, 50)] == list(range(50))
    assert [json.loads(x)["i"] for x in lines(b, 50)] == [-i for i in range(50)]
    assert a.receive() is None  # never blocks
    with pytest.raises(ValueError):
        a.send(b"two\nlines")


def test_the_code_is_checked_in_the_first_exchange(pair):
    host, joiner = pair(code="ABC234", join_code="ABC235")
    refused = wait_for(joiner, REFUSED)
    assert refused.why == "code"
    time.sleep(0.2)
    assert not host.connected and not any(a.kind == CONNECTED for a in host.receive())


def test_the_code_is_read_as_typed(pair):
    host, _joiner = pair(code="ABC234", join_code="abc-234")
    wait_for(host, CONNECTED)


def test_a_second_machine_is_refused_while_one_is_connected(pair):
    host, _joiner = pair()
    wait_for(host, CONNECTED)
    with raw_client(host.port) as raw:
        answer = raw.makefile("rb").readline()
    assert json.loads(answer) == {"t": "refused", "why": "busy"}


def test_an_oversized_line_is_dropped_and_the_next_one_read(pair):
    host, joiner = pair()
    wait_for(host, CONNECTED)
    joiner.close()  # a raw client takes the seat instead
    wait_for(host, DROPPED)
    with raw_client(host.port) as raw:
        connection = wait_for(host, CONNECTED).connection
        raw.sendall(b"x" * (tcp.MAX_LINE + 10) + b"\n")  # too long: dropped as it comes
        raw.sendall(b"[1, 2]\n")  # the core judges what a line says, not the transport
        raw.sendall(b'{"t":"beat"}\n')  # the link's own beat is never handed on
        raw.sendall(b'{"after":1}\n')
        got = lines(connection, 2)
    assert got == [b"[1, 2]", b'{"after":1}']
    assert host.abuse == 1


def test_repeated_abuse_closes_the_connection(pair):
    host, joiner = pair()
    wait_for(host, CONNECTED)
    joiner.close()
    wait_for(host, DROPPED)
    with raw_client(host.port) as raw:
        wait_for(host, CONNECTED)
        for _ in range(tcp.ABUSE_LIMIT):
            raw.sendall(b"y" * (tcp.MAX_LINE + 1) + b"\n")
        dropped = wait_for(host, DROPPED)
    assert dropped.why == "too many oversized lines"


def test_a_dropped_connection_comes_back_as_a_new_transport(pair):
    host, joiner = pair(retry_every=0.05)
    first = wait_for(host, CONNECTED).connection
    wait_for(joiner, CONNECTED)
    for _ in range(3):
        host.drop()
        wait_for(joiner, DROPPED)
        again = wait_for(joiner, CONNECTED).connection
        back = wait_for(host, CONNECTED).connection
    assert first.closed and not back.closed
    again.send(b'{"still":1}')
    assert lines(back, 1) == [b'{"still":1}']
    first.send(b'{"lost":1}')  # an old connection sends nothing, raises nothing


def test_a_silent_machine_is_taken_as_gone(pair):
    host, joiner = pair(silent_after=0.5)
    wait_for(host, CONNECTED)
    joiner.close()
    wait_for(host, DROPPED)
    with raw_client(host.port):
        wait_for(host, CONNECTED)
        dropped = wait_for(host, DROPPED)  # the raw client says nothing, not even beats
    assert dropped.why.startswith("silent")


def test_beats_keep_a_quiet_connection_and_are_not_handed_on(pair):
    host, joiner = pair(beat_every=0.05, silent_after=0.4)
    a = wait_for(host, CONNECTED).connection
    b = wait_for(joiner, CONNECTED).connection
    time.sleep(1.0)
    assert DROPPED not in [x.kind for x in host.receive() + joiner.receive()]
    assert a.receive() is None and b.receive() is None
    assert host.connected and joiner.connected


def test_notify_is_called_from_the_network_thread(pair):
    calls = []
    host = TcpTransport.host("ABC234", port=0, bind="127.0.0.1", notify=lambda: calls.append(1))
    try:
        joiner = TcpTransport.join("ABC234", "127.0.0.1", host.port)
        try:
            b = wait_for(joiner, CONNECTED).connection
            b.send(b"{}")
            deadline = time.monotonic() + 5
            while len(calls) < 2 and time.monotonic() < deadline:  # the connection, the line
                time.sleep(0.01)
            assert len(calls) >= 2
        finally:
            joiner.close()
    finally:
        host.close()


def test_a_taken_port_is_an_error():
    first = TcpTransport.host("ABC234", port=0, bind="127.0.0.1")
    try:
        with pytest.raises(OSError):
            TcpTransport.host("ABC234", port=first.port, bind="127.0.0.1")
    finally:
        first.close()


def test_codes_are_six_unambiguous_characters():
    codes = {tcp.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 6 and set(c) <= set(tcp.CODE_ALPHABET) for c in codes)
    assert not set("0O1I") & set(tcp.CODE_ALPHABET)


@pytest.mark.parametrize("text, expected", [
    ("192.168.1.20:5000", ("192.168.1.20", 5000)),
    ("example.org", ("example.org", tcp.DEFAULT_PORT)),
    ("[::1]:80", ("::1", 80)),
    ("  localhost:47321 ", ("localhost", 47321)),
])
def test_addresses(text, expected):
    assert tcp.parse_address(text) == expected


@pytest.mark.parametrize("text", ["", ":80", "host:0", "host:70000", "host:port", "a:b:c", "[::1",
                                  "[nothost]:80", "ho st:80", "host:\x0080", "host:"])
def test_bad_addresses_are_one_line(text):
    with pytest.raises(AddressError) as caught:
        tcp.parse_address(text)
    assert "\n" not in str(caught.value)


def test_local_addresses_end_with_loopback():
    found = tcp.local_addresses()
    assert found[-1] == "127.0.0.1" and len(found) == len(set(found))


def test_closing_during_the_first_exchange_ends_the_link_and_its_connection():
    """``close`` while the joiner waits for the host's welcome (the host has already counted the
    coach in): the welcome that comes after must not start a connection nobody closes."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        joiner = TcpTransport.join("ABC234", "127.0.0.1", server.getsockname()[1])
        server.settimeout(5)
        peer, _ = server.accept()
        with peer:
            peer.settimeout(5)
            assert json.loads(peer.makefile("rb").readline())["t"] == "hello"
            closer = threading.Thread(target=joiner.close)
            closer.start()
            time.sleep(0.2)  # the joiner is stopping and still waits for the answer
            peer.sendall(tcp.encode({"t": "welcome"}))
            closer.join(10)
            assert not joiner._thread.is_alive(), "the network thread ended"
            assert peer.recv(1024) == b"", "the joiner closed its end"
    assert CONNECTED not in [a.kind for a in joiner.receive()]
