"""Issue 29, item 3, the leak test: every byte each machine received before each reveal is checked:
no face-down token and no unrevealed sheet appears in it, nor can be derived from it (the
commitments only: no nonce that opens one); the same harness finds a planted leak.

When is a secret revealed? A token (turn t, token v) when the rules reveal it: while the receiving
machine's engine applies the decision that opens it (``reveal_at``, recorded by the honest engine
itself); a line the sender wrote while it had applied fewer decisions than that is *before* the
reveal. A sheet when both commitments are in: a line the sender wrote before it had the other's
commitment is before."""

from __future__ import annotations

import json
import re

from paintcheck.game import PaintcheckGame
from paintcheck.net.commit import commitment
from paintcheck.net.peer import Peer, Status
from paintcheck.net.peer_secrets import Secrets
from paintcheck.net.sealed import TOKENS, slot_secret
from paintcheck.rules import codec
from paintcheck.rules.codec import START_BREAK
from paintcheck.rules.dice import Dice
from paintcheck.seam.seen import look
from tests.net.pair import Pair, Wire

HEX64 = re.compile(rb"[0-9a-f]{64}")


def spied(seed: int) -> tuple[Pair, dict, dict]:
    """A pair whose lines are recorded with their sender's progress, and whose engines record the
    decision that reveals each of the other side's tokens."""
    pair = Pair(seed, START_BREAK)
    sent: dict[str, list] = {"blue": [], "white": []}
    reveal_at: dict[str, dict] = {"blue": {}, "white": {}}  # receiver -> (turn, token) -> decision
    for team, peer in pair.peers.items():
        def record(line, peer=peer, team=team):
            sent[team].append((line, peer.state.decisions, peer.secrets.other_sheet_commit is not None))
            return line
        peer.transport = Wire(peer.transport, record)
        sealed, table = peer.sealed, reveal_at[team]
        inner = sealed.open

        def open_(state, after, ahead, inner=inner, sealed=sealed, table=table):
            try:
                inner(state, after, ahead)
            finally:
                for turn, slots in sealed.opened.items():
                    for token in slots:
                        table.setdefault((turn, token), state.decisions + 1)
        sealed.open = open_
    pair.play()
    return pair, sent, reveal_at


def leaks(pair: Pair, sent: dict, reveal_at: dict) -> list[str]:
    found = []
    for sender, receiver in (("blue", "white"), ("white", "blue")):
        peer: Peer = pair.peers[sender]
        lines = sent[sender]
        players = [None, *sorted(pid for pid in peer.state.players if pid[0] == sender[0].upper())]
        for turn, slots in peer.secrets.slots.items():
            digests = slots.commitments()
            for i, token in enumerate(TOKENS):
                when = reveal_at[receiver].get((turn, token), 10**9)
                before = [line for line, done, _ in lines if done + 1 < when]
                nonce = slots.nonces[token].hex().encode()
                if any(nonce in line for line in before):
                    found.append(f"{sender}'s token {token} of turn {turn}: its nonce sent before its reveal")
                candidates = {bytes.fromhex(h.decode()) for line in before for h in HEX64.findall(line)}
                for guess in candidates:
                    for player in players:
                        secret = slot_secret(peer.match, turn, sender, token, player)
                        if commitment(secret, guess) == digests[i]:
                            found.append(f"{sender}'s token {token} of turn {turn}: derivable before")
        if peer.secrets.sheet is not None:
            sheet, nonce = peer.secrets.sheet
            before = [line for line, _, both_in in lines if not both_in]
            first_line = codec.decision_to_dict(sheet)["lines"][0]
            shown = b'"actions":' + json.dumps(first_line["actions"], separators=(",", ":")).encode()
            if any(nonce.hex().encode() in line for line in before):
                found.append(f"{sender}'s sheet: its nonce sent before both sheets were in")
            if any(b'"type":"sheet"' in line and shown in line for line in before):
                found.append(f"{sender}'s sheet: sent before both sheets were in")
    return found


def test_nothing_secret_is_received_before_the_rules_reveal_it():
    for seed in (1, 2):
        pair, sent, reveal_at = spied(seed)
        assert pair.statuses() == (Status.OVER, Status.OVER)
        assert reveal_at["blue"] and reveal_at["white"]  # tokens were revealed, and checked
        assert all(peer.secrets.sheet is not None for peer in pair.peers.values())
        assert leaks(pair, sent, reveal_at) == []


def test_the_harness_finds_a_token_opened_one_round_early(monkeypatch):
    honest = Secrets.open_slots

    def one_more(self):
        turn, token = self.sealed.wanted
        if self.team == "white" and token < TOKENS[-1]:
            self.sealed.wanted = (turn, token + 1)
            try:
                honest(self)
            finally:
                self.sealed.wanted = (turn, token)
        else:
            honest(self)
    monkeypatch.setattr(Secrets, "open_slots", one_more)
    found = leaks(*spied(1))
    assert found and all(f.startswith("white's token") for f in found)


def test_the_harness_finds_a_sheet_sent_before_both_are_in(monkeypatch):
    def at_once(self):
        if self.sheet is not None and not self.sheet_sent and self.team == "white":
            sheet, nonce = self.sheet
            self.sheet_sent = True
            self.send({"type": "sheet", "sheet": codec.decision_to_dict(sheet), "nonce": nonce.hex()})
    monkeypatch.setattr(Secrets, "open_sheet", at_once)
    pair = Pair(1, START_BREAK)
    sent = {"blue": [], "white": []}
    peer = pair.joiner
    peer.transport = Wire(peer.transport, lambda line: sent["white"].append(
        (line, peer.state.decisions, peer.secrets.other_sheet_commit is not None)) or line)
    # white's coach hands his sheet in first, before blue's commitment can have come
    peer.decide(pair.coaches["white"].decide(look(PaintcheckGame.on(peer.table), peer.state, "white")))
    for _ in range(20):  # the honest machine refuses the early sheet: the match waits; the bytes came
        pair.step()
    assert any(r.key == "net.refused.sheet_turn" for r in pair.host.refusals)
    found = leaks(pair, sent, {"blue": {}, "white": {}})
    assert any("white's sheet" in f for f in found)


def test_a_search_on_the_machines_own_engine_opens_no_token():
    """A computer coach searches by applying decisions to copies of its view: on a networked table
    that must never ask for (nor open) a token of the other side, whatever engine it is handed."""
    pair = Pair(3)
    pair.play(until=lambda p: p.host.state.turn >= 3 and p.host.state.phase == "declare")
    host = pair.host
    wanted, sent = host.sealed.wanted, len(host.outbox)
    game = PaintcheckGame(host.engine)  # the sealed engine itself, misused by a search
    coaches = {team: game.playout_coach(team, 1) for team in ("blue", "white")}
    state, dice = host.view(), Dice(1)
    rounds = state.round
    while state.phase != "orders" and game.outcome(state) is None:
        seat = game.to_move(state)
        state, _ = game.apply(state, coaches[seat].decide(look(game, state, seat)), dice)
    assert state.round != rounds or state.phase == "orders"  # the search crossed a round's end
    assert (host.sealed.wanted, len(host.outbox)) == (wanted, sent)
    pair.play()
    assert pair.statuses() == (Status.OVER, Status.OVER)
