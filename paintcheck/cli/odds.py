"""Exact odds of one shot (RULES 7, 9), from a required roll or from two points of a layout.

    python main.py odds --required R --dodge-dice K [--json]
    python main.py odds --layout F --shooter P --target P [--shooter-posture X] [--target-posture Y]
        [--cover ID] [--shooter-cover ID] [--def N] [--shot simple|reflex|suppressive] [--json]

The first form: the probabilities of a hit, a miss, a fumble (and its outcomes), a hit dodged with
one die (1 boulet) or two dice (4 boulets), an elimination, and the margin of the hits. The second:
the instruments' reading as ``measure`` gives it, then the sum as the engine reads it, term by term
with its rule (RULES § and the book's page), the target's protection, the required roll, the dodge
dice his DEF allows, and those odds. ``--json`` prints one object. Definitions: docs/odds.md.
"""

from __future__ import annotations

import argparse
import json

from paintcheck.cli.errors import CommandError
from paintcheck.cli.measure import _load, _point, _table
from paintcheck.cli.measure import reading as measure_reading
from paintcheck.field.layout import Field
from paintcheck.geometry.measurer import FieldMeasurer
from paintcheck.odds import citations
from paintcheck.odds.reading import SHOT_KINDS, ShotReading, shot_reading
from paintcheck.odds.shot import REQUIRED_LIMIT, OddsError, ShotOdds, max_dodge_dice, shot_odds
from paintcheck.rules import tables

FORMS = "give --required R --dodge-dice K, or --layout F --shooter P --target P"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Values are read as text and checked here, so a bad one is one line and exit 2 (CommandError).
    parser.add_argument("--required", metavar="R", help="the d20 roll the shot needs (RULES 7.1)")
    parser.add_argument("--dodge-dice", metavar="K", help="dodge dice the target is allowed, 0 to 2")
    parser.add_argument("--layout", help="layout file (JSON)")
    parser.add_argument("--shooter", help="shooter's point, e.g. B:H11")
    parser.add_argument("--target", help="target's point, e.g. W:D12")
    parser.add_argument("--shooter-posture", default="standing", help="standing, kneeling or prone")
    parser.add_argument("--target-posture", default="standing", help="standing, kneeling or prone")
    parser.add_argument("--cover", help="the target's cover (default: as measure chooses it)")
    parser.add_argument("--shooter-cover", help="the shooter's cover (default: his nearest obstacle)")
    parser.add_argument("--def", dest="def_count", default="0", metavar="N",
                        help=f"the target's DEF count, 0 to {tables.MAX_DEF}")
    parser.add_argument("--shot", default="simple", help="simple, reflex or suppressive")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


# -- input ----------------------------------------------------------------------------------------
def _whole(text: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise CommandError(f"{what} must be a whole number, not {text!r}") from None


def _required(text: str) -> int:
    value = _whole(text, "--required")
    if abs(value) > REQUIRED_LIMIT:
        raise CommandError(f"--required must lie between {-REQUIRED_LIMIT} and {REQUIRED_LIMIT}, not {value}")
    return value


def _dodge_dice(text: str) -> int:
    value = _whole(text, "--dodge-dice")
    top = max_dodge_dice()
    if not 0 <= value <= top:
        raise CommandError(f"--dodge-dice must be 0 to {top} (RULES 9.2), not {value}")
    return value


def _choice(text: str, allowed: tuple[str, ...], what: str) -> str:
    if text not in allowed:
        raise CommandError(f"{what} must be one of {', '.join(allowed)}, not {text!r}")
    return text


# -- the two forms ----------------------------------------------------------------------------------
def _odds(args: argparse.Namespace) -> ShotOdds:
    try:
        return shot_odds(_required(args.required), _dodge_dice(args.dodge_dice))
    except OddsError as exc:
        raise CommandError(str(exc)) from None


def layout_reading(field: Field, args: argparse.Namespace) -> tuple[dict, ShotReading]:
    """``measure``'s reading of the two points, and the engine's reading of the shot with its odds."""
    shooter = _point(field, args.shooter, "shooter")
    target = _point(field, args.target, "target")
    if shooter == target:
        raise CommandError("--shooter and --target are the same point")
    shooter_posture = _choice(args.shooter_posture, tables.POSTURES, "--shooter-posture")
    target_posture = _choice(args.target_posture, tables.POSTURES, "--target-posture")
    kind = _choice(args.shot, SHOT_KINDS, "--shot")
    def_count = _whole(args.def_count, "--def")
    if not 0 <= def_count <= tables.MAX_DEF:
        raise CommandError(f"--def must be 0 to {tables.MAX_DEF} (RULES 6.2), not {def_count}")
    measured = measure_reading(field, shooter, target, shooter_posture, args.cover, args.shooter_cover)
    m = FieldMeasurer(field)
    if args.cover is not None and args.cover not in m.covers(target):
        raise CommandError(f"--cover: {args.cover!r} is not next to the target (RULES 3.2)")
    own = m.covers(shooter)
    shooter_cover = args.shooter_cover or (own[0] if own else None)  # as measure chooses it
    reading = shot_reading(
        m, shooter, target, shooter_posture=shooter_posture, target_posture=target_posture,
        cover=measured["cover"], shooter_cover=shooter_cover, def_count=def_count, kind=kind,
        lattice=field.lattice,
    )
    return {**measured, "shooter_cover": shooter_cover}, reading


def reading_json(measured: dict, r: ShotReading) -> dict:
    """Everything ``--json`` prints for the layout form: measure's keys, then the engine's sum."""
    return {
        **{k: v for k, v in measured.items() if not k.startswith("_")},
        "shooter_side": r.shooter_side,
        "shot_parts": [{"label": label, "value": v, "rule": citations.shot_rule(label)}
                       for label, v in r.shot_parts],
        "shot_value": r.shot_value,
        "protection_parts": [{"label": label, "value": v, "rule": citations.protection_rule(label)}
                             for label, v in r.protection_parts],
        "protection": r.protection,
        "required": r.required,
        "dodge_dice": r.dodge_dice,
        "lost": r.lost,
        "odds": r.odds.as_json() if r.odds is not None else None,
    }


# -- text -------------------------------------------------------------------------------------------
def percent(p: float) -> str:
    """A probability as a player reads it."""
    if p == 0:
        return "0%"
    if p < 0.0005:
        return "<0.1%"
    if p > 0.9995 and p < 1:
        return ">99.9%"
    return f"{100 * p:.1f}%"


def odds_text(o: ShotOdds) -> list[str]:
    f = o.as_json()
    names = {"technical": "technical problem", "messy_paint": "messy paint", "reload": "reload"}
    lines = [
        f"  hit                 {percent(f['hit']):>7}   needs {o.required} on the d20 (RULES 7.1);"
        f" a natural {tables.NATURAL_CRITICAL} adds exploding d6s (RULES 7.3)",
        f"    eliminated        {percent(f['eliminated']):>7}   RULES 9.1",
    ]
    for dice, p in o.dodged.items():
        word = "die " if dice == 1 else "dice"
        lines.append(f"    dodged, {dice} {word}    {percent(float(p)):>7}   {o.boulets[dice]} boulet(s)"
                     f"   RULES 9.2, 9.4")
    if not o.dodged:
        lines.append("    (no dodge die: every hit is an elimination; RULES 9.2)")
    lines.append(f"  miss                {percent(f['miss']):>7}")
    outcomes = ", ".join(f"{names.get(n, n)} {percent(p)}" for n, p in f["fumble_outcomes"].items())
    lines.append(f"    fumble ({tables.NATURAL_MISS})        {percent(f['fumble']):>7}   {outcomes}"
                 f"   RULES 7.2, 7.5")
    shown, total = [], 0.0
    for m, p in o.margin.items():
        if total >= f["hit"] * 0.99 or len(shown) >= 16:
            break
        shown.append(f"{m}: {percent(float(p))}")
        total += float(p)
    if shown:
        rest = f["hit"] - total
        more = f", more: {percent(rest)}" if rest > 0 else ""
        lines.append("  margin of a hit     " + ", ".join(shown) + more + "   RULES 7.4")
    return lines


def reading_text(field: Field, args: argparse.Namespace, measured: dict, r: ShotReading) -> str:
    lines = [_table(field, args, measured), "", "shot value (as the engine reads it)"]
    if r.lost:
        lines.append(f"  the shot cannot be made: {r.lost}")
    for label, v in r.shot_parts:
        lines.append(f"  {v:+4d}  {label:42s} {citations.shot_rule(label) or ''}")
    if not r.lost:
        lines.append(f"  = {r.shot_value}")
    lines.append(f"protection of the target ({args.target_posture}, {args.def_count} DEF)")
    for label, v in r.protection_parts:
        lines.append(f"  {v:+4d}  {label:42s} {citations.protection_rule(label) or ''}")
    lines.append(f"  = {r.protection}")
    if r.odds is not None:
        lines.append(f"required  {tables.ROLL_BASE} + {r.protection} - {r.shot_value} = {r.required}"
                     f" on the d20   {citations.REQUIRED}")
        lines.append(f"dodge dice  {r.dodge_dice} for {args.def_count} DEF   {citations.DODGE_DICE}")
        lines.append(f"odds   {citations.ODDS}")
        lines += odds_text(r.odds)
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.layout is not None:
        if args.required is not None or args.dodge_dice is not None:
            raise CommandError("--required/--dodge-dice and --layout are two forms: " + FORMS)
        if args.shooter is None or args.target is None:
            raise CommandError("--layout needs --shooter P and --target P")
        field = _load(args.layout)
        measured, r = layout_reading(field, args)
        if args.json:
            print(json.dumps(reading_json(measured, r)))
        else:
            print(reading_text(field, args, measured, r))
        return 0
    if args.required is None or args.dodge_dice is None:
        raise CommandError(FORMS)
    o = _odds(args)
    if args.json:
        print(json.dumps(o.as_json()))
    else:
        print(f"one shot needing {o.required} on the d20, target allowed {o.dodge_dice} dodge dice")
        print("\n".join(odds_text(o)))
    return 0
