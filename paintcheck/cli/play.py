"""Open the Paintcheck window."""

from __future__ import annotations

import argparse

from paintcheck.cli.layout_arg import load_field


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--layout", help="layout file to play on")
    parser.add_argument("--lang", choices=("en", "fr"), default=argparse.SUPPRESS,
                        help="the window's language (en, fr), remembered for the next start")


def run(args: argparse.Namespace) -> int:
    if getattr(args, "layout", None):
        load_field(args.layout)  # a bad layout is one line and exit 2, before any window opens
    from paintcheck.ui import app

    return app.run(args)
