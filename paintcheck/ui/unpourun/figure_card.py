"""A figure's card in the match (who is A1?): its rank, race and trade, its profile, what it carries,
its PV left, its status and where it stands in the turn. No pygame here: ``card_lines`` words it, the
board draws it (``board.draw_card``).

Every value is read from the state (``unpourun.state.Figure``: the effective profile of 2.11, the
ranged weapons, the broken ones, the médikits and rondaches left, the status, the activation) and
from the figure's entry in its band (``bands.FigureSpec``: the melee weapon and the equipment bought,
which the state does not keep); every word is a catalogue entry, the tables' names the band builder's
(``upu_builder.kind``, ``race``, ``trade``, ``item``, ``weapon``). Un pour un has no secret
(0.1): both bands' cards are shown.
"""

from __future__ import annotations

from collections import Counter

from paintcheck.ui.i18n import tr
from paintcheck.ui.unpourun.event_words import weapon_words
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import BandSpec, FigureSpec
from paintcheck.unpourun.state import MatchState, Status

NS = "upu_match.card"
STATS = ("mvt", "cd", "ct", "ccc", "f", "r", "pv", "pa")  # the profile in the rules' order (2.4)


def spec_of(bands: tuple[BandSpec, BandSpec] | None, fid: str) -> tuple[FigureSpec | None, str]:
    """The band's entry for the figure ``fid`` ("A3": side A's third) and its band's race ("" none);
    (None, "") when the bands are not known."""
    if bands is None or fid[:1] not in t.PLAYERS or not fid[1:].isdigit():
        return None, ""
    band = bands[t.PLAYERS.index(fid[:1])]
    i = int(fid[1:]) - 1
    return (band.figures[i], band.race) if 0 <= i < len(band.figures) else (None, band.race)


def _listed(words: list[str], locale: str | None) -> str:
    return ", ".join(words) if words else tr(f"{NS}.none", locale)


def card_lines(s: MatchState, fid: str, spec: FigureSpec | None = None, race: str = "",
               locale: str | None = None) -> list[str]:
    """The card of the figure ``fid``: its heading first, then one line a subject."""
    f = s.figure(fid)
    head = [f.id, tr(f"upu_builder.kind.{f.kind}", locale)]
    if race:
        head.append(tr(f"upu_builder.race.{race}", locale))
    if spec is not None and spec.trade:
        head.append(tr(f"upu_builder.trade.{spec.trade}", locale))
    band = s.bands[t.PLAYERS.index(f.player)] if f.player in t.PLAYERS else ""
    profile = tr(f"{NS}.profile", locale, **{k: getattr(f.stats, k) for k in STATS})
    lines = [" · ".join(head), tr(f"{NS}.side", locale, side=f.player, band=band), profile]
    if f.stats.difficult_as_open:
        lines.append(tr(f"{NS}.difficult_as_open", locale))
    lines.append(tr(f"{NS}.pv", locale, pv=f.pv, most=f.stats.pv))
    lines.append(tr(f"{NS}.status", locale, status=status_words(s, fid, locale)))
    lines.append(turn_words(s, fid, locale))
    if spec is not None:
        lines.append(tr(f"{NS}.melee", locale, weapon=tr(f"upu_builder.weapon.melee.{spec.melee}", locale)))
    ranged = [tr(f"{NS}.broken", locale, weapon=weapon_words(w, locale)) if w in f.broken
              else weapon_words(w, locale) for w in f.ranged]
    lines.append(tr(f"{NS}.ranged", locale, weapons=_listed(ranged, locale)))
    lines.append(tr(f"{NS}.equipment", locale, items=_listed(equipment_words(s, fid, spec, locale), locale)))
    return lines


def status_words(s: MatchState, fid: str, locale: str | None = None) -> str:
    """Fighting, hors de combat, dead or gone (7.1-7.4), not deployed yet, and what else marks it:
    routing (8), hanging on a climb (3.11), −1 R for having been charged (6.4)."""
    f = s.figure(fid)
    if f.status == Status.FIGHTING and f.pos is None:
        words = [tr(f"{NS}.state.reserve", locale)]
    else:
        words = [tr(f"{NS}.state.{f.status.value}", locale)]
    if f.routing:
        words.append(tr(f"{NS}.state.routing", locale))
    if f.hanging is not None:
        words.append(tr(f"{NS}.state.hanging", locale))
    if f.charged_malus:
        words.append(tr(f"{NS}.state.charged_malus", locale))
    return ", ".join(words)


def turn_words(s: MatchState, fid: str, locale: str | None = None) -> str:
    """Active (its PA left), activated this turn, or not yet."""
    f = s.figure(fid)
    if s.activation is not None and s.activation.figure == fid:
        return tr(f"{NS}.active", locale, pa=s.activation.pa, most=f.stats.pa)
    return tr(f"{NS}.activated" if f.activated else f"{NS}.not_activated", locale)


def equipment_words(s: MatchState, fid: str, spec: FigureSpec | None, locale: str | None = None) -> list[str]:
    """The equipment bought (the band's entry), each with how many; the médikits and rondaches with what
    the state says is left (a rondache: once a turn, 3.8); without the band's entry, what the state keeps."""
    f = s.figure(fid)
    bought = Counter(spec.equipment) if spec is not None else Counter(
        {"medikit": f.medikits, "rondache": f.rondaches, "corde": int(f.rope)})
    out = []
    for item, n in bought.items():
        if n <= 0:
            continue
        name = tr(f"upu_builder.item.{item}", locale)
        if item == "medikit":
            out.append(tr(f"{NS}.medikits", locale, name=name, left=f.medikits, bought=n))
        elif item == "rondache":
            out.append(tr(f"{NS}.rondaches", locale, name=name, left=max(0, f.rondaches - f.rondaches_used),
                          bought=n))
        else:
            out.append(name if n == 1 else tr(f"{NS}.several", locale, name=name, count=n))
    return out
