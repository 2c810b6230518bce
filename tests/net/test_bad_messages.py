"""Issue 29, item 5: anything malformed, too large, out of turn, or from an older protocol version is
refused with one line, logged, and changes nothing; the connection closes only on repeated abuse
(``timing.ABUSE_LIMIT`` refusals in a row). A fuzzed stream of messages crashes nothing."""

from __future__ import annotations

import json
import logging
import random

import pytest

from paintcheck.net import messages, timing
from paintcheck.net.messages import MAX_MESSAGE_BYTES, VERSION, MessageError, decode, encode
from paintcheck.net.peer import Peer, Status
from paintcheck.rules.codec import START_BREAK
from paintcheck.said import Said
from tests.net.pair import Pair

HEX = "ab" * 32


def test_a_message_goes_and_comes_back():
    line = encode({"type": "reveal", "seq": 3, "turn": 2, "token": 1, "player": "W3", "nonce": HEX})
    assert b"\n" not in line
    assert decode(line) == {"v": VERSION, "type": "reveal", "seq": 3, "turn": 2, "token": 1, "player": "W3",
                            "nonce": HEX}


@pytest.mark.parametrize("line, key", [
    (b"\xff\xfe", "net.refused.not_json"),
    (b"{not json", "net.refused.not_json"),
    (b'{"v":1,"type":"heartbeat","x":NaN}', "net.refused.not_json"),
    (b"[" * 100_000, "net.refused.not_json"),
    (b"[1,2]", "net.refused.not_object"),
    (b'{"type":"heartbeat"}', "net.refused.no_version"),
    (b'{"v":0,"type":"heartbeat"}', "net.refused.version"),
    (b'{"v":"1","type":"heartbeat"}', "net.refused.no_version"),
    (b'{"v":1,"type":"gossip"}', "net.refused.unknown_type"),
    (b'{"v":1,"type":"heartbeat","extra":1}', "net.refused.bad_field"),
    (b'{"v":1,"type":"reveal","seq":1,"turn":2,"token":9,"player":"W3","nonce":"' + HEX.encode() + b'"}',
     "net.refused.bad_field"),
    (b'{"v":1,"type":"links","seq":1,"first":1,"links":["zz"]}', "net.refused.bad_field"),
    (b'{"v":1,"type":"state","seq":1,"n":3}', "net.refused.bad_field"),
    (b" " * (MAX_MESSAGE_BYTES + 1), "net.refused.too_large"),
])
def test_a_bad_line_is_refused_in_one_line(line, key):
    with pytest.raises(MessageError) as caught:
        decode(line)
    assert caught.value.reason.key == key
    assert "\n" not in str(caught.value.reason)


def test_an_older_version_is_refused_saying_which():
    with pytest.raises(MessageError) as caught:
        decode(json.dumps({"v": 0, "type": "hello"}).encode())
    said = f"refused: a message of protocol version 0; this program speaks version {VERSION}"
    assert str(caught.value.reason) == said


def _snapshot(peer):
    return (peer.status, peer.received, len(peer.inbox), peer.state.decisions, tuple(sorted(peer.remote)),
            {t: dict(s) for t, s in peer.sealed.received.items()}, dict(peer.sealed.commitments),
            peer.links.other_chain.revealed, peer.secrets.other_sheet_commit, peer.secrets.other_sheet,
            len(peer.outbox), dict(peer.remote_hashes))


def _garbage(rng: random.Random, peer) -> bytes:
    """One line that is no acceptable message now: malformed, or well-formed but out of turn."""
    n, seq = peer.state.decisions, peer.received + 1
    kind = rng.randrange(12)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 80)))
    if kind == 1:
        good = encode({"type": "state", "seq": seq, "n": n + 1, "hash": HEX})
        return good[:rng.randrange(len(good))]
    if kind == 2:
        not_ours = {"v": rng.choice([0, 2, -1, "x"])}
        return json.dumps(rng.choice([[], 3, "hello", None, True, not_ours])).encode()
    if kind == 3:
        return json.dumps({"v": VERSION, "type": rng.choice(["", "HELLO", "roll", "face", "eval"])}).encode()
    message = rng.choice([
        {"type": "decision", "seq": seq, "n": n + 500, "decision": {"type": "dodge", "team": "white"}},
        {"type": "decision", "seq": seq, "n": n + 1, "decision": {"type": "nonsense"}},
        {"type": "orders", "seq": seq, "turn": peer.state.turn + 7, "commitments": [HEX] * 5},
        {"type": "reveal", "seq": seq, "turn": 99, "token": 1, "player": None, "nonce": HEX},
        {"type": "links", "seq": seq, "first": peer.links.other_chain.revealed + 9, "links": [HEX]},
        {"type": "state", "seq": seq, "n": n + 600, "hash": HEX},
        {"type": "sheet", "seq": seq, "sheet": {"type": "sheet"}, "nonce": HEX},
        {"type": "state", "seq": seq + rng.randrange(2, 9), "n": n + 1, "hash": HEX},
        {"type": "hello", "team": "blue", "match": "0" * 32, "chain": HEX, "received": 0, "decisions": 0,
         "hash": HEX, "setup": None},
    ])
    if kind == 4:  # a field of the wrong kind, or one too many, or one missing
        field = rng.choice(sorted(message))
        if field != "type":
            change = rng.randrange(3)
            if change == 0:
                message[field] = rng.choice([None, "x", -1, 1.5, [], {}])
            elif change == 1:
                message["extra"] = 1
            else:
                del message[field]
    return json.dumps({"v": VERSION, **message}).encode()


def _fuzz(count: int, seed: int) -> None:
    pair = Pair(seed, START_BREAK)
    pair.play(until=lambda p: p.host.state.decisions >= 25)
    host = pair.host
    rng = random.Random(seed)
    kept = host.transport
    host.transport = None  # the stream comes straight in (the abuse limit would close a transport)
    before = _snapshot(host)
    proof = host._hash()
    logging.disable(logging.WARNING)  # ten thousand refusals, each logged
    try:
        for _ in range(count):
            host.receive_line(_garbage(rng, host))
            assert _snapshot(host) == before
    finally:
        logging.disable(logging.NOTSET)
    assert host._hash() == proof
    assert len(host.refusals) == count
    host.transport, host.abuse = kept, 0
    pair.play()
    assert pair.statuses() == (Status.OVER, Status.OVER)


def test_a_thousand_fuzzed_messages_change_nothing():
    _fuzz(1000, 3)


@pytest.mark.slow
def test_ten_thousand_fuzzed_messages_change_nothing():
    _fuzz(10_000, 4)


def test_the_connection_closes_only_on_repeated_abuse_and_resumes(caplog):
    pair = Pair(2, START_BREAK)
    pair.play(until=lambda p: p.host.state.decisions >= 10)
    host = pair.host
    with caplog.at_level(logging.WARNING, logger="paintcheck.net.peer"):
        for _ in range(timing.ABUSE_LIMIT - 1):
            host.receive_line(b"garbage")
        assert host.transport is not None and host.status == Status.PLAYING
        host.receive_line(b'{"v":1,"type":"heartbeat"}')  # an acceptable line: the count starts again
        for _ in range(timing.ABUSE_LIMIT - 1):
            host.receive_line(b"garbage")
        assert host.transport is not None
        host.receive_line(b"garbage")
    assert host.transport is None and host.status == Status.WAITING
    assert host.reason == Said("net.wait.abuse", count=timing.ABUSE_LIMIT)
    refused = [r for r in caplog.records if "refused a message" in r.getMessage()]
    assert len(refused) == 2 * timing.ABUSE_LIMIT - 1
    assert all("\n" not in r.getMessage() for r in refused)
    pair.reconnect()
    pair.play()
    assert pair.statuses() == (Status.OVER, Status.OVER)


def test_every_refusal_is_a_catalogue_sentence():
    assert all(isinstance(MessageError(Said("net.refused.not_json")).reason, Said) for _ in range(1))
    assert set(messages.FIELDS) == {"hello", "heartbeat", "decision", "orders", "sheet_commit", "sheet",
                                    "reveal", "links", "state", "stop"}


def test_the_joiner_checks_the_hosts_field_like_any_layout():
    host = Pair(1).host
    hello = json.loads(encode(host._hello()))
    hello["setup"]["layout"] = {**hello["setup"]["layout"], "obstacles": "many"}
    with pytest.raises(MessageError) as caught:
        Peer.join(json.dumps(hello).encode())
    assert caught.value.reason.key == "net.refused.layout"
    with pytest.raises(MessageError) as caught:
        Peer.join(encode({"type": "heartbeat"}))
    assert caught.value.reason.key == "net.refused.no_setup"
    hello = json.loads(encode(host._hello()))
    hello["setup"]["start"] = "turn-9"
    with pytest.raises(MessageError) as caught:
        Peer.join(json.dumps(hello).encode())
    assert caught.value.reason.key == "net.refused.start"
