"""The player's HTML checked as an accessibility auditor checks it: axe-core's WCAG 2 A and AA rules
(2.0 and 2.1), in headless Chromium, on every page of the built edition.

Each page is copied beside the built site with axe-core and a few lines that run it once the page
has loaded and write its violations into the page; Chromium prints the page (``--dump-dom``) and
the test reads them back. axe-core comes from the npm registry (``.ci/run`` unpacks it into
``_build/axe-core`` with ``npm pack``), Chromium from the system (Debian's ``chromium``); without
either, or without the built HTML, the test says it was skipped and why.
"""
from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / "_build" / "axe-core" / "package" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RUN = """
window.addEventListener('load', function () {
  axe.run(document, {runOnly: {type: 'tag', values: %s}, resultTypes: ['violations']}).then(function (result) {
    var out = document.createElement('pre');
    out.id = 'rw-axe-results';
    out.textContent = JSON.stringify(result.violations.map(function (v) {
      return {id: v.id, impact: v.impact, help: v.help,
              where: v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); })};
    }));
    document.body.appendChild(out);
  });
});
""" % json.dumps(TAGS)
RESULTS = re.compile(r'<pre id="rw-axe-results">(.*?)</pre>', re.S)


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return name
    pytest.skip("Chromium is not installed (Debian: apt-get install chromium); .ci/run installs it")


def violations(browser: str, page: Path) -> list | None:
    done = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                           "--virtual-time-budget=30000", "--dump-dom", page.as_uri()],
                          capture_output=True, text=True, timeout=180)
    found = RESULTS.search(done.stdout)
    return json.loads(html.unescape(found.group(1))) if found else None


@pytest.mark.slow
def test_every_page_of_the_player_s_html_passes_axe_core_s_wcag_2_a_and_aa_rules(tmp_path):
    site = ROOT / "_build" / "player" / "html"
    if not (site / "index.html").is_file():
        pytest.skip("The player's edition in HTML is not built here; `make html-player` builds it (CI does).")
    if not AXE.is_file():
        pytest.skip("axe-core is not unpacked here: `npm pack axe-core` and untar into _build/axe-core (.ci/run does)")
    browser = chromium()
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    shutil.copy(AXE, copy / "_static" / "rw-axe.min.js")
    (copy / "_static" / "rw-axe-run.js").write_text(RUN, encoding="utf-8")
    pages = sorted(p for p in copy.rglob("*.html") if "_static" not in p.parts and "_sources" not in p.parts)
    for page in pages:
        up = "../" * (len(page.relative_to(copy).parts) - 1)
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("</head>", f'<script src="{up}_static/rw-axe.min.js"></script>'
                                     f'<script src="{up}_static/rw-axe-run.js"></script></head>', 1), encoding="utf-8")
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(zip(pages, pool.map(lambda p: violations(browser, p), pages)))
    unread = [str(p.relative_to(copy)) for p, found in results.items() if found is None]
    assert not unread, f"axe-core gave no result for {len(unread)} pages, e.g. {unread[:3]}"
    failing = {str(p.relative_to(copy)): found for p, found in results.items() if found}
    assert len(pages) >= 20
    assert not failing, (f"{len(failing)} of {len(pages)} pages break WCAG 2 A/AA rules, e.g. "
                         f"{json.dumps(dict(list(failing.items())[:3]), indent=1)}")
