#!/bin/bash
# docs/pictures/render.sh [BUILDDIR] — renders every variant's start and midgame (tests/picture/positions.h) to PNG here with rsvg-convert.
set -eu
cd "$(dirname "${BASH_SOURCE[0]}")"
build=${1:-../../build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/tests/picture/svg_dump" "$tmp" >/dev/null
for svg in "$tmp"/*-start.svg "$tmp"/*-midgame.svg; do
    rsvg-convert -w 400 -o "$(basename "${svg%.svg}").png" "$svg"
done
ls -1 ./*.png | wc -l
