"""Which rule each term of a shot's sum applies: RULES § and the book's page.

The terms are the engine's own parts (``RoundView.reading``'s ``shot_parts``, ``RoundView.protection``),
named as the engine names them; this module only says where each comes from, for the odds command
and the practice range. A label it does not know gets ``None``, and a test reads every label the
engine can write."""

from __future__ import annotations

import re

from paintcheck.rules import tables

REQUIRED = "RULES 7.1 [B p.14]"
DODGE_DICE = "RULES 9.2 [B p.21]"
ODDS = "RULES 7.2–7.5, 9.1–9.4 [B p.20–22]"

# (pattern on the whole label, citation), first match wins
_SHOT = (
    (r"simple", "RULES 6.1, 6.5 [B p.11]"),
    (r"reflex", "RULES 6.5, 10.6 [B p.25]"),
    (r"suppressive", "RULES 10.2 [B p.24]"),
    (r"prebunk", "RULES 12.4 [B p.30–31]"),
    (r"\d+ support\(s\)", "RULES 6.1 [B p.11]"),
    (r"shot #\d+", "RULES 7.6 [B p.15]"),
    (r"\d+ segment\(s\) from first target", "RULES 7.6, 8.2 [B p.15]"),
    (r"distance", "RULES 8.1 [B p.17]"),
    (r"angle", "RULES 8.2 [B p.18]"),
    (r"run angle", "RULES 8.3 [B p.19]"),
    (r"sweep (grazes|crosses) .+", "RULES 8.5 [B p.20]"),
    (r"(grazes|crosses) .+", "RULES 8.4 [B p.18–19]"),
    (r"weakened position", "RULES 9.6 [B p.23]"),
    (r"advantage", "RULES 10.4 [B p.24]"),
    (r"messy paint", "RULES 7.5 [B p.20]"),
)
_TARGET = (
    (r"no cover", "RULES 3.2, 6.3 [B p.13]"),
    (r"\d+ DEF", "RULES 6.2 [B p.11, p.13]"),
    (r"minimum 4", "RULES 6.3 [B p.13]"),
    (r"prebunking", "RULES 12.6 [B p.32–33]"),
    (r"no DEF in his prebunk's finish", "RULES 12.6 [B p.32]"),
    (r"MOV", "RULES 6.1, 6.4 [B p.11, p.14]"),
    (r"move support\(s\)", "RULES 6.4 [B p.14]"),
    (r"\d+ vulnerable", "RULES 6.4, 8.5 [B p.14, p.19]"),
)


def _first(rows: tuple[tuple[str, str], ...], label: str) -> str | None:
    for pattern, citation in rows:
        if re.fullmatch(pattern, label):
            return citation
    return None


def shot_rule(label: str) -> str | None:
    """The rule behind one term of a shot's value (RULES 6.5, 7.5, 7.6, 8, 9.6, 10)."""
    return _first(_SHOT, label)


def protection_rule(label: str) -> str | None:
    """The rule behind one term of a target's protection or movement value (RULES 6.2–6.4, 12.6)."""
    found = _first(_TARGET, label)
    if found is None and label.rsplit(" ", 1)[-1] in tables.POSTURES:  # "cylinder kneeling"
        return "RULES 2.2, 6.3 [B p.13]"
    return found
