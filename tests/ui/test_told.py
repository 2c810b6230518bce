"""What the screen has told of a match (``playback.Told``): the telling, how far each coach has seen
it, where *Tell again* starts. Pure bookkeeping over the match's events: no window."""

from __future__ import annotations

from paintcheck.rules import events as ev
from paintcheck.ui.playback import Told, resolves

MOVED = ev.Moved(player="b1", start=(0, 0), end=(1, 0), length=1, path=((0, 0), (1, 0)))
SAID = ev.OrdersAssigned(team="blue")


def test_a_batch_with_a_resolution_is_told_one_without_is_not():
    told = Told(3)
    events = [SAID] * 3 + [SAID]
    told.start(3, events[3:])
    assert told.replay_from == 3 and not told.telling.playing() and told.count(events) == 4
    events += [SAID, MOVED]
    told.start(4, events[4:])
    assert told.telling.playing() and told.count(events) == 4  # the two new ones still to tell
    told.telling.finish()
    assert told.count(events) == 6
    assert resolves([MOVED]) and not resolves([SAID])


def test_a_coach_handed_the_screen_is_told_again_what_came_while_he_looked_away():
    told = Told(2)
    events = [SAID, SAID, MOVED]
    told.start(2, events[2:])
    told.telling.finish()
    told.look(frozenset({"white"}), events)  # blue had looked away
    events += [SAID]
    told.start(3, events[3:])
    assert told.looked == {"blue": 2, "white": 3}
    told.handed_to("blue")
    assert told.replay_from == 2 and told.again(events) == [MOVED, SAID]
    told.handed_to("white")  # never later than where it stood
    assert told.replay_from == 2


def test_nothing_to_tell_again_is_an_empty_batch_and_the_telling_is_kept():
    told = Told(0)
    events = [SAID]
    told.start(0, events)
    assert told.again(events) == []
    told.tell([MOVED])
    assert told.telling.batch == [MOVED]
