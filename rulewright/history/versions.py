"""A version of the project as a folder: a git revision unpacked into a temporary folder, or the
working tree as it is."""
from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from pathlib import Path


class VersionError(Exception):
    """A revision that cannot be had, in plain words."""


def git_root(folder: Path) -> Path:
    done = subprocess.run(["git", "-C", str(folder), "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if done.returncode != 0:
        raise VersionError(f"{folder} is not in a git repository, so there are no earlier versions to compare with.")
    return Path(done.stdout.strip())


def describe(root: Path, revision: str) -> str:
    """The revision as people know it: its short hash, and its tag where it has one."""
    done = subprocess.run(["git", "-C", str(root), "describe", "--tags", "--always", revision], capture_output=True,
                          text=True)
    return done.stdout.strip() or revision


def date(root: Path, revision: str) -> str:
    """The day the revision was made, as a reader writes it (``2026-11-25``)."""
    done = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%cs", revision], capture_output=True, text=True)
    return done.stdout.strip()


def revision_exists(root: Path, revision: str) -> None:
    """Nothing when the git repository around ``root`` has ``revision``; else ``VersionError``."""
    git_root(root)
    check = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "--quiet", revision + "^{commit}"],
                           capture_output=True, text=True)
    if check.returncode != 0:
        raise VersionError(f"There is no revision {revision!r} in {root}: name a commit, a tag or a branch "
                           "(git log --oneline lists them).")


def unpack(root: Path, revision: str, into: Path | None = None) -> Path:
    """The project at ``revision`` of the repository at ``root``, unpacked into a new folder."""
    revision_exists(root, revision)
    archive = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", revision], capture_output=True)
    if archive.returncode != 0:
        raise VersionError(f"git could not unpack {revision!r}: {archive.stderr.decode(errors='replace').strip()}")
    folder = Path(into or tempfile.mkdtemp(prefix="rulewright-version-"))
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def project_in(version_folder: Path, project_root: Path, repository: Path) -> Path:
    """Where the project is inside an unpacked version: at the same place as in the repository."""
    return version_folder / project_root.resolve().relative_to(repository.resolve())
