#!/bin/sh
# Builds the libFuzzer binaries (clang, ASan+UBSan) of every target in targets.txt into BUILD (default ../build-libfuzzer).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")
build=${1:-$src/build-libfuzzer}
san=${FUZZ_SANITIZE:-address,undefined}

# (Clang 14 gives the ifunc resolvers of static target_clones functions global names; the
# engines' perft recursions have distinct names, so a static link needs no switch.)
cflags="-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined"

# The library itself: static, instrumented for coverage (fuzzer-no-link) and the sanitizers.
if [ ! -f "$build/build.ninja" ]; then
    CC=clang meson setup "$build" "$src" -Dtests=false -Ddefault_library=static \
        -Dbuildtype=debugoptimized -Db_sanitize="$san" -Db_lundef=false \
        -Dc_args="$cflags"
fi
ninja -C "$build" -j2 lib/libboardgames.a
lib="$build/lib/libboardgames.a"

grep -v '^#' "$here/targets.txt" | while IFS=';' read -r name file variants formats options; do
    [ -n "$name" ] || continue
    set --
    if [ -n "$variants" ]; then
        set -- "-DFUZZ_VARIANTS=\"$variants\"" "-DFUZZ_FORMATS=\"$formats\"" "-DFUZZ_OPTIONS=\"$options\""
    fi
    clang -std=c11 -g -O1 -D_GNU_SOURCE -Wall -Wextra \
        -fsanitize=fuzzer,"$san" -fno-sanitize-recover=undefined \
        -I"$src/include" -I"$build/include" "$@" \
        "$here/$file" "$lib" -o "$build/fuzz_$name.tmp"
    # Replaced in one step: a running campaign may be copying the previous binary.
    mv "$build/fuzz_$name.tmp" "$build/fuzz_$name"
    echo "built $build/fuzz_$name"
done
