#!/bin/bash
# js/ci.sh — builds the WebAssembly package and runs its Node tests and the browser test of the demo page; the last line counts them ("js: N passed, N failed").
# Needs (Debian): emscripten binaryen meson ninja-build nodejs npm chromium, as root: apt-get install -y emscripten binaryen chromium
# Usage: bash js/ci.sh [--no-browser]
set -uo pipefail
cd "$(dirname "$0")"

browser=1
[ "${1:-}" = "--no-browser" ] && browser=0
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

for tool in emcc meson ninja node npm; do
  command -v "$tool" >/dev/null || { echo "js/ci.sh: $tool is missing (apt-get install emscripten binaryen meson ninja-build nodejs npm)"; echo "js: 0 passed, 1 failed"; exit 1; }
done

# devDependencies only (playwright-core without its browser download, typescript, and the
# benchmark's peers); the lock file pins them.
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error || { echo "js: 0 passed, 1 failed"; exit 1; }
npm run build || { echo "js: 0 passed, 1 failed"; exit 1; }

node --test --test-reporter=tap test/*.test.js 2>&1 | tee "$log/node.tap"
node_status=${PIPESTATUS[0]}
pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log/node.tap" | tail -1)
fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log/node.tap" | tail -1)
pass=${pass:-0}
fail=${fail:-0}
[ "$node_status" -ne 0 ] && [ "$fail" -eq 0 ] && fail=1

if [ "$browser" = 1 ]; then
  if [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
    node test/browser/run.mjs 2>&1 | tee "$log/browser.tap"
    bstatus=${PIPESTATUS[0]}
    bpass=$(grep -c '^ok ' "$log/browser.tap")
    bfail=$(grep -c '^not ok ' "$log/browser.tap")
    [ "$bstatus" -ne 0 ] && [ "$bfail" -eq 0 ] && bfail=1
    pass=$((pass + bpass))
    fail=$((fail + bfail))
  else
    echo "js/ci.sh: no Chromium at ${CHROMIUM:-/usr/bin/chromium} (apt-get install chromium): the browser test did not run"
    fail=$((fail + 1))
  fi
fi

echo "js: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
