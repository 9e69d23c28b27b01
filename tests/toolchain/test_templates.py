"""The theme's templates are compiled once into the store (rulewright.sphinx.templates), and a
template edited since is compiled again: the page shows the edit."""
import os
import subprocess
import sys
import time


def test_compiled_templates_are_kept_and_an_edited_one_is_compiled_again(tmp_path):
    src, store, out = tmp_path / "src", tmp_path / "store", tmp_path / "out"
    (src / "_templates").mkdir(parents=True)
    (src / "conf.py").write_text('extensions = ["myst_parser", "rulewright.sphinx"]\nroot_doc = "index"\n'
                                 'templates_path = ["_templates"]\n')
    (src / "index.md").write_text("# A book\n\nA page.\n")
    layout = src / "_templates" / "layout.html"
    env = {**os.environ, "RULEWRIGHT_CACHE": str(store), "RULEWRIGHT_STRICT": "0"}

    def build(footer: str) -> str:
        layout.write_text('{% extends "!layout.html" %}{% block footer %}' + footer + '{% endblock %}\n')
        later = time.time() + 2  # newer than the page written before, as an editor's save would be
        os.utime(layout, (later, later))
        done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(out)], env=env,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return (out / "index.html").read_text()

    assert "first footer" in build("first footer")
    kept = sorted(p.name for p in (store / "templates").iterdir())
    assert kept, "the compiled templates were not kept"
    page = build("second footer")
    assert "second footer" in page and "first footer" not in page
