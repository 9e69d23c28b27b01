"""pytest collects every rulebook example (and every ```python doctest block) through Sybil."""
import pytest

from rulewright.sybil_parser import rulebook_sybil

pytest_collect_file = rulebook_sybil().pytest()


def pytest_collection_modifyitems(items):
    """Examples in one page may share a namespace (doctest blocks build on each other), so under
    pytest-xdist a page's items stay on one worker: each gets an xdist group named by its file."""
    for item in items:
        if item.path.suffix == ".md":
            item.add_marker(pytest.mark.xdist_group(str(item.path)))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Honour those groups even under a plain `pytest -n auto` (xdist's default would ignore them)."""
    from xdist.scheduler import LoadGroupScheduling

    return LoadGroupScheduling(config, log)
