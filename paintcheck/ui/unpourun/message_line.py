"""The flashed message of Un pour un's match on one line, in its strip above the table (beside the title):
a message too long for it has the files it names shortened, the file's name first and its folder after,
cut from the left (``…/saves``), then the name alone; words still too long end in an ellipsis. No pygame:
the scene gives the width and how wide words are drawn (``theme.text_width``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import PurePath

from paintcheck.ui.i18n import tr

ELLIPSIS = "…"


def fit(words: str, width: int, measure: Callable[[str], int], paths: Iterable[str] = (),
        locale: str | None = None) -> str:
    """``words`` as they fit ``width`` pixels on one line (see the module's docstring); ``paths``: the
    files the words may name, as they were written into them."""
    if measure(words) <= width:
        return words
    for path in sorted({p for p in paths if p and p in words}, key=len, reverse=True):
        place = PurePath(path)
        folder = str(place.parent)
        lo, hi = 0, len(folder)  # the fewest characters cut from the folder's left that fit
        while lo < hi:
            mid = (lo + hi) // 2
            if measure(words.replace(path, _named(place.name, folder, mid, locale))) <= width:
                hi = mid
            else:
                lo = mid + 1
        shown = words.replace(path, _named(place.name, folder, lo, locale))
        if lo < len(folder) and measure(shown) <= width:
            return shown
        words = words.replace(path, place.name)
        if measure(words) <= width:
            return words
    while words and measure(words + ELLIPSIS) > width:
        words = words[:-1]
    return words + ELLIPSIS


def _named(name: str, folder: str, cut: int, locale: str | None) -> str:
    return tr("upu_match.file_in", locale, name=name, folder=folder if cut == 0 else ELLIPSIS + folder[cut:])
