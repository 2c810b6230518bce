"""The TCP transport over loopback: ports chosen by the OS, every wait bounded, nothing left running."""

from __future__ import annotations

import socket
import time

import pytest

from paintcheck.net import tcp
from paintcheck.net.tcp import CONNECTED, DROPPED, MESSAGE, REFUSED, AddressError, TcpTransport


def wait_for(transport: TcpTransport, kind: str, seen: list, timeout: float = 5.0) -> tcp.Arrival:
    """The next arrival of ``kind`` (the others kept in ``seen``); fails after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for arrival in transport.receive():
            seen.append(arrival)
            if arrival.kind == kind:
                return arrival
        time.sleep(0.01)
    raise AssertionError(f"no {kind} within {timeout} s; got {[a.kind for a in seen]}")


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
    for transport in made:
        transport.close()
    for transport in made:
        assert not transport._thread.is_alive(), "the network thread ended"


def test_messages_cross_both_ways_in_order(pair):
    host, joiner = pair()
    wait_for(host, CONNECTED, [])
    wait_for(joiner, CONNECTED, [])
    for i in range(50):
        assert joiner.send({"t": "n", "i": i})
        assert host.send({"t": "m", "i": -i})
    got_host: list = []
    got_joiner: list = []
    deadline = time.monotonic() + 5
    while (len(got_host) < 50 or len(got_joiner) < 50) and time.monotonic() < deadline:
        got_host += [a.message["i"] for a in host.receive() if a.kind == MESSAGE]
        got_joiner += [a.message["i"] for a in joiner.receive() if a.kind == MESSAGE]
        time.sleep(0.01)
    assert got_host == list(range(50))
    assert got_joiner == [-i for i in range(50)]


def test_the_code_is_checked_in_the_first_exchange(pair):
    host, joiner = pair(code="ABC234", join_code="ABC235")
    refused = wait_for(joiner, REFUSED, [])
    assert refused.why == "code"
    time.sleep(0.2)
    assert not host.connected and not any(a.kind == CONNECTED for a in host.receive())


def test_the_code_is_read_as_typed(pair):
    host, joiner = pair(code="ABC234", join_code="abc-234")
    wait_for(host, CONNECTED, [])


def test_an_oversized_or_malformed_line_is_dropped_and_the_next_one_read(pair):
    host, _joiner = pair()
    wait_for(host, CONNECTED, [])
    host.drop()  # the joiner comes back; meanwhile a raw client takes the seat
    wait_for(host, DROPPED, [])
    _joiner.close()
    time.sleep(0.1)
    host.receive()
    with socket.create_connection(("127.0.0.1", host.port), timeout=5) as raw:
        raw.sendall(tcp.encode({"t": "hello", "code": "ABC234"}))
        wait_for(host, CONNECTED, [])
        raw.sendall(b"x" * (tcp.MAX_LINE + 10) + b"\n")  # too long
        raw.sendall(b"[1, 2]\n\xff\xfe\n{not json\n")  # not objects
        raw.sendall(tcp.encode({"t": "after", "ok": 1}))
        got = wait_for(host, MESSAGE, [])
    assert got.message == {"t": "after", "ok": 1}
    assert host.abuse == 4


def test_repeated_abuse_closes_the_connection(pair):
    host, joiner = pair()
    wait_for(host, CONNECTED, [])
    joiner.close()
    wait_for(host, DROPPED, [])
    with socket.create_connection(("127.0.0.1", host.port), timeout=5) as raw:
        raw.sendall(tcp.encode({"t": "hello", "code": "ABC234"}))
        wait_for(host, CONNECTED, [])
        raw.sendall(b"junk\n" * tcp.ABUSE_LIMIT)
        dropped = wait_for(host, DROPPED, [])
    assert dropped.why == "too many bad lines"


def test_a_dropped_connection_comes_back_and_carries_on(pair):
    host, joiner = pair(retry_every=0.05)
    wait_for(host, CONNECTED, [])
    wait_for(joiner, CONNECTED, [])
    for _ in range(3):
        host.drop()
        wait_for(joiner, DROPPED, [])
        wait_for(joiner, CONNECTED, [])
        wait_for(host, CONNECTED, [])
    assert joiner.send({"t": "still", "n": 1})
    assert wait_for(host, MESSAGE, []).message == {"t": "still", "n": 1}


def test_a_silent_machine_is_taken_as_gone(pair):
    host, _joiner = pair(silent_after=0.5)
    wait_for(host, CONNECTED, [])
    _joiner.close()  # gone without a word: the host's read times out or ends
    with socket.create_connection(("127.0.0.1", host.port), timeout=5) as raw:
        raw.sendall(tcp.encode({"t": "hello", "code": "ABC234"}))
        wait_for(host, CONNECTED, [])
        dropped = wait_for(host, DROPPED, [])  # the raw client says nothing, not even beats
    assert dropped.why.startswith("silent")


def test_beats_keep_a_quiet_connection_and_are_not_handed_on(pair):
    host, joiner = pair(beat_every=0.05, silent_after=0.4)
    wait_for(host, CONNECTED, [])
    time.sleep(1.0)
    kinds = [a.kind for a in host.receive() + joiner.receive()]
    assert DROPPED not in kinds and MESSAGE not in kinds
    assert host.connected and joiner.connected


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
                                  "[nothost]:80", "ho st:80", "host:\x0080"])
def test_bad_addresses_are_one_line(text):
    with pytest.raises(AddressError) as caught:
        tcp.parse_address(text)
    assert "\n" not in str(caught.value)


def test_local_addresses_end_with_loopback():
    found = tcp.local_addresses()
    assert found[-1] == "127.0.0.1" and len(found) == len(set(found))
