#!/bin/bash
# bench_defined.sh — perft speed of the generic engine (the shipped definitions, bgtool --define) against Debian's Fairy-Stockfish playing its built-in variant of the same name, same run, same positions.
#
# Usage: bench/bench_defined.sh [--bgtool PATH] [--fsf PATH] [--repeat N] [--quick]
# (BENCH_ONLY="makruk dobutsu" limits the run to those definitions.)
# Every two-sided definition of data/variants from its start position, at a depth where
# Fairy-Stockfish needs about a second or more; generic-chess, -shogi, -minishogi, -xiangqi,
# -microshogi and -judkinsshogi against Fairy-Stockfish's chess, shogi, minishogi, xiangqi,
# micro and judkins. Timing as in bench/fsf_timing.sh (both
# engines count the last ply in bulk; the fastest of N alternating runs counts). Target: ratio
# >= 2. Exits 1 if node counts differ. A benchmark, not a test.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
. "$here/fsf_timing.sh"
bench_options "[--quick]" "$@"

# bgtool needs the definition before the command: bench_row's VARIANT is the file's section.
ours_perft() {
    local t0 t1 n cpu out variant=$1
    shift
    out=$(mktemp)
    t0=$(now)
    cpu=$( { TIMEFORMAT='%3U %3S'; time "$bgtool" --define "$root/data/variants/$variant.ini" \
             perft "$variant" "$@" >"$out"; } 2>&1 )
    t1=$(now)
    n=$(tail -1 "$out")
    rm -f "$out"
    echo "$n $(calc "$t1 - $t0") $(calc "${cpu% *} + ${cpu#* }")"
}

# definition|depth
positions=(
    "makruk|6" "shatranj|6" "capablanca|5" "grand|4" "minixiangqi|6" "kyotoshogi|7"
    "dobutsu|10" "euroshogi|5" "generic-chess|6" "generic-shogi|5" "generic-minishogi|6"
    "generic-xiangqi|5" "generic-microshogi|8" "generic-judkinsshogi|5"
)
# Fairy-Stockfish's name of each definition's game (fourplayerchess has none: four sides).
fsf_variant() {
    case $1 in
    generic-microshogi) echo micro ;;
    generic-judkinsshogi) echo judkins ;;
    *) echo "${1#generic-}" ;;
    esac
}
if [ $quick = 1 ]; then
    positions=("makruk|4" "generic-shogi|3")
fi

width=24
bench_header
for p in "${positions[@]}"; do
    IFS='|' read -r variant depth <<<"$p"
    if [ -n "${BENCH_ONLY:-}" ] && [[ " $BENCH_ONLY " != *" $variant "* ]]; then continue; fi
    fen=$("$bgtool" --define "$root/data/variants/$variant.ini" play "$variant" --json |
          sed 's/.*"position":"\([^"]*\)".*/\1/')
    bench_row "$variant d$depth" "$(fsf_variant "$variant")" "" "$fen" "$depth" "$variant"
done
bench_total
exit $status
