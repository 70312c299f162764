#!/usr/bin/env bash
# The documentation: HTML and doctests, warnings as errors.
source "$(dirname "$0")/../lib.sh"
main_env
step "docs: HTML and doctests, warnings as errors"
"$bin/sphinx-build" -W --keep-going -q -b html docs "$work/html"
"$bin/sphinx-build" -W --keep-going -q -b doctest docs "$work/doctest"
