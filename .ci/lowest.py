"""Are the declared lower bounds true? Install Rulewright with every dependency a designer gets
(`dependencies` and the `print` and `simulate` extras) at the lowest version pyproject.toml allows,
in an environment of its own, and run what a designer relies on: the toolchain's tests, then a new
project's `make test` and `make rulebook` (both editions, HTML and PDF).

    python3 .ci/lowest.py            (or: make test-lowest)
    python3 .ci/lowest.py --project  (what .ci/run does: the wheel and a new project's two commands)

Rulewright goes in as a designer gets it: the wheel, built from this checkout, with its extras.
(The toolchain's tests run from this checkout's tests/ against that installed wheel.)

The constraints file it writes (_build/lowest/constraints.txt) pins each of those dependencies to
its floor (`name==floor`); what they need in turn is left to pip, as it would be for a designer.
The development tools of the [dev] extra (hypothesis, build, ...) are this repository's, not a
designer's, and are not pinned. A dependency without a floor is an error: every one must say the
oldest version Rulewright works with, and this run is how we know it does.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WORK = REPO / "_build" / "lowest"
EXTRAS = ("print", "simulate")  # what a designer may install; [dev] is this repository's own
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;]*)(;.*)?$")


def floors(pyproject: dict) -> dict[str, str]:
    """Each dependency's name and the version its `>=` names, from `dependencies` and EXTRAS."""
    project = pyproject["project"]
    found: dict[str, str] = {}
    for text in [*project["dependencies"], *(r for extra in EXTRAS for r in project["optional-dependencies"][extra])]:
        match = REQUIREMENT.match(text)
        if match is None:
            raise SystemExit(f"pyproject.toml: cannot read the requirement {text!r}")
        name, _, specifiers, _ = match.groups()
        if name.lower().replace("_", "-") == project["name"]:
            continue  # an extra naming another (rulewright[print])
        floor = [s.strip()[2:].strip() for s in specifiers.split(",") if s.strip().startswith(">=")]
        if not floor:
            raise SystemExit(f"pyproject.toml: {text!r} has no lower bound; give it the oldest version that works (name>=X)")
        previous = found.get(name.lower())
        if previous is not None and previous != floor[0]:
            raise SystemExit(f"pyproject.toml: {name} has two floors, {previous} and {floor[0]}; give it one")
        found[name.lower()] = floor[0]
    return found


def python_floor(pyproject: dict) -> str:
    return pyproject["project"]["requires-python"].removeprefix(">=").strip()


def run(command: list, cwd: Path, env: dict) -> None:
    print("+", " ".join(map(str, command)), f"  (in {cwd})" if cwd != REPO else "", flush=True)
    done = subprocess.run(command, cwd=cwd, env=env)
    if done.returncode != 0:
        raise SystemExit(f"lowest versions: {' '.join(map(str, command))} failed (exit {done.returncode})")


def main(project_only: bool = False) -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = tuple(int(part) for part in python_floor(pyproject).split("."))
    if sys.version_info[:len(wanted)] < wanted:
        raise SystemExit(f"This Python ({sys.version.split()[0]}) is older than requires-python {python_floor(pyproject)}")
    pins = floors(pyproject)
    WORK.mkdir(parents=True, exist_ok=True)
    constraints = WORK / "constraints.txt"
    constraints.write_text("# Every dependency of Rulewright at its declared floor (written by .ci/lowest.py)\n"
                           + "".join(f"{name}=={floor}\n" for name, floor in sorted(pins.items())), encoding="utf-8")
    print(f"Lowest versions: {', '.join(f'{n}=={f}' for n, f in sorted(pins.items()))}", flush=True)

    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "RULEWRIGHT_STRICT", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    env["PIP_CONSTRAINT"] = str(constraints)  # the new project's own install keeps the floors too
    env["PYTHONWARNINGS"] = "ignore:Editable installation"
    venv = WORK / "venv"
    if venv.exists():
        shutil.rmtree(venv)
    run([sys.executable, "-m", "venv", venv], REPO, env)
    pip = [venv / "bin" / "python", "-m", "pip", "install", "--quiet"]
    run([*pip, "--upgrade", "pip"], REPO, env)
    # The wheel, built from a copy of what a release is built from (so the build leaves nothing here).
    source, wheels = WORK / "source", WORK / "wheel"
    for folder in (source, wheels):
        shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(REPO / "rulewright", source / "rulewright", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    run([venv / "bin" / "python", "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", wheels, source], REPO, env)
    wheel, = wheels.glob("rulewright-*.whl")
    run([*pip, f"rulewright[{','.join(EXTRAS)}] @ {wheel.as_uri()}"], REPO, env)
    # The tests' own tools, each where it fits beside the floors (one that needs a newer version of
    # a dependency is left out, and the tests that use it say they were skipped).
    for tool in [] if project_only else pyproject["project"]["optional-dependencies"]["dev"]:
        if REQUIREMENT.match(tool).group(1).lower() in pins or tool.startswith(pyproject["project"]["name"]):
            continue
        tried = subprocess.run([*pip, tool], cwd=REPO, env=env, capture_output=True, text=True)
        if tried.returncode != 0:
            print(f"Lowest versions: {tool} cannot be installed beside the floors; its tests will be skipped:",
                  *[line.strip() for line in (tried.stdout + tried.stderr).splitlines() if " depends on " in line][:2], sep="\n  ")
    # What was installed is what was pinned (pip could not quietly have chosen another).
    listed = subprocess.run([venv / "bin" / "python", "-m", "pip", "list", "--format=freeze"], capture_output=True,
                            text=True, env=env).stdout
    installed = {line.split("==")[0].lower().replace("_", "-"): line.split("==")[1]
                 for line in listed.splitlines() if "==" in line}
    wrong = [f"{name} {installed.get(name.replace('_', '-'))} (floor {floor})" for name, floor in pins.items()
             if installed.get(name.replace("_", "-")) not in (floor, floor + ".0", floor + ".0.0")]
    if wrong:
        raise SystemExit(f"lowest versions: not installed at their floors: {', '.join(wrong)}")

    if not project_only:  # the toolchain's own tests: every check, the scanner, the Sphinx extension, the CLI
        run([venv / "bin" / "python", "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider", "tests/toolchain"],
            REPO, env)
    # A designer's first day on these versions: a new project's two commands.
    project_root = WORK / "project"
    if project_root.exists():
        shutil.rmtree(project_root)
    project_root.mkdir()
    run([venv / "bin" / "rulewright", "new", "heaps", "--title", "Heaps of Fun", "--game", "heaps"], project_root, env)
    project = project_root / "heaps"
    make = ["make", f"VENV={venv}", f"STAMP={venv}/.heaps-installed"]
    run([*make, "test"], project, env)
    run([*make, "rulebook"], project, env)
    ran = "a new project's make test and make rulebook" if project_only else \
        "the toolchain's tests and a new project's make test and make rulebook"
    print(f"Lowest versions: {ran} passed.")


if __name__ == "__main__":
    main(project_only="--project" in sys.argv[1:])
