# Shared by .ci/run and the step scripts of .ci/steps/ (sourced, not run).
#
# Every step runs alone from a clean clone (`bash .ci/steps/lint.sh`): it makes what it
# needs in a work directory and removes it when done. .ci/run runs them all in one work
# directory (CI_WORK), so that what one step makes (the main environment, the wheels) the
# next reuses. Two settings, from the environment:
#   CI_WORK  the work directory (default: a fresh temporary one, removed on exit);
#   CI_BIN   the bin directory of an environment with .[dev,openspiel,pettingzoo] installed
#            (default: one made in the work directory); for quick local runs, for instance
#            `CI_BIN=.venv/bin bash .ci/steps/types.sh`.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 PYTHONDONTWRITEBYTECODE=1
if [ -z "${CI_WORK:-}" ]; then
    CI_WORK=$(mktemp -d)
    trap 'rm -rf "$CI_WORK"' EXIT
fi
export CI_WORK
work=$CI_WORK

step() { printf '\n=== %s\n' "$*"; }

# The interpreter for a version such as 3.11, from pyenv or the PATH; empty if none.
find_python() {
    local version=$1 prefix
    if command -v pyenv >/dev/null 2>&1 && prefix=$(pyenv prefix "$version" 2>/dev/null); then
        prefix=$(printf '%s\n' "$prefix" | head -n 1)
        if [ -x "$prefix/bin/python$version" ]; then
            echo "$prefix/bin/python$version"
            return
        fi
    fi
    command -v "python$version" 2>/dev/null || true
}

# A fresh virtual environment for a version; prints its bin directory.
make_venv() {
    local version=$1 name=$2 python
    python=$(find_python "$version")
    [ -n "$python" ] || return 1
    "$python" -m venv "$work/$name" >&2
    echo "$work/$name/bin"
}

# The main environment (Python 3.11, .[dev,openspiel,pettingzoo]): sets `bin` to its bin
# directory, making it on first use in this work directory.
main_env() {
    if [ -n "${CI_BIN:-}" ]; then
        bin=$CI_BIN
        return
    fi
    bin=$work/main/bin
    if [ ! -e "$work/main/.installed" ]; then
        step "Python 3.11: install .[dev,openspiel,pettingzoo]"
        if ! make_venv 3.11 main >/dev/null; then
            echo "Python 3.11 is required for the main CI job" >&2
            exit 1
        fi
        "$bin/python" --version
        "$bin/python" -m pip install --quiet --upgrade pip
        "$bin/python" -m pip install --quiet -e '.[dev,openspiel,pettingzoo]'
        touch "$work/main/.installed"
    fi
    CI_BIN=$bin
    export CI_BIN
}

# The example web app's requirements (Starlette, uvicorn, websockets; its tests add
# Starlette's test client and Playwright) in the main environment: its tests and mypy need them.
webapp_requirements() {
    main_env
    if [ ! -e "$work/.webapp-requirements" ]; then
        step "the example web app: its requirements"
        "$bin/python" -m pip install --quiet -r examples/webapp/requirements-test.txt
        touch "$work/.webapp-requirements"
    fi
}

# Debian's Chromium for the web app's browser test, installed only if missing; Playwright
# drives that browser and never downloads one of its own.
browser() {
    if [ ! -x /usr/bin/chromium ] && [ ! -e "$work/.browser-tried" ]; then
        step "a browser for the web app's browser test"
        touch "$work/.browser-tried"
        if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1; then
            echo "no chromium could be installed: tests/frontend/test_webapp_browser.py will be skipped"
        fi
    fi
}

# The wheel and sdist, built once into $work/dist and checked (twine).
dists() {
    main_env
    if [ ! -e "$work/dist/.built" ]; then
        step "build the wheel and sdist, and check them"
        "$bin/python" -m build --outdir "$work/dist" . >/dev/null
        "$bin/twine" check --strict "$work"/dist/*.whl "$work"/dist/*.tar.gz
        touch "$work/dist/.built"
    fi
}

# A clean environment with the plain wheel and its test extra installed: sets `pure`.
pure_env() {
    dists
    pure=$work/sdist-tests/bin
    if [ ! -e "$work/sdist-tests/.installed" ]; then
        make_venv 3.11 sdist-tests >/dev/null
        "$pure/python" -m pip install --quiet "$(ls "$work"/dist/*.whl)[test]"
        touch "$work/sdist-tests/.installed"
    fi
}

# The compiled wheel (BUGAMI_COMPILE=1, mypyc), built once from the sdist into $work/compiled.
compiled_wheel() {
    dists
    if [ ! -e "$work/compiled/.built" ]; then
        step "the compiled wheel: built from the sdist with BUGAMI_COMPILE=1"
        rm -rf "$work/compiled-src" "$work/compiled"
        mkdir "$work/compiled-src"
        tar -xzf "$work"/dist/*.tar.gz -C "$work/compiled-src"
        local started=$SECONDS
        (cd "$work"/compiled-src/bugami-*/ && BUGAMI_COMPILE=1 "$bin/python" -m build --wheel --outdir "$work/compiled" . >/dev/null)
        echo "compiled wheel built in $((SECONDS - started)) s: $(basename "$(ls "$work"/compiled/*.whl)")"
        touch "$work/compiled/.built"
    fi
}

# A clean environment with the compiled wheel and its test extra installed: sets `compiled`.
compiled_env() {
    compiled_wheel
    compiled=$work/compiled-tests/bin
    if [ ! -e "$work/compiled-tests/.installed" ]; then
        make_venv 3.11 compiled-tests >/dev/null
        "$compiled/python" -m pip install --quiet "$(ls "$work"/compiled/*.whl)[test]"
        touch "$work/compiled-tests/.installed"
    fi
}
