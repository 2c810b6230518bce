"""Every number of the rules, each tagged with its source (../shared/RULES.md).

Tags: [B p.N] the book says so; [H] house value where the book's picture was lost; [E] erratum.
A corrected printed table is a change to this file only. The instruments' physical dimensions (ruler
marks, protractor segments, template) live in ``paintcheck.field.catalogue`` and are read here.
"""

from __future__ import annotations

import bisect
import math

from paintcheck.field import catalogue
from paintcheck.rules.vocab import Posture, Side

POSTURES: tuple[Posture, ...] = tuple(Posture)  # standing, kneeling, prone
SIDES: tuple[Side, ...] = tuple(Side)  # left, right, over

# -- match structure ---------------------------------------------------------------------------------
MAX_TURNS = 10  # [B p.10]
BREAK_TURN = 1  # [B p.10]
PLAYERS_PER_TEAM = 5  # [B p.2]
ORDER_TOKENS = (1, 2, 3, 4, 5)  # [B p.10]
ACTION_POINTS = 4  # [B p.11]
SPEAKS_FIRST_DIE = 6  # equal numbers on the field: each rolls a d6, the lower declares first  [B p.11-12]

# -- base values ---------------------------------------------------------------------------------------
BASE_SHOT = 10  # simple shot  [B p.11]
BASE_MOV = 10  # [B p.11]
BASE_REFLEX = 9  # [B p.25]
BASE_SUPPRESSIVE = 10  # a free simple shot, no support  [B p.24]
SUPPORT_BONUS = 2  # each support adds +2 to the action before it  [B p.11]
NATURAL_PROTECTION = 4  # behind nothing, and the minimum in all cases  [B p.13]
ROLL_BASE = 11  # required = 11 + target value - shot value  [B p.14, derived RULES 7.1]

# -- DEF: the DEF count is a sequence's DEF actions plus their supports ("4 DEF" is one DEF and three
# supports, B p.11: "la première action de DEF apporte 5 points ... chaque soutien au delà de cette
# première action apporte 2 points"); one count drives protection, dodge dice and the reflex limit --
MAX_DEF = 4  # at most the 4 action points  [B p.11, p.26: "4 DEF"]
BASE_DEF = 5  # the first DEF action; each further DEF or support +SUPPORT_BONUS: 0, 5, 7, 9, 11  [B p.11]
DODGE_DICE = (0, 1, 2, 2, 2)  # by DEF count 0..4  [B p.21]
BOULETS_FOR_DICE = {1: 1, 2: 4}  # dodge with 1 die -> 1 boulet, with 2 dice -> 4  [B p.22]
MAX_BOULETS = 4  # [B p.22]
DEF_AFTER_CLEARING_FOUR = 1  # a player who clears 4 boulets keeps DEF 1  [B p.22]
REDODGE_DICE = 1  # dodging again before his next activation: 1 die  [B p.23]

# -- movement -------------------------------------------------------------------------------------------
MAX_MOVE = 12  # [B p.13]
MOVE_COST_LIMITS = (4, 8, 12)  # 1 action for 1-4 points, 2 for 5-8, 3 for 9-12  [B p.13]
# Vulnerability modifier by number of vulnerable points 1..12  [B p.14]
VULNERABILITY = {1: 3, 2: 2, 3: 1, 4: 0, 5: -1, 6: -2, 7: -3, 8: -4, 9: -5, 10: -6, 11: -7, 12: -8}

# -- action costs ---------------------------------------------------------------------------------------
COST_DEF = 1  # [B p.11]
COST_SHOT = 1  # [B p.11]
COST_SUPPORT = 1  # [B p.11]
COST_SIDE_CHANGE = 1  # [B p.16]
COST_DUMP = 1  # [B p.16]
COST_CLEAR_BOULET = 1  # one per boulet  [B p.22]
COST_CLEAN = 3  # messy paint  [B p.20]
COST_RELOAD = 2  # [B p.20]
COST_PREBUNK = 2  # break turn only  [B p.30]
DUMP_REACH = 2  # dump an enemy within 1 or 2 points (8-neighbour steps)  [B p.16]

# -- distance (ruler) [H RULES 8.1]: bands closed above at catalogue.RULER_MARKS ---------------------
DISTANCE_MODIFIERS = (2, 1, 0, -1, -2, -3)  # d<=3, <=6, <=10, <=14, <=18, beyond  [H]

# -- angles (protractor) --------------------------------------------------------------------------------
SEGMENT_DEG = catalogue.PROTRACTOR_SEGMENT_DEG  # 18 degrees  [H RULES 8.2]
STATIC_ANGLE_BONUS = (0, 1, 2, 3, 4)  # white numbers by segment, the last one for >= 72  [H RULES 8.2]
RUN_ANGLE_BONUS = (4, 3, 2, 1, 0)  # red numbers by segment of phi, the last one for >= 72  [H RULES 8.3]

# -- line of fire [H RULES 8.4]: (graze, cross) by shooter posture and obstacle height ------------------
IMPOSSIBLE = None
LINE_OF_FIRE: dict[str, dict[str, tuple[int, int | None]]] = {
    "standing": {"low": (0, 0), "medium": (-1, -2), "high": (-2, IMPOSSIBLE)},
    "kneeling": {"low": (-1, -2), "medium": (-2, IMPOSSIBLE), "high": (-2, IMPOSSIBLE)},
    "prone": {"low": (-2, IMPOSSIBLE), "medium": (-2, IMPOSSIBLE), "high": (-2, IMPOSSIBLE)},
}
# the (posture, obstacle height, crossed) that make a shot impossible: LINE_OF_FIRE's IMPOSSIBLE cells, read
# as a set by the legality (it asks whether a line is blocked for every shot it judges)  [H RULES 8.4]
BLOCKING = frozenset(
    (posture, height, crossed)
    for posture, row in LINE_OF_FIRE.items()
    for height, pair in row.items()
    for crossed, value in zip((False, True), pair, strict=True)
    if value is IMPOSSIBLE
)
SWEEP_IMPOSSIBLE_AS = -2  # a sweep reads "impossible" as -2  [H RULES 8.5; B p.20]

# -- other shot modifiers --------------------------------------------------------------------------------
ADVANTAGE_BONUS = 2  # [B p.24]
WEAKENED_BONUS = 1  # [B p.23]
MESSY_PAINT_MALUS = -5  # [B p.20]
MULTI_TARGET_MALUS = -1  # the i-th shot after the first gets -i  [B p.15]
MULTI_TARGET_SEGMENT_MALUS = -2  # per angle segment from the first target  [B p.15]

# -- criticals and fumbles [B p.20, p.22] ----------------------------------------------------------------
SHOT_DIE = 20  # a shot is a d20  [B p.14]
NATURAL_MISS = 1
NATURAL_CRITICAL = 20
EXPLODING_DIE = 6  # a critical's bonus and each dodge die are a d6  [B p.20-21]
EXPLODING_FACE = 6  # a 6 on a critical or dodge d6 is rolled again and added  [B p.21-22]
FUMBLE_DIE = 20  # the fumble table is read on a re-rolled d20  [B p.20]
FUMBLE_TABLE = ((5, "technical"), (12, "messy_paint"), (20, "reload"))  # re-rolled d20  [B p.20]
FREE_DODGE_MARGIN = 1  # a hit by this margin or less is dodged without rolling, one die counted  [B p.36]
DEAD_GUN_DIE = 20  # a dead gun is tested on a d20 at his next activation  [B p.20]
DEAD_GUN_REPAIR_ABOVE = 5  # next activation: d20 > 5 works again, <= 5 dead for the match  [B p.20]
TECHNICAL_PROBLEM_BOULETS = 1  # a technical problem also gives 1 boulet  [B p.20]

# -- interactive fire [B p.24-27] ------------------------------------------------------------------------
SPEED_DIE = 6  # a speed test is a d6 and its modifiers, the higher first  [B p.27]
SPEED_PRESSER_BONUS = 2  # [B p.24, p.27]
SPEED_REFLEX_MALUS = -1  # [B p.27]
SPEED_EXTRA_SHOT_MALUS = -2  # each shot after a player's first  [B p.27]
SPEED_AFTER_SIDE_CHANGE_MALUS = -2  # [B p.27]
SPEED_PER_VULNERABLE_POINT = -1  # moved 1-4 vulnerable points before shooting  [B p.27]
SPEED_SHOOTS_LAST_ABOVE = 4  # moved more than 4 vulnerable points: shoots last  [B p.27]
SHORT_MOVE_MAX = 4  # a runner who shoots after a move of 1-4 points is static  [B p.27]
DUMPER_EDGE = 2  # to fire before a dumper, beat him by 2 or more  [B p.27]
REFLEX_MAX_DEF = 3  # a reflex shooter has DEF <= 3  [B p.25]
REFLEX_DEF_DIE = 6  # 0 segments or no token: a d6 says whether he loses a DEF  [B p.26]
REFLEX_DEF_LOSS_ROLL = (1, 2)  # 0 segments or no token: d6 of 1-2 loses 1 DEF  [B p.26]
REFLEXES_PER_ROUND = 1  # a player's reflex shots in one round  [B p.25]
REACTIONS_PER_ROUND = 1  # a player's interactive shots (reflex or suppressive) in one round  [H]

# -- dump [B p.16-17] ------------------------------------------------------------------------------------
DUMP_DIE = 6  # a dump is a d6 and its bonuses  [B p.16-17]
DUMP_SUPPORT_BONUS = 1  # +1 per support  [B p.17]
DUMP_OUTSIDE_FOV_BONUS = 1  # +1 when the dumper is outside the target's FOV  [B p.17]
DUMP_TABLE = ((2, "disaster"), (4, "confusion"))  # 1-2 disaster, 3-4 confusion, 5+ clean  [B p.17]

# -- obstacle protection by posture (standing, kneeling, prone) [H RULES 2.2 except as tagged] ----------
PROTECTION = {
    "cylinder": (10, 10, 8),  # 10  [B p.15]
    "cylinder_lying": (5, 8, 10),
    "cone": (9, 9, 7),
    "cone_lying": (4, 7, 9),
    "rocket_big": (10, 10, 8),  # 10  [B p.41]
    "rocket_small": (5, 8, 9),  # kneeling 8  [B p.44]
    "submarine": (5, 9, 10),
    "pyramid": (8, 10, 10),
}

# -- the break [B p.30-33] ----------------------------------------------------------------------------------
PREBUNKER_PROTECTION = 10  # DEF 5 x 2  [B p.32]
PREBUNKER_FREE_DODGE_DICE = 1  # [B p.33]


# ======================================================================================================
def required_roll(shot_value: int, target_value: int) -> int:
    """The d20 roll a shot needs: 11 + target value - shot value [RULES 7.1]."""
    return ROLL_BASE + target_value - shot_value


def def_protection(def_count: int) -> int:
    """Protection added by a DEF count (DEF actions and their supports) [B p.11, p.13; RULES 6.2]."""
    if not 0 <= def_count <= MAX_DEF:
        raise ValueError(f"a DEF count is 0 to {MAX_DEF}, not {def_count}")
    return BASE_DEF + SUPPORT_BONUS * (def_count - 1) if def_count else 0


def protection_value(obstacle: int, def_count: int) -> int:
    """A standing target's protection: obstacle + DEF, never below 4 [B p.13]."""
    return max(NATURAL_PROTECTION, obstacle + def_protection(def_count))


def vulnerability_modifier(points: int) -> int:
    """Movement-value modifier for ``points`` vulnerable points seen by one shooter [B p.14]."""
    if points not in VULNERABILITY:
        raise ValueError(f"a run has 1 to {MAX_MOVE} vulnerable points, not {points}")
    return VULNERABILITY[points]


def move_cost(points: int) -> int:
    """Action points a move of ``points`` lattice steps costs [B p.13]."""
    if not 1 <= points <= MAX_MOVE:
        raise ValueError(f"a move is 1 to {MAX_MOVE} points long, not {points}")
    return 1 + bisect.bisect_left(MOVE_COST_LIMITS, points)


def dodge_dice(def_count: int) -> int:
    """Dodge dice allowed by a DEF count [B p.21]."""
    if not 0 <= def_count <= MAX_DEF:
        raise ValueError(f"a DEF count is 0 to {MAX_DEF}, not {def_count}")
    return DODGE_DICE[def_count]


def distance_band(distance: float) -> int:
    """Index of the ruler's band: 0 for d <= 3 ... 5 beyond 18 (each band closed above) [H]."""
    if distance < 0 or math.isnan(distance):
        raise ValueError(f"a distance is >= 0, not {distance}")
    return bisect.bisect_left(catalogue.RULER_MARKS, distance)


def distance_modifier(distance: float) -> int:
    """Shot modifier for the distance band of ``distance`` points [H RULES 8.1]."""
    return DISTANCE_MODIFIERS[distance_band(distance)]


def angle_segment(theta_deg: float) -> int:
    """The protractor's segment index floor(theta / 18) [H RULES 8.2]."""
    if theta_deg < 0 or math.isnan(theta_deg):
        raise ValueError(f"an angle is >= 0 degrees, not {theta_deg}")
    return int(theta_deg // SEGMENT_DEG)


def static_angle_bonus(theta_deg: float) -> int:
    """White numbers: bonus against a static target for angle theta [H RULES 8.2]."""
    return STATIC_ANGLE_BONUS[min(angle_segment(theta_deg), len(STATIC_ANGLE_BONUS) - 1)]


def run_angle_bonus(phi_deg: float) -> int:
    """Red numbers: bonus against a runner for the acute angle phi at mid-run [H RULES 8.3]."""
    return RUN_ANGLE_BONUS[min(angle_segment(phi_deg), len(RUN_ANGLE_BONUS) - 1)]


def line_of_fire_modifier(posture: str, height: str, crossed: bool) -> int | None:
    """One obstacle on the line of fire; None means the shot is impossible [H RULES 8.4]."""
    try:
        graze, cross = LINE_OF_FIRE[posture][height]
    except KeyError:
        raise ValueError(f"unknown posture {posture!r} or obstacle height {height!r}") from None
    return cross if crossed else graze


def sweep_modifier(posture: str, height: str, crossed: bool = True) -> int:
    """One obstacle met by a runner's sweep, "impossible" read as -2 [H RULES 8.5; B p.20, p.37].

    An obstacle inside the swept area counts its cross value (B p.20: kneeling, a high cylinder and
    a low rocket give -2 each); one only touched by the ruler's band at the sweep's edge counts its
    graze value (B p.37: a cone on the edge of White2's sweep gives -1). docs/rules-decisions.md"""
    value = line_of_fire_modifier(posture, height, crossed)
    return SWEEP_IMPOSSIBLE_AS if value is None else value


_cost_constant = {
    "DEF": "COST_DEF", "SUP": "COST_SUPPORT", "SHOT": "COST_SHOT", "SHOT@": "COST_SHOT", "DUMP": "COST_DUMP",
    "DUMP@": "COST_DUMP",
    "SIDE": "COST_SIDE_CHANGE", "CLEAR": "COST_CLEAR_BOULET", "CLEAN": "COST_CLEAN", "RELOAD": "COST_RELOAD",
}


def action_cost(code: str) -> int:
    """Action points of an action of fixed cost, by its code (a move's cost is ``move_cost``): the
    constant as it is now (a test may change it)."""
    cost: int = globals()[_cost_constant[code]]
    return cost


def dump_outcome(total: int) -> str:
    """Dump d6 + bonuses: "disaster" (1-2), "confusion" (3-4) or "clean" (5+) [B p.16-17]."""
    for limit, outcome in DUMP_TABLE:
        if total <= limit:
            return outcome
    return "clean"


def fumble_outcome(d20: int) -> str:
    """The fumble table on a re-rolled d20 [B p.20]."""
    if not 1 <= d20 <= FUMBLE_DIE:
        raise ValueError(f"a d{FUMBLE_DIE} shows 1 to {FUMBLE_DIE}, not {d20}")
    for limit, outcome in FUMBLE_TABLE:
        if d20 <= limit:
            return outcome
    raise AssertionError("unreachable: FUMBLE_TABLE ends at 20")


def obstacle_protection(kind: str | None, posture: str) -> int:
    """Protection an obstacle of ``kind`` gives a player in ``posture`` behind it [RULES 2.2]."""
    if kind is None:
        return NATURAL_PROTECTION
    try:
        return PROTECTION[kind][POSTURES.index(posture)]
    except (KeyError, ValueError):
        raise ValueError(f"unknown obstacle kind {kind!r} or posture {posture!r}") from None


def boulets_for_dice(dice_used: int) -> int:
    """Boulets a dodge gives: 1 die -> 1, 2 dice -> 4 [B p.22]."""
    return BOULETS_FOR_DICE[dice_used]
