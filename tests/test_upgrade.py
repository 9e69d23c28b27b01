"""Upgrading never breaks a book: a designer who started a rulebook with an earlier release's wheel
(with a rule, an example and hidden information of their own) installs today's in the same project,
changes nothing, and the project's `make test` and `make rulebook`
(both editions, HTML and PDF, with the Makefile the earlier release wrote) stay green;
what the checks added since find is advice, not failure, and `rulewright upgrade` says what each is for.

The earlier release is built from this repository's own history, at the commit CHANGELOG.md names
for it, as a designer would have had it (`pip wheel` of that commit's rulewright/). Like the
distribution test it takes a few minutes, most of it pip, and is marked ``slow``.
"""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_distribution import REPO, designer_env, package_source, sh

EARLIER = ["0.3.0", "0.4.0"]  # two earlier releases, each with its own `rulewright new`


def release_commit(version: str) -> str | None:
    """The commit CHANGELOG.md names for ``version``, where this clone's history holds it."""
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    named = re.search(rf"^\[{re.escape(version)}\]: .*\(commit ([0-9a-f]{{7,40}})\)$", text, re.M)
    assert named, f"CHANGELOG.md names no commit for {version}"
    found = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--verify", "--quiet", named.group(1) + "^{commit}"],
                           capture_output=True, text=True)
    return found.stdout.strip() if found.returncode == 0 else None


def wheel_of(source: Path, dist: Path, env) -> Path:
    sh([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", dist, source], source.parent, env)
    wheel, = dist.glob("rulewright-*.whl")
    return wheel


def keep_counters_secret(project: Path) -> None:
    """What a designer adds to the starter, in the words of the earlier release: hidden information
    (each player's taken counters, seen by that player only), a rule saying so and an example told
    as the other player. (The starter already has the designer's own diagram drawer.)"""
    game, = project.glob("*/game.py")
    code = game.read_text(encoding="utf-8")
    marker = '    phrases = "phrases.yaml"'
    assert marker in code, "the starter game no longer looks as this test expects"
    game.write_text(code.replace(marker, '    hidden = ("taken.<player>",)  # what you took is yours to know\n' + marker, 1),
                    encoding="utf-8")
    rules = project / "rulebook" / "rules.md"
    prefix = re.search(r"^```\{rule\} (\S+)\.take\.limit$", rules.read_text(encoding="utf-8"), re.M).group(1)
    rules.write_text(rules.read_text(encoding="utf-8") + f"""
## Secret counters

```{{rule}} {prefix}.take.secret
:title: Counters taken are secret
Keep the counters you take hidden in your hand: the other players do not know how many you hold.
```

```{{example}} Bob does not see what Ann took
:id: heaps-secret
:rules: {prefix}.take.secret
:as: bob

game: heaps
setup: {{preset: standard}}
do:
  - ann: take 2 from left
expect:
  heaps.left: 1
  taken.bob: 0
```
""", encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("version", EARLIER)
def test_a_book_started_on_an_earlier_release_stays_green_on_this_one(version, tmp_path_factory):
    commit = release_commit(version)
    if commit is None:
        pytest.skip(f"This clone's history does not hold {version}'s commit (a shallow clone?): "
                    "its wheel cannot be built, so the upgrade from it is not tested here")
    work = tmp_path_factory.mktemp(f"upgrade-{version}")
    env = designer_env()

    # The earlier release's wheel, from its commit; today's, from the files this repository tracks.
    old_source = work / "old-source"
    old_source.mkdir()
    archive = subprocess.run(["git", "-C", str(REPO), "archive", commit, "rulewright", "pyproject.toml", "README.md"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(old_source)], input=archive, check=True)
    old_wheel = wheel_of(old_source, work / "old-dist", env)
    new_wheel = wheel_of(package_source(work / "new-source"), work / "new-dist", env)

    # The designer's book, started and green on the earlier release.
    designer = work / "venv"
    sh([sys.executable, "-m", "venv", designer], work, env)
    sh([designer / "bin" / "pip", "install", "--quiet", old_wheel], work, env)
    sh([designer / "bin" / "rulewright", "new", "heaps", "--title", "Heaps of Fun", "--game", "heaps"], work, env)
    project = work / "heaps"
    keep_counters_secret(project)
    tested = sh(["make", "test", f"RULEWRIGHT={old_wheel}"], project, env)
    assert re.search(r"\b\d+ passed\b", tested) and " failed" not in tested, tested
    before = {path.relative_to(project): path.read_bytes() for path in project.rglob("*")
              if path.is_file() and not {".venv", "_build", ".pytest_cache", "__pycache__", ".hypothesis"} & set(path.relative_to(project).parts)}

    # The upgrade, as a designer does it: today's wheel into the project's environment, nothing else.
    tool = project / ".venv" / "bin"
    sh([tool / "pip", "install", "--quiet", "--upgrade", new_wheel], project, env)
    from rulewright import __version__
    assert sh([tool / "rulewright", "--version"], project, env).strip() == f"rulewright {__version__}"
    tested = sh(["make", "test"], project, env)
    assert re.search(r"\b\d+ passed\b", tested) and " failed" not in tested and " error" not in tested, tested
    checked = subprocess.run([tool / "rulewright", "check"], cwd=project, env=env, capture_output=True, text=True,
                             timeout=600)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # The book itself, both editions, HTML and PDF, with the Makefile the earlier release wrote.
    built = sh(["make", "rulebook"], project, env, timeout=1200)
    for edition in ("player", "designer"):
        assert (project / "_build" / edition / "html" / "index.html").is_file(), built
        assert list((project / "_build" / edition / "pdf").glob("*.pdf")), built
    after = {name: (project / name).read_bytes() for name in before}
    assert after == before, "the upgrade changed the designer's files"

    # Raising the level is the designer's choice: `upgrade --dry-run` names each newer check and its purpose.
    from rulewright.checks import levels
    dry = sh([tool / "rulewright", "upgrade", "--dry-run"], project, env)
    newer = [name for name, check in levels.CHECKS.items() if levels.key(check.level) > levels.key("0.1")]
    assert newer and all(f"'{name}'" in dry for name in newer), dry
    sh([tool / "rulewright", "upgrade"], project, env)
    assert f'check-level = "{levels.CURRENT}"' in (project / "pyproject.toml").read_text(encoding="utf-8")
