"""Two machines in one test: two peers, each on its own table, joined by an in-memory transport,
each team played by a computer coach on its own machine, from its own view.

``Pair.play()`` runs both machines in turns (poll, then the coach decides when its machine waits
for it) until both have finished; ``local_match`` plays the same coaches on one machine with the
protocol's dice from the same chains (``ChainDice``): the yardstick a networked match must equal."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache

from paintcheck.game import PaintcheckGame
from paintcheck.net.dice import ChainDice, HashChain
from paintcheck.net.peer import Peer, Status
from paintcheck.net.transport import MemoryTransport, memory_pair
from paintcheck.rules import codec
from paintcheck.rules.codec import START_BREAK
from paintcheck.rules.state import ORDERS, SHEETS
from paintcheck.seam.game import seat_seed
from paintcheck.seam.seen import look
from paintcheck.table import Table

LAYOUT = "layouts/box21.json"
SEATS = ("blue", "white")
MAX_STEPS = 200_000


@cache
def table(machine: int) -> Table:
    """Machine ``machine``'s table (each machine its own field, measurer and engine)."""
    return Table.from_file(LAYOUT)


def seeded_chain(seed: int, team: str) -> HashChain:
    return HashChain(seed=(f"{seed}:{team}".encode() * 32)[:32])


def coaches_for(game: PaintcheckGame, seed: int, kind: str | None = None) -> dict:
    seeds = {seat: seat_seed(seed, SEATS, seat) for seat in SEATS}
    if kind is None:
        return {seat: game.playout_coach(seat, seeds[seat]) for seat in SEATS}
    return {seat: game.coach(kind, seat, seeds[seat]) for seat in SEATS}


class Wire:
    """A transport end whose outgoing lines pass through ``through(line) -> line | None`` first (a spy,
    or a cheating machine's forgeries; None: not sent)."""

    def __init__(self, inner: MemoryTransport, through) -> None:
        self.inner, self.through = inner, through

    @property
    def closed(self) -> bool:
        return self.inner.closed

    def send(self, line: bytes) -> None:
        out = self.through(line)
        if out is not None:
            self.inner.send(out)

    def receive(self) -> bytes | None:
        return self.inner.receive()

    def close(self) -> None:
        self.inner.close()


def tamper(peer: Peer, change) -> None:
    """Every line ``peer`` sends from now on goes through ``change(message) -> message | None``
    (decoded; None: the line as it was)."""
    def through(line: bytes) -> bytes:
        msg = json.loads(line)
        changed = change(msg)
        return line if changed is None else json.dumps(changed, separators=(",", ":")).encode()
    peer.transport = Wire(peer.transport, through)


@dataclass
class Pair:
    seed: int
    start: str = START_BREAK
    kind: str | None = None
    host: Peer = field(init=False)
    joiner: Peer = field(init=False)
    wires: list[tuple[MemoryTransport, MemoryTransport]] = field(default_factory=list)
    received: dict[str, list[bytes]] = field(default_factory=lambda: {"blue": [], "white": []})
    steps: int = 0
    now: float = 0.0

    def __post_init__(self) -> None:
        self.host = Peer.host_match(table(0), "blue", self.start, chain=seeded_chain(self.seed, "blue"))
        self.host.match = self.host.sealed.match = f"{self.seed:032x}"[-32:]
        a, b = self._wire()
        self.host.connect(a)
        hello = b.receive()
        self.joiner = Peer.join(hello, chain=seeded_chain(self.seed, "white"))
        self.joiner.connect(b)
        self.received["white"].append(hello)
        self.joiner.receive_line(hello)
        # each machine's coach on its own table (its engine unsealed: a coach searches on views)
        self.coaches = {
            "blue": coaches_for(PaintcheckGame.on(self.host.table), self.seed, self.kind)["blue"],
            "white": coaches_for(PaintcheckGame.on(self.joiner.table), self.seed, self.kind)["white"],
        }

    @property
    def peers(self) -> dict[str, Peer]:
        return {"blue": self.host, "white": self.joiner}

    def _wire(self) -> tuple[MemoryTransport, MemoryTransport]:
        a, b = memory_pair()
        self.wires.append((a, b))
        return a, b

    def reconnect(self) -> None:
        """A new connection after a drop (the old one killed if it was not)."""
        self.wires[-1][0].kill()
        a, b = self._wire()
        self.host.connect(a, self.now)
        self.joiner.connect(b, self.now)

    def step(self) -> None:
        """One turn of both machines: each reads what came (every byte kept), then decides if asked."""
        self.steps += 1
        self.now += 0.01
        a, b = self.wires[-1]
        for team, peer, end in (("blue", self.host, a), ("white", self.joiner, b)):
            while (line := end.receive()) is not None:
                self.received[team].append(line)
                peer.last_heard = self.now
                peer.receive_line(line)
            peer.poll(self.now)
            # the orders in turn, as a local match asks for them; the sheets as soon as asked (both
            # sheets are written before either is applied: on one machine too, see local_match)
            if peer.my_turn() and (peer.state.phase != ORDERS or peer.engine.to_move(peer.state) == team):
                game = PaintcheckGame.on(peer.table)
                peer.decide(self.coaches[team].decide(look(game, peer.state, team)))

    def statuses(self) -> tuple[str, str]:
        return self.host.status, self.joiner.status

    def done(self) -> bool:
        return all(p.status in (Status.OVER, Status.STOPPED) for p in self.peers.values())

    def play(self, until=None) -> Pair:
        while not self.done() and (until is None or not until(self)):
            self.step()
            assert self.steps < MAX_STEPS, f"no end after {self.steps} steps: {self.statuses()}"
        return self


def local_match(seed: int, start: str = START_BREAK, kind: str | None = None):
    """The same coaches on one machine, with the protocol's dice from the same chains."""
    t = table(0)
    game = PaintcheckGame.on(t)
    coaches = coaches_for(game, seed, kind)
    dice = ChainDice(seeded_chain(seed, "blue"), seeded_chain(seed, "white"))
    state = game.begin(start)
    events, decisions = [], []
    sheets = {}
    while game.outcome(state) is None:
        seat = game.to_move(state)
        if state.phase == SHEETS:  # both coaches write their sheets before either is handed in
            sheets = sheets or {team: coaches[team].decide(look(game, state, team)) for team in SEATS}
            decision = sheets[seat]
        else:
            decision = coaches[seat].decide(look(game, state, seat))
        decision = codec.decision_from_dict(json.loads(json.dumps(codec.decision_to_dict(decision))))
        dice.begin(state.decisions + 1)
        state, new = game.apply(state, decision, dice)
        events.extend(new)
        decisions.append(decision)
    return state, events, decisions
