#!/bin/sh
# Builds the libFuzzer binaries (clang, ASan+UBSan) of every target in targets.txt into BUILD (default ../build-libfuzzer).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")
build=${1:-$src/build-libfuzzer}
san=${FUZZ_SANITIZE:-address,undefined}

# Clang 14 gives the ifunc resolvers of static target_clones functions global names, so two
# files' perft_rec resolvers clash in a static link: the engines' documented switches turn the
# clones off.
cflags="-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined -DXQ_NO_CLONES -DJG_NO_CLONES"

# The library itself: static, instrumented for coverage (fuzzer-no-link) and the sanitizers.
if [ ! -f "$build/build.ninja" ]; then
    CC=clang meson setup "$build" "$src" -Dtests=false -Ddefault_library=static \
        -Dbuildtype=debugoptimized -Db_sanitize="$san" -Db_lundef=false \
        -Dc_args="$cflags"
fi
# Clang 14 refuses a few library files gcc accepts (a const array member used in a static
# initializer, lib/games/shogi/shogi_variant.c): build what clang can, compile the rest with gcc
# uninstrumented (those files get neither coverage nor sanitizer checks; their callees still do)
# and archive the objects ourselves.
lib="$build/libboardgames-fuzz.a"
if ! ninja -C "$build" lib/libboardgames.a; then
    ninja -C "$build" -k 0 lib/libboardgames.a || true
    python3 - "$build" <<'PY'
import json, shlex, subprocess, sys, os
build = sys.argv[1]
for e in json.load(open(os.path.join(build, 'compile_commands.json'))):
    args = shlex.split(e['command'])
    out = args[args.index('-o') + 1]
    if not out.startswith('lib/libboardgames.a.p/') or os.path.exists(os.path.join(build, out)):
        continue
    keep = [a for a in args[1:] if not a.startswith(('-fsanitize', '-fno-sanitize', '-fcolor'))]
    print('gcc (uninstrumented):', e['file'], flush=True)
    subprocess.run(['gcc'] + keep, cwd=e['directory'], check=True)
PY
fi
rm -f "$lib"
ar rcs "$lib" "$build"/lib/libboardgames.a.p/*.o

grep -v '^#' "$here/targets.txt" | while IFS=';' read -r name file variants formats options; do
    [ -n "$name" ] || continue
    set --
    if [ -n "$variants" ]; then
        set -- "-DFUZZ_VARIANTS=\"$variants\"" "-DFUZZ_FORMATS=\"$formats\"" "-DFUZZ_OPTIONS=\"$options\""
    fi
    clang -std=c11 -g -O1 -D_GNU_SOURCE -Wall -Wextra \
        -fsanitize=fuzzer,"$san" -fno-sanitize-recover=undefined \
        -I"$src/include" -I"$build/include" "$@" \
        "$here/$file" "$lib" -o "$build/fuzz_$name"
    echo "built $build/fuzz_$name"
done
