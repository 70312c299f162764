#!/usr/bin/env bash
# import-linter: the layers and the other contracts of pyproject.toml.
source "$(dirname "$0")/../lib.sh"
main_env
step "import-linter: the layers and the other contracts of pyproject.toml"
PYTHONPATH="$root" "$bin/lint-imports"
