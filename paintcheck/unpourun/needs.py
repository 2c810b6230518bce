"""What a roll needs and what a damage does, asked alike by the engine, the odds and the coaches
(rules once): the strike's number (3.7), the rondaches' re-rolls (3.8), the damage roll's R and its
success (§5), a lost PV's effect (7.1, 7.2), and a shot's accident check by class (4.6).
"""

from __future__ import annotations

from paintcheck.unpourun import tables as t
from paintcheck.unpourun.query import clamp_roll
from paintcheck.unpourun.state import Figure, Status

EXPLOSION, JAM, NO_ACCIDENT = "explosion", "jam", ""


def strike_need(striker: Figure) -> int:
    """3.7: the CCC number, bounded to 2-6 like CT."""
    return min(t.ROLL_MAX, clamp_roll(striker.stats.ccc))


def rerolls_left(target: Figure) -> int:
    """3.8: the rondaches still unused this turn (each re-rolls one successful strike)."""
    return max(0, target.rondaches - target.rondaches_used)


def meets(die: int, need: int) -> bool:
    """4.4, 3.7, 10.1: a roll equal to the number needed succeeds (7 or more: never)."""
    return die >= need


def damage_r(target: Figure, extra_r: int) -> int:
    """4.3, 6.4: the R a damage roll is made against: the figure's, +1 as a later target of a shot,
    −1 when charged and not stepped back."""
    return target.stats.r + extra_r + (t.CHARGED_R_MALUS if target.charged_malus else 0)


def damages(die: int, need: int) -> bool:
    """5.3: a 6 always damages, a 1 never does; otherwise the die meets the table's number."""
    return die != t.DAMAGE_NEVER and (die == t.DAMAGE_AUTO or die >= need)


def after_loss(pv: int, status: Status) -> Status:
    """7.1, 7.2: the status after one PV is lost, down to ``pv``: dead below 0, hors de combat at 0."""
    if pv < 0:
        return Status.DEAD
    if pv == 0 and status == Status.FIGHTING:
        return Status.HORS
    return status


FALL_DIES, FALL_ON_A_ROLL, NO_FALL = "dies", "roll", ""


def hanging_fall(status: Status) -> str:
    """3.11: what a hanging figure's lost PV does, by its status after the loss: left at 0 PV (hors de
    combat) it falls and dies; still fighting, it falls on ``FALL_ON`` (1d6) and loses 1 more PV."""
    if status == Status.HORS:
        return FALL_DIES
    if status == Status.FIGHTING:
        return FALL_ON_A_ROLL
    return NO_FALL


def accident_kind(w: t.Ranged) -> str:
    """4.6: black powder may explode, modern non-artillery weapons may jam, the others never fail."""
    if w.klass == t.BLACK_POWDER:
        return EXPLOSION
    if w.klass == t.MODERN and not w.artillery:
        return JAM
    return NO_ACCIDENT


def cd_passes(total: int, cd: int) -> bool:
    """0.2, 10.1: a Cd test passes when its 2d6 total is at most the Cd used."""
    return total <= cd


def charge_tests(charger: Figure, target: Figure) -> bool:
    """6.3: a charge against an enemy of better rank makes the charger test (if it can, 6.2)."""
    return target.rank > charger.rank
