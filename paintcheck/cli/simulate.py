"""(placeholder until its owner writes it this session)"""

from paintcheck.cli.errors import CommandError


def add_arguments(parser):
    pass


def run(args):
    raise CommandError("'simulate' is not built yet")
