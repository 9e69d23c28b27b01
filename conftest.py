"""pytest collects every rulebook example (and every ```python doctest block) through Sybil."""
import pytest

from rulewright.sybil_parser import rulebook_sybil

pytest_collect_file = rulebook_sybil().pytest()


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
