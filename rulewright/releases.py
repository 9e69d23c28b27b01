"""The releases a book's check level can name, oldest first: each release's "MAJOR.MINOR", the last
being the release being made. ``rulewright.checks.levels`` registers each check at one of them;
the project's settings (``rulewright.book.config``) check that ``check-level`` names one. Both read
them here, so neither needs the other for it.
"""
LEVELS = ("0.1", "0.2", "0.3", "0.4", "0.5")
OLDEST, CURRENT = LEVELS[0], LEVELS[-1]
KEY = "check-level"  # its name in [tool.rulewright]
