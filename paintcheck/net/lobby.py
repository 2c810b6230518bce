"""Before a networked match: who hosts, which team each machine plays, and the host's field.

The host plays Blue, the joiner White. Once the connection says the match code (``net.tcp``), the
host offers his field as layout data (``field_offer``); the joiner reads it as he reads any layout
file (``read_field``: ``layout_from_dict``, every check of ``validate``) and answers ``ready`` or
``refuse`` with the one line of the first problem. Nothing here imports pygame.
"""

from __future__ import annotations

import logging
from typing import Any

from paintcheck.field.layout import Layout, LayoutError
from paintcheck.field.layout_file import layout_from_dict, layout_to_dict
from paintcheck.printable import printable

log = logging.getLogger(__name__)

HOST_TEAM, JOIN_TEAM = "blue", "white"
FIELD_SOURCE = "the host's field"  # how a refusal names the field (it has no file on this machine)
MAX_REASON = 300  # characters of a refusal sent back


def team_of(hosting: bool) -> str:
    return HOST_TEAM if hosting else JOIN_TEAM


def field_offer(layout: Layout) -> dict[str, Any]:
    """The host's first message once the other coach is in: his field, as data."""
    return {"t": "field", "layout": layout_to_dict(layout)}


def read_field(message: dict[str, Any]) -> Layout:
    """The field a ``field`` message offers, checked like a layout file; ``LayoutError`` (one line,
    naming ``FIELD_SOURCE``) when it is not one this program plays."""
    try:  # not even an object: refused by the same checks, with the same words
        return layout_from_dict(message.get("layout"), FIELD_SOURCE)
    except LayoutError:
        raise
    except Exception as exc:  # a layout the checks did not foresee: refused, never a traceback
        log.warning("the host's field could not be read", exc_info=True)
        raise LayoutError(f"{FIELD_SOURCE}: {type(exc).__name__}") from None


def refusal(exc: LayoutError) -> dict[str, Any]:
    """The joiner's answer to a field he cannot play: its first problem (English), one printable
    line."""
    reason = printable(" ".join(str(exc.args[0] if exc.args else exc).split()))[:MAX_REASON]
    return {"t": "refuse", "why": reason}


def refused_why(message: dict[str, Any]) -> str:
    """The reason a ``refuse`` message gives, made safe to draw (one line, printable, bounded)."""
    why = message.get("why")
    return printable(" ".join(str(why).split()))[:MAX_REASON] if isinstance(why, str) else "?"
