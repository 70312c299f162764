#!/usr/bin/env bash
# The plain wheel and the sdist: built and checked (twine), each installed in a clean
# environment (the command runs, py.typed is shipped, the schemas load), then what a
# packager does: the unpacked sdist's tests run against the installed plain wheel (its
# docstring examples taken from the installed package: see conftest.py), fast profile.
source "$(dirname "$0")/../lib.sh"
dists
step "install the wheel and the sdist, each in a clean environment"
for artifact in "$work"/dist/*.whl "$work"/dist/*.tar.gz; do
    name=$(basename "$artifact")
    target=$(make_venv 3.11 "install-${name//[^a-zA-Z0-9]/_}")
    "$target/python" -m pip install --quiet "$artifact"
    (cd "$work" && "$target/python" -c "import bugami, sys; print('$name', '->', bugami.__version__)")
    (cd "$work" && "$target/python" -m bugami demo --seed 1 --quiet | tail -n 1)
    test -f "$("$target/python" -c 'import bugami, os; print(os.path.dirname(bugami.__file__))')/py.typed"
    (cd "$work" && "$target/python" -c "import bugami, bugami.record as r; r.json_schema(); bugami.payload_schema()")
done
pure_env
step "the sdist's tests against the installed plain wheel (fast hypothesis profile)"
rm -rf "$work/sdist"
mkdir "$work/sdist"
tar -xzf "$work"/dist/*.tar.gz -C "$work/sdist"
cd "$work"/sdist/bugami-*/
"$pure/python" -c "import bugami, sys; sys.exit(bugami.COMPILED or 'site-packages' not in bugami.__file__)"
HYPOTHESIS_PROFILE=fast "$pure/python" -m pytest -p no:cacheprovider -q
