"""The dice of a networked match, one side's part of them (docs/network.md): this machine's hash
chain, its links revealed in batches as its engine needs them, and the other machine's chain,
checked link by link as they arrive. ``peer.Peer`` holds one, and gives it its doors to the other
machine: ``send`` a numbered message, ``stop`` the match."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from paintcheck.net.dice import LINKS_PER_BATCH, ChainCheck, HashChain, LinkedDice
from paintcheck.rules.vocab import Team
from paintcheck.said import Said


class DiceLinks:
    """Both chains of the match seen from the machine of ``team``."""

    def __init__(self, team: Team, other: Team, chain: HashChain, send: Callable[[dict[str, Any]], None],
                 stop: Callable[[Said], None]) -> None:
        self.team, self.other = team, other
        self.chain = chain
        self.own: dict[int, bytes] = {}  # this machine's links revealed so far
        self.other_chain: ChainCheck | None = None
        self.next_link = 1  # the first link of the next decision that rolls
        self.send = send
        self.stop = stop

    def hello(self, head: bytes) -> Said | None:
        """The other's chain named by its hello: kept the first time, the same one every other."""
        if self.other_chain is None:
            self.other_chain = ChainCheck(head)
        elif self.other_chain.head != head:
            return Said("net.refused.hello_chain")
        return None

    def dice(self, n: int) -> LinkedDice:
        """The dice of decision ``n``: the links both machines revealed, blue's first."""
        other = self.other_chain.links if self.other_chain is not None else {}
        blue, white = (self.own, other) if self.team == Team.BLUE else (other, self.own)
        return LinkedDice(n, self.next_link, blue, white)

    def rolled(self) -> None:
        """A decision applied: the links it revealed and did not use are burnt."""
        self.next_link = max(self.next_link, max(self.own, default=0) + 1)

    def reveal(self, index: int) -> None:
        """This machine's links up to ``index`` (a batch at a time), sent to the other."""
        done = max(self.own, default=0)
        if index <= done:
            return  # ours are out: the other's are awaited
        upto = done + LINKS_PER_BATCH * math.ceil((index - done) / LINKS_PER_BATCH)
        links = {j: self.chain.link(j) for j in range(done + 1, upto + 1)}
        self.own.update(links)
        self.send({"type": "links", "first": done + 1, "links": [v.hex() for v in links.values()]})

    def on_links(self, msg: dict[str, Any]) -> Said | None:
        """The other's links: refused out of order; a link its chain does not end in stops the match."""
        check = self.other_chain
        assert check is not None  # linked: the hello gave it
        first = msg["first"]
        if first != check.revealed + 1:
            return Said("net.refused.links_order", first=first, expected=check.revealed + 1)
        for i, text in enumerate(msg["links"]):
            if not check.accept(first + i, bytes.fromhex(text)):
                self.stop(Said("net.stop.bad_link", team=self.other, index=first + i))
                return None
        return None

    def heads(self) -> dict[Team, str | None]:
        """Both chains' heads (the lockstep's proof holds them)."""
        return {self.team: self.chain.head.hex(),
                self.other: self.other_chain.head.hex() if self.other_chain else None}
