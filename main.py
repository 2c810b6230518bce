"""Paintcheck Digital from a checkout: ``python main.py`` is the installed ``paintcheck`` command
(``paintcheck.cli.main``): the window, or a sub-command."""

from __future__ import annotations

import sys

from paintcheck.cli.main import COMMANDS, LANGUAGES, build_parser, main  # noqa: F401 - this module's API

if __name__ == "__main__":
    sys.exit(main())
