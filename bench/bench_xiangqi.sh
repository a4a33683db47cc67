#!/bin/bash
# bench_xiangqi.sh — perft speed of libboardgames (bgtool) against Debian's Fairy-Stockfish, same run, same positions.
#
# Usage: bench/bench_xiangqi.sh [--bgtool PATH] [--fsf PATH] [--repeat N] [--quick]
# For each position both engines run N times, alternating (the machines are shared and noisy);
# the fastest run of each counts. bgtool is timed around the whole `bgtool perft` process (its
# start-up is a few milliseconds); Fairy-Stockfish is started and synchronised first, then timed
# from sending `go perft` to reading `Nodes searched` (bench/fsf_timing.sh, shared with the other
# bench scripts). Both count the last ply in bulk.
# Prints nodes, M nodes/s of each and the ratio ours/theirs (target >= 10); exits 1 if the node
# counts differ. A benchmark, not a test.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
. "$here/fsf_timing.sh"
bench_options "[--quick]" "$@"

XQ_START='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
XQ_MID='r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1'
LION_START='rnlbakablnr/11/1c7c1/p1p2p2p1p/11/11/P1P2P2P1P/1C7C1/11/RNLBAKABLNR w - - 0 1'
# variant|fen|depth|label
positions=(
    "xiangqi|$XQ_START|5|xiangqi start d5"
    "xiangqi|$XQ_MID|5|xiangqi middlegame d5"
    "lionchess|$LION_START|4|lionchess start d4"
)
if [ $quick = 1 ]; then
    positions=("xiangqi|$XQ_START|4|xiangqi start d4")
fi

width=24
bench_header
for p in "${positions[@]}"; do
    IFS='|' read -r variant fen depth label <<<"$p"
    ini=
    if [ "$variant" = lionchess ]; then ini=$root/tests/xiangqi/fsf-lionchess.ini; fi
    bench_row "$label" "$variant" "$ini" "$fen" "$depth" "$variant"
done
bench_total
exit $status
