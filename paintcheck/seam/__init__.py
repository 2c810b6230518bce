"""The seam between the table and a game (docs/seam.md).

``game`` says what a game gives the table (``Game``, ``GameKind``, ``Record``); ``seen`` is what a
coach is handed (``look``); ``play`` replays a record and plays a match out; ``files`` saves and
reads records of any game. Nothing here knows a rule of Paintcheck: Paintcheck is one game behind it
(``paintcheck.game``). Imports the standard library and the program's file helpers only.
"""
