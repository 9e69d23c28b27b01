"""Releases agree: the version in pyproject.toml, `rulewright --version`, the releases CHANGELOG.md
lists, the check levels (one a release) and, where the clone holds the history, the tags."""
from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from rulewright.checks import levels

REPO = Path(__file__).resolve().parents[2]
RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.M)


def version_key(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def released() -> list[tuple[str, str]]:
    return RELEASE.findall((REPO / "CHANGELOG.md").read_text(encoding="utf-8"))


def test_the_changelog_the_version_and_the_check_levels_agree():
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.index("## [Unreleased]") == text.index("## [")  # what is not released yet comes first
    releases = released()
    assert [v for v, _ in releases] == sorted((v for v, _ in releases), key=version_key, reverse=True)
    assert [d for _, d in releases] == sorted((d for _, d in releases), reverse=True)
    assert len(releases) >= 2
    version = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert version_key(version) > version_key(releases[0][0])  # the release being made is after the last
    minor = ".".join(version.split(".")[:2])
    assert levels.CURRENT == minor, "the check level of the release being made is its MAJOR.MINOR"
    assert [".".join(v.split(".")[:2]) for v, _ in reversed(releases)] + [minor] == list(levels.LEVELS)
    for name, check in levels.CHECKS.items():  # a check is in the changelog under the release it arrived in
        assert f"`{name}`" in text, name


def test_every_change_is_under_a_release_and_the_links_close_the_file():
    """A merge can leave an entry after the links at the end, where no reader or tool looks for it."""
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8").rstrip("\n")
    links = text[text.index("\n[Unreleased]:"):]
    strays = [line for line in links.splitlines() if line and not re.match(r"^\[[^\]]+\]: ", line)]
    assert not strays, f"CHANGELOG.md: lines after the release links belong under a release: {strays[:3]}"


def test_rulewright_version_says_the_project_s_version(capsys):
    from rulewright import __version__
    from rulewright.cli import main

    version = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert __version__ == version
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == f"rulewright {version}"


def git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True)


def test_each_release_is_a_commit_of_the_history_and_its_tag_points_there():
    if git("rev-parse", "--git-dir").returncode != 0:
        pytest.skip("No git history here (a source tree without .git): the releases' commits cannot be looked up")
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    tags = set(git("tag", "-l", "v*").stdout.split())
    for version, _ in released():
        commit = re.search(rf"^\[{re.escape(version)}\]: .*\(commit ([0-9a-f]{{7,40}})\)$", text, re.M)
        assert commit, f"the changelog names the commit of {version}"
        full = git("rev-parse", "--verify", "--quiet", commit.group(1) + "^{commit}")
        if full.returncode != 0:
            shallow = git("rev-parse", "--is-shallow-repository").stdout.strip() == "true"
            assert shallow, f"{version}'s commit {commit.group(1)} is not in the history"
            continue
        if f"v{version}" in tags:  # (tags are kept where they were made; a fresh clone may not fetch them all)
            assert git("rev-parse", f"v{version}^{{commit}}").stdout == full.stdout, version
