"""Paintcheck Digital: the tabletop simulator of Paintcheck, the French miniatures game of
tournament paintball. ``python -m paintcheck`` or the ``paintcheck`` command opens the window; its
sub-commands are in ``paintcheck.cli``."""

# the one source of the version: pyproject.toml reads it; --version and the title show it
__version__ = "0.11.0"
