#!/bin/bash
# tests/run-all.sh [BUILDDIR] [--no-suite NAME]... [meson test options] — the whole test suite of one build dir (what .ci/run runs).
# Runs every CI suite that the build defines (unit, perft, notation, python, fuzz-regress; never
# 'slow': run that one with `meson test -C BUILDDIR --suite slow`), prints every test's output
# and exits with meson's status. Extra options go to `meson test` (e.g. --logbase, -t 4,
# --wrapper). BUILDDIR defaults to build/ and is configured and built when missing.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

build=build
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
    build=$1
    shift
fi
skip=" slow "
args=(--no-suite slow)
while [ $# -gt 0 ]; do
    if [ "$1" = "--no-suite" ] && [ $# -ge 2 ]; then
        skip="$skip$2 "
        args+=(--no-suite "$2") # also drops tests that are in that suite and another one
        shift 2
    else
        args+=("$1")
        shift
    fi
done

if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" || exit 2
fi
ninja -C "$build" || exit 2

# Suites the build defines (introspection lists them as "project:suite").
defined=$(meson introspect --tests "$build" | python3 -c '
import json, sys
print(" ".join(sorted({s.split(":")[-1] for t in json.load(sys.stdin) for s in t["suite"]})))') || exit 2
suites=()
for s in unit perft notation python fuzz-regress; do
    case " $defined " in *" $s "*) ;; *) continue ;; esac
    case "$skip" in *" $s "*) continue ;; esac
    suites+=(--suite "$s")
done
if [ ${#suites[@]} -eq 0 ]; then
    echo "run-all: no test suites to run in $build (defined: $defined)" >&2
    exit 2
fi
echo "run-all: $build: meson test ${suites[*]} ${args[*]}"
exec meson test -C "$build" --no-rebuild --verbose --print-errorlogs "${suites[@]}" "${args[@]}"
