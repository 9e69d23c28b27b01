"""``python-blocks = "refuse"``: no Python block on any page runs, visible or hidden in an
``invisible-code-block`` comment; each is reported at its line instead. "allow" runs them."""
from pathlib import Path

import pytest

from rulewright.book import scanner
from rulewright.book import config
from rulewright.checks import check
from rulewright.testing.sybil_parser import rulebook_sybil

PAGE = """# Code in the book

```python
open({marker!r}, "w").write("ran")
```

% invisible-code-block: python
%
% open({hidden!r}, "w").write("ran")

The end.
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    def make(blocks: str):
        root = tmp_path / blocks
        (root / "rulebook").mkdir(parents=True)
        (root / "pyproject.toml").write_text(f'[tool.rulewright]\npython-blocks = "{blocks}"\n')
        text = PAGE.format(marker=str(root / "visible-ran"), hidden=str(root / "hidden-ran"))
        (root / "rulebook" / "code.md").write_text(text)
        monkeypatch.setattr(config, "_current", None)
        config.load(root).activate()
        return root
    yield make
    config._current = None


def _run_all(root: Path) -> list[str]:
    """Evaluate every region Sybil finds on the page; the messages of those that fail."""
    document = rulebook_sybil(root / "rulebook").parse(root / "rulebook" / "code.md")
    said = []
    for example in document:
        try:
            example.evaluate()
        except Exception as failure:  # Sybil reports a failing region by raising
            said.append(str(failure))
    return said


def test_refused_blocks_do_not_run_and_are_named_at_their_lines(project):
    root = project("refuse")
    said = _run_all(root)
    assert not (root / "visible-ran").exists() and not (root / "hidden-ran").exists()
    for line in (3, 7):
        assert any(f"code.md, line {line}: This Python block would run as code" in s for s in said), said
    assert sum("python-blocks = \"refuse\"" in str(p) for p in check(root / "rulebook")) == 2


def test_allowed_blocks_run(project):
    root = project("allow")
    assert _run_all(root) == []
    assert (root / "visible-ran").exists() and (root / "hidden-ran").exists()
    assert scanner.read_page((root / "rulebook" / "code.md").read_text(), "code.md").problems == []
