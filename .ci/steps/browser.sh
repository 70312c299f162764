#!/usr/bin/env bash
# The example web app's browser test alone (tests.sh runs it with the rest): the app's
# requirements, Debian's Chromium, and tests/frontend/test_webapp_browser.py.
source "$(dirname "$0")/../lib.sh"
webapp_requirements
browser
step "the web app in a headless browser"
"$bin/python" -m pytest -p no:cacheprovider -q tests/frontend/test_webapp_browser.py
