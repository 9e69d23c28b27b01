"""Reading an example's YAML body while remembering where every key came from.

A designer who mistypes a key must be told the line it is on, so the body is composed node by
node (PyYAML keeps each node's position) and every mapping key and list item gets its line in a
``LineMap``. Duplicate keys, which PyYAML would silently collapse, are reported.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from rulewright.problems import ExampleProblem, Where

FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class LineMap:
    """Line numbers (1-based, in the Markdown file) of keys and list items, by path."""

    first_line: int
    lines: dict[tuple, int] = field(default_factory=dict)
    brackets: set[tuple] = field(default_factory=set)  # paths of lists written in brackets, [a, b]

    def line(self, *path) -> int:
        """The line of ``path``, or of its nearest ancestor that has one."""
        exact: tuple = ()
        for part in path:  # an InputError's dotted path says "players.0": the map has the number 0
            if isinstance(part, str) and part.isdigit() and exact + (int(part),) in self.lines:
                part = int(part)
            exact += (part,)
        path = exact
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.first_line


def load(text: str, where: Where, what: str = "example") -> tuple[object, LineMap]:
    """Parse ``text`` (which starts at ``where.line`` of ``where.path``) into data and a line map;
    ``what`` names the text in messages ("the example is not valid YAML")."""
    lines = LineMap(where.line)
    try:
        try:  # libyaml where PyYAML has it: a long record reads in a fraction of the time
            node = yaml.compose(text, Loader=FAST_LOADER)
        except yaml.YAMLError:  # its words for a mistake differ: PyYAML's own parser says what is wrong
            node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.constructor.SafeConstructor().construct_document(node) if node is not None else None
    except yaml.YAMLError as error:
        # An unclosed bracket is found only where the text ends; its opening (the context) is
        # the line to fix. Otherwise the problem's own position is.
        # A line indented out of step is found at that line ("while parsing a block ..."): there
        # the problem's position is the line to fix, and the parser's words are put plainly.
        problem = getattr(error, "problem", None) or str(error)
        context = getattr(error, "context", None)
        block = bool(context and context.startswith("while parsing a block")) and error.problem_mark is not None
        if block:
            problem, context = ("this line does not line up with the lines above it (the items of a list, and "
                                "the keys under one heading, start in the same column)"), None
        mark = (error.problem_mark if block else None) or getattr(error, "context_mark", None) \
            or getattr(error, "problem_mark", None)
        line = where.line + mark.line if mark is not None else where.line
        tabbed = [n for n, text_line in enumerate(text.splitlines()) if "\t" in text_line]
        if tabbed:  # PyYAML's words for a tab ("cannot start any token") do not say what to do
            line = where.line + (mark.line if mark is not None and mark.line in tabbed else tabbed[0])
            raise ExampleProblem(where.at(line), f"The {what} is not valid YAML: this line has a tab, and YAML "
                                 "indents with spaces only. Use spaces instead of the tab (an editor can be set to "
                                 "type spaces).") \
                from None
        raise ExampleProblem(
            where.at(line),
            f"The {what} is not valid YAML: {problem}{' (' + context + ')' if context else ''}. Check the "
            "indentation, that brackets are closed, and that every 'key: value' has a space after the colon.",
        ) from None
    if node is not None:
        _walk(node, (), lines, where)
    return data, lines


def _walk(node, path: tuple, lines: LineMap, where: Where) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: dict = {}
        for key_node, value_node in node.value:
            key = yaml.constructor.SafeConstructor().construct_object(key_node, deep=True)
            line = where.line + key_node.start_mark.line
            if key in seen:
                raise ExampleProblem(
                    where.at(line),
                    f"The key {key!r} appears twice here (first on line {seen[key]}); "
                    "a key may appear only once in the same mapping. Merge the two entries.",
                )
            seen[key] = line
            lines.lines[path + (key,)] = line
            _walk(value_node, path + (key,), lines, where)
    elif isinstance(node, yaml.SequenceNode):
        if node.flow_style:
            lines.brackets.add(path)
        for index, item in enumerate(node.value):
            lines.lines[path + (index,)] = where.line + item.start_mark.line
            _walk(item, path + (index,), lines, where)

