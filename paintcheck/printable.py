"""Text as it can be shown on one line, whatever a file or a file's name put in it.

A layout's name, an obstacle's id, a file's name: each comes from outside and may hold characters
that no line can show. ``printable`` shows them escaped, as Python writes them (``\\x00``,
``\\n``, ``\\u202e``; an undecodable byte of a file name, kept by ``os.fsdecode`` as a lone
surrogate, is ``\\udcff``), so that one line stays one line and a font can draw it. Everything the
window draws, and every line a command prints about a file, goes through it.

The characters shown escaped (``UNSHOWN``): the C0 and C1 control characters and DEL (a NUL stops
pygame's renderer; a newline or an escape breaks a terminal's line), the line and paragraph
separators, the bidirectional embeddings, overrides and isolates (they reorder the rest of the line:
a file name could pass for another), and surrogates (half a character: no file, font or terminal
takes one). Any other character, spaces of every width included (French typography's narrow
no-break space), is shown as it is. Nothing here imports anything: every layer may show a name.
"""

from __future__ import annotations

import re

UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: str) -> str:
    """``text`` with each character of ``UNSHOWN`` written as its escape (a ``str``: a text that
    needs no escape is returned as it is, at the cost of one scan)."""
    if UNSHOWN.search(text) is None:
        return text
    return UNSHOWN.sub(_escape, text)


def first_unshown(text: str) -> int | None:
    """The index of the first character ``printable`` would escape, None when there is none."""
    found = UNSHOWN.search(text)
    return None if found is None else found.start()


def _escape(match: re.Match[str]) -> str:
    return repr(match.group())[1:-1]
