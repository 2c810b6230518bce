"""Issue 29, item 3: a machine that cheats is caught, every time, with the reason shown: a reveal of
a token other than the one committed, a sheet changed after its commitment, an old reveal replayed,
a die it tries to choose, a player given two tokens, a token given to nobody or to a stranger."""

from __future__ import annotations

import hashlib

import pytest

from paintcheck.net.peer import Status
from paintcheck.net.sealed import OrderSlots
from paintcheck.rules.codec import START_BREAK, START_DEFAULT_TURN2
from tests.net.pair import Pair, tamper

SEEDS = (1, 2, 3)


def _caught(pair: Pair, key: str) -> None:
    pair.play()
    honest = pair.host  # blue is honest; white (the joiner) cheats
    assert honest.status == Status.STOPPED, (honest.status, honest.state.winner)
    assert honest.reason.key == key
    assert str(honest.reason).startswith("the match stops: ")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_reveal_of_another_token_than_the_one_committed_stops_the_match(seed):
    pair = Pair(seed, START_DEFAULT_TURN2)

    def swap(msg):
        if msg["type"] == "reveal" and msg["player"] is not None:
            others = [p for p in ("W1", "W2", "W3", "W4", "W5") if p != msg["player"]]
            return {**msg, "player": others[0]}
        return None
    tamper(pair.joiner, swap)
    _caught(pair, "net.stop.token_mismatch")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_sheet_changed_after_its_commitment_stops_the_match(seed):
    pair = Pair(seed, START_BREAK)

    def change(msg):
        if msg["type"] == "sheet":
            lines = [dict(ln) for ln in msg["sheet"]["lines"]]
            lines[0]["posture"] = "prone" if lines[0]["posture"] != "prone" else "kneeling"
            return {**msg, "sheet": {**msg["sheet"], "lines": lines}}
        return None
    tamper(pair.joiner, change)
    _caught(pair, "net.stop.sheet_mismatch")


@pytest.mark.parametrize("seed", SEEDS)
def test_an_old_reveal_replayed_in_a_later_turn_stops_the_match(seed):
    pair = Pair(seed, START_DEFAULT_TURN2)
    first: dict[int, dict] = {}
    replayed = []

    def replay(msg):
        if msg["type"] != "reveal":
            return None
        token = msg["token"]
        if msg["turn"] == 2:
            first[token] = msg
            return None
        if token in first:  # turn 3 or later: turn 2's opening of the same token again
            replayed.append(token)
            return {**msg, "player": first[token]["player"], "nonce": first[token]["nonce"]}
        return None
    tamper(pair.joiner, replay)
    _caught(pair, "net.stop.token_mismatch")
    assert replayed


def test_an_old_line_received_again_changes_nothing():
    pair = Pair(7, START_DEFAULT_TURN2)
    pair.play(until=lambda p: p.host.state.turn >= 3)
    host = pair.host
    old = [ln for ln in host.inbox if b'"reveal"' in ln][0]
    def seen():
        return host.received, host.state.decisions, host.hashes[host.state.decisions], len(host.refusals)
    before = seen()
    host.receive_line(old)
    assert seen() == before
    pair.play()
    assert pair.statuses() == (Status.OVER, Status.OVER)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_machine_that_tries_to_choose_a_die_is_caught(seed):
    """Its links are the only say it has in a roll: any it chooses (here, whatever gives the faces it
    wants) does not follow the chain it committed to at the start."""
    pair = Pair(seed, START_DEFAULT_TURN2)

    def choose(msg):
        if msg["type"] == "links":
            wished = (f"six please {i}".encode() for i, _ in enumerate(msg["links"]))
            chosen = [hashlib.sha256(w).hexdigest() for w in wished]
            return {**msg, "links": chosen}
        return None
    tamper(pair.joiner, choose)
    _caught(pair, "net.stop.bad_link")
    assert pair.host.reason.values["team"] == "white"


class _Lying(OrderSlots):
    """White's turn-2 tokens as its coach laid them, but token 2 ``given`` otherwise (the commitments
    match the lie: only the reveals can show it; token 1 is the true one, so both engines agree on
    round 1 and the lie shows when token 2 is revealed)."""

    given: object = None

    @classmethod
    def lay(cls, match, turn, team, orders):
        slots = OrderSlots.lay(match, turn, team, orders)
        if team == "white" and turn == 2:
            slots.holders[2] = slots.holders[1] if cls.given == "twice" else cls.given
        return slots


@pytest.mark.parametrize("given, key", [
    ("twice", "net.stop.two_tokens"),
    (None, "net.stop.token_to_nobody"),
    ("B1", "net.stop.token_to_stranger"),
])
def test_tokens_given_twice_to_nobody_or_to_a_stranger_stop_the_match(given, key, monkeypatch):
    monkeypatch.setattr(_Lying, "given", given)
    monkeypatch.setattr("paintcheck.net.peer_secrets.OrderSlots", _Lying)
    _caught(Pair(5, START_DEFAULT_TURN2), key)
