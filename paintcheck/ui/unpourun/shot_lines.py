"""What Un pour un's shot panel says, line by line, from the engine's odds (``paintcheck.unpourun.odds``):
no pygame, no rule. A shot (``ShotOdds``) or a strike (``StrikeOdds``) is told term by term, each term the
odds module's own ``Term`` (a catalogue key of ``unpourun_odds``, worded here in the window's language):

- a title (who shoots whom, with which weapon; a blast; a strike);
- per figure the shot may reach, in the engine's order (4.3; a blast's figures nearest first, 4.5): how
  it is reached (CT, range band, height, clamp -> the number needed on the d6) and the chance to hit; the
  damage roll (the weapon's F against R, 4.3's +1, 6.4's −1 -> the number needed) and the chance to wound
  when hit; then the chances that it loses a PV, ends hors de combat, dies;
- the accident check (4.6) and the chance the weapon is lost, and whom an explosion would hurt;
- the engine's refusal, when it refuses the shot (``why_illegal``'s ``Said``): Confirm is then greyed.

Every chance is exact: written as the fraction the odds module counted and as a whole percentage.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from paintcheck.ui import i18n
from paintcheck.ui.i18n import tr
from paintcheck.ui.unpourun.event_words import say, weapon_words
from paintcheck.unpourun.odds import FigureOdds, ShotOdds, StrikeOdds, Term
from paintcheck.unpourun.query import IMPOSSIBLE

NS = "upu_shot.panel"
Style = Literal["title", "head", "term", "chance", "warn", "refusal"]


@dataclass(frozen=True)
class Line:
    text: str
    style: Style


def chance(p: Fraction, locale: str | None = None) -> str:
    """``1/3 (33%)``: the exact fraction and the percentage a player reads (``<1%``, ``>99%`` at the
    ends)."""
    exact = f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
    return tr(f"{NS}.chance", locale, fraction=exact, percent=i18n.percent(float(p), locale))


def term_words(term: Term, locale: str | None = None) -> str:
    """One term of the odds module in the window's language (a weapon by its name)."""
    return say(term.said, locale)


def _figure_lines(o: FigureOdds, head: str, locale: str | None) -> list[Line]:
    lines = [Line(head, "head")]
    lines += [Line(term_words(x, locale), "term") for x in o.terms]
    if o.need >= IMPOSSIBLE:
        lines.append(Line(tr(f"{NS}.no_shot", locale), "warn"))
        return lines
    lines.append(Line(tr(f"{NS}.to_hit", locale, chance=chance(o.p_hit, locale)), "chance"))
    lines += [Line(term_words(x, locale), "term") for x in o.wound.terms]
    lines.append(Line(tr(f"{NS}.to_wound", locale, chance=chance(o.wound.p, locale)), "chance"))
    lines.append(Line(tr(f"{NS}.loses_pv", locale, chance=chance(o.p_damage, locale)), "chance"))
    if o.p_hors:
        lines.append(Line(tr(f"{NS}.hors", locale, chance=chance(o.p_hors, locale)), "chance"))
    if o.p_dead:
        lines.append(Line(tr(f"{NS}.dead", locale, chance=chance(o.p_dead, locale)), "chance"))
    return lines


def shot_lines(odds: ShotOdds | StrikeOdds, shooter_player: str, refusal: object = None,
               locale: str | None = None) -> list[Line]:
    """The panel's lines for a shot or a strike; ``shooter_player`` marks a blast's own figures;
    ``refusal``: the engine's reason (a ``Said``) when it refuses the decision, else None."""
    if isinstance(odds, StrikeOdds):
        o = odds.target
        lines = [Line(tr(f"{NS}.strike_title", locale, figure=odds.striker, target=o.figure), "title"),
                 *_figure_lines(o, tr(f"{NS}.target", locale, figure=o.figure), locale)]
    else:
        key = "blast_title" if odds.blast else "shot_title"
        lines = [Line(tr(f"{NS}.{key}", locale, figure=odds.shooter, weapon=weapon_words(odds.weapon, locale),
                         target=odds.nominated),
                      "title")]
        for i, o in enumerate(odds.targets, start=1):
            if odds.blast:
                head = tr(f"{NS}.own_in_blast" if o.player == shooter_player else f"{NS}.in_blast", locale,
                          figure=o.figure)
            else:
                head = tr(f"{NS}.numbered", locale, index=i, figure=o.figure)
            lines += _figure_lines(o, head, locale)
        lines.append(Line(tr(f"{NS}.accident", locale), "head"))
        lines += [Line(term_words(x, locale), "term") for x in odds.accident_terms]
        if odds.accident:
            for key, p in (("p_accident", odds.p_accident), ("p_broken", odds.p_broken)):
                lines.append(Line(tr(f"{NS}.{key}", locale, chance=chance(p, locale)), "chance"))
        for o in odds.exploded:
            hurt = chance(o.p_damage, locale)
            lines.append(Line(tr(f"{NS}.exploded", locale, figure=o.figure, chance=hurt), "warn"))
    if refusal is not None:
        lines.append(Line(say(refusal, locale), "refusal"))
    return lines
