"""Action spaces, for worker placement: spaces declared as data, each holding one worker, several
or any number; placing a worker where there is room (a full space blocks, citing the rule the game
gives); and every worker coming home at the end of the round. A game imports the module whole:
``from rulewright.game import spaces``.

The spaces are data in the game's YAML, read by ``Spaces.read``::

    spaces:
      forest: {capacity: 1, gives: {wood: 2}}
      market: {capacity: any, costs: {wood: 1}, gives: {money: 3}}
      hall: {capacity: 2, gives: {first-player: 1}}

``capacity`` is how many workers the space holds at once (1 unless said; ``any`` for no limit),
``costs`` what a worker placed there pays and ``gives`` what it gets, goods read with
``goods.read``. Where the workers stand is the state's own (``Placed``): a mapping from each space
to the players whose workers are on it, in the order placed. ``draw_board`` draws the spaces with
the workers on them and each player's row (what they hold, their score).

An example: two spaces, a worker placed, a full space refused, and every worker home:

    >>> from rulewright.game import spaces
    >>> board = spaces.Spaces.read({"forest": {"gives": {"wood": 2}},
    ...                             "fields": {"capacity": 2, "gives": {"food": 2}}}, ["wood", "food"])
    >>> placed = spaces.Placed()
    >>> placed.place_worker(board["forest"], "ann", "farm.full")
    >>> placed.place_worker(board["forest"], "bob", "farm.full")
    Traceback (most recent call last):
    ...
    rulewright.game.refusal.Refusal: The forest is full: it holds 1 worker, and ann is there. (rule farm.full)
    >>> placed.view(), placed.has_room(board["fields"])
    ({'forest': ['ann']}, True)
    >>> placed.return_all()
    {'ann': 1}
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rulewright import dot as style
from rulewright.game import goods
from rulewright.game.refusal import InputError, Refusal, did_you_mean
from rulewright.game.values import whole, written

ANY = "any"


@dataclass(frozen=True)
class Space:
    """One action space: its ``name``, how many workers it holds (``capacity``; ``None``: any
    number), what a worker placed there pays (``costs``) and gets (``gives``)."""

    name: str
    capacity: int | None = 1
    costs: dict = field(default_factory=dict)
    gives: dict = field(default_factory=dict)


class Spaces:
    """The board's action spaces, by name, in the order declared."""

    def __init__(self, spaces: Iterable[Space]) -> None:
        self.spaces = {space.name: space for space in spaces}

    @classmethod
    def read(cls, data: Any, known_goods: Iterable[str], where: str = "spaces") -> Spaces:
        """The spaces ``data`` declares (a mapping from each space's name to its ``capacity``,
        ``costs`` and ``gives``), each good one of ``known_goods``; an ``InputError`` at the key at
        fault otherwise."""
        known_goods = list(known_goods)
        if not isinstance(data, dict) or not data:
            raise InputError("'spaces' maps each action space's name to what it is, e.g. "
                             "'forest: {capacity: 1, gives: {wood: 2}}'.", where)
        spaces = []
        for name, entry in data.items():
            at = f"{where}.{name}"
            entry = entry or {}
            if not isinstance(entry, dict):
                raise InputError(f"A space gives its 'capacity', 'costs' and 'gives', not {written(entry)}.", at)
            for key in entry:
                if key not in ("capacity", "costs", "gives"):
                    raise InputError(f"A space has no key {key!r}. {did_you_mean(key, ('capacity', 'costs', 'gives'))}",
                                     f"{at}.{key}")
            capacity = entry.get("capacity", 1)
            capacity = None if capacity == ANY else whole(capacity, f"{at}.capacity", "A space's capacity", 1)
            spaces.append(Space(str(name), capacity, goods.read(entry.get("costs"), known_goods, f"{at}.costs", "a cost"),
                                goods.read(entry.get("gives"), known_goods, f"{at}.gives")))
        return cls(spaces)

    def __getitem__(self, name: str) -> Space:
        return self.spaces[name]

    def __iter__(self):
        return iter(self.spaces.values())

    def named(self, name: Any, where: str | None = None) -> Space:
        """The space called ``name``, or an ``InputError`` suggesting the name meant."""
        if name not in self.spaces:
            raise InputError(f"There is no space called {name!r}. {did_you_mean(name, self.spaces)}", where)
        return self.spaces[name]


@dataclass
class Placed:
    """Where the workers stand: each space's players, in the order they placed there."""

    on: dict[str, list[str]] = field(default_factory=dict)

    def at(self, space: str) -> list[str]:
        return list(self.on.get(space, []))

    def has_room(self, space: Space) -> bool:
        return space.capacity is None or len(self.on.get(space.name, [])) < space.capacity

    def check_room(self, space: Space, rule: str) -> None:
        """Refuse (citing ``rule``, the game's blocking rule) a worker placed on a full space."""
        if not self.has_room(space):
            there = self.on[space.name]
            whose = " and ".join(", ".join(there).rsplit(", ", 1))
            raise Refusal(rule, f"The {space.name} is full: it holds {space.capacity} worker"
                                f"{'s' if space.capacity != 1 else ''}, and {whose} {'is' if len(there) == 1 else 'are'}"
                                " there.")

    def place_worker(self, space: Space, player: str, rule: str) -> None:
        """Place ``player``'s worker on ``space``, or refuse citing ``rule`` when it is full."""
        self.check_room(space, rule)
        self.on.setdefault(space.name, []).append(player)

    def count(self, player: str) -> int:
        """How many of ``player``'s workers are placed."""
        return sum(there.count(player) for there in self.on.values())

    def return_all(self) -> dict[str, int]:
        """Every worker comes home (the end of a round): how many each player had out."""
        home: dict[str, int] = {}
        for there in self.on.values():
            for player in there:
                home[player] = home.get(player, 0) + 1
        self.on = {}
        return home

    def view(self) -> dict[str, list[str]]:
        """The placements as plain data, for the game's view: each occupied space's players."""
        return {space: list(there) for space, there in self.on.items() if there}


def draw_board(run, when: str, board: Spaces, placed: str = "placed", players: str = "players", note: str = "",
               to_play: str = "next", name: str = "board") -> str:
    """The Graphviz DOT source of a worker-placement board: a row for each space of ``board`` (its
    name, what it costs and gives, the workers on it by their players' names, and a dashed box for
    each free place where its capacity is a number), then a row for each player with ``note``
    filled in from their entry in the view (``"{stock}; {score} points"``; goods are written in
    words, "2 wood and 1 food"). ``placed`` is the view's mapping of each space to its workers,
    ``players`` its mapping of players, ``to_play`` the key naming the player to move."""
    view = run.view_of(run.before if when == "before" else run.after)
    on = view.get(placed) or {}
    title = f"The board, as {run.viewer} sees it" if run.viewer else "The board"
    rows = [f'<tr><td colspan="3" align="left"><b>{style.html(title)}</b></td></tr>']
    for space in board:
        there = on.get(space.name, [])
        deal = "; ".join(part for part in (f"pay {goods.said(space.costs)}" if space.costs else "",
                                          f"get {goods.said(space.gives)}" if space.gives else "") if part)
        cells = "".join(f'<td border="1" bgcolor="#fffbe6">{style.html(style.player(worker))}</td>' for worker in there)
        free = 0 if space.capacity is None else max(0, space.capacity - len(there))
        cells += "".join('<td border="1" style="dashed" width="30"> </td>' for _ in range(free))
        if space.capacity is None:
            cells += f'<td border="0"><font color="{style.MUTED}">any number</font></td>'
        rows.append(f'<tr><td align="right" border="0"><b>{style.html(space.name)}</b></td>'
                    f'<td align="left" border="0"><font color="{style.MUTED}">{style.html(deal)}</font></td>'
                    f'<td align="left" border="0"><table border="0" cellspacing="3"><tr>{cells or "<td> </td>"}'
                    f'</tr></table></td></tr>')
    for player, entry in (view.get(players) or {}).items():
        words = {key: goods.said(value) if isinstance(value, dict) else value for key, value in entry.items()} \
            if isinstance(entry, dict) else {}
        label = f"{style.player(player)}{' · to play' if view.get(to_play) == player else ''}"
        rows.append(f'<tr><td align="right" border="0">{style.html(label)}</td>'
                    f'<td colspan="2" align="left" border="0">{style.html(note.format(**words) if note else "")}</td></tr>')
    out = style.graph_header(name)
    out.append(f'  board [shape=plain, pos="0,0!", label=<<table border="0" cellspacing="4" cellpadding="3">'
               f'{"".join(rows)}</table>>];')
    out.append("}")
    return "\n".join(out)
