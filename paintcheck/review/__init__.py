"""A match reviewed after (or during) play: its timeline seen through a coach's eyes (``timeline``),
branches that try another decision (``branches``) with their dice (``branch_dice``), and the
coach's mistakes (``blunders``). Headless: the window and ``paintcheck review`` stand on it."""
