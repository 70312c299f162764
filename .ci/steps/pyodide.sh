#!/usr/bin/env bash
# The pure wheel in Pyodide (CPython in WebAssembly, under Node.js): the whole suite but the
# tests that start processes, with the fast hypothesis profile. Pyodide from the npm
# registry, pinned; the package's dependencies (attrs, typing-extensions) and the test tools as
# pure wheels for its Python.
source "$(dirname "$0")/../lib.sh"
PYODIDE=314.0.8
step "Pyodide $PYODIDE: the pure wheel's tests in WebAssembly (fast hypothesis profile)"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "SKIPPED: Node.js and npm are needed to run Pyodide"
    exit 0
fi
main_env
place="$work/pyodide"
rm -rf "$place"
mkdir -p "$place/wheels"
(cd "$place" && npm install --silent --no-audit --no-fund "pyodide@$PYODIDE" >/dev/null)
version=$(node -e "console.log(require('$place/node_modules/pyodide/pyodide-lock.json').info.python)")
"$bin/python" -m pip wheel --quiet --no-deps --wheel-dir "$place/wheels" .
"$bin/python" -m pip download --quiet --dest "$place/wheels" --only-binary=:all: \
    --python-version "$version" --implementation py --platform any \
    attrs typing-extensions pytest pluggy iniconfig packaging pygments \
    hypothesis sortedcontainers
cp tools/pyodide_tests.mjs "$place/"
HYPOTHESIS_PROFILE=fast node "$place/pyodide_tests.mjs" "$place/wheels" "$root" -q
