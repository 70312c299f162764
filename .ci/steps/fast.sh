#!/usr/bin/env bash
# Fast passes on other Python versions (default: 3.10 and 3.13, one after the other): every
# extra resolves on that version, its compiled packages as wheels, and the suite passes with
# the fast hypothesis profile. A version this machine lacks is skipped, and says so.
#   bash .ci/steps/fast.sh            # 3.10, then 3.13
#   bash .ci/steps/fast.sh 3.12       # one version
source "$(dirname "$0")/../lib.sh"
[ "$#" -gt 0 ] || set -- 3.10 3.13
for version in "$@"; do
    step "Python $version: fast pass"
    if ! fast=$(make_venv "$version" "fast$version"); then
        echo "SKIPPED: no Python $version on this machine (pyenv or python$version on PATH)"
        continue
    fi
    "$fast/python" --version
    "$fast/python" -m pip install --quiet --dry-run \
        --only-binary=open_spiel,numpy,pettingzoo,gymnasium \
        '.[openspiel,pettingzoo,cli,dask,docs,test]'
    "$fast/python" -m pip install --quiet -e '.[test]'
    HYPOTHESIS_PROFILE=fast "$fast/python" -m pytest -p no:cacheprovider -q
done
