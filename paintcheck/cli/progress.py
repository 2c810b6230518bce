"""Progress on standard error for the commands that may run more than a couple of seconds
(``simulate``, ``tournament``, ``analyse``, ``bench``): a bar while standard error is a terminal,
nothing at all otherwise, so that standard output — and a pipe or a file — is the same bytes with
or without it."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

from tqdm import tqdm

T = TypeVar("T")


def shown() -> bool:
    """Whether a bar is drawn: standard error is a terminal."""
    return sys.stderr.isatty()


def progress(items: Iterable[T], total: int | None, what: str) -> Iterator[T]:
    """``items`` as they come, counted on a bar of ``total`` named ``what`` (on a terminal only)."""
    return iter(tqdm(items, total=total, desc=what, file=sys.stderr, disable=not shown(), leave=False,
                     dynamic_ncols=True, mininterval=0.2))


def steps(total: int, what: str) -> tqdm:
    """A bar advanced by hand (``.update(n)``, then ``.close()``) for work done in steps."""
    return tqdm(total=total, desc=what, file=sys.stderr, disable=not shown(), leave=False,
                dynamic_ncols=True, mininterval=0.2)
