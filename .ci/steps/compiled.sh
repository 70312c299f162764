#!/usr/bin/env bash
# The compiled build (mypyc, through hatch_build.py): the sdist built again with
# BUGAMI_COMPILE=1; the cibuildwheel configuration checked; the sdist's tests run against the
# installed compiled wheel (fast profile; the docstring examples of compiled modules run on
# the pure source); pickles read across both builds, and the transcripts of the verbs called
# with good and bad arguments under each build compared.
source "$(dirname "$0")/../lib.sh"
compiled_wheel
# The wheels a release builds with cibuildwheel (the builds themselves need containers and
# other systems): the configuration in pyproject.toml must give these, and no more.
step "the cibuildwheel configuration"
if [ ! -e "$work/cibuildwheel/.installed" ]; then
    make_venv 3.11 cibuildwheel >/dev/null
    "$work/cibuildwheel/bin/python" -m pip install --quiet cibuildwheel
    touch "$work/cibuildwheel/.installed"
fi
cibw=$work/cibuildwheel/bin
for platform in linux macos windows; do
    got=$(cd "$work"/compiled-src/bugami-*/ && "$cibw/cibuildwheel" --print-build-identifiers --platform "$platform" | sort | tr '\n' ' ')
    case $platform in
        linux) arches="manylinux_x86_64 musllinux_x86_64";;
        macos) arches="macosx_arm64 macosx_x86_64";;
        windows) arches="win_amd64";;
    esac
    want=$(for version in 310 311 312 313; do for arch in $arches; do echo "cp$version-$arch"; done; done | sort | tr '\n' ' ')
    [ "$got" = "$want" ] || { echo "cibuildwheel would build '$got' on $platform, not '$want'"; exit 1; }
done
echo "cibuildwheel configuration: CPython 3.10 to 3.13 wheels for Linux, macOS and Windows"
# The build compiles in place; it must take its extension modules out of the source tree.
left=$(find "$work"/compiled-src -name '*.so')
if [ -n "$left" ]; then echo "the compiled build left extension modules in the sources: $left"; exit 1; fi

pure_env
compiled_env
step "the sdist's tests against the installed compiled wheel (fast hypothesis profile)"
cd "$work"/compiled-src/bugami-*/
"$compiled/python" -c "import bugami, sys; sys.exit(not bugami.COMPILED or 'site-packages' not in bugami.__file__)"
HYPOTHESIS_PROFILE=fast "$compiled/python" -m pytest -p no:cacheprovider -q
step "pickles across the two builds, and the verbs' transcripts compared"
"$pure/python" tools/cross_build.py dump "$work/pure.pickle"
"$compiled/python" tools/cross_build.py check "$work/pure.pickle"
"$compiled/python" tools/cross_build.py dump "$work/compiled.pickle"
"$pure/python" tools/cross_build.py check "$work/compiled.pickle"
"$pure/python" tools/cross_build.py transcript "$work/pure.transcript"
"$compiled/python" tools/cross_build.py transcript "$work/compiled.transcript"
cmp "$work/pure.transcript" "$work/compiled.transcript"
