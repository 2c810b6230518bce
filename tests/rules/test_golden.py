"""Golden log (STYLE.md "Tests"): one match on box21, seed 7, random coaches; its event texts must
not change. After an intended change of the rules or of the log's wording, rewrite it with
``PAINTCHECK_UPDATE_GOLDEN=1 python -m pytest tests/rules/test_golden.py`` and review the diff."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from paintcheck.ai.playout import play_match
from paintcheck.rules.dice import Dice
from paintcheck.table import Table

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "scenarios" / "box21_seed7.log"
SEED = 7


def event_texts() -> list[str]:
    table = Table.from_file(ROOT / "layouts" / "box21.json")
    record = play_match(table.engine, table.start(), SEED)
    dice, state, texts = Dice(SEED), table.start(), []
    for decision in record.decisions:
        state, events = table.engine.apply(state, decision, dice)
        texts += [e.text for e in events]
    return texts


def test_golden_log_box21_seed7():
    texts = event_texts()
    if os.environ.get("PAINTCHECK_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text("\n".join(texts) + "\n", encoding="utf-8")
    assert GOLDEN.exists(), f"{GOLDEN} is missing: run with PAINTCHECK_UPDATE_GOLDEN=1 to write it"
    stored = GOLDEN.read_text(encoding="utf-8").splitlines()
    if texts != stored:
        diff = "\n".join(list(difflib.unified_diff(stored, texts, "stored", "now", lineterm="", n=1))[:40])
        raise AssertionError(
            f"the match of seed {SEED} on box21 no longer gives {GOLDEN.name} "
            f"({len(stored)} stored events, {len(texts)} now). If the change is intended, rewrite it "
            f"with PAINTCHECK_UPDATE_GOLDEN=1 and review the diff:\n{diff}")
