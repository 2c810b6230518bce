"""Two machines, one match (issue 29): the headless, socket-free core of network play.

Each machine runs the engine on the same decisions (lockstep) and proves it after every decision
by a hash of its public state and the commitments; secrets (break sheets, order tokens, the dice's
randomness) are committed first and revealed only when the rules reveal them. ``transport`` is what
the core speaks through (one JSON line per message; ``memory_pair`` for tests, TCP in the window's
thread), ``messages`` the versioned protocol, ``commit`` the commitments, ``dice`` the dice neither
machine can predict or choose, ``sealed`` the other side's face-down tokens, ``peer`` one machine's
side of the match (what the window drives), ``record`` its save. No pygame, no sockets here.
See docs/network.md.
"""
