"""Order tokens laid face down on two machines: one commitment per token, opened when it comes.

A coach's orders for a turn are five *slots*, one per token 1..5 (``tables.ORDER_TOKENS``): slot v
says which of his players holds token v, or nobody (a team with fewer than five players on the
field leaves tokens unused). Each slot is committed on its own (``commit.commitment`` over
``{"match", "turn", "team", "token", "player"}`` and a fresh nonce): ``OrderSlots`` is this machine's
side (the secrets, kept here and in its own save), ``SealedOrders`` the other side's, as this
machine's engine sees it (``Engine(sealed=...)``, ``rules.engine.SealedTokens``).

The other machine's engine holds the other team's orders as ``HIDDEN`` tokens on every player it
had on the field; when it needs the next token (``Engine._next_round``), it asks ``SealedOrders.open``
for the other team's slots from the round after the last one up to the lowest token ahead. A slot
not opened yet raises ``TokensSealed`` (the decision is applied again once it is). Both machines
need the same slots at the same moment (their public states are the same), so each opens its own
slot v when its engine needs the other's slot v (``wanted``): no slot is opened before the rules
reveal that token, or that nobody on the field holds it.

An opening is checked when it arrives (``accept``): it must open its commitment, name a player of
that team who was on the field when the tokens were laid, never one named before this turn, and
leave no more slots empty than the team had tokens to spare. Otherwise the match stops with the
reason (``Said``: ``net.stop.*``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from paintcheck.net.commit import commitment, new_nonce, verify
from paintcheck.rules import tables
from paintcheck.rules.state import MatchState
from paintcheck.rules.views import HIDDEN
from paintcheck.said import Said

log = logging.getLogger(__name__)
TOKENS = tuple(sorted(tables.ORDER_TOKENS))


class TokensSealed(Exception):  # noqa: N818 - a request: apply again once the slot is opened
    """The engine needs ``team``'s token ``token`` of turn ``turn``, not opened yet."""

    def __init__(self, team: str, turn: int, token: int) -> None:
        super().__init__(team, turn, token)
        self.team, self.turn, self.token = team, turn, token


class SealedCheat(Exception):  # noqa: N818 - the match stops with ``reason``
    """An opening that does not hold: ``reason`` (a ``Said``) says why."""

    def __init__(self, reason: Said) -> None:
        super().__init__(reason)
        self.reason = reason


def slot_secret(match: str, turn: int, team: str, token: int, player: str | None) -> dict[str, Any]:
    return {"match": match, "turn": turn, "team": team, "token": token, "player": player}


@dataclass
class OrderSlots:
    """This machine's tokens for one turn: who holds each token, and each slot's nonce."""

    match: str
    turn: int
    team: str
    holders: dict[int, str | None]  # token -> player (None: nobody)
    nonces: dict[int, bytes]

    @classmethod
    def lay(cls, match: str, turn: int, team: str, orders: dict[str, int]) -> OrderSlots:
        holders: dict[int, str | None] = {v: None for v in TOKENS}
        for pid, token in orders.items():
            holders[token] = pid
        return cls(match, turn, team, holders, {v: new_nonce() for v in TOKENS})

    def commitments(self) -> list[str]:
        return [commitment(slot_secret(self.match, self.turn, self.team, v, self.holders[v]), self.nonces[v])
                for v in TOKENS]

    def opening(self, token: int) -> tuple[str | None, bytes]:
        return self.holders[token], self.nonces[token]

    def to_dict(self) -> dict[str, Any]:
        return {"match": self.match, "turn": self.turn, "team": self.team,
                "holders": {str(v): p for v, p in self.holders.items()},
                "nonces": {str(v): n.hex() for v, n in self.nonces.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> OrderSlots:
        return cls(data["match"], int(data["turn"]), data["team"],
                   {int(v): p for v, p in data["holders"].items()},
                   {int(v): bytes.fromhex(n) for v, n in data["nonces"].items()})


@dataclass
class SealedOrders:
    """The other team's tokens as this machine knows them: per turn, the slots' commitments and the
    slots opened so far (token -> player or None). Implements ``rules.engine.SealedTokens``."""

    team: str
    match: str
    commitments: dict[int, list[str]] = field(default_factory=dict)  # turn -> one per token
    opened: dict[int, dict[int, str | None]] = field(default_factory=dict)  # turn -> token -> player
    received: dict[int, dict[int, tuple[str | None, bytes]]] = field(default_factory=dict)  # not checked yet
    wanted: tuple[int, int] = (0, 0)  # (turn, token): the highest slot this machine's engine needed
    live: bool = False  # the peer applies a decision of the match (not a coach's search on a copy)

    # -- the engine's side ---------------------------------------------------------------------------
    def open(self, state: MatchState, after: int, ahead: dict[int, dict[str, str]]) -> None:
        if not self.live:  # a search on a view: the other's tokens stay HIDDEN, as in a local view
            return
        turn = state.turn
        slots = self.opened.setdefault(turn, {})
        token = after + 1
        while token <= TOKENS[-1] and (not ahead or token <= min(ahead)):
            self.wanted = max(self.wanted, (turn, token))
            if token not in slots:
                self._check(state, turn, token)  # raises TokensSealed or SealedCheat
            pid = slots[token]
            if pid is not None:
                state.orders[self.team][pid] = token
                if state.players[pid].point is not None:
                    ahead.setdefault(token, {})[self.team] = pid
            token += 1

    def _check(self, state: MatchState, turn: int, token: int) -> None:
        """Check the opening of ``token`` received, against its commitment and the turn's orders (in
        ``state``: the players laid face down), and keep it; ``SealedCheat`` with the reason when it
        does not hold."""
        got = self.received.get(turn, {}).get(token)
        if got is None:
            raise TokensSealed(self.team, turn, token)
        player, nonce = got
        digest = self.commitments[turn][TOKENS.index(token)]
        if not verify(digest, slot_secret(self.match, turn, self.team, token, player), nonce):
            raise SealedCheat(Said("net.stop.token_mismatch", team=self.team, token=token, turn=turn))
        slots = self.opened[turn]
        laid = state.orders[self.team]  # the players it had on the field, HIDDEN or revealed
        if player is not None and player not in laid:
            raise SealedCheat(Said("net.stop.token_to_stranger", team=self.team, token=token, player=player))
        if player is not None and player in slots.values():
            raise SealedCheat(Said("net.stop.two_tokens", team=self.team, player=player))
        spare = len(TOKENS) - len(laid)
        if player is None and sum(1 for p in slots.values() if p is None) >= spare:
            raise SealedCheat(Said("net.stop.token_to_nobody", team=self.team, token=token))
        slots[token] = player

    # -- the network's side --------------------------------------------------------------------------
    def laid(self, turn: int, commitments: list[str]) -> None:
        self.commitments[turn] = list(commitments)

    def receive(self, turn: int, token: int, player: str | None, nonce: bytes) -> Said | None:
        """Keep an opening until the engine needs it (checked then); a refusal (``net.refused.*``)
        when it cannot be the next one: a turn whose tokens were not laid, or a token out of order."""
        if turn not in self.commitments:
            return Said("net.refused.reveal_turn", turn=turn)
        got = self.received.setdefault(turn, {})
        if token != len(got) + 1:
            return Said("net.refused.reveal_order", token=token, expected=len(got) + 1)
        got[token] = (player, nonce)
        return None


def sealed_orders(state: MatchState, team: str) -> tuple[tuple[str, int], ...]:
    """The other team's orders as laid face down: each of its players on the field, ``HIDDEN``."""
    return tuple((p.id, HIDDEN) for p in sorted(state.team_players(team), key=lambda p: p.id))
