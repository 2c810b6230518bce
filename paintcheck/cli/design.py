"""Open the window on the field designer, on a new empty field or on a layout file."""

from __future__ import annotations

import argparse

from paintcheck.cli.layout_arg import load_field


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", help="layout file to open (default: a new empty field)")


def run(args: argparse.Namespace) -> int:
    if args.file:
        load_field(args.file)  # a file the designer cannot open is one line and exit 2, no window
    from paintcheck.ui import app

    return app.run(args, designer=True)
