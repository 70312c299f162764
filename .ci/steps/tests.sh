#!/usr/bin/env bash
# The README's test command with coverage (floor 95%) and the thorough (ci) hypothesis
# profile: the whole suite, the adapters' and the example web app's tests included (one of
# them in headless Chromium: browser.sh runs that one alone).
source "$(dirname "$0")/../lib.sh"
webapp_requirements
browser
step "tests (the README's test command, with coverage and the ci hypothesis profile)"
export PATH="$bin:$PATH" HYPOTHESIS_PROFILE=ci
python -m pip install --quiet -e '.[test]'
python -m pytest -p no:cacheprovider --cov=bugami --cov-report=term --cov-fail-under=95
