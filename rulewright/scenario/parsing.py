"""Reading an example: the ``{example}`` directive's options and its YAML body become a
``Scenario`` (not yet played), with every malformed part reported at its line; the same for a
shared ``{position}``. Nothing here runs the game."""
from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulewright.book import source
from rulewright.game import did_you_mean
from rulewright.problems import ExampleProblem, Where
from rulewright.scenario.vocabulary import DIAGRAM_WHEN, EXAMPLE_OPTIONS, OPTION, TOP_KEYS, show

MOST_SEEDS = 1000


@dataclass
class Scenario:
    """A parsed example, not yet played. ``positions`` are the shared positions it may start
    from (``setup: {from: name}``); ``None`` means the current project's book's."""

    id: str
    title: str
    where: Where
    rules: list[str]
    diagram: str | None
    diagram_options: frozenset
    data: dict
    lines: source.LineMap
    positions: Mapping[str, "Position"] | None = None
    pending: bool = False  # ':status: pending': written before the engine supports it
    viewer: str | None = None  # ':as: ann': the expectations read the view as ann knows it (Game.view_for)
    # ':reveals: players.bob.hand aside' (or 'everything'): the hidden values the example's text is
    # about revealing, which the player's edition prints (any other hidden value it prints as unseen)
    reveals: tuple[str, ...] = ()
    # ':diagram: after 2': the picture shows the position after (or before) that move, not after the
    # last (before the first); None: the first or last
    diagram_step: int | None = None

    def reveals_path(self, path: str) -> bool:
        """Whether the example says it reveals the dotted view ``path`` (or a path it lies under)."""
        return any(shown == "everything" or path == shown or path.startswith(shown + ".") for shown in self.reveals)

    @property
    def game_name(self) -> str:
        return str(self.data["game"])  # `game: 1870` reads as a number in YAML

    @property
    def expect(self) -> dict:
        return self.data.get("expect") or {}

    @property
    def refused_rule(self) -> str | None:
        return self.expect.get("refused")

    def expect_blocks(self) -> list[tuple[tuple, dict]]:
        """Every ``expect`` mapping with its path in the YAML: each ``- expect:`` item in ``do``,
        then the final one."""
        blocks = [(("do", index, "expect"), item["expect"]) for index, item in enumerate(self.data.get("do") or [])
                  if is_check_item(item) and isinstance(item["expect"], dict)]
        return blocks + [(("expect",), self.expect)]

    def refused_rules(self) -> list[str]:
        """Every rule ID the example expects a refusal by, at any step."""
        return [block["refused"] for _, block in self.expect_blocks() if isinstance(block.get("refused"), str)]

    def named_rules(self) -> list[str]:
        """Every rule ID this example names: those it shows and those it expects refusals by."""
        return list(dict.fromkeys(self.rules + self.refused_rules()))

    @property
    def seeds(self) -> list[int]:
        """The seeds to play with: ``seeds:`` when given, else the one ``seed:`` (default 0)."""
        if "seeds" in self.data:
            return seed_list(self, self.data["seeds"])
        return [self.data.get("seed", 0)]

    def problem(self, message: str, *path) -> ExampleProblem:
        hint = self.lines.hint(*path)  # (added only when there is one: a message may carry its cause)
        return ExampleProblem(self.where.at(self.lines.line(*path)), message + hint if hint else message)


def is_check_item(item: Any) -> bool:
    """A ``- expect: {...}`` item between the moves of ``do``."""
    return isinstance(item, dict) and len(item) == 1 and "expect" in item


def _diagram_step(words: list[str], data: Any, where: Where) -> int | None:
    """The move ``:diagram: after 2`` (or ``before 2``) names, taken out of ``words``; None when it
    names none. A number past the example's moves, or after ``both``, is a problem at the line."""
    numbers = [word for word in words[1:] if word.isdigit()]
    if not numbers:
        return None
    when, step = words[0], int(numbers[0])
    moves = [item for item in ((data.get("do") or []) if isinstance(data, dict) else []) if not is_check_item(item)]
    if when == "both" or len(numbers) > 1:
        raise ExampleProblem(where, f"':diagram: {' '.join(words)}' names a move where one picture is drawn: write "
                                    f"':diagram: after {step}' (the position after move {step}) or ':diagram: before "
                                    f"{step}' (before it).")
    if not 1 <= step <= len(moves):
        said = f"{len(moves)} move{'' if len(moves) == 1 else 's'}"
        raise ExampleProblem(where, f"':diagram: {when} {step}' names move {step}, but the example has {said}. "
                                    + (f"Write a move's number, 1 to {len(moves)}, or '{when}' alone for the "
                                       f"position {'before the first' if when == 'before' else 'after the last'}."
                                       if moves else f"Write ':diagram: {when}'."))
    words.remove(numbers[0])
    return step


def rule_ids(options: Mapping) -> list[str]:
    """The rule IDs an example's ``:rules:`` option names (spaces or commas between them), read
    from the option alone: an example whose body cannot be read still says which rules it shows."""
    return str(options.get("rules", "") or "").replace(",", " ").split()


def parse(body: str, where: Where, title: str = "", options: dict | None = None,
          directive_line: int | None = None, positions: Mapping[str, Position] | None = None,
          option_lines: dict | None = None) -> Scenario:
    """Read an example. ``where.line`` is the line of the body's first line; ``options`` are the
    directive's options (``id``, ``rules``, ``diagram``) and ``option_lines`` their lines;
    ``directive_line`` is the line of the example's opening fence, where a problem with the
    example as a whole is reported."""
    options = dict(options or {})
    option_lines = dict(option_lines or {})
    body_where = where
    where = where.at(directive_line or where.line)

    def at_option(name: str) -> Where:
        return where.at(option_lines.get(name, where.line))
    example_id = str(options.pop("id", "") or "").strip()
    if not example_id:
        raise ExampleProblem(where, f"This example has no ':id:'. Add a line such as ':id: {source.id_from(title)}' "
                                    "right under the example's title; the ID names the test and must be unique.")
    where = Where(where.path, where.line, example_id)
    rules = rule_ids(options)
    options.pop("rules", None)
    diagram_words = str(options.pop("diagram", "") or "").split()
    if diagram_words and diagram_words[0] not in DIAGRAM_WHEN:
        raise ExampleProblem(at_option("diagram"), f"':diagram: {diagram_words[0]}' is not understood. "
                             f"{did_you_mean(diagram_words[0], DIAGRAM_WHEN)} Write 'before', 'after' or 'both', "
                             "optionally followed by words for the diagram.")
    status = str(options.pop("status", "") or "").strip()
    if status not in ("", "pending"):
        raise ExampleProblem(at_option("status"), f"':status: {status}' is not understood; the only status is "
                             "'pending' (an example written before the engine supports it). Remove the line "
                             "otherwise.")
    viewer = str(options.pop("as", "") or "").strip() or None
    if viewer is not None and len(viewer.split()) != 1:
        raise ExampleProblem(at_option("as"), f"':as: {viewer}' names more than one player; an example is seen "
                             "by one player, e.g. ':as: ann'. Write a check as another player with 'as: bob' in "
                             "a '- expect:' item.")
    reveals = tuple(str(options.pop("reveals", "") or "").replace(",", " ").split())
    if "everything" in reveals and len(reveals) > 1:
        raise ExampleProblem(at_option("reveals"), "':reveals: everything' says the example shows every hidden "
                             "value; name no paths beside it (or name only the paths it reveals, e.g. "
                             "':reveals: players.bob.hand aside').")
    for unknown in options:
        if unknown not in EXAMPLE_OPTIONS:
            known = ("id", "rules", "diagram", "status", "show-source", "as", "reveals")
            close = difflib.get_close_matches(str(unknown), known, n=1, cutoff=0.6)
            raise ExampleProblem(at_option(unknown), f"The example option ':{unknown}:' is unknown. "
                                 + (f"Did you mean ':{close[0]}:'? " if close else "")
                                 + "An example's options are " + ", ".join(f":{k}:" for k in known[:-1])
                                 + f" and :{known[-1]}:.")
    data, lines = source.load(body, Where(body_where.path, body_where.line, example_id))
    lines.first_line = where.line
    for name, line in option_lines.items():
        lines.lines[(OPTION, name)] = line
    step = _diagram_step(diagram_words, data, at_option("diagram"))
    scenario = Scenario(example_id, title, where, rules, diagram_words[0] if diagram_words else None,
                        frozenset(diagram_words[1:]), data if isinstance(data, dict) else {}, lines, positions,
                        pending=status == "pending", viewer=viewer,
                        reveals=reveals, diagram_step=step)
    _check_shape(scenario, data)
    return scenario


def _check_shape(s: Scenario, data: Any) -> None:
    if not isinstance(data, dict):
        raise s.problem("The example body must be a mapping with the keys game, setup, do and expect.")
    for key in data:
        if key not in TOP_KEYS:
            raise s.problem(f"The key {key!r} is not part of an example. {did_you_mean(key, TOP_KEYS)} "
                            f"An example has: {', '.join(TOP_KEYS)}.", key)
    for key in ("game", "expect"):
        if key not in data:
            raise s.problem(f"The example has no '{key}:' section. Every example needs 'game:' and 'expect:' "
                            "(an example that checks nothing proves nothing).")
    if not isinstance(data.get("do") or [], list):
        raise s.problem("'do:' must be a list of actions, one per line, each starting with '- '.", "do")
    said = data["expect"]
    if isinstance(said, str) and len(said.split()) > 1:  # "expect:" and, below it, "next bob"
        name, _, value = said.partition(" ")
        raise s.problem(f"Under 'expect:', '{said}' has no colon after its name. Each thing to check is a name, a "
                        f"colon and a space, then the value: '{name}: {value.strip()}'.", "expect", 0)
    if not isinstance(said, dict) or not said:
        raise s.problem("'expect:' must name at least one thing to check, each on its own line below it, "
                        "written 'name: value' (the name, a colon and a space, then the value expected).", "expect", 0)
    check_setup_and_chance(s, data)
    refused = data["expect"].get("refused")
    if "refused" in data["expect"] and (not isinstance(refused, str) or not refused.strip()):
        raise s.problem("'refused:' names the one rule ID that refuses the last action, e.g. "
                        "'refused: mb.expand.first-link'; here it is "
                        f"{'empty' if refused is None else show(refused)}.", "expect", "refused")
    if "events" in data["expect"] and not data["expect"]["events"]:
        raise s.problem("'events:' lists the events the actions must set off, e.g. 'events: [dividend-paid]'; "
                        "here it is empty. List at least one event, or remove the line.", "expect", "events")
    if "do" in data and not data["do"] and not isinstance(data["do"], list):
        raise s.problem("'do:' is empty. List the actions, one per line starting with '- ', or remove 'do:' "
                        "to check the position as set up.", "do")
    if refused is not None and not data.get("do"):
        raise s.problem("'refused:' needs an action in 'do:' to refuse.", "expect", "refused")
    check_steps(s, data.get("do") or [])
    s.seeds  # reports a malformed 'seeds:'
    start = (data.get("setup") or {}).get("from")
    if "from" in (data.get("setup") or {}) and not isinstance(start, str):
        raise s.problem("'from:' names one shared position, e.g. 'from: two-links'.", "setup", "from")


def check_setup_and_chance(s: Scenario, data: dict) -> None:
    """What an example and a game record share: a setup that is a mapping (with no top-level key
    indented under it), a whole-number seed and a list of draws."""
    if not isinstance(data.get("setup") or {}, dict):
        raise s.problem("'setup:' must be a mapping (key: value lines).", "setup")
    _misplaced_in_setup(s, data.get("setup"))
    if "seed" in data and not isinstance(data["seed"], int):
        raise s.problem(f"'seed:' must be a whole number, e.g. 'seed: 4' (here it is {show(data['seed'])}): write "
                        "the number in digits.", "seed")
    if not isinstance(data.get("draws") or [], list):
        raise s.problem("'draws:' must be a list of the next random results in order, e.g. 'draws: [4, 2]' for two "
                        "dice, or 'draws: [[ace, queen, \"7\"]]' for the order a shuffle comes out in.", "draws")
    if "deal" in data and not (isinstance(data["deal"], dict) and data["deal"]):
        raise s.problem("'deal:' says where the cards that matter are dealt: a mapping from a place (a path, as "
                        "'expect:' names it) to what is dealt there, e.g. 'deal: {players.ann.hand: [1, 3, 6]}'.",
                        "deal")


def _misplaced_in_setup(s, setup) -> None:
    """``settings:`` (or ``do:``, ``expect:``...) indented under ``setup:`` is read as part of the
    position: name the slip at its line, once, before the game sees an unknown setup key."""
    for key in (setup or {}):
        if key in TOP_KEYS and key != "seed":
            raise s.problem(f"'{key}:' is indented under 'setup:', so it is read as part of the position, but it "
                            f"belongs beside 'setup:'. Remove the indentation before '{key}:' (and move its lines "
                            "left with it) so that it starts in the same column as 'setup:'.", "setup", key)


def check_steps(s: Scenario, actions: list) -> None:
    """``- expect:`` items between the moves: each a mapping of checks; a ``refused:`` one right
    after the move it refuses."""
    for index, item in enumerate(actions):
        if not is_check_item(item):
            continue
        block = item["expect"]
        if not isinstance(block, dict) or not block:
            raise s.problem("A '- expect:' item in 'do:' checks the state at that point; give it at least one "
                            "check, e.g. '- expect: {companies.LMR.income: 7}'.", "do", index)
        refused = block.get("refused")
        if refused is not None and not isinstance(refused, str):
            raise s.problem("'refused:' names one rule ID, e.g. 'refused: mb.expand.first-link'.",
                            "do", index, "expect", "refused")
        if refused is not None and (index == 0 or is_check_item(actions[index - 1])):
            raise s.problem("'refused:' here must come right after the move it refuses: put this '- expect:' "
                            "line directly under that move.", "do", index, "expect", "refused")


def seed_list(s: Scenario, value: Any) -> list[int]:
    """``seeds: 1..200`` (inclusive) or a list of whole numbers. Two numbers in brackets more than
    one apart, ``[1, 50]``, read like a range's two ends (as in ``between: [1, 8]``) and are
    refused: the range is ``1..50``, and two seeds are listed one per line."""
    text = str(value).strip()
    if isinstance(value, list) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        seeds = list(value)
        if len(seeds) == 2 and seeds[1] - seeds[0] > 1 and ("seeds",) in s.lines.brackets:
            low, high = seeds
            raise s.problem(f"'seeds: [{low}, {high}]' reads like a range but is just two seeds, {low} and {high}. "
                            f"For every seed from {low} to {high}, write 'seeds: {low}..{high}'. For only these "
                            f"two, list them one per line: 'seeds:', then '- {low}' and '- {high}' on the lines "
                            "below.", "seeds")
    elif isinstance(value, str) and re.fullmatch(r"-?\d+\s*\.\.\s*-?\d+", text):
        low, high = (int(part) for part in text.split(".."))
        if low > high:
            raise s.problem(f"'seeds: {text}' runs backwards; write the smaller number first, e.g. "
                            f"'seeds: {high}..{low}'.", "seeds")
        seeds = list(range(low, high + 1))
    else:
        raise s.problem("'seeds:' is a range such as '1..200' (both ends included) or a list of whole "
                        "numbers such as [1, 5, 9].", "seeds")
    if len(seeds) > MOST_SEEDS:
        raise s.problem(f"'seeds:' asks for {len(seeds)} plays; at most {MOST_SEEDS} keep the tests quick. "
                        "Use a shorter range.", "seeds")
    if "seed" in s.data:
        raise s.problem("Give either 'seed:' (one play) or 'seeds:' (one play per seed), not both.", "seeds")
    return seeds


@dataclass
class Position:
    """A shared position declared once on a page (the ``{position}`` directive): a game, its
    settings and a setup that examples start from with ``setup: {from: <name>}``."""

    name: str
    title: str
    where: Where
    data: dict
    lines: source.LineMap
    # The book's shared positions, for one that starts from another: not a field, so that a position
    # as data (the store's key: rulewright.store.cache.plain) is its own content, not the book's.
    positions = None

    @property
    def game_name(self) -> str:
        return str(self.data.get("game"))

    @property
    def id(self) -> str:  # diagram drawers name their graph after it
        return "position-" + self.name

    viewer = None  # a shared position is told for the whole table, as an example without ':as:' is

    def reveals_path(self, path: str) -> bool:
        """A shared position reveals nothing: what the table cannot see in it is unseen in the
        player's edition, as in the examples that start from it."""
        return False

    def problem(self, message: str, *path) -> ExampleProblem:
        hint = self.lines.hint(*path)  # (added only when there is one: a message may carry its cause)
        return ExampleProblem(self.where.at(self.lines.line(*path)), message + hint if hint else message)


POSITION_KEYS = ("game", "settings", "setup")


POSITION_OPTIONS = ("name", "diagram", "show-source")


def parse_position(body: str, where: Where, title: str = "", options: dict | None = None,
                   directive_line: int | None = None, option_lines: Mapping[str, int] | None = None,
                   positions: Mapping[str, Position] | None = None) -> Position:
    """Read a ``{position}`` block: ``:name:`` and a body of ``game``, ``settings``, ``setup``.
    ``option_lines`` are the lines of its options, where a misspelt one is named."""
    options = dict(options or {})
    head = where.at(directive_line or where.line)
    for unknown in options:  # (first: a misspelt ':name:' is the slip, not a position without one)
        if unknown not in (*POSITION_OPTIONS, "id", "class"):
            raise ExampleProblem(head.at((option_lines or {}).get(unknown, head.line)),
                                 f"The position option ':{unknown}:' is unknown. "
                                 + "".join(f"Did you mean ':{close}:'? " for close in
                                           difflib.get_close_matches(str(unknown), POSITION_OPTIONS, 1, 0.6))
                                 + "A position's options are :name:, :diagram: and :show-source:.")
    name = str(options.pop("name", "") or options.pop("id", "") or "").strip()
    if not name:
        raise ExampleProblem(head, "This position has no ':name:'. Add a line such as ':name: two-links' right "
                                   "under its title; examples start from it with 'setup: {from: two-links}'.")
    data, lines = source.load(body, Where(where.path, where.line), "position")
    lines.first_line = head.line
    position = Position(name, title, head, data if isinstance(data, dict) else {}, lines)
    position.positions = positions
    if not isinstance(data, dict):
        raise position.problem("A position's body is a mapping with 'game:', and optionally 'settings:' "
                               "and 'setup:'.")
    for key in data:
        if key not in POSITION_KEYS:
            hint = " A position is only the starting point: the moves and the checks belong in the examples " \
                   "that start from it." if key in ("do", "expect") else ""
            raise position.problem(f"The key {key!r} is not part of a position. {did_you_mean(key, POSITION_KEYS)}"
                                   f" A position has: {', '.join(POSITION_KEYS)}.{hint}", key)
    if "game" not in data:
        raise position.problem("The position has no 'game:' line; say which game it belongs to.")
    for key in ("settings", "setup"):
        if not isinstance(data.get(key) or {}, dict):
            raise position.problem(f"'{key}:' must be a mapping (key: value lines).", key)
    _misplaced_in_setup(position, data.get("setup"))
    start = (data.get("setup") or {}).get("from")
    if "from" in (data.get("setup") or {}) and not isinstance(start, str):
        raise position.problem("'from:' names one shared position, e.g. 'from: two-links'.", "setup", "from")
    if start is not None and start.strip() == name:
        raise position.problem(f"The position {name!r} starts from itself. Name another position after "
                               "'from:', or write its setup out.", "setup", "from")
    return position
