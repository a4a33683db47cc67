#!/bin/bash
# bench_janggi.sh — janggi perft speed of libboardgames (bgtool) against Debian's Fairy-Stockfish, same run, same positions.
#
# Usage: bench/bench_janggi.sh [--bgtool PATH] [--fsf PATH] [--repeat N] [--quick]
# For each position both engines run N times, alternating (the machines are shared and noisy);
# the fastest run of each counts. bgtool is timed around the whole `bgtool perft` process (its
# start-up is a few milliseconds); Fairy-Stockfish is started and synchronised first, then timed
# from sending `go perft` to reading `Nodes searched` (bench/fsf_timing.sh, shared with the other
# bench scripts). Both count the last ply in bulk.
# Prints nodes, M nodes/s of each and the ratio ours/theirs (target >= 10); exits 1 if the node
# counts differ. A benchmark, not a test. Positions: the start (Fairy-Stockfish's `janggi`, with
# bikjang, and `janggicasual`, without = our rulesets tournament and casual), another setup,
# and the two middlegame positions of tests/data/perft/janggi.tsv.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/fsf_timing.sh"
bench_options "[--quick]" "$@"

START='rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1'
SETUP='rbna1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1'
MID1='1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1'
MID2='1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23'
# fsf variant|our ruleset|fen|depth|label
positions=(
    "janggi|tournament|$START|5|start d5"
    "janggicasual|casual|$START|5|start d5 (casual)"
    "janggi|tournament|$SETUP|5|setup RBNA1ANBR d5"
    "janggi|tournament|$MID1|5|middlegame 1 d5"
    "janggi|tournament|$MID2|5|middlegame 2 d5"
)
if [ $quick = 1 ]; then
    positions=("janggi|tournament|$START|4|start d4")
fi

width=26
bench_header
for p in "${positions[@]}"; do
    IFS='|' read -r variant ruleset fen depth label <<<"$p"
    bench_row "$label" "$variant" "" "$fen" "$depth" janggi --option "ruleset=$ruleset"
done
bench_total
exit $status
