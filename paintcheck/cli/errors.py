"""The one error type a command turns into a one-line message and exit code 2."""


class CommandError(Exception):
    """Bad input to a command: printed as one line, exit code 2, never a traceback."""
