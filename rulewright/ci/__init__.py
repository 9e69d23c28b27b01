"""Running the book's checks on a CI host: ``report`` marks each problem at its file and line the way
the host shows them (GitHub's workflow commands and step summary, GitLab's Code Quality report),
once per job; ``plugin`` carries the marks of a pytest run (xdist included) to its end. The
Sphinx side is ``rulewright.sphinx.hosted``."""
