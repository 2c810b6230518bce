"""Dice neither machine can predict or choose: two hash chains, one link of each per roll.

At the start each machine draws a secret seed (32 bytes, ``secrets``), builds the chain
``h[0] = seed, h[i+1] = SHA-256(h[i])`` up to ``h[CHAIN_LENGTH]`` and sends that head only. Links are
then revealed backwards: link j is ``h[CHAIN_LENGTH - j]``, checked by hashing it back to the last
link accepted (``ChainCheck``): nobody can give a link that does not follow his head, nor know the
other's next link before it is revealed (SHA-256 is not run backwards).

A roll is fixed by the decision that asks for it, so the links of a decision are revealed only once
the decision is known to both machines (``LINKS_PER_BATCH`` at a time, after the decision message;
the links of a batch left unused are burnt, never used by a later decision). Roll ``i`` of decision
``n`` uses link ``first + i`` of both chains: its face is HMAC-SHA256 keyed by blue's link then
white's, over the canonical ``{"decision", "roll", "sides", "try"}``, read as 32-bit words, the first
below the largest multiple of ``sides`` taken modulo ``sides`` (rejection sampling: every face
equally likely, nothing of Python's ``random``). Both machines compute the same face; each face is
recorded, so a saved match replays from its rolls (``RecordedDice``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping

from paintcheck.net.commit import canonical

CHAIN_LENGTH = 1 << 14  # links per machine and match; a match burns a few hundred
LINKS_PER_BATCH = 4  # links revealed at a time for one decision (most rolling decisions need fewer)
LINK_BYTES = 32
_WORD = 4
_WORDS = 1 << (8 * _WORD)


class NeedLinks(Exception):  # noqa: N818 - a request, not an error: the engine's apply is tried again
    """A roll asked for link ``index``, which one machine has not revealed yet: the decision is applied
    again once both have (``apply`` never changes the state it was given)."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


def sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


class HashChain:
    """This machine's chain: its seed stays here (and in its own save); the head is sent."""

    def __init__(self, seed: bytes | None = None, length: int = CHAIN_LENGTH) -> None:
        self.seed = secrets.token_bytes(LINK_BYTES) if seed is None else seed
        if len(self.seed) != LINK_BYTES:
            raise ValueError(f"a chain's seed is {LINK_BYTES} bytes")
        self.length = length
        links = [self.seed]
        for _ in range(length):
            links.append(sha(links[-1]))
        self._links = links

    @property
    def head(self) -> bytes:
        return self._links[self.length]

    def link(self, index: int) -> bytes:
        """Link ``index`` (1..length): the one revealed for the ``index``-th roll."""
        if not 1 <= index <= self.length:
            raise IndexError(f"the chain has links 1..{self.length}, not {index}")
        return self._links[self.length - index]


class ChainCheck:
    """The other machine's chain as this one knows it: its head, and the links revealed so far,
    each checked against the last one accepted."""

    def __init__(self, head: bytes, length: int = CHAIN_LENGTH) -> None:
        self.head = head
        self.length = length
        self.links: dict[int, bytes] = {}
        self._last_index, self._last = 0, head

    @property
    def revealed(self) -> int:
        return self._last_index

    def accept(self, index: int, link: bytes) -> bool:
        """Whether ``link`` is link ``index`` of the committed chain (True: kept). A link at or
        before the last accepted one, or beyond the chain, is refused (False), as is one whose
        hashes do not lead back to the last accepted link."""
        if not self._last_index < index <= self.length or len(link) != LINK_BYTES:
            return False
        h = link
        for _ in range(index - self._last_index):
            h = sha(h)
        if not hmac.compare_digest(h, self._last):
            return False
        # the links skipped over follow from this one: fill them in (they are burnt anyway)
        h = link
        for j in range(index, self._last_index, -1):
            self.links[j] = h
            h = sha(h)
        self._last_index, self._last = index, link
        return True


def face(blue_link: bytes, white_link: bytes, decision: int, roll: int, sides: int) -> int:
    """The face (1..sides) of roll ``roll`` of decision ``decision`` from both machines' links."""
    if sides < 1:
        raise ValueError(f"a die has at least one side, not {sides}")
    key = blue_link + white_link
    limit = _WORDS // sides * sides
    attempt = 0
    while True:
        message = canonical({"decision": decision, "roll": roll, "sides": sides, "try": attempt})
        mac = hmac.new(key, message, hashlib.sha256).digest()
        for i in range(0, len(mac), _WORD):
            word = int.from_bytes(mac[i:i + _WORD], "big")
            if word < limit:
                return word % sides + 1
        attempt += 1


class LinkedDice:
    """The engine's dice for one decision: roll ``i`` uses link ``first + i`` of both chains
    (``links``: team -> index -> link, blue's and white's). A roll whose links are not both in
    raises ``NeedLinks``; every face given is kept in ``faces``."""

    def __init__(self, decision: int, first: int, blue: Mapping[int, bytes],
                 white: Mapping[int, bytes]) -> None:
        self.decision, self.first = decision, first
        self._blue, self._white = blue, white
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        index = self.first + len(self.faces)
        blue, white = self._blue.get(index), self._white.get(index)
        if blue is None or white is None:
            raise NeedLinks(index)
        value = face(blue, white, self.decision, len(self.faces), sides)
        self.faces.append(value)
        return value

    def mark(self) -> int:
        return len(self.faces)

    def back_to(self, mark: int) -> None:
        del self.faces[mark:]


class ChainDice:
    """The protocol's dice on one machine that holds both chains (a local match with the same dice
    as a networked one: the tests' yardstick). ``begin(n)`` before decision ``n``; after it, the links
    of the batches it opened are burnt, as over the network."""

    def __init__(self, blue: HashChain, white: HashChain) -> None:
        self._chains = (blue, white)
        self.next_link = 1
        self._dice: LinkedDice | None = None

    def begin(self, decision: int) -> None:
        if self._dice is not None and self._dice.faces:
            used = len(self._dice.faces)
            self.next_link += LINKS_PER_BATCH * -(-used // LINKS_PER_BATCH)
        blue, white = self._chains
        self._dice = LinkedDice(decision, self.next_link, _Links(blue), _Links(white))

    def roll(self, sides: int) -> int:
        assert self._dice is not None, "begin(n) before the rolls of decision n"
        return self._dice.roll(sides)

    def mark(self) -> int:
        return self._dice.mark() if self._dice is not None else 0

    def back_to(self, mark: int) -> None:
        if self._dice is not None:
            self._dice.back_to(mark)


class _Links(Mapping[int, bytes]):
    """A chain's links 1..upto, read as a mapping."""

    def __init__(self, chain: HashChain) -> None:
        self._chain, self._upto = chain, chain.length

    def __getitem__(self, index: int) -> bytes:
        if not 1 <= index <= self._upto:
            raise KeyError(index)
        return self._chain.link(index)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(range(1, self._upto + 1))

    def __len__(self) -> int:
        return self._upto
