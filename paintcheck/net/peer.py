"""One machine's side of a networked match: what the window (or a test) drives.

The protocol is in docs/network.md; a networked save in ``paintcheck.net.record``.

The window's side, in full::

    host:   peer = Peer.host_match(table, Team.BLUE, START_BREAK, on_save=record.saving_to(path))
            peer.connect(transport, now)  # sends its hello (with the field, as data)
    joiner: line = transport.receive()    # the host's hello, first line on the connection
            peer = Peer.join(line, on_save=...)  # MessageError (one line) if it is none, or its
            peer.connect(transport, now)  #   field is no valid layout; then hand it the line:
            peer.receive_line(line)
    resume: peer.connect(new_transport, now)  # after a drop (same address or another); or
            peer = record.load_peer(path); peer.connect(...)  # *Continue*, on both machines
    every frame:
        events = peer.poll(now)       # reads what arrived, advances the match, sends heartbeats;
                                      # never blocks; returns the engine events new since the
                                      # last poll (``peer.events``: all of them)
        peer.status                   # Status.WAITING / PLAYING / OVER / STOPPED
        peer.reason                   # why STOPPED (a Said: a catalogue key, shown in one line),
                                      # or who went silent while WAITING
        peer.view()                   # the state the window shows: its own coach's view only
        peer.my_turn()                # True when the match waits for this machine's coach
    when its coach decides:
        peer.decide(decision)         # an AssignOrders / BreakSheet / Declare / React / Dodge /
                                      # ChooseTarget of this machine's team; refused at once with
                                      # IllegalActionError(reason) when the engine refuses it.
                                      # Orders and sheets may be handed in as soon as the phase
                                      # opens (the two coaches write them at the same time).
    peer.stop()                       # this coach stops: the match is saved, the other told.

The other coach's decisions and the reveals reach the window only as engine events from ``poll``
(``TokensRevealed`` when token k is revealed, ``SheetsRevealed`` when both sheets are in, each
``Rolled``): the window never receives the other side's secrets before the rules reveal them,
because this machine never has them.

Status values:
- ``WAITING``: no transport, a dropped one, or the other machine silent longer than
  ``timing.SILENT_AFTER`` ("waiting for the other coach…"); the match resumes by itself on the
  next ``connect``; the coach may also ``stop()`` (saved).
- ``PLAYING``: connected, the match goes on.
- ``OVER``: the match has ended (``peer.outcome``); the record is saved.
- ``STOPPED``: the match cannot go on; ``reason`` says why (a commitment that does not match, the
  other machine's state differs after decision n, the other coach stopped). Both records are
  saved, the other machine told. Refused messages (``refusals``) never stop the match: twenty in a
  row close the connection (``WAITING``).
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from paintcheck.field.lattice import other_team
from paintcheck.field.layout import LayoutError
from paintcheck.net import messages, timing
from paintcheck.net.commit import canonical, state_hash
from paintcheck.net.dice import HashChain, NeedLinks
from paintcheck.net.messages import MessageError
from paintcheck.net.peer_links import DiceLinks
from paintcheck.net.peer_secrets import Secrets
from paintcheck.net.sealed import OrderSlots, SealedCheat, SealedOrders, TokensSealed, sealed_orders
from paintcheck.net.transport import Transport
from paintcheck.rules import codec, views
from paintcheck.rules.actions import AssignOrders, BreakSheet, Decision, IllegalActionError
from paintcheck.rules.break_turn import why_sheet_illegal
from paintcheck.rules.codec import START_BREAK, STARTS, CodecError
from paintcheck.rules.engine import Engine
from paintcheck.rules.events import Event
from paintcheck.rules.legality import why_orders_illegal
from paintcheck.rules.state import ORDERS, OVER, PHASE_DECISIONS, SHEETS, MatchState
from paintcheck.rules.vocab import Team
from paintcheck.said import Said
from paintcheck.table import Table

log = logging.getLogger(__name__)
HOSTS_FIELD = "<the host's field>"
LOOKAHEAD = 64  # a decision or proof may come this many decisions ahead of this machine's engine


class Status(StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"
    STOPPED = "stopped"


def new_match_id() -> str:
    return secrets.token_hex(16)


def public_data(state: MatchState) -> Any:
    """What both machines know alike of ``state``: its public view (``views.public_view``) as plain
    data (``MatchState.to_dict``'s, made without ``asdict``'s deep copies: a proof per decision)."""
    return _plain(views.public_view(state))


def _plain(value: Any) -> Any:
    names = getattr(type(value), "__dataclass_fields__", None)
    if names is not None:
        return {name: _plain(getattr(value, name)) for name in names}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


class Peer:
    """One machine's side of a networked match: its own team's coach decides here; the other's
    decisions, commitments, reveals and dice links arrive through a ``Transport``. The dice chains
    are its ``links`` (``peer_links.DiceLinks``), both coaches' sealed orders and sheets its
    ``secrets`` (``peer_secrets.Secrets``); it keeps the lockstep and the connection."""

    def __init__(self, table: Table, team: str, match: str, start: str, *, host: bool,
                 chain: HashChain | None = None, on_save: Callable[[Peer], None] | None = None) -> None:
        self.table = table
        self.team, self.other = Team(team), Team(other_team(team))
        self.match, self.start, self.host = match, start, host
        self.sealed = SealedOrders(self.other, match)
        self.engine = Engine(table.measurer, checks=True, sealed=self.sealed)
        self.state: MatchState = table.start_break() if start == START_BREAK else table.start()
        self.events: list[Event] = []
        self.decisions: list[Decision] = []  # applied, in order; the other side's orders face down
        self.faces: list[int] = []  # every die rolled, in order (the record's rolls)
        self.links = DiceLinks(self.team, self.other, chain or HashChain(), self._send, self._stop)
        self.secrets = Secrets(self.team, self.other, self.sealed, self._send, self._stop)
        self.local: Decision | None = None  # this coach's decision, waiting for its turn
        self.local_log: list[dict[str, Any]] = []  # every decision this coach handed in, and when
        self.remote: dict[int, Decision] = {}  # decision number -> the other coach's decision
        self.hashes: dict[int, str] = {}
        self.remote_hashes: dict[int, str] = {}
        self.outbox: list[bytes] = []  # every numbered message sent, in order (re-sent on resume)
        self.inbox: list[bytes] = []  # every numbered message accepted, in order (the save replays it)
        self.received = 0
        self.transport: Transport | None = None
        self.linked = False  # the other's hello came on this transport
        self.status = Status.WAITING
        self.reason: Said | None = None
        self.refusals: list[Said] = []
        self.abuse = 0  # refused messages in a row
        self.last_heard: float | None = None
        self.last_sent: float | None = None
        self.now = 0.0
        self._fresh: list[Event] = []
        self._restoring = False
        self.restored = Restored()
        self.on_save = on_save

    # -- the window's side -----------------------------------------------------------------------
    @classmethod
    def host_match(cls, table: Table, team: str, start: str, **kw: Any) -> Peer:
        """The host's side: a new match on ``table`` (the field the joiner will play on)."""
        return cls(table, team, new_match_id(), start, host=True, **kw)

    @classmethod
    def join(cls, hello: bytes, **kw: Any) -> Peer:
        """The joiner's side, from the host's first line (its hello, with the field as data, checked
        like any layout); ``MessageError`` (one line) when it is none. Then ``connect`` and hand the
        same line to ``receive_line``."""
        msg = messages.decode(hello)
        setup = msg.get("setup")
        if msg["type"] != "hello" or setup is None:
            raise MessageError(Said("net.refused.no_setup"))
        if setup["start"] not in STARTS:
            raise MessageError(Said("net.refused.start", start=setup["start"]))
        try:
            table = Table.from_layout_data(setup["layout"], HOSTS_FIELD)
        except LayoutError as exc:
            raise MessageError(Said("net.refused.layout", problem=str(exc))) from None
        return cls(table, other_team(msg["team"]), msg["match"], setup["start"], host=False, **kw)

    def connect(self, transport: Transport, now: float = 0.0) -> None:
        """Talk through ``transport`` from now on (the first one, or a new one after a drop)."""
        if self.transport is not None and self.transport is not transport:
            self.transport.close()
        self.transport, self.linked, self.now = transport, False, now
        self.last_heard = now
        if self.status == Status.PLAYING:
            self.status = Status.WAITING
        self._write(messages.encode(self._hello()))

    def poll(self, now: float | None = None) -> list[Event]:
        """Read what arrived, advance the match, keep the connection alive; the new events."""
        if now is not None:
            self.now = now
        transport = self.transport
        if transport is not None:
            while (line := transport.receive()) is not None:
                self.last_heard = self.now
                self.receive_line(line)
                if self.transport is None:
                    break
            if transport.closed and self.transport is transport:
                self._dropped(Said("net.wait.dropped"))
            elif self.linked and self.status == Status.WAITING and self.last_heard == self.now:
                self.status, self.reason = Status.PLAYING, None  # it answers again
        if self.transport is not None and self.status not in (Status.STOPPED,):
            if self.last_sent is None or self.now - self.last_sent >= timing.HEARTBEAT_EVERY:
                self._write(messages.encode({"type": "heartbeat"}))
            if self.last_heard is not None and self.now - self.last_heard >= timing.SILENT_AFTER:
                if self.status == Status.PLAYING:
                    self.status = Status.WAITING
                self.reason = Said("net.wait.silent", seconds=int(self.now - self.last_heard))
        fresh, self._fresh = self._fresh, []
        return fresh

    def view(self) -> MatchState:
        return views.view(self.state, self.team)

    def my_turn(self) -> bool:
        """Whether the match waits for this machine's coach."""
        s = self.state
        if self.status in (Status.STOPPED, Status.OVER) or s.phase == OVER:
            return False
        if s.phase == SHEETS:
            return self.secrets.sheet is None
        if s.phase == ORDERS:
            return s.turn not in self.secrets.slots and s.count_on_field(self.team) > 0
        return self.engine.to_move(s) == self.team and self.local is None

    def decide(self, decision: Decision) -> None:
        """This coach's decision; ``IllegalActionError`` (the reason) when refused now."""
        if getattr(decision, "team", None) != self.team:
            raise IllegalActionError(Said("net.refused.not_your_team", team=self.team))
        if not self.my_turn():
            raise IllegalActionError(Said("net.refused.not_now"))
        # this machine plays exactly what the other receives: the decision as the protocol writes it
        decision = codec.decision_from_dict(json.loads(canonical(codec.decision_to_dict(decision))))
        s = self.state
        if isinstance(decision, BreakSheet):
            reason = why_sheet_illegal(s, decision, self.engine.m)
            if reason:
                raise IllegalActionError(reason)
            self.secrets.lay_sheet(decision, self.restored.sheet_nonce)
        elif isinstance(decision, AssignOrders):
            if s.phase != ORDERS:
                raise IllegalActionError(Said("net.refused.not_now"))
            reason = why_orders_illegal(s, decision)
            if reason:
                raise IllegalActionError(reason)
            self.secrets.lay_orders(s.turn, decision, self.restored.slots.pop(s.turn, None))
            self.local = decision
        else:
            reason = self.engine.why_illegal(s, decision)
            if reason:
                raise IllegalActionError(reason)
            self._send({"type": "decision", "n": s.decisions + 1,
                        "decision": codec.decision_to_dict(decision)})
            self.local = decision
        # when, among the messages received, so that a save replays it at the same moment
        self.local_log.append({"after": len(self.inbox), "decision": codec.decision_to_dict(decision)})
        self._advance()
        self._saved()

    def stop(self) -> None:
        """This coach stops the match: the other is told, the record saved."""
        if self.status in (Status.STOPPED, Status.OVER):
            return
        self._stop(Said("net.stop.you_stopped"))

    @property
    def outcome(self) -> tuple[str | None, str | None]:
        return self.state.winner, self.state.end_reason

    # -- receiving -------------------------------------------------------------------------------
    def receive_line(self, line: bytes) -> None:
        """One line from the other machine: refused (one line, logged, nothing changed) or taken."""
        if self.status == Status.STOPPED:
            return
        try:
            msg = messages.decode(line)
        except MessageError as exc:
            self._refuse(exc.reason)
            return
        kind = msg["type"]
        if kind == "heartbeat":
            self.abuse = 0  # an acceptable line: the count of refusals in a row starts again
            return
        if kind == "hello":
            self._refuse_or_take(self._on_hello(msg))
            return
        if not self.linked:
            self._refuse(Said("net.refused.before_hello", kind=kind))
            return
        seq = msg["seq"]
        if seq <= self.received:
            log.debug("message %d received again (a resume): dropped", seq)
            return
        if seq != self.received + 1:
            self._refuse(Said("net.refused.seq", seq=seq, expected=self.received + 1))
            return
        reason = self._handlers()[kind](msg)
        if reason is not None:
            self._refuse(reason)
            return
        self.received = seq
        self.inbox.append(bytes(line))
        self.abuse = 0
        done = self.state.decisions
        self._advance()
        if self.state.decisions != done:
            self._saved()  # a decision applied (the messages between: the other re-sends them on resume)

    def _refuse_or_take(self, reason: Said | None) -> None:
        if reason is not None:
            self._refuse(reason)
        else:
            self.abuse = 0

    def _refuse(self, reason: Said) -> None:
        log.warning("refused a message from the other machine: %s", reason)
        self.refusals.append(reason)
        self.abuse += 1
        if self.abuse >= timing.ABUSE_LIMIT and self.transport is not None:
            log.warning("%d messages refused in a row: the connection is closed", self.abuse)
            self.transport.close()
            self._dropped(Said("net.wait.abuse", count=self.abuse))

    def _handlers(self) -> dict[str, Callable[[dict[str, Any]], Said | None]]:
        """What each numbered message does (``messages`` has checked its type and fields)."""
        secrets = self.secrets
        return {"decision": self._on_decision, "orders": lambda msg: secrets.on_orders(msg, self.state),
                "sheet_commit": lambda msg: secrets.on_sheet_commit(msg, self.state),
                "sheet": secrets.on_sheet, "reveal": secrets.on_reveal, "links": self.links.on_links,
                "state": self._on_state, "stop": self._on_stop}

    def _on_hello(self, msg: dict[str, Any]) -> Said | None:
        if msg["team"] != self.other:
            return Said("net.refused.hello_team", team=msg["team"])
        if msg["match"] != self.match:
            return Said("net.refused.hello_match")
        wrong = self.links.hello(bytes.fromhex(msg["chain"]))
        if wrong is not None:
            return wrong
        if msg["received"] > len(self.outbox):
            # this machine was rebuilt from a save older than its last messages: it sends them
            # again, the same, as it reaches them; the other drops them by their numbers
            log.info("the other machine received %d messages, %d saved here",
                     msg["received"], len(self.outbox))
        n = msg["decisions"]
        if n == self.state.decisions and n and msg["hash"] != self.hashes.get(n):
            self._stop(Said("net.stop.state_differs", decision=n))
            return None
        if msg["hash"] and n in self.hashes and msg["hash"] != self.hashes[n]:
            self._stop(Said("net.stop.state_differs", decision=n))
            return None
        was_linked, self.linked = self.linked, True
        if self.status == Status.WAITING:
            self.status = Status.PLAYING
            self.reason = None
        if not was_linked:
            for line in self.outbox[msg["received"]:]:  # what the other missed
                self._write(line)
        self._advance()
        return None

    def _on_decision(self, msg: dict[str, Any]) -> Said | None:
        n = msg["n"]
        if not self.state.decisions < n <= self.state.decisions + LOOKAHEAD or n in self.remote:
            return Said("net.refused.decision_turn", number=n)
        try:
            decision = codec.decision_from_dict(msg["decision"])
        except CodecError as exc:
            return Said("net.refused.decision", problem=exc.problem)
        if isinstance(decision, (AssignOrders, BreakSheet)) or decision.team != self.other:
            return Said("net.refused.decision_kind")
        self.remote[n] = decision
        return None

    def _on_state(self, msg: dict[str, Any]) -> Said | None:
        n = msg["n"]
        if n in self.remote_hashes or n > self.state.decisions + LOOKAHEAD:
            return Said("net.refused.state_turn", number=n)
        self.remote_hashes[n] = msg["hash"]
        self._compare(n)
        return None

    def _on_stop(self, msg: dict[str, Any]) -> Said | None:
        key = msg["reason"]
        self._stop(Said("net.stop.other_stopped") if key == "net.stop.you_stopped"
                   else Said("net.stop.other_machine_stopped", reason=key), tell=False)
        return None

    # -- the lockstep ------------------------------------------------------------------------------
    def _advance(self) -> None:
        while self.status != Status.STOPPED and self.state.phase != OVER:
            n = self.state.decisions + 1
            decision = self._next_decision(n)
            if decision is None:
                return
            dice = self.links.dice(n)
            self.sealed.live = True
            try:
                state, events = self.engine.apply(self.state, decision, dice)
            except NeedLinks as need:
                self.secrets.open_slots()
                self.links.reveal(need.index)
                return
            except TokensSealed:
                self.secrets.open_slots()
                return
            except SealedCheat as cheat:
                self._stop(cheat.reason)
                return
            except IllegalActionError as exc:
                log.warning("decision %d (%s) refused by the engine: %s", n, decision, exc)
                self._stop(Said("net.stop.illegal", decision=n, reason=str(exc)))
                return
            finally:
                self.sealed.live = False
            self.secrets.open_slots()
            self.state = state
            self.events.extend(events)
            self._fresh.extend(events)
            self.decisions.append(decision)
            self.faces.extend(dice.faces)
            self.links.rolled()
            if decision is self.local:
                self.local = None
            self.remote.pop(n, None)
            self.hashes[n] = self._hash()
            self._send({"type": "state", "n": n, "hash": self.hashes[n]})
            self._compare(n)
        if self.state.phase == OVER and self.status not in (Status.STOPPED, Status.OVER):
            self.status = Status.OVER
            self._saved()

    def _next_decision(self, n: int) -> Decision | None:
        s = self.state
        if s.phase == SHEETS:
            if self.secrets.sheet is None or self.secrets.other_sheet is None:
                return None
            who = self.engine.to_move(s)
            return self.secrets.sheet[0] if who == self.team else self.secrets.other_sheet
        who = self.engine.to_move(s)
        if who == self.team:
            local = self.local
            return local if local is not None and type(local) in PHASE_DECISIONS[s.phase] else None
        if s.phase == ORDERS:
            if s.turn not in self.sealed.commitments:
                return None
            return AssignOrders(self.other, sealed_orders(s, self.other))
        return self.remote.get(n)

    def _hash(self) -> str:
        """The lockstep's proof: the public state, and every commitment both machines hold."""
        s = self.state
        return state_hash({"state": public_data(s), "orders": self.secrets.orders_commitments(s),
                           "chains": self.links.heads()})

    def _compare(self, n: int) -> None:
        mine, theirs = self.hashes.get(n), self.remote_hashes.get(n)
        if mine is not None and theirs is not None and mine != theirs:
            log.error("state hashes differ after decision %d: %s here, %s there", n, mine, theirs)
            self._stop(Said("net.stop.state_differs", decision=n))

    # -- the connection ----------------------------------------------------------------------------
    def _hello(self) -> dict[str, Any]:
        n = self.state.decisions
        setup = {"layout": self.table.layout_data, "start": self.start} if self.host else None
        return {"type": "hello", "team": self.team.value, "match": self.match,
                "chain": self.links.chain.head.hex(), "received": self.received, "decisions": n,
                "hash": self.hashes.get(n, "0" * 64), "setup": setup}

    def _send(self, message: dict[str, Any]) -> None:
        line = messages.encode({**message, "seq": len(self.outbox) + 1})
        self.outbox.append(line)
        if self.linked:
            self._write(line)

    def _write(self, line: bytes) -> None:
        if self.transport is not None and not self._restoring:
            self.transport.send(line)
            self.last_sent = self.now

    def _dropped(self, reason: Said) -> None:
        self.transport, self.linked = None, False
        if self.status == Status.PLAYING:
            self.status = Status.WAITING
        if self.status == Status.WAITING:
            self.reason = reason

    def _stop(self, reason: Said, tell: bool = True) -> None:
        """Stop the match for ``reason``, tell the other machine why (unless it told this one), save."""
        if self.status == Status.STOPPED:
            return
        log.warning("the networked match stops: %s", reason)
        if tell:
            self._send({"type": "stop", "reason": reason.key})
        self.status, self.reason = Status.STOPPED, reason
        self._saved()

    def _saved(self) -> None:
        if self.on_save is not None and not self._restoring:
            self.on_save(self)


@dataclass
class Restored:
    """A save's secrets given back to a peer rebuilt from it (``record``): the same nonces again."""

    slots: dict[int, OrderSlots] = field(default_factory=dict)
    sheet_nonce: bytes | None = None
