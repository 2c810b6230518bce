"""Bands (RULES-unpourun §2): what a figure is bought with, what a band costs, what a band may not
be, each figure's effective values (2.11), and the seeded random band builder headless play uses.

A band is plain data (``BandSpec``: a name, a race and its ``FigureSpec``s); ``band_problems`` says
every reason a band is refused as a ``Said`` (``unpourun_rules.band.*``); ``stats`` gives a figure's
Mvt, Cd, CT, CCC, F, R, PV and PA from its profile, race, trade and equipment.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from paintcheck.said import Said
from paintcheck.unpourun import tables as t


@dataclass(frozen=True)
class FigureSpec:
    kind: str
    melee: str = t.FREE_MELEE
    ranged: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()  # one entry per item: ("medikit", "medikit") is two médikits
    trade: str = ""  # an alien's trade (2.6): speed, will, brawn or ""


@dataclass(frozen=True)
class BandSpec:
    name: str
    figures: tuple[FigureSpec, ...]
    race: str = ""  # "" (no race), one of tables.RACE_PROFILES, or tables.ALIEN


@dataclass(frozen=True)
class Options:
    """A match's options, agreed before the game (6.1, 2.5, 2.10)."""

    passive: frozenset[str] = field(default_factory=lambda: frozenset(t.PASSIVE_TESTS))
    races: bool = False
    modern: bool = False
    points: int = t.POINTS_LIMIT


@dataclass(frozen=True)
class Stats:
    rank: int
    mvt: int
    cd: int
    ct: int
    ccc: int
    f: int  # melee F: the figure's, its cyber arms' and its melee weapon's (2.11)
    r: int
    pv: int
    pa: int
    difficult_as_open: bool  # a pair of cyber legs (2.9)


def figure_cost(spec: FigureSpec, modern: bool) -> int:
    """The figure, its weapons and equipment; the first dague and (modern setting) the first modern
    pistolet are free (2.10)."""
    cost = t.PROFILES[spec.kind].cost
    if spec.melee != t.FREE_MELEE:
        cost += t.MELEE[spec.melee][2]
    for name in spec.ranged:
        if not (modern and name == t.FREE_PISTOL):
            cost += t.RANGED[name].cost
    cost += sum(t.EQUIPMENT[item][1] for item in spec.equipment)
    return cost


def band_cost(band: BandSpec, options: Options) -> int:
    return sum(figure_cost(spec, options.modern) for spec in band.figures)


def figure_problems(spec: FigureSpec, race: str) -> list[Said]:
    """Why one figure's loadout is refused (2.6, 2.8, 2.9)."""
    out: list[Said] = []
    if spec.kind not in t.PROFILES:
        return [Said("unpourun_rules.band.kind", kind=spec.kind)]
    if spec.melee not in t.MELEE:
        out.append(Said("unpourun_rules.band.melee", weapon=spec.melee))
    for name in spec.ranged:
        if name not in t.RANGED:
            out.append(Said("unpourun_rules.band.ranged", weapon=name))
    if len(set(spec.ranged)) != len(spec.ranged):
        out.append(Said("unpourun_rules.band.ranged_twice"))
    for item in sorted(set(spec.equipment)):
        if item not in t.EQUIPMENT:
            out.append(Said("unpourun_rules.band.item", item=item))
        elif spec.equipment.count(item) > t.EQUIPMENT[item][0]:
            out.append(Said("unpourun_rules.band.too_many", item=item, most=t.EQUIPMENT[item][0]))
    if sum(spec.equipment.count(a) for a in t.ARMOURS) > t.ARMOURS_MAX:
        out.append(Said("unpourun_rules.band.armours"))
    hands = t.MELEE[spec.melee][0] if spec.melee in t.MELEE else 1
    shield = spec.equipment.count("bouclier")
    rondaches = spec.equipment.count("rondache")
    if hands == 2 and (shield or rondaches):
        out.append(Said("unpourun_rules.band.two_handed"))
    if shield and rondaches > t.ARMS - shield:
        out.append(Said("unpourun_rules.band.arms"))
    if spec.trade and (race != t.ALIEN or spec.trade not in t.ALIEN_TRADES):
        out.append(Said("unpourun_rules.band.trade", trade=spec.trade))
    return out


def band_problems(band: BandSpec, options: Options) -> list[Said]:
    """Every reason ``band`` is refused (empty: it may play): §2.1's composition, 2.3's points, 2.5's
    races, and each figure's loadout."""
    out: list[Said] = []
    kinds = [spec.kind for spec in band.figures]
    if kinds.count(t.CHEF) != t.CHEFS_PER_BAND:
        out.append(Said("unpourun_rules.band.chefs", count=kinds.count(t.CHEF)))
    if kinds.count(t.SOUS_CHEF) > t.SOUS_CHEFS_PER_BAND[1]:
        out.append(Said("unpourun_rules.band.sous_chefs", most=t.SOUS_CHEFS_PER_BAND[1]))
    if kinds.count(t.SOUS_FIFRE) < t.MIN_SOUS_FIFRES:
        out.append(Said("unpourun_rules.band.sous_fifres"))
    if band.race and (not options.races or band.race not in (*t.RACE_PROFILES, t.ALIEN)):
        out.append(Said("unpourun_rules.band.race", race=band.race))
    for i, spec in enumerate(band.figures):
        out += [Said("unpourun_rules.band.figure", number=i + 1, problem=p)
                for p in figure_problems(spec, band.race)]
    if not out and (over := points_problem(band, options)) is not None:
        out.append(over)
    return out


def points_problem(band: BandSpec, options: Options) -> Said | None:
    """Why ``band`` costs too much for the points limit (2.3), or None; ``band_problems`` says it only
    once nothing else is wrong, the band builder at every purchase."""
    cost = band_cost(band, options)
    if cost <= options.points:
        return None
    return Said("unpourun_rules.band.points", cost=cost, limit=options.points)


def stats(spec: FigureSpec, race: str) -> Stats:
    """The effective values (2.11): the race's (2.5) or the generic profile, an alien's trade (2.6),
    then equipment: sight CT −1, cyber legs Mvt +2 for a pair, armour, shield, cyber arms and legs R."""
    base = t.PROFILES[spec.kind]
    mvt, cd, ct, ccc, r = base.mvt, base.cd, base.ct, base.ccc, base.r
    f = base.f
    if race in t.RACE_PROFILES:
        mvt, cd, ct, ccc, r = t.RACE_PROFILES[race][spec.kind]
    if spec.trade in t.ALIEN_TRADES and race == t.ALIEN:
        dm, dcd, dct, dccc, df, dr = t.ALIEN_TRADES[spec.trade]
        mvt, cd, ct, ccc, f = max(t.ALIEN_MIN_MVT, mvt + dm), cd + dcd, ct + dct, ccc + dccc, f + df
        r = max(t.ALIEN_MIN_R, r + dr)
    eq = spec.equipment
    legs = eq.count("jambe_cyber")
    arms = eq.count("bras_cyber")
    if legs >= t.CYBER_LEGS_PAIR:
        mvt += t.CYBER_LEGS_MVT
    if "visee" in eq:
        ct += t.SIGHT_CT
    r += sum(bonus for armour, bonus in t.ARMOURS.items() if armour in eq)
    r += t.SHIELD_R * eq.count("bouclier") + t.CYBER_ARM_R * arms + t.CYBER_LEG_R * legs
    f += t.CYBER_ARM_F * arms + t.MELEE[spec.melee][1]
    return Stats(base.rank, mvt, cd, ct, ccc, f, r, base.pv, base.pa, legs >= t.CYBER_LEGS_PAIR)


# -- the random band builder (docs/rules-decisions-unpourun.md, "Bands for headless play") ------------
BUILDER_SOUS_FIFRES = (2, 6)  # the builder's own choice, not a rule: 2-6 sous-fifres before buying gear
BUILDER_SHOPPING = 12  # tries to buy something with what is left


def random_band(seed: int, name: str, options: Options | None = None) -> BandSpec:
    """A legal band within the points limit, drawn from ``seed``: a chef, 0-2 sous-chefs, some
    sous-fifres, then weapons and equipment while points remain (every purchase kept legal).

    Each try draws a figure, what to buy and which one, and keeps the purchase when the band stays
    within the points and the figure's loadout legal: the points change by the purchase's price
    (``figure_cost``'s terms) and the loadout is asked only what the purchase may break
    (``purchase_refused``: the figure was legal before)."""
    options = options or Options()
    rng = random.Random(seed)
    kinds = [t.CHEF] + [t.SOUS_CHEF] * rng.randint(0, 2) + [t.SOUS_FIFRE] * rng.randint(*BUILDER_SOUS_FIFRES)
    count = len(kinds)
    melees = [t.FREE_MELEE] * count
    rangeds: list[tuple[str, ...]] = [()] * count
    kits: list[tuple[str, ...]] = [()] * count
    ranged, melee, items = _SHOP
    ranged_price = _RANGED_PRICE[options.modern]
    cost = sum(t.PROFILES[kind].cost for kind in kinds)  # band_cost of the bare figures
    points = options.points
    choice, draw = rng.choice, rng.random
    for _ in range(BUILDER_SHOPPING * count):
        i = rng.randrange(count)
        what = draw()
        if what < 0.45:
            name_ = choice(ranged)
            new_cost = cost + ranged_price[name_]
            if new_cost <= points and name_ not in rangeds[i]:
                rangeds[i], cost = (*rangeds[i], name_), new_cost
        elif what < 0.7:
            chosen = choice(melee)
            new_cost = cost - _MELEE_PRICE[melees[i]] + _MELEE_PRICE[chosen]
            if new_cost <= points and not purchase_refused(chosen, kits[i]):
                melees[i], cost = chosen, new_cost
        else:
            item = choice(items)
            new_cost = cost + t.EQUIPMENT[item][1]
            kit = (*kits[i], item)
            if new_cost <= points and not purchase_refused(melees[i], kit, item):
                kits[i], cost = kit, new_cost
    return BandSpec(name, tuple(FigureSpec(kinds[i], melees[i], rangeds[i], kits[i]) for i in range(count)))


_SHOP = (sorted(t.RANGED), sorted(t.MELEE), sorted(t.EQUIPMENT))
_MELEE_PRICE = {name: 0 if name == t.FREE_MELEE else row[2] for name, row in t.MELEE.items()}
_RANGED_PRICE = {modern: {name: 0 if modern and name == t.FREE_PISTOL else w.cost
                           for name, w in t.RANGED.items()} for modern in (False, True)}


def purchase_refused(melee: str, equipment: tuple[str, ...], item: str = "") -> bool:
    """Whether a figure without race or trade, legal with its loadout, is refused (``figure_problems``)
    once it holds ``melee`` and ``equipment``, which adds ``item`` (or nothing, "") to what it held: only
    the checks the change can break are asked. (A ranged weapon breaks only 2.8's "not twice".)"""
    shield = equipment.count("bouclier")
    rondaches = equipment.count("rondache")
    if t.MELEE[melee][0] == 2 and (shield or rondaches):
        return True
    if not item:
        return False
    if equipment.count(item) > t.EQUIPMENT[item][0]:
        return True
    if item in t.ARMOURS and sum(equipment.count(a) for a in t.ARMOURS) > t.ARMOURS_MAX:
        return True
    return bool(shield) and rondaches > t.ARMS - shield


def band_to_dict(band: BandSpec) -> dict[str, Any]:
    return {"name": band.name, "race": band.race,
            "figures": [{"kind": s.kind, "melee": s.melee, "ranged": list(s.ranged),
                         "equipment": list(s.equipment), "trade": s.trade} for s in band.figures]}


def band_from_dict(data: Any) -> BandSpec:
    """A band from its JSON data (``ValueError`` with one line when it is not one)."""
    try:
        figures = tuple(FigureSpec(str(f["kind"]), str(f.get("melee", t.FREE_MELEE)),
                                   tuple(str(x) for x in f.get("ranged", ())),
                                   tuple(str(x) for x in f.get("equipment", ())), str(f.get("trade", "")))
                        for f in data["figures"])
        return BandSpec(str(data["name"]), figures, str(data.get("race", "")))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a band: {exc}") from None


def options_to_dict(options: Options) -> dict[str, Any]:
    return {"passive": sorted(options.passive), "races": options.races, "modern": options.modern,
            "points": options.points}


def options_from_dict(data: Any) -> Options:
    """A match's options from their JSON data (``ValueError`` with one line when they are not)."""
    try:
        passive = frozenset(str(x) for x in data["passive"])
        races, modern, points = data["races"], data["modern"], data["points"]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a match's options: {exc}") from None
    if not passive <= set(t.PASSIVE_TESTS) or not isinstance(races, bool) or not isinstance(modern, bool) \
            or not isinstance(points, int) or isinstance(points, bool) or points <= 0:
        raise ValueError("not a match's options: a test, a flag or the points limit is not one")
    return Options(passive, races, modern, points)
