"""The exact odds of an Un pour un shot or strike, as the engine reads it (RULES-unpourun 3.7, 3.8, 4.3-4.6,
§5, 7.1, 7.2, 3.11), for the match window's shot panel and the odds coach.

Every number is the engine's own: the targets and their order (``Board.shot_targets``, 4.3), the to-hit
number with its range and height modifiers (``Board.to_hit``, 4.4), the damage roll's R and number
(``needs.damage_r``, ``tables.damage_needed``), what a roll needs to succeed (``needs.meets``,
``needs.damages``), the strike's number and re-rolls (``needs.strike_need``, ``needs.rerolls_left``),
who a blast or an explosion hits (``blasts``), and what a lost PV does (``needs.after_loss``). The
probabilities are ``Fraction``s counted over the six faces of each die, never typed in.

A result says its reading term by term (``Term``: a catalogue key of the namespace ``unpourun_odds``,
its values and the rule it applies, in the order the engine applies them), then the probabilities:
per figure the hit, the wound given a hit, the PV lost (0, 1 or 2: a hanging figure may fall, 3.11),
hors de combat and dead. Marginals per figure: in a blast one die decides for every figure at once.
The "being shot at" test (6.7) and the sightings a shot may trigger are not odds of the shot: they are
the target's, taken after it, and are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from paintcheck.said import Said
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.blasts import blast_hit, explosion_hit
from paintcheck.unpourun.needs import (
    EXPLOSION,
    FALL_DIES,
    JAM,
    NO_FALL,
    accident_kind,
    after_loss,
    damage_r,
    damages,
    hanging_fall,
    meets,
    rerolls_left,
    strike_need,
)
from paintcheck.unpourun.query import EPS, IMPOSSIBLE, Board
from paintcheck.unpourun.state import Figure, MatchState, Status

NS = "unpourun_odds"
FACES = tuple(range(1, t.D6 + 1))
ZERO, ONE = Fraction(0), Fraction(1)
RANGE_KEYS = {t.RANGE_SHORT: "range_short", t.RANGE_MEDIUM: "range_medium", t.RANGE_LONG: "range_long"}
HEIGHT_KEYS = {t.ABOVE_TARGET: "height_above", t.TARGET_ABOVE: "height_below", 0: "height_level"}


@dataclass(frozen=True)
class Term:
    """One step of a reading: the catalogue key (``unpourun_odds.term.*``), its values in order, and the
    rule it applies. ``said`` gives it as words (a ``Said``: the window says it in its language)."""

    key: str
    values: tuple[tuple[str, object], ...]
    rule: str

    @property
    def said(self) -> Said:
        return Said(self.key, **dict(self.values))


def _term(name: str, rule: str, **values: object) -> Term:
    return Term(f"{NS}.term.{name}", tuple(values.items()), rule)


def _signed(n: int) -> str:
    return f"{n:+d}"


@cache
def p_meets(need: int) -> Fraction:
    """The chance one d6 meets ``need`` (``needs.meets``: 7 or more never)."""
    return Fraction(sum(1 for face in FACES if meets(face, need)), len(FACES))


@cache
def p_damages(need: int) -> Fraction:
    """The chance one damage die succeeds against ``need`` (5.3: a 6 always, a 1 never)."""
    return Fraction(sum(1 for face in FACES if damages(face, need)), len(FACES))


@cache
def p_face(face: int) -> Fraction:
    """The chance one d6 shows ``face``."""
    return Fraction(sum(1 for f in FACES if f == face), len(FACES))


@dataclass(frozen=True)
class Wound:
    """A damage roll (§5): F against the R read (4.3's +1, 6.4's −1), the number needed, its chance."""

    terms: tuple[Term, ...]
    f: int
    r: int
    need: int
    p: Fraction


@dataclass(frozen=True)
class FigureOdds:
    """What a shot, a blast, an explosion or a strike may do to one figure: ``terms`` read how it is
    reached (to hit: CT, range, height, clamp; a blast's or an explosion's figures name why they are in
    it), ``p_hit`` the chance the damage roll is made, ``wound`` that roll; ``pv_lost[k]`` the chance it
    loses exactly k PV, ``p_hors`` that it ends hors de combat, ``p_dead`` dead (each counted from its
    state before the shot: a figure already hors de combat counts in ``p_hors`` only if it stays so)."""

    figure: str
    player: str
    terms: tuple[Term, ...]
    need: int  # the to-hit number (``IMPOSSIBLE``: no shot); 0 when no die of the shooter decides
    p_hit: Fraction
    wound: Wound
    pv_lost: tuple[Fraction, ...]
    p_hors: Fraction
    p_dead: Fraction

    @property
    def p_damage(self) -> Fraction:
        """The chance it loses at least one PV."""
        return ONE - self.pv_lost[0]

    @property
    def expected_pv(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.pv_lost)), ZERO)


@dataclass(frozen=True)
class ShotOdds:
    """A shot (4.1-4.6): its targets in the engine's order (4.3; a blast: every figure its hit would
    reach, friend or foe, 4.5), the accident check (4.6: ``accident`` "explosion", "jam" or "" and its
    terms), its chance ``p_accident`` that the check is made, ``p_broken`` that the weapon is lost, and
    the figures an explosion would hurt (``exploded``)."""

    shooter: str
    weapon: str
    nominated: str
    blast: bool
    targets: tuple[FigureOdds, ...]
    accident: str
    accident_terms: tuple[Term, ...]
    p_accident: Fraction
    p_broken: Fraction
    exploded: tuple[FigureOdds, ...]

    def expected_pv(self, player: str) -> Fraction:
        """The PV ``player``'s figures are expected to lose to this shot (its explosion included)."""
        return sum((o.expected_pv for o in (*self.targets, *self.exploded) if o.player == player), ZERO)


@dataclass(frozen=True)
class StrikeOdds:
    """A strike (3.7, 3.8): CCC, its clamp, the target's rondache re-rolls; then damage."""

    striker: str
    target: FigureOdds


def wound(f_value: int, target: Figure, extra_r: int, f_term: Term) -> Wound:
    """§5: the damage roll of ``f_value`` against ``target`` (+``extra_r``, 4.3), read as the engine does."""
    r = damage_r(target, extra_r)
    need = t.damage_needed(f_value, r)
    terms = [f_term, _term("resistance", "2.11", r=target.stats.r)]
    if extra_r:
        terms.append(_term("extra_target", "4.3", modifier=_signed(extra_r)))
    if target.charged_malus:
        terms.append(_term("charged", "6.4", modifier=_signed(t.CHARGED_R_MALUS)))
    terms.append(_term("to_wound", "5.1", f=f_value, r=r, need=need))
    return Wound(tuple(terms), f_value, r, need, p_damages(need))


def losses(f: Figure, p: Fraction) -> tuple[tuple[Fraction, ...], Fraction, Fraction]:
    """(PV lost 0/1/2, hors de combat, dead) when ``f`` takes one damage with chance ``p``: 7.1, 7.2 by
    ``needs.after_loss``; a hanging figure then falls (3.11): dead if left at 0 PV, else on a 1 (1d6) it
    loses 1 more PV."""
    out: dict[tuple[int, Status], Fraction] = {(0, f.status): ONE - p}

    def add(lost: int, status: Status, q: Fraction) -> None:
        out[(lost, status)] = out.get((lost, status), ZERO) + q

    pv = f.pv - 1
    status = after_loss(pv, f.status)
    fall = hanging_fall(status) if f.hanging is not None else NO_FALL
    if fall == NO_FALL:
        add(1, status, p)
    elif fall == FALL_DIES:
        add(2, Status.DEAD, p)
    else:
        falls = p_face(t.FALL_ON)
        add(1, status, p * (ONE - falls))
        add(2, after_loss(pv - 1, status), p * falls)
    lost = tuple(sum((q for (k, _), q in out.items() if k == n), ZERO) for n in range(3))
    hors = sum((q for (_, st), q in out.items() if st == Status.HORS), ZERO)
    dead = sum((q for (_, st), q in out.items() if st == Status.DEAD), ZERO)
    return lost, hors, dead


def _figure_odds(f: Figure, terms: Sequence[Term], need: int, p_hit: Fraction, w: Wound) -> FigureOdds:
    lost, hors, dead = losses(f, p_hit * w.p)
    return FigureOdds(f.id, f.player, tuple(terms), need, p_hit, w, lost, hors, dead)


def to_hit_terms(b: Board, shooter: Figure, target: Figure, weapon: str) -> tuple[int, tuple[Term, ...]]:
    """4.4 read from ``Board.to_hit``: CT, the range band, the height, then the number (clamped to 2, or
    impossible at 7 or more and beyond PL)."""
    need, rng, height, d = b.to_hit(shooter, target, weapon)
    w = t.RANGED[weapon]
    ct = shooter.stats.ct
    terms = [_term("ct", "4.4", ct=ct)]
    if d > w.pl + EPS:  # Board.to_hit: beyond PL there is no shot
        terms.append(_term("out_of_range", "4.1", d=round(d, 2), limit=w.pl))
        return need, tuple(terms)
    limit = {t.RANGE_SHORT: w.pc, t.RANGE_MEDIUM: w.pm, t.RANGE_LONG: w.pl}[rng]
    terms.append(_term(RANGE_KEYS[rng], "4.4", d=round(d, 2), limit=limit, modifier=_signed(rng)))
    terms.append(_term(HEIGHT_KEYS[height], "4.4", modifier=_signed(height)))
    total = ct + rng + height
    if need >= IMPOSSIBLE:
        terms.append(_term("impossible", "4.4", total=total))
    elif need != total:
        terms.append(_term("clamped", "4.4", total=total, need=need))
    else:
        terms.append(_term("to_hit", "4.4", need=need))
    return need, tuple(terms)


def least_hurt(b: Board, shooter: Figure, weapon: str, tied: Sequence[Figure],
               chosen: Sequence[Figure]) -> Figure:
    """4.3, 10.1: the tied group member its owner would rather see as the next target: the one whose
    VP expected lost as that target (9.3: down, dead) is least, then whose damage is least likely, then
    the first in ``tied``. The odds coach's answer, and what the shot's odds foresee."""
    w = t.RANGED[weapon]
    extra = t.EXTRA_TARGET_R if chosen else 0
    f_term = _term("weapon_strength", "4.2", weapon=weapon, f=w.f)

    def suffers(i: int) -> tuple[Fraction, Fraction, int]:
        target = tied[i]
        need = b.to_hit(shooter, target, weapon)[0]
        o = _figure_odds(target, (), need, p_meets(need), wound(w.f, target, extra, f_term))
        vp = o.p_hors * t.VP_DOWN[target.kind] + o.p_dead * t.VP_KILLED[target.kind]
        return vp, o.p_hit * o.wound.p, i

    return tied[min(range(len(tied)), key=suffers)]


def shot_odds(b: Board, s: MatchState, shooter: Figure, weapon: str, nominated: Figure) -> ShotOdds:
    """The odds of ``shooter`` firing ``weapon`` at ``nominated`` (a ``Shoot``'s reading; its legality is
    the engine's ``why_illegal``, asked apart). Where members of the group tie for nearest, the owner's
    choice is foreseen as ``least_hurt``."""
    w = t.RANGED[weapon]
    f_term = _term("weapon_strength", "4.2", weapon=weapon, f=w.f)
    out: list[FigureOdds] = []
    dice_needs: list[int] = []
    if w.blast:
        need, terms = to_hit_terms(b, shooter, nominated, weapon)
        dice_needs.append(need)
        p_hit = p_meets(need)
        by_id = {f.id: f for f in s.figures}
        hit = blast_hit(b, s, shooter, nominated, w) if need < IMPOSSIBLE else [nominated.id]
        for fid in hit:
            f = by_id[fid]
            own = terms if fid == nominated.id else (
                *terms, _term("in_blast", "4.5", target=nominated.id, radius=w.blast))
            out.append(_figure_odds(f, own, need, p_hit, wound(w.f, f, 0, f_term)))
    else:
        def pick(tied: list[Figure], chosen: list[Figure]) -> Figure:
            return least_hurt(b, shooter, weapon, tied, chosen)

        for i, target in enumerate(b.shot_targets(s, shooter, nominated, weapon, pick)):
            need, terms = to_hit_terms(b, shooter, target, weapon)
            dice_needs.append(need)
            extra = t.EXTRA_TARGET_R if i else 0
            out.append(_figure_odds(target, terms, need, p_meets(need), wound(w.f, target, extra, f_term)))
    return _with_accident(b, s, shooter, weapon, nominated.id, tuple(out), dice_needs)


def _with_accident(b: Board, s: MatchState, shooter: Figure, weapon: str, nominated: str,
                   targets: tuple[FigureOdds, ...], dice_needs: list[int]) -> ShotOdds:
    """4.6: one check when at least one to-hit die shows a 1."""
    w = t.RANGED[weapon]
    kind = accident_kind(w)
    p_accident = ONE - (ONE - p_face(t.ACCIDENT_ON)) ** len(dice_needs)
    terms: list[Term] = []
    p_broken = ZERO
    exploded: list[FigureOdds] = []
    if kind == EXPLOSION:
        p_broken = p_accident * p_face(t.EXPLODES_ON)
        terms.append(_term("explosion", "4.6", on=t.EXPLODES_ON))
        by_id = {f.id: f for f in s.figures}
        reason = _term("exploded", "4.6", weapon=weapon)
        f_term = _term("weapon_strength", "4.6", weapon=weapon, f=w.f)
        for fid in explosion_hit(b, s, shooter, w):
            f = by_id[fid]
            exploded.append(_figure_odds(f, (reason,), 0, p_broken, wound(w.f, f, 0, f_term)))
    elif kind == JAM:
        p_broken = p_accident * p_face(t.JAMS_ON)
        terms.append(_term("jam", "4.6", on=t.JAMS_ON))
    else:
        terms.append(_term("no_accident", "4.6"))
    return ShotOdds(shooter.id, weapon, nominated, bool(w.blast), targets, kind, tuple(terms), p_accident,
                    p_broken, tuple(exploded))


def strike_odds(striker: Figure, target: Figure) -> StrikeOdds:
    """3.7, 3.8: one die on CCC (bounded 2-6); each of the target's unused rondaches re-rolls a hit, the
    last roll standing; then melee F against R (§5)."""
    need = strike_need(striker)
    p = p_meets(need)
    terms = [_term("ccc", "3.7", ccc=striker.stats.ccc)]
    if need != striker.stats.ccc:
        terms.append(_term("clamped", "3.7", total=striker.stats.ccc, need=need))
    else:
        terms.append(_term("to_hit", "3.7", need=need))
    rerolls = rerolls_left(target)
    if rerolls:
        terms.append(_term("rondaches", "3.8", count=rerolls))
    p_hit = p ** (1 + rerolls)  # every re-roll must hit again
    w = wound(striker.stats.f, target, 0, _term("melee_strength", "2.11", f=striker.stats.f))
    return StrikeOdds(striker.id, _figure_odds(target, terms, need, p_hit, w))


def decision_odds(b: Board, s: MatchState, d: object) -> ShotOdds | StrikeOdds | None:
    """The odds of the decision ``d`` on ``s``, as the window's panel asks before it is confirmed: a
    ``Shoot`` or a ``Strike`` of the active figure, or a ``FreeShot`` (6.6) at the enemy seen; None for
    any other decision, a declined free shot, or a weapon the figure has not (the legality's business)."""
    if isinstance(d, a.FreeShot) and s.free_shot is not None and d.weapon in t.RANGED:
        x, y = (s.figure(fid) for fid in s.free_shot)
        return shot_odds(b, s, x, d.weapon, y)
    if s.activation is None or not isinstance(d, (a.Shoot, a.Strike)):
        return None
    f = s.figure(s.activation.figure)
    target = next((g for g in s.figures if g.id == d.target and g.pos is not None), None)
    if target is None:
        return None
    if isinstance(d, a.Strike):
        return strike_odds(f, target)
    if d.weapon not in t.RANGED:
        return None
    return shot_odds(b, s, f, d.weapon, target)


__all__ = ["FigureOdds", "ShotOdds", "StrikeOdds", "Term", "Wound", "decision_odds", "least_hurt", "losses",
           "p_damages", "p_meets", "shot_odds", "strike_odds", "to_hit_terms", "wound"]
