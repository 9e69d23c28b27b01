"""The HTML a reader's assistive technology meets: every element that says it is a heading says its
level (WCAG 2, axe-core's ``aria-required-attr``), in the page and in the sidebar's contents, in
both editions."""
import re
import subprocess
import sys

import pytest

from tests.toolchain.test_sphinx import source

INDEX = """# Toy book

```{toctree}
:caption: The rules
:numbered:
toy
rules
```
"""
HEADING_ROLE = re.compile(r"<[a-z0-9]+\b[^>]*\brole=\"heading\"[^>]*>")


@pytest.mark.parametrize("edition", ["player", "designer"])
def test_every_aria_heading_has_its_level(tmp_path, edition):
    src = source(tmp_path)
    (src / "index.md").write_text(INDEX)
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-t", edition, "-b", "html", str(src), str(out)],
                          capture_output=True, text=True, env={"RULEWRIGHT_STRICT": "0", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    headings = [(page.name, tag) for page in sorted(out.glob("*.html"))
                for tag in HEADING_ROLE.findall(page.read_text(encoding="utf-8"))]
    assert len(headings) >= 3, headings  # the index page's own contents and each page's sidebar
    without = [(name, tag) for name, tag in headings if not re.search(r'\baria-level="[1-6]"', tag)]
    assert not without, without
