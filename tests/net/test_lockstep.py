"""Issue 29, items 2 and 4's logic: two machines play the same match, decision for decision, and
prove it; a mismatch stops both with the decision named; a dropped connection and a closed window
resume to the same state on both sides."""

from __future__ import annotations

import random

import pytest

from paintcheck.net import timing
from paintcheck.net.peer import Status
from paintcheck.net.record import NetRecordError, load_peer, saving_to
from tests.net.pair import Pair, local_match


def _events(peer):
    return [e.to_dict() for e in peer.events]


def _same_as_local(seed: int) -> None:
    pair = Pair(seed).play()
    state, events, _ = local_match(seed)
    assert pair.statuses() == (Status.OVER, Status.OVER), (pair.host.reason, pair.joiner.reason)
    local = [e.to_dict() for e in events]
    assert _events(pair.host) == local
    assert _events(pair.joiner) == local
    assert (pair.host.state.winner, pair.host.state.end_reason) == (state.winner, state.end_reason)
    assert pair.host.faces == pair.joiner.faces == [e.value for e in events if type(e).__name__ == "Rolled"]


@pytest.mark.parametrize("seed", range(4))
def test_a_networked_match_is_the_local_match_with_the_same_dice(seed):
    _same_as_local(seed)


@pytest.mark.slow
def test_two_hundred_networked_matches_are_the_local_ones():
    for seed in range(100, 300):
        _same_as_local(seed)


def test_every_decision_is_proved_by_both_machines():
    pair = Pair(3).play()
    n = pair.host.state.decisions
    assert set(pair.host.hashes) == set(range(1, n + 1)) == set(pair.joiner.remote_hashes)
    assert pair.host.hashes == pair.joiner.hashes


def test_a_state_that_differs_stops_both_machines_naming_the_decision(tmp_path):
    pair = Pair(4)
    saved = {}
    for team, peer in pair.peers.items():
        peer.on_save = (lambda t: lambda p: saved.setdefault(t, []).append(p.state.decisions))(team)
    pair.play(until=lambda p: p.joiner.state.decisions >= 20)
    # the joiner's machine goes wrong: one of its players stands elsewhere
    state = pair.joiner.state.copy()
    pid = next(pid for pid, p in state.players.items() if p.point is not None and p.team == "white")
    x, y = state.players[pid].point
    state.players[pid].point = (x + 1, y)
    pair.joiner.state = state
    pair.play()
    assert pair.statuses() == (Status.STOPPED, Status.STOPPED)
    for peer in pair.peers.values():
        assert peer.reason.key == "net.stop.state_differs"
        n = peer.reason.values["decision"]
        assert 20 < n <= 23
        assert str(peer.reason) == f"the match stops: the other machine's state differs after decision {n}"
    assert saved["blue"] and saved["white"]  # both records saved when it stopped


def _hashes_agree(pair) -> None:
    host, joiner = pair.host, pair.joiner
    assert host.state.decisions == joiner.state.decisions
    assert host.hashes == joiner.hashes


def _drops(count: int, seed: int) -> None:
    rng = random.Random(seed)
    drops = 0
    while drops < count:
        pair = Pair(seed)
        state, events, _ = local_match(seed)
        while not pair.done():
            for _ in range(rng.randrange(1, 40)):
                pair.step()
                if pair.done():
                    break
            if pair.done():
                break
            pair.wires[-1][0].kill()  # mid-turn: whatever was in flight is lost
            drops += 1
            pair.step()  # both notice: waiting for the other coach
            assert pair.host.status in (Status.WAITING, Status.OVER)
            assert pair.joiner.status in (Status.WAITING, Status.OVER)
            assert pair.host.reason is None or pair.host.reason.key == "net.wait.dropped"
            pair.reconnect()
        assert pair.statuses() == (Status.OVER, Status.OVER)
        _hashes_agree(pair)
        assert _events(pair.host) == _events(pair.joiner) == [e.to_dict() for e in events]
        seed += 1


def test_three_dropped_connections_resume_to_the_same_state():
    _drops(3, 10)  # the quick run's; the fifty below run with the slow walks


@pytest.mark.slow
def test_fifty_dropped_connections_resume_to_the_same_state():
    _drops(50, 29)


def test_a_silent_machine_is_named_after_the_timeout():
    pair = Pair(5)
    pair.play(until=lambda p: p.host.state.decisions >= 5)
    host = pair.host
    host.poll(pair.now)  # everything the other sent is read: from now on it says nothing
    host.poll(pair.now + timing.SILENT_AFTER - 0.5)
    assert host.status == Status.PLAYING
    host.poll(pair.now + timing.SILENT_AFTER + 1)
    assert host.status == Status.WAITING and host.reason.key == "net.wait.silent"
    pair.now = host.now
    pair.step()  # the other's heartbeat is due: it answers again
    pair.step()
    assert host.status == Status.PLAYING and host.reason is None
    pair.play()  # the match goes on to its end
    assert pair.statuses() == (Status.OVER, Status.OVER)


@pytest.mark.parametrize("seed, part", [(6, 1 / 3), pytest.param(7, 1 / 8, marks=pytest.mark.slow),
                                        pytest.param(8, 3 / 4, marks=pytest.mark.slow)])
def test_both_machines_resume_from_their_own_saves(tmp_path, seed, part, caplog):
    """Both windows closed ``part`` of the way through the match (early, a third, late: a fraction,
    so that a rules change that makes the seed's match shorter keeps the resume inside it)."""
    pair = Pair(seed)
    paths = {team: tmp_path / f"{team}.json" for team in ("blue", "white")}
    for team, peer in pair.peers.items():
        peer.on_save = saving_to(paths[team])
    state, events, _ = local_match(seed)
    at = round(state.decisions * part)
    pair.play(until=lambda p: p.host.state.decisions >= at)
    for _ in range(seed % 3):
        pair.step()  # somewhere in the messages between two decisions
    pair.wires[-1][0].kill()  # both windows closed
    closed = pair.peers
    pair.host = load_peer(paths["blue"])
    pair.joiner = load_peer(paths["white"])
    for team, peer in pair.peers.items():
        assert peer.status == Status.WAITING and peer.state.decisions >= at - 3
        n = peer.state.decisions
        assert peer.hashes[n] == closed[team].hashes[n]  # the state it had reached
        assert closed[team].outbox[:len(peer.outbox)] == peer.outbox
        peer.on_save = saving_to(paths[team])
    assert "differ from the saved ones" not in caplog.text
    pair.reconnect()
    pair.play()
    assert pair.statuses() == (Status.OVER, Status.OVER)
    assert (pair.host.state.winner, pair.host.state.end_reason) == (state.winner, state.end_reason)
    assert _events(pair.host)[-5:] == [e.to_dict() for e in events][-5:]
    _hashes_agree(pair)


def test_a_save_holds_its_own_secrets_and_the_others_commitments_only(tmp_path):
    pair = Pair(9)
    paths = {team: tmp_path / f"{team}.json" for team in ("blue", "white")}
    for team, peer in pair.peers.items():
        peer.on_save = saving_to(paths[team])
    # mid-turn: tokens laid, some revealed, some still face down
    pair.play(until=lambda p: p.host.state.turn >= 3 and p.host.state.round == 2
              and p.host.state.phase == "declare")
    turn = pair.host.state.turn
    for team, other in (("blue", "white"), ("white", "blue")):
        text = paths[team].read_text(encoding="utf-8")
        own, theirs = pair.peers[team].secrets.slots[turn], pair.peers[other].secrets.slots[turn]
        assert all(nonce.hex() in text for nonce in own.nonces.values())  # its own secrets: all
        assert pair.peers[team].links.chain.seed.hex() in text
        hidden = [v for v in theirs.nonces if v > 2]  # the other's tokens of rounds to come
        assert hidden and not any(theirs.nonces[v].hex() in text for v in hidden)
        assert all(c in text for c in theirs.commitments())  # ... as commitments only
        assert pair.peers[other].links.chain.seed.hex() not in text
    assert oct(paths["blue"].stat().st_mode & 0o777) == "0o600"


def test_a_damaged_save_is_refused_in_one_line_naming_the_file(tmp_path):
    path = tmp_path / "net.json"
    path.write_text('{"format": "paintcheck-net/1", "team": "blue"}', encoding="utf-8")
    with pytest.raises(NetRecordError) as caught:
        load_peer(path)
    said = str(caught.value.args[0])
    assert said.startswith(f"{path}: a networked match that does not replay") and "\n" not in said
    path.write_text('{"format": "paintcheck-match/1"}', encoding="utf-8")
    with pytest.raises(NetRecordError) as caught:
        load_peer(path)
    assert str(caught.value.args[0]) == f"{path}: not a networked match (format paintcheck-net/1)"
