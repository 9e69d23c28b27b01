"""Under a CI host (GitHub Actions, GitLab CI), each warning of the book's build that has a place
(a failing example, a malformed page, a check problem, a broken reference) is also marked at its
file and line, through ``rulewright.ci.report``: a handler beside Sphinx's own warning stream, so
the build's plain output stays as it is."""
from __future__ import annotations

import logging

from sphinx.util.logging import NAMESPACE, WarningStreamHandler, get_node_location, is_suppressed_warning

from rulewright.ci import report as ci_report


class HostedWarnings(WarningStreamHandler):
    """A warning stream handler (so Sphinx holds back and replays its warnings the same way) that
    writes nothing but marks."""

    def __init__(self, app) -> None:
        super().__init__()
        self.app = app
        self.setLevel(logging.WARNING)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            mark = self.mark(record)
            if mark is not None:
                ci_report.publish([mark])
        except Exception:  # a mark that cannot be made never stops the build
            pass

    def mark(self, record: logging.LogRecord) -> ci_report.Mark | None:
        kind, subkind = getattr(record, "type", ""), getattr(record, "subtype", "")
        if is_suppressed_warning(kind, subkind, getattr(self.app.config, "suppress_warnings", ())):
            return None
        path, line = self.place(getattr(record, "location", None))
        if not path:
            return None
        message = logging.LogRecord.getMessage(record)  # without the place Sphinx's own record puts first
        suffix = f" [{kind}.{subkind}]" if subkind else f" [{kind}]"
        message = message.removesuffix(suffix) if kind else message
        title = f"Rulebook build ({kind}.{subkind})" if subkind else f"Rulebook build ({kind or 'warning'})"
        return ci_report.Mark(path, line, title, message)

    def place(self, location) -> tuple[str | None, int]:
        if isinstance(location, tuple):
            docname, line = location
            return (str(self.app.env.doc2path(docname)) if docname else None), int(line or 1)
        if location is not None and not isinstance(location, str):
            location = get_node_location(location)
        if not location:
            return None, 1
        path, _, line = str(location).rpartition(":")
        if path and line.isdigit():
            return path, int(line)
        return str(location) if ":" not in str(location) else None, 1


def watch(app) -> None:
    """Add the handler when the build runs under a CI host."""
    if ci_report.host() is not None:
        logging.getLogger(NAMESPACE).addHandler(HostedWarnings(app))
