#!/usr/bin/env bash
# mypy --strict (over the package, the tests and the examples: see pyproject.toml),
# and pyright --verifytypes: every public name fully typed.
source "$(dirname "$0")/../lib.sh"
webapp_requirements  # mypy reads the web app's tests, which import its requirements
step "mypy --strict"
"$bin/mypy" --strict

# pyright finds the installed package through the first python on the PATH, so the venv's
# must come first (its --pythonpath option is not honoured by --verifytypes).
step "pyright --verifytypes: every public name fully typed"
export PATH="$bin:$PATH"
pyright --verifytypes bugami --ignoreexternal | grep -E '^(Package directory|Type completeness)'
pyright --verifytypes bugami --ignoreexternal --outputjson \
    | python -c 'import json, sys; score = json.load(sys.stdin)["typeCompleteness"]["completenessScore"]; print(f"type completeness {score:.1%}"); sys.exit(score < 1)'
