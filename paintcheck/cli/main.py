"""Paintcheck Digital: the command line. With no sub-command it opens the window.

``paintcheck`` (the installed command), ``python -m paintcheck`` and the checkout's ``python main.py``
all come here."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

from paintcheck import __version__
from paintcheck.printable import printable

# sub-command -> (module in paintcheck.cli, one-line help)
COMMANDS = {
    "play": ("play", "open the window (the default)"),
    "validate": ("validate", "check layout files"),
    "measure": ("measure", "read the instruments between two points of a layout"),
    "design": ("design", "open the field designer (on a layout file, or a new field)"),
    "simulate": ("simulate", "play whole matches headless with random coaches"),
    "bench": ("bench", "measure speed (geometry, rules, render)"),
    "export": ("export", "write a layout as a PNG image"),
    "analyse": ("analyse", "exposure and threat maps of a layout, its pieces ranked"),
    "odds": ("odds", "exact odds of a shot, from a required roll or between two points"),
    "tournament": ("tournament", "matches between two computer coaches: wins, win rate, thinking time"),
    "balance": ("balance", "is a field fair? a computer coach plays itself on it, sides swapped"),
    "review": ("review", "review a saved match (the window), or list a coach's mistakes (--blunders)"),
    "host": ("host", "host a match over the network (the window shows the address and the code)"),
    "join": ("join", "join a match over the network at HOST:PORT"),
}
LANGUAGES = ("en", "fr")  # paintcheck.ui.i18n.LOCALES (not imported here: no pygame before a command)

log = logging.getLogger(__name__)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paintcheck", description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="version", version=f"Paintcheck Digital {__version__}")
    parser.add_argument("--lang", choices=LANGUAGES, help="the window's language, remembered (en, fr)")
    parser.add_argument("--verbose", action="store_true",
                        help="write what happens (the log) to standard error too")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(f"paintcheck.cli.{module_name}")
        p = sub.add_parser(name, help=help_text, description=module.__doc__)
        module.add_arguments(p)
        p.add_argument("--verbose", action="store_true", default=argparse.SUPPRESS,
                       help="write what happens (the log) to standard error too")
        p.set_defaults(_module=module)
    return parser


def main(argv: list[str] | None = None) -> int:
    from paintcheck.cli.errors import CommandError
    from paintcheck.logs import start_logging

    parser = build_parser()
    argv = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(argv)
    module = getattr(args, "_module", None)
    if module is None:  # no sub-command: the window, with the global options (--lang, --verbose)
        module = importlib.import_module("paintcheck.cli.play")
        args = parser.parse_args([*argv, "play"]) if argv else parser.parse_args(["play"])
    start_logging(verbose=args.verbose)
    log.info("paintcheck %s: %s", __version__, printable(" ".join(argv)) or "(the window)")
    try:
        return int(module.run(args) or 0)
    except CommandError as exc:
        log.info("refused: %s", exc)
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
