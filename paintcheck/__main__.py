"""``python -m paintcheck``: the window, or a sub-command (``paintcheck.cli.main``)."""

import sys

from paintcheck.cli.main import main

sys.exit(main())
