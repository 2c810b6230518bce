"""The full reading of one shot between two points of a field, and its odds (RULES 6–9).

The numbers are the engine's: a two-player match state is set up (the shooter and the target where
asked, in their postures and covers, the target with his DEF count) and ``RoundView.reading`` reads
the shot exactly as the engine will when it resolves it (RULES 6.5, 7.1, 8) and
``RoundView.protection`` the target's protection (RULES 6.3). The dodge dice are the engine's for a
static target who carries no boulet: ``tables.dodge_dice`` of his DEF count (RULES 9.2). The odds
are ``shot_odds`` of the required roll and those dice.

The instruments come through a ``Measurer`` (``paintcheck.rules.measure``), as for the engine;
nothing here imports the geometry.
"""

from __future__ import annotations

from dataclasses import dataclass

from paintcheck.field.lattice import DEFAULT_LATTICE, Lattice, Point, half_of, other_team
from paintcheck.odds.shot import ShotOdds, shot_odds
from paintcheck.rules import tables
from paintcheck.rules.events import Parts
from paintcheck.rules.measure import Measurer
from paintcheck.rules.state import MatchState, Player, ShotEntry
from paintcheck.rules.values import RoundView
from paintcheck.rules.vocab import Posture, ShotKind, Side, Team, side_of

SHOT_KINDS: tuple[ShotKind, ...] = (ShotKind.SIMPLE, ShotKind.REFLEX, ShotKind.SUPPRESSIVE)
LR_SIDES: tuple[Side, ...] = (Side.LEFT, Side.RIGHT)
OVER = Side.OVER


@dataclass(frozen=True)
class ShotReading:
    """One shot's numbers as the engine reads them, or why it cannot be made (``lost``)."""

    shot_parts: Parts  # (label, value) in the engine's order; empty when lost
    protection_parts: Parts
    dodge_dice: int
    shooter_side: str | None  # the side the shooter plays (chosen so he sees the target if he can)
    lost: str | None = None
    odds: ShotOdds | None = None

    @property
    def shot_value(self) -> int | None:
        return None if self.lost else sum(v for _, v in self.shot_parts)

    @property
    def protection(self) -> int:
        return sum(v for _, v in self.protection_parts)

    @property
    def required(self) -> int | None:
        shot = self.shot_value
        return None if shot is None else tables.required_roll(shot, self.protection)  # None: lost


def shooter_sides(m: Measurer, cover: str | None) -> tuple[str | None, ...]:
    """The sides a player behind ``cover`` may play (RULES 3.3): none without cover."""
    if cover is None:
        return (None,)
    return LR_SIDES + ((OVER,) if m.obstacle(cover).overable else ())


def shot_reading(
    m: Measurer,
    shooter: Point,
    target: Point,
    *,
    shooter_posture: str = "standing",
    target_posture: str = "standing",
    cover: str | None = None,
    shooter_cover: str | None = None,
    shooter_side: str | None = None,
    def_count: int = 0,
    kind: str = "simple",
    lattice: Lattice = DEFAULT_LATTICE,
) -> ShotReading:
    """The shot from ``shooter`` at ``target`` (behind ``cover``, with ``def_count`` DEF), read by
    the engine, with its odds. ``shooter_side`` None: the first side (left, right, over) from which
    the shooter sees the target (RULES 3.4), or left if none does (the shot is then lost)."""
    if kind not in SHOT_KINDS:
        raise ValueError(f"a shot is {', '.join(SHOT_KINDS)}, not {kind!r}")
    tables.dodge_dice(def_count)  # checks the DEF count
    team = half_of(shooter) or other_team(half_of(target) or "blue")
    if shooter_side is None:
        sides = shooter_sides(m, shooter_cover)
        seeing = [s for s in sides if m.fov(shooter, team, shooter_cover, s, [target])[0]]
        shooter_side = (seeing or list(sides))[0]
    players = {
        "S": Player(Team(team), 1, shooter, Posture(shooter_posture), shooter_cover, side_of(shooter_side)),
        "T": Player(Team(other_team(team)), 1, target, Posture(target_posture), cover, None,
                    def_count=def_count),
    }
    shooter_id, target_id = players["S"].id, players["T"].id
    state = MatchState(layout="odds", players={p.id: p for p in players.values()}, lattice=lattice)
    view = RoundView(state, m)
    protection = view.protection(target_id)
    reading = view.reading(ShotEntry(shooter_id, target_id, ShotKind(kind)))
    dice = tables.dodge_dice(def_count)
    if reading.lost:
        return ShotReading((), protection, dice, shooter_side, lost=reading.lost)
    return ShotReading(reading.shot_parts, reading.target_parts, dice, shooter_side,
                       odds=shot_odds(reading.required, dice))
