"""``rulewright ci``: add the CI files ``rulewright new`` writes (GitHub Actions, GitLab CI and a
pre-commit hook) to an existing project, never over a file already there."""
from __future__ import annotations

from rulewright import scaffold
from rulewright.book import config
from rulewright.problems import display_path

NAME = "ci"
HELP = ("add the continuous-integration files to this project: a GitHub Actions workflow, a GitLab CI "
        "pipeline and a pre-commit hook (a file already there is left as it is)")


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    root = config.load().root  # the project around the working directory
    written, same, skipped = scaffold.add_ci(root)
    for path in written:
        print(f"Wrote {display_path(str(path))}")
    for path in same:
        print(f"Already there as Rulewright writes it: {display_path(str(path))}")
    for path in skipped:
        print(f"Skipped {display_path(str(path))}: it is already there with other content, and rulewright ci "
              "never overwrites a file. To get Rulewright's version, move yours aside and run rulewright ci again.")
    if written:
        print("Commit these files; the next push runs the rulebook's CI. The section \"Continuous integration\" of "
              "Rulewright's page Start your own rulebook explains them, and how to publish the player's edition.")
    return 0
