"""Who may be looking at the screen, and when it must change hands (hot-seat). Pure: no pygame.

Two coaches share one screen. A coach's secrets (his face-down order tokens, his break sheet and
their drafts) may show only while he alone looks; the program knows who looks from the hand-over
screen ("I am the Blue coach") and from who used the mouse since. The rule is about who looks at the
screen, not only about what lies on the table:

- a decision that needs the coach's own secrets (giving order tokens, writing the break sheet,
  declaring a sequence or reactions while his tokens are face down) shows them only to him: a
  hand-over comes first unless he alone already looks;
- any other decision (a dodge die, a late target, or declaring with nothing face down) is made on
  the public board, both sides' secrets face down, with no hand-over; from then on both coaches may
  be looking, so the next secret screen is handed over, whoever it is for.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from paintcheck.rules.state import DECLARE, ORDERS, REACT, SHEETS, MatchState

TEAMS = frozenset({"blue", "white"})


def face_down(state: MatchState, team: str) -> bool:
    """The coach of ``team`` has order tokens on the table that are not revealed yet."""
    return any(token > state.round for token in state.orders.get(team, {}).values())


def needs_secrets(state: MatchState, team: str) -> bool:
    """To decide now, the coach of ``team`` must see his own secrets."""
    if state.phase in (ORDERS, SHEETS):
        return True
    if state.phase in (DECLARE, REACT):  # who plays later this turn is his plan
        return face_down(state, team)
    return False


def secret_words(state: MatchState) -> str:
    """What is secret on this screen, in a player's words."""
    return "break sheets" if state.phase == SHEETS else "order tokens"


@dataclass
class Holder:
    """The coaches who may be looking at the screen (both, until a hand-over says otherwise)."""

    lookers: frozenset = field(default=TEAMS)

    def next(self, state: MatchState, team: str | None) -> tuple[bool, bool]:
        """For the coach of ``team`` about to decide: (hand over first, show his secrets)."""
        if team is None:
            return False, False
        if self.lookers == {team}:
            return False, True
        if needs_secrets(state, team):
            return True, True
        self.lookers = TEAMS  # he takes the mouse on the public board: both may be looking now
        return False, False

    def handed_to(self, team: str) -> None:
        """The hand-over screen: only the coach of ``team`` looks now."""
        self.lookers = frozenset({team})

    def all_look(self) -> None:
        """A resolution told on the public board: both coaches watch it (the next secret screen is
        handed over, whoever it is for)."""
        self.lookers = TEAMS
