# shellcheck shell=bash disable=SC2034
# abi/common.sh — shared by check.sh and update.sh: build the library with debug info, find it and its headers.
ABI_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC_DIR=$(dirname "$ABI_DIR")
BASELINE="$ABI_DIR/libboardgames.abi"
HEADERS_DIR="$SRC_DIR/include/boardgames"

# abi_library BUILDDIR: configure (debugoptimized: abidw needs DWARF) and build the library if
# needed, then print the path of libboardgames.so.0. A build dir without debug info is refused.
abi_library() {
    local build=$1
    if [ ! -f "$build/build.ninja" ]; then
        meson setup "$build" "$SRC_DIR" --buildtype=debugoptimized -Dtests=false >&2 || return 1
    fi
    meson compile -C "$build" boardgames >&2 || return 1
    local lib="$build/lib/libboardgames.so.0"
    if [ ! -e "$lib" ]; then
        echo "abi: $lib was not built" >&2
        return 1
    fi
    if ! readelf -S "$lib" | grep -q '\.debug_info'; then
        echo "abi: $lib has no debug info; use a build dir configured with -Ddebug=true" \
             "(e.g. --buildtype=debugoptimized)" >&2
        return 1
    fi
    printf '%s\n' "$lib"
}
