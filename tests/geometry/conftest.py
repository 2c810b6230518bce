"""Fields for the geometry tests, built in code so the tests do not depend on layout files."""

from __future__ import annotations

import pytest

from paintcheck.cli.bench_geometry import box_layout
from paintcheck.geometry.index import ObstacleIndex


@pytest.fixture(scope="session")
def box():
    return box_layout()


@pytest.fixture(scope="session")
def box_index(box):
    return ObstacleIndex(box.build())
