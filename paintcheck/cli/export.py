"""Write a layout as a PNG image, as the window draws its field, without opening a window.

    python main.py export --layout F --png OUT [--width PX]

The image shows the field (lattice, letters and row numbers, bases, prebunk zones, every obstacle),
the layout's name as a title and a legend of the pieces used. ``--width`` is the image's width in
pixels (300 to 6000, default 1200); its height follows the field's proportions. The file is written
to a temporary file beside OUT and renamed: a failed export leaves OUT as it was.
"""

from __future__ import annotations

import argparse
import os

from paintcheck.cli.errors import CommandError
from paintcheck.cli.layout_arg import load_field
from paintcheck.printable import printable

# the ui's limits, repeated here so that the parser's help needs no pygame (a test keeps them equal)
MIN_WIDTH = 300
MAX_WIDTH = 6000
DEFAULT_WIDTH = 1200


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--layout", required=True, help="layout file (JSON)")
    parser.add_argument("--png", required=True, metavar="OUT", help="the PNG file to write")
    parser.add_argument("--width", default=str(DEFAULT_WIDTH),
                        help=f"image width in pixels, {MIN_WIDTH} to {MAX_WIDTH} (default {DEFAULT_WIDTH})")


def _width(text: str) -> int:
    """The --width given, a whole number of pixels from MIN_WIDTH to MAX_WIDTH, or one line."""
    try:
        value = int(text.strip())
    except ValueError:
        raise CommandError(f"--width must be a whole number of pixels, not {text[:20]!r}") from None
    if not MIN_WIDTH <= value <= MAX_WIDTH:
        raise CommandError(f"--width must be {MIN_WIDTH} to {MAX_WIDTH} pixels, not {value}")
    return value


def run(args: argparse.Namespace) -> int:
    width = _width(str(args.width))
    out = str(args.png)
    if not out:
        raise CommandError("--png needs a file name")
    if os.path.isdir(out):
        raise CommandError(f"{printable(out)}: is a folder, not a file to write")
    field = load_field(args.layout)  # a broken layout: one line naming the file, nothing written
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from paintcheck.ui.export_image import export_png

    try:
        w, h = export_png(field, out, width)
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise CommandError(f"{printable(out)}: cannot be written ({printable(reason)})") from None
    print(printable(f"wrote {out} ({w} x {h} pixels, {field.layout.name})"))
    return 0
