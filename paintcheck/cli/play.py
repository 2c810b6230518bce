"""Open the Paintcheck window."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--layout", help="layout file to play on")


def run(args: argparse.Namespace) -> int:
    try:
        from paintcheck.ui import app
    except ImportError:
        app = None
    if app is None or not hasattr(app, "run"):
        print("The window is not built yet (issue 4). Try: python main.py simulate --matches 5")
        return 0
    return app.run(args)
