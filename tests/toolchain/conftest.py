"""The toolchain's own tests play a tiny stand-in game, registered here as 'toy'."""
import textwrap
from pathlib import Path

import pytest

from rulewright.book.registry import register

register("toy", "tests.toolchain.toy_game:GAME")
register("secret", "tests.toolchain.secret_game:GAME")  # a game with hidden hands and deck



@pytest.fixture
def page(tmp_path):
    """Write a Markdown page (dedented) under a temporary rulebook and return its path."""

    def write(text: str, name: str = "page.md") -> Path:
        path = tmp_path / "rulebook" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write
