#!/usr/bin/env bash
# ruff: the linter and the formatter's check.
source "$(dirname "$0")/../lib.sh"
main_env
step "ruff"
"$bin/ruff" check .
"$bin/ruff" format --check .
