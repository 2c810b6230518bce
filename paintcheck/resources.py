"""Where the program's own data lies: the assets (fonts, theme, catalogues, lessons), the shipped
layouts and How to play, read the same way from a checkout and from an installed wheel.

In a wheel they are inside the package (``pyproject.toml`` maps the checkout's top-level
``assets/``, ``layouts/`` and ``docs/`` into ``paintcheck/``); in a checkout they stand beside the
package, at the top level the design card gives them. ``importlib.resources`` finds the package
either way; nothing else in the program knows where the data is.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

FOLDERS = ("assets", "layouts", "docs")


def data(name: str) -> Path:
    """The data folder ``name`` (one of FOLDERS)."""
    if name not in FOLDERS:
        raise ValueError(f"no data folder {name!r}")
    package = Path(str(files("paintcheck")))
    inside = package / name
    return inside if inside.is_dir() else package.parent / name
