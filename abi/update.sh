#!/bin/bash
# abi/update.sh [BUILDDIR] — regenerate the abidw baseline abi/libboardgames.abi from the current tree (a deliberate act).
# Run after an intended ABI change (or while the first release's API is still being written), then
# commit the baseline together with a CHANGELOG "ABI:" line. BUILDDIR defaults to build-abi.
set -u
# shellcheck source=abi/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

build=${1:-$SRC_DIR/build-abi}
lib=$(abi_library "$build") || exit 1
# No paths or line numbers in the baseline: equal from any checkout, changed only by the ABI.
abidw --headers-dir "$HEADERS_DIR" --no-corpus-path --no-comp-dir-path --no-show-locs --drop-private-types \
      --drop-undefined-syms --out-file "$BASELINE.tmp" "$lib" || { rm -f "$BASELINE.tmp"; exit 1; }
mv "$BASELINE.tmp" "$BASELINE"
echo "abi-update: wrote $BASELINE ($(grep -c '<elf-symbol ' "$BASELINE") symbols) from $lib"
