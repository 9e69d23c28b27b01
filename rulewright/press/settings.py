"""What the printer asked for, read from ``[tool.rulewright.print]`` in the project's
``pyproject.toml`` (every key is optional; the defaults suit a digital short run)::

    [tool.rulewright.print]
    trim = "A4"                    # the finished page: A4, A5, B5, letter, or "170mm 240mm"
    bleed-mm = 3                   # beyond the trim on every side
    inner-margin-mm = 22           # the gutter side of a page (binding)
    outer-margin-mm = 15
    signature = 4                  # the page count is padded with blank pages to a multiple of this
    paper-caliper-mm = 0.1         # one leaf's thickness, as the printer gives it for the paper
    output-profile = "press.icc"   # the printer's ICC profile (default: Ghostscript's CMYK profile)
    output-condition = "FOGRA39"   # the printing condition's registered name, when there is one

A mistake names the file, the line and the fix, as every other setting's does.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from rulewright.book.toml_lines import line_of
from rulewright.names import did_you_mean
from rulewright.problems import ExampleProblem, Where

MM_PER_INCH = 25.4
SIZES = {  # the finished page, width and height in mm
    "A4": (210.0, 297.0),
    "A5": (148.0, 210.0),
    "B5": (176.0, 250.0),
    "LETTER": (215.9, 279.4),
    "US-TRADE": (152.4, 228.6),
}
SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|in)\s+(\d+(?:\.\d+)?)\s*(mm|in)\s*$")
NUMBERS = {  # key: (default, smallest, largest, what it is)
    "bleed-mm": (3.0, 0.0, 10.0, "the bleed beyond the trim, in mm, such as 3"),
    "inner-margin-mm": (22.0, 5.0, 60.0, "the margin on the binding side, in mm, such as 22"),
    "outer-margin-mm": (15.0, 5.0, 60.0, "the margin on the outer side, in mm, such as 15"),
    "signature": (4, 1, 64, "the page count's multiple, such as 4, 8 or 16"),
    "paper-caliper-mm": (0.1, 0.02, 1.0, "one leaf's thickness in mm, such as 0.1 for 90 gsm uncoated paper"),
}
TEXTS = ("trim", "output-profile", "output-condition")
KEYS = tuple(NUMBERS) + TEXTS


@dataclass(frozen=True)
class PrintSettings:
    trim: tuple[float, float] = SIZES["A4"]  # mm
    bleed: float = 3.0
    inner: float = 22.0
    outer: float = 15.0
    signature: int = 4
    caliper: float = 0.1
    profile: Path | None = None
    condition: str = ""

    def spine(self, pages: int) -> float:
        """The spine's width in mm for a book of ``pages`` pages: its leaves times the paper's caliper."""
        return (pages + 1) // 2 * self.caliper

    def padded(self, pages: int) -> int:
        """The page count padded to the signature."""
        return -(-pages // self.signature) * self.signature


def load(pyproject: Path | None) -> PrintSettings:
    """The print settings of the project whose ``pyproject.toml`` is ``pyproject`` (None: no file,
    the defaults)."""
    if pyproject is None:
        return PrintSettings()
    table = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("tool", {}).get("rulewright", {}).get("print", {})
    return from_table(pyproject, table)


def from_table(pyproject: Path, table) -> PrintSettings:
    def bad(key: str, message: str) -> ExampleProblem:
        line = line_of(pyproject, key, "tool.rulewright.print") if key else line_of(pyproject, "print")
        return ExampleProblem(Where(str(pyproject), line), message)

    if not isinstance(table, dict):
        raise bad("", "'print' in [tool.rulewright] must be a table, [tool.rulewright.print], of the printer's "
                  "settings (trim, bleed-mm, signature, paper-caliper-mm, ...).")
    for key in table:
        if key not in KEYS:
            raise bad(key, f"'{key}' is not a print setting in [tool.rulewright.print]. {did_you_mean(key, KEYS)}")
    values = {}
    for key, (default, low, high, what) in NUMBERS.items():
        value = table.get(key, default)
        integer = isinstance(default, int)
        if (isinstance(value, bool) or not isinstance(value, int if integer else (int, float))
                or not low <= value <= high):
            raise bad(key, f"'{key}' in [tool.rulewright.print] is {what} (from {low} to {high}), not {value!r}.")
        values[key] = value
    for key in TEXTS:
        if key in table and not isinstance(table[key], str):
            raise bad(key, f"'{key}' in [tool.rulewright.print] is written in quotes, not {table[key]!r}.")
    trim_text = table.get("trim", "A4")
    trim = SIZES.get(trim_text.strip().upper())
    if trim is None:
        match = SIZE.match(trim_text)
        if not match:
            raise bad("trim", f"'trim' in [tool.rulewright.print] is the finished page: one of "
                      f"{', '.join(SIZES)}, or its width and height such as \"170mm 240mm\" or \"6in 9in\"; "
                      f"not {trim_text!r}.")
        width, wunit, height, hunit = match.groups()
        trim = tuple(float(v) * (MM_PER_INCH if unit == "in" else 1) for v, unit in ((width, wunit), (height, hunit)))
    profile = None
    if table.get("output-profile"):
        profile = (pyproject.parent / table["output-profile"]).resolve()
        if not profile.is_file():
            raise bad("output-profile", f"'output-profile' in [tool.rulewright.print] names {profile}, which is not "
                      "there. Name the ICC profile file your printer gave you, relative to pyproject.toml.")
    return PrintSettings(trim=trim, bleed=float(values["bleed-mm"]), inner=float(values["inner-margin-mm"]),
                         outer=float(values["outer-margin-mm"]), signature=values["signature"],
                         caliper=float(values["paper-caliper-mm"]), profile=profile,
                         condition=table.get("output-condition", "").strip())
