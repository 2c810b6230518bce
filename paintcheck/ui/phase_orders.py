"""Order tokens at the window (RULES 4.2): the coach gives each of his players a token by clicking
his figure (the next free number, or the one he picked); the engine checks the whole set.

Owns: the tokens drafted (``draft``, player -> token) and the token picked (``next_token``).
Given: the ``Desk`` (who decides, the engine's door) and the controls its buttons go in.
"""

from __future__ import annotations

from paintcheck.rules import tables
from paintcheck.rules.actions import AssignOrders
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_desk import Desk, Room, seat
from paintcheck.ui.widgets import Controls


class OrdersRoom(Room):
    """The order tokens phase."""

    def __init__(self, desk: Desk, controls: Controls) -> None:
        self.desk = desk
        self.controls = controls
        self.draft: dict[str, int] = {}
        self.next_token: int | None = None

    def decision(self) -> AssignOrders:
        return AssignOrders(seat(self.desk), tuple(sorted(self.draft.items())))

    def build(self) -> None:
        c = self.controls
        self.desk.caption(tr("match.orders.caption"))
        used = set(self.draft.values())
        for k in tables.ORDER_TOKENS:
            c.add(f"token-{k}", str(k), lambda k=k: self.pick_token(k), chosen=self.next_token == k,
                  reason=tr("match.orders.given", token=k) if k in used else None, width=36)
        c.add("orders-clear", tr("match.orders.take_back"), self.clear_orders)
        c.newline()
        c.add("orders-confirm", tr("match.orders.confirm"), self.confirm_orders,
              self.desk.why_not(self.decision()), primary=True)

    def key(self) -> object:
        return tuple(sorted(self.draft.items())), self.next_token

    def click(self, pos: tuple[int, int], pid: str | None) -> bool:
        """A click on one of his own figures gives or takes back its token."""
        if pid is None or self.desk.session.state.players[pid].team != self.desk.viewer:
            return False
        self.click_own_figure(pid)
        return True

    def pick_token(self, k: int) -> None:
        self.next_token = None if self.next_token == k else k
        self.desk.rebuild()

    def clear_orders(self) -> None:
        self.draft = {}
        self.desk.rebuild()

    def click_own_figure(self, pid: str) -> None:
        if pid in self.draft:
            del self.draft[pid]
        else:
            used = set(self.draft.values())
            k = self.next_token if self.next_token not in (None, *used) else None
            if k is None:
                free = [t for t in tables.ORDER_TOKENS if t not in used]
                if not free:
                    return
                k = free[0]
            self.draft[pid] = k
            self.next_token = None
        self.desk.rebuild()

    def confirm_orders(self) -> None:
        self.desk.apply(self.decision())
