"""Issue 29, item 3: commitments bind a secret, and the dice come from both machines' hash chains:
each link checked against the head committed at the start, each face by HMAC and rejection
sampling, nothing of Python's ``random``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from paintcheck.net.commit import NONCE_BYTES, canonical, commitment, new_nonce, verify
from paintcheck.net.dice import ChainCheck, HashChain, LinkedDice, NeedLinks, face, sha
from paintcheck.net.transport import Transport, memory_pair


def test_a_commitment_opens_with_its_secret_and_nonce_only():
    nonce = new_nonce()
    secret = {"turn": 2, "token": 1, "player": "W3"}
    digest = commitment(secret, nonce)
    assert verify(digest, {"player": "W3", "token": 1, "turn": 2}, nonce)  # canonical: key order aside
    assert not verify(digest, {**secret, "player": "W4"}, nonce)
    assert not verify(digest, secret, new_nonce())
    assert not verify(digest, secret, nonce[:-1])
    assert len(nonce) == NONCE_BYTES and nonce != new_nonce()
    assert canonical({"b": 1, "a": [1, 2]}) == b'{"a":[1,2],"b":1}'


def test_a_chain_link_is_accepted_only_if_it_hashes_back_to_the_head():
    chain = HashChain(length=50)
    check = ChainCheck(chain.head, length=50)
    assert sha(chain.link(1)) == chain.head
    assert check.accept(1, chain.link(1))
    assert not check.accept(1, chain.link(1))  # the same link again: an old reveal
    assert not check.accept(2, chain.link(1))
    assert not check.accept(3, sha(b"chosen"))  # a link of one's choosing
    assert check.accept(4, chain.link(4))  # links skipped over follow from it
    assert check.links[3] == chain.link(3) and check.revealed == 4
    assert not check.accept(51, b"x" * 32)


def test_faces_are_fair_and_need_both_links():
    counts = Counter(face(sha(b"b%d" % i), sha(b"w%d" % i), 7, 0, 6) for i in range(6000))
    assert set(counts) == set(range(1, 7))
    assert all(850 < c < 1150 for c in counts.values())
    blue, white = sha(b"b"), sha(b"w")
    assert face(blue, white, 1, 0, 6) == face(blue, white, 1, 0, 6)
    assert len({face(blue, sha(b"w%d" % i), 1, 0, 20) for i in range(200)}) == 20  # white's link matters
    assert len({face(sha(b"b%d" % i), white, 1, 0, 20) for i in range(200)}) == 20  # so does blue's
    assert len({face(blue, white, n, 0, 20) for n in range(200)}) == 20  # and the roll's purpose


def test_the_dice_never_touch_pythons_random(monkeypatch):
    def no(*_a, **_k):
        raise AssertionError("Python's random was used")
    monkeypatch.setattr(random, "Random", no)
    monkeypatch.setattr(random, "randint", no)
    monkeypatch.setattr(random, "SystemRandom", no)
    dice = LinkedDice(3, 1, {1: sha(b"b")}, {1: sha(b"w")})
    assert 1 <= dice.roll(6) <= 6
    with pytest.raises(NeedLinks) as need:
        dice.roll(6)
    assert need.value.index == 2


def test_a_memory_pair_carries_lines_until_it_is_killed():
    a, b = memory_pair()
    assert isinstance(a, Transport)
    a.send(b"one")
    a.send(b"two")
    assert b.receive() == b"one"
    a.kill()
    assert a.closed and b.closed
    assert b.receive() is None  # what was in flight is lost
    b.send(b"lost")
    assert a.receive() is None
    with pytest.raises(TypeError):
        a.send("text")  # type: ignore[arg-type]
