#!/bin/bash
# abi/check.sh [BUILDDIR] — compare libboardgames.so.0 with the committed abidw baseline; exit 0 only if abidiff reports nothing.
# BUILDDIR defaults to build-abi (created with --buildtype=debugoptimized). Added functions are
# allowed (--no-added-syms); any other difference fails. Refresh the baseline on purpose with
# abi/update.sh (and say what happened to the ABI in CHANGELOG).
set -u
# shellcheck source=abi/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

build=${1:-$SRC_DIR/build-abi}
lib=$(abi_library "$build") || { echo "abi-check: FAILED (could not build the library)"; exit 1; }
if [ ! -f "$BASELINE" ]; then
    echo "abi-check: FAILED (no baseline $BASELINE; create it with abi/update.sh)"
    exit 1
fi

echo "abi-check: abidiff --no-added-syms $BASELINE $lib"
abidiff --no-added-syms --headers-dir1 "$HEADERS_DIR" --headers-dir2 "$HEADERS_DIR" \
        "$BASELINE" "$lib"
rc=$?
# abidiff's status is a bit mask: 1 error, 2 usage error, 4 ABI change, 8 incompatible change.
# A grown struct only sets bit 4, so anything but 0 fails.
if [ "$rc" -ne 0 ]; then
    reasons=""
    [ $((rc & 1)) -ne 0 ] && reasons="$reasons error"
    [ $((rc & 2)) -ne 0 ] && reasons="$reasons usage-error"
    [ $((rc & 4)) -ne 0 ] && reasons="$reasons abi-change"
    [ $((rc & 8)) -ne 0 ] && reasons="$reasons incompatible-change"
    echo "abi-check: FAILED (abidiff exit $rc:$reasons)"
    exit 1
fi
echo "abi-check: OK (no change against the baseline besides added functions)"
