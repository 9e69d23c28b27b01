"""A player's bus line: a trail of streets with two ends.

The line is stored as its route, the crossings a bus passes from one end to the other. The two
ends are the first and last crossings of the route: they are stored, not worked out from the
shape, because a closed circle has both ends on one crossing and no crossing where the line
simply stops. Since a street is only ever added at an end, the route is always one trail that
uses each of its streets exactly once.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.bus.board import Street, street


@dataclass
class Line:
    route: list[int] = field(default_factory=list)  # [] before the first marker

    @property
    def ends(self) -> tuple[int, ...]:
        """The two ends (equal after a circle closes); () before the first marker."""
        return (self.route[0], self.route[-1]) if self.route else ()

    @property
    def streets(self) -> list[Street]:
        return [street(a, b) for a, b in zip(self.route, self.route[1:])]

    @property
    def circle(self) -> int | None:
        """The crossing where a closed circle holds both ends, or None."""
        if len(self.route) > 2 and self.route[0] == self.route[-1]:
            return self.route[0]
        return None

    def has(self, s: Street) -> bool:
        return s in self.streets

    def end_streets_at(self, crossing: int, reading: str = "any-route") -> set[Street]:
        """The streets by which the line arrives at an end lying on ``crossing``.

        A line with a circle in it can often be driven from end to end in more than one way, and
        the ways may reach an end by different streets: red's line 16-17-8-16-21 can also be driven
        16-8-17-16-21, so its end at 16 is reached by 16-17 or by 16-8. ``reading`` (the setting
        ``end_street``) says which count: ``any-route``, every street by which some way ends there;
        ``every-route``, only a street by which every way ends there. Both depend only on the
        line's streets and ends, never on the direction its route happens to be stored in."""
        ways = [set(streets) for streets in self.ways_to_end_at(crossing)]
        if not ways:
            return set()
        return set.union(*ways) if reading == "any-route" else set.intersection(*ways)

    def ways_to_end_at(self, crossing: int) -> list[tuple[Street, ...]]:
        """For each way of driving the whole line from one end to the other, the streets by which
        it ends on ``crossing``: one street when one end lies there, the first and the last when
        both ends do (a closed circle). Ways that end there by the same streets are listed once."""
        if len(self.route) < 2 or crossing not in self.ends:
            return []
        streets = self.streets
        at = [s for s in streets if crossing in s]
        first, last = self.ends
        if first != last:
            far = last if first == crossing else first
            return [(s,) for s in at if _drivable([t for t in streets if t != s], _across(s, crossing), far)]
        return [(s, t) for i, s in enumerate(at) for t in at[i + 1:]
                if _drivable([u for u in streets if u not in (s, t)], _across(s, crossing), _across(t, crossing))]

    def passes(self, crossing: int) -> bool:
        return crossing in self.route

    def extend(self, frm: int, to: int) -> None:
        """Add the street from the end at ``frm`` to ``to``; ``to`` becomes that end. Closing a circle
        from A to B leaves both ends at B (rule bus.expand.circle); running into the middle of the
        line ends at that crossing (rule bus.expand.into-itself)."""
        if not self.route:
            self.route = [frm, to]
        elif self.route[-1] == frm:
            self.route.append(to)
        elif self.route[0] == frm:
            self.route.insert(0, to)
        else:  # pragma: no cover - the rules refuse this before it gets here
            raise ValueError(f"{frm} is not an end of the line {self.route}")

    def shown(self) -> list[int]:
        """The route in one fixed direction, for showing to people: it starts at the smaller end
        (for a circle, it sets off towards the smaller neighbour)."""
        route = self.route
        if len(route) < 2:
            return list(route)
        if route[-1] < route[0] or (route[-1] == route[0] and route[-2] < route[1]):
            return route[::-1]
        return list(route)


def _across(s: Street, crossing: int) -> int:
    """The crossing at the other end of street ``s`` from ``crossing``."""
    return s[1] if s[0] == crossing else s[0]


def _drivable(streets: list[Street], start: int, finish: int) -> bool:
    """Whether ``streets`` can be driven, each once, from ``start`` to ``finish`` (no streets: only
    when the two are one crossing)."""
    return is_single_trail(streets, (start, finish)) if streets else start == finish


def is_single_trail(streets: list[Street], ends: tuple[int, int]) -> bool:
    """True when ``streets`` (each once) can be driven as one trail from one end to the other.

    This is the classic test for a trail that uses every street once: the streets are connected,
    and every crossing has an even number of them, except the two ends, which have an odd number
    (or, when both ends are on one crossing, every crossing is even). It does not look at the
    stored route, so tests use it to check the route independently.
    """
    if not streets:
        return True
    degree: dict[int, int] = {}
    for a, b in streets:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    odd = {c for c, d in degree.items() if d % 2}
    start, finish = ends
    if odd != ({start, finish} if start != finish else set()):
        return False
    reached, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for a, b in streets:
            for x, y in ((a, b), (b, a)):
                if x == here and y not in reached:
                    reached.add(y)
                    todo.append(y)
    return reached == set(degree)
