"""Un pour un's events in the window's words (English or French), told term by term where a roll was made.

Every event (``paintcheck.unpourun.events.Event``) says itself: its headline is the engine's own catalogue
entry (``unpourun_rules.event.<kind>``, en and fr) worded by ``i18n.say``. Under it, ``terms`` tells the
numbers that went in, from the event's values only (nothing here re-derives a rule), in the namespace
``upu_shot.event``:

- a shot's to-hit (``hit`` / ``missed``, 4.4): the CT, the range band and its modifier, the height
  modifier, then the number needed (bounded to 2 when the sum is 1 or less) and the die;
- a damage roll (``damaged`` / ``no_damage``, 5.1): the damage table's F against R, the number needed and
  the die;
- a strike (``struck`` / ``strike_missed``, 3.7): the CCC number and the die, from the roll told before it
  (``story`` pairs them);
- a passive test, a rout or a rally test (``test_passed`` / ``test_failed``, 0.2, 6, 8.3): 2d6 against the
  Cd used; a band's rout check (8.1): how many were lost;
- a blast (4.5): who the template covers; the victory points (9.3) and the end of the game (9.1, 9.2).

A roll (``roll``) is told with its purpose and the number it needed. No pygame here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from paintcheck.said import Said
from paintcheck.ui import i18n
from paintcheck.ui.i18n import tr
from paintcheck.ui.unpourun.ruler_reading import BAND_OF_MODIFIER
from paintcheck.unpourun.events import Event
from paintcheck.unpourun.query import IMPOSSIBLE
from paintcheck.unpourun.tables import ABOVE_TARGET, TARGET_ABOVE

NS = "upu_shot.event"
# roll purposes whose ``need`` is a score to meet (die >= need); the Cd tests' is the Cd (a sum of 2d6 <= it),
# explosions, falls and jams happen on one face
MEET = frozenset({"to_hit", "strike", "damage"})
SUM = frozenset({"charge_test", "being_charged", "seeing", "being_shot", "rally", "rout"})
POINT = frozenset({"x", "y"})  # the values that are a point's coordinates (where a figure stands)


def signed(value: int) -> str:
    """A modifier as the rules write it: −1, +0, +1 (a true minus sign)."""
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


def weapon_words(weapon: str, locale: str | None = None) -> str:
    """A ranged weapon's name as the band builder's catalogue words it (``upu_builder.weapon.ranged``)."""
    return tr(f"upu_builder.weapon.ranged.{weapon}", locale)


def say(words: object, locale: str | None = None) -> str:
    """Something the engine said (a ``Said``: an event, an odds term, a refusal) in ``locale``, its values
    made readable: a weapon by its name (``weapon_words``), a list of figures (a blast's ``hit``, a shot's
    ``targets``) written ``A2, B3``, an empty one as "no one", a point's x and y to a tenth of a pas in
    the locale's way."""
    values = getattr(words, "values", None)
    if not isinstance(words, Said) or not values:
        return i18n.say(words, locale)
    readable = dict(values)
    for name, value in values.items():
        if isinstance(value, tuple):
            readable[name] = ", ".join(map(str, value)) or tr(f"{NS}.nobody", locale)
        elif name == "weapon" and isinstance(value, str):
            readable[name] = weapon_words(value, locale)
        elif name in POINT and isinstance(value, float):  # a point's coordinate: a tenth of a pas
            readable[name] = i18n.number(round(value, 1), None, locale)
    return i18n.say(Said(words.key, **readable), locale)


def headline(e: Event, locale: str | None = None, places: Sequence[str] = ()) -> str:
    """The event's own sentence (the engine's catalogue entry) in ``locale`` (``say``); a zone taken
    (1.9) named by where it stands on the screen when the table's ``places`` are given
    (``zone_places.places``: the engine's "zone 1" means nothing to a player)."""
    if e.kind == "zone" and places:
        return tr(f"upu_match.story.zone_{places[e.get('zone')]}", locale, player=e.get("player"))
    return say(e.said, locale)


def _d(value: float, locale: str | None) -> str:
    return i18n.number(float(value), 1, locale)


def to_hit_terms(ct: int, rng: int, height: int, d: float, need: int, locale: str | None = None) -> list[str]:
    """4.4 told: the CT, the range band's modifier, the height's, and the number needed on the d6."""
    lines = [tr(f"{NS}.ct", locale, ct=ct),
             tr(f"{NS}.range", locale, band=tr(f"upu_shot.band.{BAND_OF_MODIFIER[rng]}", locale),
                d=_d(d, locale), modifier=signed(rng))]
    if height == ABOVE_TARGET:
        lines.append(tr(f"{NS}.height_above_target", locale, modifier=signed(height)))
    elif height == TARGET_ABOVE:
        lines.append(tr(f"{NS}.height_target_above", locale, modifier=signed(height)))
    else:
        lines.append(tr(f"{NS}.height_level", locale))
    total = ct + rng + height
    if need >= IMPOSSIBLE:
        lines.append(tr(f"{NS}.impossible", locale, total=IMPOSSIBLE))
    elif total != need:
        lines.append(tr(f"{NS}.needs_clamped", locale, need=need, total=total))
    else:
        lines.append(tr(f"{NS}.needs", locale, need=need))
    return lines


def terms(e: Event, locale: str | None = None) -> list[str]:
    """The numbers that went into the event, one term a line (empty for an event without any)."""
    k, g = e.kind, e.get
    if k in ("hit", "missed"):
        return [*to_hit_terms(g("ct"), g("range"), g("height"), g("d"), g("need"), locale),
                tr(f"{NS}.rolled_hit" if k == "hit" else f"{NS}.rolled_miss", locale, die=g("die"))]
    if k in ("damaged", "no_damage"):
        return [tr(f"{NS}.damage_table", locale, f=g("f"), r=g("r")),
                tr(f"{NS}.needs", locale, need=g("need")),
                tr(f"{NS}.rolled_damage" if k == "damaged" else f"{NS}.rolled_no_damage", locale,
                   die=g("die"))]
    if k in ("test_passed", "test_failed"):
        return [tr(f"{NS}.cd_test", locale, cd=g("cd"))]
    if k == "rout_check":
        return [tr(f"{NS}.rout_check", locale, lost=g("lost"), size=g("size"))]
    if k == "blast":
        hit = g("hit") or ()
        return [tr(f"{NS}.blast_hits", locale, hit=", ".join(hit)) if hit else tr(f"{NS}.blast_none", locale)]
    if k == "roll":
        purpose, need = g("purpose"), g("need")
        if not need:
            return []
        if purpose in SUM:
            return [tr(f"{NS}.roll_sum", locale, need=need)]
        if purpose in MEET:
            return [tr(f"{NS}.roll_needs", locale, need=need)]
        return [tr(f"{NS}.roll_on", locale, need=need)]
    return []


def event_lines(e: Event, locale: str | None = None, places: Sequence[str] = ()) -> list[str]:
    """The headline, then its terms (indented)."""
    return [headline(e, locale, places), *("   " + line for line in terms(e, locale))]


def story(events: Iterable[Event], locale: str | None = None, places: Sequence[str] = ()) -> list[str]:
    """Events told in order, each roll folded into the event that tells its outcome: a to-hit die into
    ``hit`` / ``missed``, a damage die into ``damaged`` / ``no_damage`` (both carry the die), the 2d6 of a
    Cd test into its ``test_*`` line (the dice listed), a strike's die into ``struck`` / ``strike_missed``
    (a rondache's re-roll replaces it: the last roll decided). The other rolls keep their own line.
    ``places``: the zones' places on the screen (``headline``)."""
    out: list[str] = []
    dice: list[int] = []  # the Cd test's dice so far
    strike: Event | None = None
    for e in events:
        if e.kind == "roll":
            purpose = e.get("purpose")
            if purpose in ("to_hit", "damage"):
                continue
            if purpose in SUM:
                dice.append(e.get("value"))
                continue
            if purpose == "strike":
                strike = e
                continue
        out.extend(event_lines(e, locale, places))
        if e.kind in ("test_passed", "test_failed") and dice:
            rolled = " + ".join(map(str, dice))
            out.append("   " + tr(f"{NS}.dice", locale, dice=rolled, total=e.get("total")))
            dice = []
        if e.kind in ("struck", "strike_missed") and strike is not None:
            out.append("   " + tr(f"{NS}.strike", locale, need=strike.get("need"), die=strike.get("value")))
            strike = None
    return out
