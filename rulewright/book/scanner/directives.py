"""What MyST reads as a directive on a page: its fences (backtick, tilde and ``:::`` colon
fences, nested ones too), its argument, and its options split from its body by MyST's own option
reader, so the scanner, the checks and the Sphinx build agree on what a page holds."""
from __future__ import annotations

import re
from functools import lru_cache

from docutils.parsers.rst import directives
from markdown_it.renderer import RendererHTML
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers.directives import is_option_line, parse_directive_text
from myst_parser.parsers.mdit import create_md_parser

OUR_DIRECTIVES = ("example", "rule", "designer-note", "rule-index", "glossary-page", "engine-coverage", "position",
                  "balance", "readings")
# Directives whose body is text, not Markdown: an example shown inside one is display.
LITERAL_DIRECTIVES = ("code-block", "code", "sourcecode", "code-cell", "literalinclude", "math", "raw",
                      "graphviz", "eval-rst", "csv-table", "mermaid")


class AnyOption(dict):
    """A directive's option spec that lets every option through to the directive, so that an
    unknown or misspelt one is reported by Rulewright in plain words (with a did-you-mean) rather
    than dropped with MyST's generic warning."""

    def __missing__(self, key):
        return directives.unchanged

    def __bool__(self) -> bool:  # MyST reads options only when a directive has some
        return True


EXAMPLE_OPTIONS = AnyOption({
    "id": directives.unchanged,
    "rules": directives.unchanged,
    "diagram": directives.unchanged,
    "show-source": directives.flag,
    "as": directives.unchanged,  # the player whose view the example's expectations read
    "reveals": directives.unchanged,  # the hidden values the example is about revealing (view paths)
})


class DirectiveShape:
    """What MyST's option reader needs to know about a directive (the Sphinx directives share it)."""

    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = AnyOption()


class ExampleShape(DirectiveShape):
    option_spec = EXAMPLE_OPTIONS



@lru_cache(maxsize=1)
def markdown():
    # colon_fence is always on here: a ``:::{example}`` is then run wherever it renders.
    return create_md_parser(MdParserConfig(enable_extensions={"colon_fence", "deflist"}), RendererHTML)


DIRECTIVE_INFO = re.compile(r"^\{([^}]*)\}[ \t]*(.*)$")

INDENTED_DIRECTIVE = re.compile(r"^\s*(`{3,}|~{3,}|:{3,})\{([^}]*)\}")


def closes(line: str, markup: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and stripped[0] == markup[0] and set(stripped) == {markup[0]} \
        and len(stripped) >= len(markup)


OPTION_LINE = re.compile(r"^\s*:([\w-]+):")
YAML_OPTION_LINE = re.compile(r"^([\w-]+)\s*:")


def option_lines(content: list[str], first_line: int) -> dict[str, int]:
    """The line of each ``:name: value`` option at the top of a directive whose first content
    line is ``first_line``, or of each key of a YAML block of options (between ``---`` lines)."""
    lines: dict[str, int] = {}
    if content and content[0].strip() == "---":
        for index, text in enumerate(content[1:], start=1):
            if text.strip() == "---":
                break
            key = YAML_OPTION_LINE.match(text)
            if key:
                lines.setdefault(key.group(1), first_line + index)
        return lines
    for index, text in enumerate(content):
        option = OPTION_LINE.match(text)
        if not is_option_line(text) or not option:
            break
        lines.setdefault(option.group(1), first_line + index)
    return lines


def directive_names(text: str, first_line: int = 1):
    """(name, line) of every directive MyST would run, nested ones included (a block shown as code
    is not one)."""
    for name, line, _, _ in _directives(text, first_line):
        yield name, line


def directive_bodies(text: str, wanted: str, first_line: int = 1):
    """(body, line of its first line) of every ``wanted`` directive MyST would run, its options
    left out: what the directive reads as its content."""
    for name, _, body, line in _directives(text, first_line):
        if name == wanted:
            yield body, line


def _directives(text: str, first_line: int):
    for token in markdown().parse(text):
        if token.type in ("fence", "colon_fence") and token.map is not None:
            match = DIRECTIVE_INFO.match(token.info.strip())
            if not match:
                continue
            name = match.group(1).strip()
            try:
                parsed = parse_directive_text(DirectiveShape, match.group(2).strip(), token.content)
                body, offset = parsed.body, parsed.body_offset
            except Exception:  # noqa: BLE001 - options MyST cannot read: the directive says so itself
                body, offset = [], 0
            body_line = first_line + token.map[0] + 1 + offset
            yield name, first_line + token.map[0], "\n".join(body) + "\n", body_line
            if name not in LITERAL_DIRECTIVES and name != "example" and body:
                yield from _directives("\n".join(body) + "\n", body_line)
