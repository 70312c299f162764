"""Take the screenshot of the web app shown in the docs (docs/_static/webapp.png).

It serves the app, opens it in headless Chromium (Debian's ``chromium``,
driven by Playwright: ``pip install -r examples/webapp/requirements-test.txt``),
starts a game of Bugami, bids, plays a few cards and saves the page::

    python examples/webapp/screenshot.py [OUTPUT.png]
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(output: Path) -> None:
    """Serve the app, play a little in the browser, and save the page to ``output``."""
    from playwright.sync_api import sync_playwright

    spec = importlib.util.spec_from_file_location("webapp_app", HERE / "app.py")
    assert spec is not None
    assert spec.loader is not None
    webapp = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(webapp)
    url, stop = webapp.serve_in_thread(webapp.create_app())
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("BUGAMI_CHROMIUM", "/usr/bin/chromium"),
                args=list(webapp.CHROMIUM_ARGS),
            )
            page = browser.new_page(viewport={"width": 960, "height": 760})
            page.goto(f"{url}/?delay=0&seed=2026")
            page.click("#new-game")
            page.wait_for_selector("body[data-idle='1']", state="attached")
            page.locator("#bids button[data-bid='D']").click()
            for _ in range(12):  # until we must follow a trick with cards on the table
                page.wait_for_selector("#hand .card.legal")
                following = page.locator("#trick .played").count() >= 2
                if following and page.locator("#hand .card:not(.legal)").count():
                    break
                page.locator("#hand .card.legal").last.click()
            page.screenshot(path=str(output), full_page=False)
            browser.close()
    finally:
        stop()


if __name__ == "__main__":
    target = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else HERE.parent.parent / "docs" / "_static" / "webapp.png"
    )
    main(target)
    print(f"saved {target} ({target.stat().st_size} bytes)")
