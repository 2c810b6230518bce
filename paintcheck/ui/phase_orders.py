"""Order tokens at the window (RULES 4.2): the coach gives each of his players a token by clicking
his figure (the next free number, or the one he picked); the engine checks the whole set."""

from __future__ import annotations

from paintcheck.rules import tables
from paintcheck.rules.actions import AssignOrders
from paintcheck.ui.i18n import tr


class OrdersPhase:
    """The order tokens phase of ``MatchScene``."""

    def build_orders(self) -> None:
        c = self.controls
        self.caption(tr("match.orders.caption"))
        used = set(self.orders_draft.values())
        for k in tables.ORDER_TOKENS:
            c.add(f"token-{k}", str(k), lambda k=k: self.pick_token(k), chosen=self.next_token == k,
                  reason=tr("match.orders.given", token=k) if k in used else None, width=36)
        c.add("orders-clear", tr("match.orders.take_back"), self.clear_orders)
        c.newline()
        decision = AssignOrders(self.viewer, tuple(sorted(self.orders_draft.items())))
        c.add("orders-confirm", tr("match.orders.confirm"), self.confirm_orders,
              self.why_not(decision), primary=True)

    def pick_token(self, k: int) -> None:
        self.next_token = None if self.next_token == k else k
        self.rebuild()

    def clear_orders(self) -> None:
        self.orders_draft = {}
        self.rebuild()

    def click_own_figure_for_orders(self, pid: str) -> None:
        if pid in self.orders_draft:
            del self.orders_draft[pid]
        else:
            used = set(self.orders_draft.values())
            k = self.next_token if self.next_token not in (None, *used) else None
            if k is None:
                free = [t for t in tables.ORDER_TOKENS if t not in used]
                if not free:
                    return
                k = free[0]
            self.orders_draft[pid] = k
            self.next_token = None
        self.rebuild()

    def confirm_orders(self) -> None:
        self.apply(AssignOrders(self.viewer, tuple(sorted(self.orders_draft.items()))))
