"""Fitting words into a width: cut with an ellipsis, or drawn smaller, or both.

The words are measured as ``theme.text`` draws them (escaped by ``paintcheck.printable``). Where
to cut is found by bisection, after a galloping search from the start (a prefix of 16 characters,
32, 64, … until one is too wide), so that the cost follows the length that fits, not the length of
the words: a name of 900,000 characters is cut in some twenty measures of a few dozen characters
each, where removing one character at a time measured it 900,000 times. The size is found by
bisection too, once the words are known to fit at the smallest one.
"""

from __future__ import annotations

from collections.abc import Callable

from paintcheck.printable import printable
from paintcheck.ui import theme

ELLIPSIS = "…"
_FIRST_PROBE = 16  # characters: the galloping search's first prefix


def longest_fitting(words: str, fits: Callable[[str], bool]) -> int:
    """The length of the longest prefix of ``words`` that ``fits`` (0 when none does), taking the
    width of a prefix to grow with its length."""
    n = len(words)
    lo, hi = 0, _FIRST_PROBE  # words[:lo] fits; words[:hi] is not known to
    while hi < n and fits(words[:hi]):
        lo, hi = hi, hi * 2
    if hi >= n:
        if fits(words):
            return n
        hi = n
    while hi - lo > 1:  # words[:lo] fits, words[:hi] does not
        mid = (lo + hi) // 2
        if fits(words[:mid]):
            lo = mid
        else:
            hi = mid
    return lo


def cut(words: str, size: int, width: int, bold: bool = False, ellipsis: str = ELLIPSIS) -> str:
    """``words`` (escaped) as they fit ``width`` pixels at ``size``: whole, or cut at the end and
    ended by ``ellipsis``."""
    words = printable(words)
    whole = longest_fitting(words, lambda w: theme.text_width(w, size, bold) <= width)
    if whole == len(words):
        return words
    kept = longest_fitting(words[:whole], lambda w: theme.text_width(w + ellipsis, size, bold) <= width)
    return words[:kept].rstrip() + ellipsis


def size_to_fit(words: str, size: int, width: int, least: int, bold: bool = False) -> int:
    """The largest size from ``size`` down to ``least`` at which ``words`` fit ``width`` pixels;
    ``least`` when they fit at none."""
    if size <= least:
        return size
    if cut(words, least, width, bold, ellipsis="") != printable(words):  # too wide even at least
        return least
    lo, hi = least, size  # the words fit at lo; at hi, not known
    if theme.text_width(words, hi, bold) <= width:
        return hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if theme.text_width(words, mid, bold) <= width:
            lo = mid
        else:
            hi = mid
    return lo


def shrink_then_cut(words: str, size: int, width: int, least: int, bold: bool = False) -> tuple[str, int]:
    """``words`` drawn smaller (down to ``least``) and then cut with an ellipsis, so that they fit
    ``width`` pixels: the words and the size to draw them at."""
    size = size_to_fit(words, size, width, least, bold)
    return cut(words, size, width, bold), size
