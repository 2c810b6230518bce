"""The practice range's sum, as the rows its panel draws, and what each term measures on the field.

``sum_rows`` turns the engine's reading of a situation (``odds.situation.read``) into rows worded in
the window's language: the shot's terms and its value (or why there is no shot), the target's
protection, the required roll, the odds, the second shot — leaving out, while a lesson asks, what
its question hides (``lesson_veil``). ``range_view`` only draws them. Nothing here draws (no pygame).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from paintcheck.ui.i18n import percent, say, tr

if TYPE_CHECKING:
    from paintcheck.odds.situation import SituationReading
    from paintcheck.ui.lesson_veil import Veil

HEADING, TERM, TOTAL, LOST, NEEDS, ODDS, SECOND, VEILED, PROBLEM = (
    "heading", "term", "total", "lost", "needs", "odds", "second", "veiled", "problem")
# the parts of the sum a lesson's question may hide (``lesson_veil``)
SHOT_TOTAL = "shot_total"  # "= shot value"
PROTECTION_TOTAL = "protection_total"  # "= protection"
NEEDS_PART = "needs"  # the required roll and the dodge dice
ODDS_PART = "odds"  # the odds bar, its legend and the fumble
SECOND_PART = "second"  # the shot at the second target: its required roll and its chance
LOST_PART = "lost"  # whether the shot can be made (the reason it cannot; the ruler's warning colour)
SUM = "sum"  # the whole sum: every term, every total
ASKED = "?"  # what the panel writes for a number a lesson asks
RULES = "RULES "
# the labels that count what a question may ask (the runner's vulnerable points, the segments
# between two targets): while hidden, their words without the count
COUNTING = {"rules.label.vulnerable": "range.veil.vulnerable", "rules.label.segments": "range.veil.segments"}


@dataclass(frozen=True)
class Row:
    """One row of the panel: its kind, its words, the number in its left column, its rule, the term
    it shows (an index in the reading's ``terms``), the odds its bar draws."""

    kind: str
    words: str
    value: str = ""
    rule: str = ""
    term: int | None = None
    odds: object = None


def drawing_of(label: str) -> tuple:
    """What on the field a term of the sum measures (the key its drawing is lit by)."""
    if label == "distance":
        return ("ruler",)
    if label in ("angle", "run angle", "weakened position"):
        return ("protractor",)
    for verb in ("sweep grazes ", "sweep crosses ", "grazes ", "crosses "):
        if label.startswith(verb):
            return ("obstacle", label[len(verb):label.rindex(" (")] if " (" in label else label[len(verb):])
    if label.endswith(" vulnerable") or label in ("MOV", "move support(s)"):
        return ("run",)
    if label.startswith("shot #") or label.endswith("from first target"):
        return ("second_target",)
    if label in ("simple", "reflex", "suppressive", "prebunk", "advantage", "messy paint") \
            or label.endswith("support(s)"):
        return ("shooter",)
    return ("target",)  # his cover and posture, DEF, no cover, minimum 4


def rule_words(rule: str | None) -> str:
    """A term's rule in the window's language: 'RULES 8.1 [B p.17]' → 'RÈGLES 8.1 [B p.17]' (the
    sections and the book's pages are the same in every language)."""
    if not rule:
        return ""
    return tr("range.panel.rule", sections=rule[len(RULES):]) if rule.startswith(RULES) else rule


def sum_rows(reading: SituationReading | None, problem=None, veil: Veil | None = None) -> list[Row]:
    """The panel's rows for ``reading`` (None: the situation cannot be set up, ``problem`` says why),
    with what ``veil`` hides written ``?`` or said to come with the answer."""
    if reading is None:
        return [Row(PROBLEM, tr("range.panel.problem", problem=say(problem)))]
    hides = veil.hides if veil is not None else _nothing
    rows = [Row(HEADING, tr("range.panel.shot_value"))]
    if hides(SUM):
        return rows + [Row(VEILED, tr("range.veil.sum"))]
    terms = list(enumerate(reading.terms))
    rows += [_term(i, t, veil) for i, t in terms if t.part == "shot"]
    lost = reading.lost is not None and not hides(LOST_PART)
    if lost:  # a shot that cannot be made has no value: say why instead
        rows.append(Row(LOST, tr("range.panel.no_shot", lost=say(reading.lost))))
    else:
        rows.append(_total("range.panel.total_shot", reading.shot_value, hides(SHOT_TOTAL)))
    rows.append(Row(HEADING, tr("range.panel.against")))
    rows += [_term(i, t, veil) for i, t in terms if t.part != "shot"]
    if lost:
        return rows
    rows.append(_total("range.panel.total_protection", reading.protection, hides(PROTECTION_TOTAL)))
    needs = Row(VEILED, tr("range.veil.needs")) if hides(NEEDS_PART) else Row(NEEDS, needs_words(reading))
    rows.append(needs)
    if hides(ODDS_PART):
        rows.append(Row(VEILED, tr("range.veil.odds")))
    elif reading.odds is not None:
        rows.append(Row(ODDS, "", odds=reading.odds))
    if reading.second is not None:
        rows.append(Row(VEILED, tr("range.veil.second")) if hides(SECOND_PART)
                    else Row(SECOND, second_words(reading.second)))
    return rows


def _nothing(_part: str) -> bool:
    return False


def _term(i: int, term, veil: Veil | None) -> Row:
    if veil is None or not veil.hides_term(i):
        value = f"{term.value:+d}" if i else str(term.value)
        return Row(TERM, say(term.label), value, rule_words(term.rule), i)
    key = getattr(term.label, "key", None)
    words = tr(COUNTING[key]) if key in COUNTING else say(term.label)
    return Row(TERM, words, ASKED, rule_words(term.rule), i)


def _total(key: str, value: int | None, hidden: bool) -> Row:
    return Row(TOTAL, tr(key), ASKED if hidden or value is None else str(value))


def needs_words(r: SituationReading) -> str:
    """'needs 19 on the d20 (9 against 17; RULES 7.1) · 2 dodge dice (RULES 9.2)'."""
    dice = "none" if r.dodge_dice == 0 else "single" if r.dodge_dice == 1 else "several"
    return tr(f"range.panel.needs.{dice}", required=r.required, shot=r.shot_value, protection=r.protection,
              dice=r.dodge_dice)


def second_words(second: SituationReading) -> str:
    if second.lost:
        return tr("range.panel.second_lost", lost=say(second.lost))
    return tr("range.panel.second", required=second.required, chance=percent(second.odds.eliminated))
