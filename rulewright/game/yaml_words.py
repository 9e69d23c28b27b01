"""A YAML mistake in a designer's words: the line to fix and what to do there. An example, a
phrase file and a game's data file (``data_file``) are all YAML a designer types by hand; their
mistakes are said alike, from here.

PyYAML says where it noticed a mistake, which is often a line after it ("mapping values are not
allowed here" under a line whose colon is missing), and in a parser's words ("could not find
expected ':' while scanning a simple key"). ``mistake`` finds the line to fix and says the fix.
"""
from __future__ import annotations

import yaml

LINE_UP = ("this line does not line up with the lines above it (the items of a list, and the keys under one "
           "heading, start in the same column)")


def mistake(text: str, error: yaml.YAMLError, what: str) -> tuple[int | None, str]:
    """The line of ``text`` to fix (counted from 0; None when the error says none) and, in words,
    what is wrong with ``what`` ("example", "phrase file", "data file") and what to do."""
    # An unclosed bracket is found only where the text ends; its opening (the context) is the line
    # to fix. Otherwise the problem's own position is. A line indented out of step is found at that
    # line ("while parsing a block ..."): there the problem's position is the line to fix, and the
    # parser's words are put plainly.
    problem = getattr(error, "problem", None) or str(error)
    context = getattr(error, "context", None)
    block = bool(context and context.startswith("while parsing a block")) and error.problem_mark is not None
    if block:
        problem, context = LINE_UP, None
    mark = (error.problem_mark if block else None) or getattr(error, "context_mark", None) \
        or getattr(error, "problem_mark", None)
    line = mark.line if mark is not None else None
    tabbed = [n for n, text_line in enumerate(text.splitlines()) if "\t" in text_line]
    if tabbed:  # PyYAML's words for a tab ("cannot start any token") do not say what to do
        return (mark.line if mark is not None and mark.line in tabbed else tabbed[0],
                f"The {what} is not valid YAML: this line has a tab, and YAML indents with spaces only. Use "
                "spaces instead of the tab (an editor can be set to type spaces).")
    missing = _missing_colon(text, error)
    if missing is not None:
        index, said, runs_on = missing
        return index, (f"'{said}' has no colon after its name" + (": to YAML it runs on into the next line"
                                                                  if runs_on else "")
                       + f". Write the name, a colon and a space, then the value: '{_with_colon(said)}'.")
    return line, (f"The {what} is not valid YAML: {_plainly(problem, context)}. Check the indentation, that "
                  "brackets are closed, and that every 'key: value' has a space after the colon.")


# The parser's words for its common findings, as a designer would say them.
_UNCLOSED = {"flow sequence": "a '[' here is not closed by a ']' (or an item in it is not followed by a comma)",
             "flow mapping": "a '{' here is not closed by a '}' (or an entry in it is not 'key: value', followed "
                             "by a comma)"}


def _plainly(problem: str, context: str | None) -> str:
    """PyYAML's ``problem`` and ``context`` ("expected ',' or ']', but got '<stream end>'", "while
    parsing a flow sequence") in plain words; what it has no plain words for, without its jargon."""
    for kind, said in _UNCLOSED.items():
        if context and context.endswith(kind):
            return said
    if problem.startswith("could not find expected ':'"):
        return "a line has no colon after its name (write the name, a colon and a space, then the value)"
    if problem.startswith("mapping values are not allowed here"):
        return "a colon stands where YAML does not expect one (a value holding ': ' must be written in quotes)"
    if problem.startswith("found character") and "cannot start any token" in problem:
        return problem.replace("found character", "the character").replace(
            "that cannot start any token", "cannot start a value: write the value in quotes")
    return problem.replace("<stream end>", "the end of the text").replace("<block end>", "the end of the block")


def _missing_colon(text: str, error) -> tuple[int, str, bool] | None:
    """A line written ``name value`` above one written ``name: value`` at the same indent: YAML
    reads the first as the start of a longer name and stops, puzzled, at the second's colon ("mapping
    values are not allowed here"); or such a line last in its mapping, where YAML finds no colon at
    all ("could not find expected ':'"). The line to fix (its index in ``text``), its words and
    whether YAML read it on into the next line, or None."""
    lines = text.splitlines()
    key = getattr(error, "context_mark", None)
    if ("could not find expected ':'" in str(getattr(error, "problem", "")) and key is not None
            and "simple key" in str(getattr(error, "context", "")) and 0 <= key.line < len(lines)):
        said = lines[key.line].split(" #")[0].strip()  # the last line of a mapping: YAML looked on for its colon
        if ":" not in said and len(said.split()) >= 2 and not said.startswith(("-", "[", "{")):
            return key.line, said, False
    mark = getattr(error, "problem_mark", None)
    if mark is None or "mapping values are not allowed" not in str(getattr(error, "problem", "")):
        return None
    if not 0 < mark.line < len(lines):
        return None
    here = lines[mark.line]
    indent = len(here) - len(here.lstrip())
    for index in range(mark.line - 1, -1, -1):
        above = lines[index]
        if not above.strip() or above.lstrip().startswith("#"):
            continue
        said = above.split(" #")[0].strip()
        if (len(above) - len(above.lstrip()) != indent or ":" in said or said.startswith(("-", "[", "{"))
                or len(said.split()) < 2):
            return None
        return index, said, True
    return None


def _with_colon(said: str) -> str:
    name, _, value = said.partition(" ")
    return f"{name}: {value.strip()}"
