"""A table on the box layout shared by the coach tests (built once: the sight table is cached)."""

from __future__ import annotations

from pathlib import Path

import pytest

from paintcheck.table import Table

BOX21 = Path(__file__).resolve().parents[2] / "layouts" / "box21.json"


@pytest.fixture(scope="session")
def table() -> Table:
    return Table.from_file(BOX21, sight=True)
