"""What each coach keeps secret in a networked match, one side's part of it (docs/network.md): this
coach's order tokens (committed to when laid, each opened only when the other's engine needs it)
and break sheet (committed to, shown once both are in), and the other coach's commitments, checked
when they are opened. ``peer.Peer`` holds one and gives it its doors to the other machine: ``send`` a
numbered message, ``stop`` the match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paintcheck.net.commit import commitment, new_nonce, verify
from paintcheck.net.sealed import OrderSlots, SealedOrders
from paintcheck.rules import codec
from paintcheck.rules.actions import AssignOrders, BreakSheet
from paintcheck.rules.codec import CodecError
from paintcheck.rules.state import SHEETS, MatchState
from paintcheck.rules.vocab import Team
from paintcheck.said import Said


class Secrets:
    """This coach's sealed orders and sheet, and the other's (``sealed``: its tokens as the engine
    reads them, in the match ``sealed.match``)."""

    def __init__(self, team: Team, other: Team, sealed: SealedOrders, send: Callable[[dict[str, Any]], None],
                 stop: Callable[[Said], None]) -> None:
        self.team, self.other = team, other
        self.sealed = sealed
        self.slots: dict[int, OrderSlots] = {}  # this machine's tokens, per turn
        self.slots_sent: dict[int, int] = {}  # turn -> own tokens opened up to
        self.sheet: tuple[BreakSheet, bytes] | None = None  # this coach's sheet and its nonce
        self.sheet_sent = False
        self.other_sheet_commit: str | None = None
        self.other_sheet: BreakSheet | None = None
        self.send = send
        self.stop = stop

    @property
    def match(self) -> str:
        """The match's id, the one its sealed orders are committed to."""
        return self.sealed.match

    # -- this coach's ------------------------------------------------------------------------------
    def lay_sheet(self, sheet: BreakSheet, nonce: bytes | None) -> None:
        """This coach's sheet, committed to (``nonce``: a save's, else a new one)."""
        nonce = nonce or new_nonce()
        self.sheet = (sheet, nonce)
        self.send({"type": "sheet_commit", "commitment": commitment(self.secret(sheet), nonce)})
        self.open_sheet()

    def lay_orders(self, turn: int, orders: AssignOrders, slots: OrderSlots | None) -> None:
        """This coach's tokens of ``turn``, committed to (``slots``: a save's, else laid anew)."""
        slots = slots or OrderSlots.lay(self.match, turn, self.team, dict(orders.orders))
        self.slots[turn] = slots
        self.send({"type": "orders", "turn": turn, "commitments": slots.commitments()})

    def open_slots(self) -> None:
        """Open this machine's tokens up to the one its engine needed of the other's (the same
        one the other's engine needs of this machine's)."""
        turn, token = self.sealed.wanted
        slots = self.slots.get(turn)
        if slots is None:
            return
        for v in range(self.slots_sent.get(turn, 0) + 1, token + 1):
            player, nonce = slots.opening(v)
            self.send({"type": "reveal", "turn": turn, "token": v, "player": player, "nonce": nonce.hex()})
            self.slots_sent[turn] = v

    def open_sheet(self) -> None:
        """This coach's sheet shown, once both sheets are committed to."""
        if self.sheet is not None and self.other_sheet_commit is not None and not self.sheet_sent:
            sheet, nonce = self.sheet
            self.sheet_sent = True
            self.send({"type": "sheet", "sheet": codec.decision_to_dict(sheet), "nonce": nonce.hex()})

    def secret(self, sheet: BreakSheet) -> dict[str, Any]:
        return {"match": self.match, "team": sheet.team, "sheet": codec.decision_to_dict(sheet)}

    def orders_commitments(self, s: MatchState) -> dict[Team, list[str] | None]:
        """The commitments of the orders the engine holds in ``s`` (laid early or late, the same)."""
        mine = self.slots.get(s.turn)
        return {self.team: mine.commitments() if mine and s.orders[self.team] else None,
                self.other: self.sealed.commitments.get(s.turn) if s.orders[self.other] else None}

    # -- the other's, as it arrives ----------------------------------------------------------------
    def on_orders(self, msg: dict[str, Any], s: MatchState) -> Said | None:
        turn = msg["turn"]
        if turn not in (s.turn, s.turn + 1) or turn in self.sealed.commitments:
            return Said("net.refused.orders_turn", turn=turn)
        self.sealed.laid(turn, msg["commitments"])
        return None

    def on_sheet_commit(self, msg: dict[str, Any], s: MatchState) -> Said | None:
        if s.phase != SHEETS or self.other_sheet_commit is not None:
            return Said("net.refused.sheet_turn")
        self.other_sheet_commit = msg["commitment"]
        self.open_sheet()
        return None

    def on_sheet(self, msg: dict[str, Any]) -> Said | None:
        if self.other_sheet_commit is None or not self.sheet_sent or self.other_sheet is not None:
            return Said("net.refused.sheet_turn")
        try:
            sheet = codec.decision_from_dict(msg["sheet"])
        except CodecError as exc:
            return Said("net.refused.decision", problem=exc.problem)
        if not isinstance(sheet, BreakSheet) or sheet.team != self.other:
            return Said("net.refused.decision_kind")
        if not verify(self.other_sheet_commit, self.secret(sheet), bytes.fromhex(msg["nonce"])):
            self.stop(Said("net.stop.sheet_mismatch", team=self.other))
            return None
        self.other_sheet = sheet
        return None

    def on_reveal(self, msg: dict[str, Any]) -> Said | None:
        return self.sealed.receive(msg["turn"], msg["token"], msg["player"], bytes.fromhex(msg["nonce"]))
