"""pytest collects every rulebook example (and every ```python doctest block) through Sybil."""
import os

import pytest
from hypothesis import HealthCheck, settings

from rulewright.sybil_parser import rulebook_sybil

pytest_collect_file = rulebook_sybil().pytest()

# In CI the property tests replay the same cases every run (a landing gate should not flake on a
# new random draw, nor on a slow machine); on a designer's machine they explore anew each time.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Under pytest-xdist (`pytest -n auto`), a rulebook page's items stay on one worker, since
    doctest blocks on a page build on each other; every other test is spread on its own."""
    from xdist.scheduler import LoadScopeScheduling

    class PageScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path, _, _ = nodeid.partition("::")
            return path if path.endswith(".md") else nodeid

    return PageScheduling(config, log)
