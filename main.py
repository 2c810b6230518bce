"""Paintcheck Digital: the command line. With no sub-command it opens the window."""

from __future__ import annotations

import argparse
import importlib
import sys

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
}
LANGUAGES = ("en", "fr")  # paintcheck.ui.i18n.LOCALES (not imported here: no pygame before a command)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="main.py", description=__doc__)
    parser.add_argument("--lang", choices=LANGUAGES, help="the window's language, remembered (en, fr)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(f"paintcheck.cli.{module_name}")
        p = sub.add_parser(name, help=help_text, description=module.__doc__)
        module.add_arguments(p)
        p.set_defaults(_module=module)
    return parser


def main(argv: list[str] | None = None) -> int:
    from paintcheck.cli.errors import CommandError

    parser = build_parser()
    argv = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(argv)
    module = getattr(args, "_module", None)
    if module is None:  # no sub-command: the window, with the global options (--lang)
        module = importlib.import_module("paintcheck.cli.play")
        args = parser.parse_args(["play", *argv])
    try:
        return int(module.run(args) or 0)
    except CommandError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
