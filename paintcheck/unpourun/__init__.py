"""Un pour un (``../shared/RULES-unpourun.md``): the second game behind the seam."""
