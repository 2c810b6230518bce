"""Loading the layout a command names, as one-line errors."""

from __future__ import annotations

from paintcheck.cli.errors import CommandError
from paintcheck.field.layout import Field, LayoutError
from paintcheck.field.layout_file import default_layout_path, load_layout


def load_field(path: str | None) -> Field:
    """The built field of ``path`` (default: the 21-obstacle box layout)."""
    try:
        return load_layout(path or default_layout_path()).build()
    except LayoutError as exc:
        raise CommandError(str(exc)) from None
