#!/bin/bash
# bench_janggi.sh — janggi perft speed of libboardgames (bgtool) against Debian's Fairy-Stockfish, same run, same positions.
#
# Usage: bench/bench_janggi.sh [--bgtool PATH] [--fsf PATH] [--repeat N] [--quick]
# For each position both engines run N times, alternating (the machines are shared and noisy);
# the fastest run of each counts. bgtool is timed around the whole `bgtool perft` process (its
# start-up is a few milliseconds); Fairy-Stockfish is started and synchronised first, then timed
# from sending `go perft` to reading `Nodes searched`. Both count the last ply in bulk.
# Prints nodes, M nodes/s of each and the ratio ours/theirs (target >= 10); exits 1 if the node
# counts differ. A benchmark, not a test. Positions: the start (Fairy-Stockfish's `janggi`, with
# bikjang, and `janggicasual`, without = our rulesets seed and casual), another setup, and the two
# middlegame positions of tests/data/perft/janggi.tsv.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
bgtool=${BGTOOL:-}
fsf=/usr/games/fairy-stockfish
repeat=3
quick=0
while [ $# -gt 0 ]; do
    case $1 in
        --bgtool) bgtool=$2; shift 2 ;;
        --fsf) fsf=$2; shift 2 ;;
        --repeat) repeat=$2; shift 2 ;;
        --quick) quick=1; shift ;;
        *) echo "usage: $0 [--bgtool PATH] [--fsf PATH] [--repeat N] [--quick]" >&2; exit 2 ;;
    esac
done
if [ -z "$bgtool" ]; then
    bgtool=$(ls -t "$root"/build*/examples/bgtool 2>/dev/null | head -1 || true)
fi
[ -x "$bgtool" ] || { echo "no bgtool found: build first or pass --bgtool" >&2; exit 2; }
[ -x "$fsf" ] || { echo "$fsf missing: apt-get install fairy-stockfish" >&2; exit 2; }

START='rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1'
SETUP='rbna1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1'
MID1='1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1'
MID2='1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23'
# fsf variant|our ruleset|fen|depth|label
positions=(
    "janggi|seed|$START|5|start d5"
    "janggicasual|casual|$START|5|start d5 (casual)"
    "janggi|seed|$SETUP|5|setup RBNA1ANBR d5"
    "janggi|seed|$MID1|5|middlegame 1 d5"
    "janggi|seed|$MID2|5|middlegame 2 d5"
)
if [ $quick = 1 ]; then
    positions=("janggi|seed|$START|4|start d4")
fi

now() { date +%s.%N; }
# Arithmetic with awk (always there, unlike bc).
calc() { awk "BEGIN { printf \"%.9f\", $1 }"; }

# Fairy-Stockfish as a coprocess per variant.
fsf_open() {
    coproc FSF { exec "$fsf" 2>/dev/null; }
    echo "uci" >&"${FSF[1]}"
    echo "setoption name UCI_Variant value $1" >&"${FSF[1]}"
    echo "isready" >&"${FSF[1]}"
    local line
    while read -r line <&"${FSF[0]}"; do [ "$line" = readyok ] && break; done
}
fsf_close() {
    echo "quit" >&"${FSF[1]}"
    wait "$FSF_PID" 2>/dev/null || true
}
# CPU seconds (user + system) a process has used so far, from /proc (clock ticks).
cpu_of() {
    local f; read -r -a f <"/proc/$1/stat"
    calc "(${f[13]} + ${f[14]}) / $(getconf CLK_TCK)"
}
# Prints "nodes wall-seconds cpu-seconds".
fsf_perft() {
    echo "position fen $1" >&"${FSF[1]}"
    echo "isready" >&"${FSF[1]}"
    local line
    while read -r line <&"${FSF[0]}"; do [ "$line" = readyok ] && break; done
    local t0 c0 t1 c1
    c0=$(cpu_of "$FSF_PID")
    t0=$(now)
    echo "go perft $2" >&"${FSF[1]}"
    while read -r line <&"${FSF[0]}"; do
        case $line in "Nodes searched:"*) break ;; esac
    done
    t1=$(now)
    c1=$(cpu_of "$FSF_PID")
    echo "${line#Nodes searched: } $(calc "$t1 - $t0") $(calc "$c1 - $c0")"
}
ours_perft() {
    local t0 t1 n cpu
    t0=$(now)
    cpu=$( { TIMEFORMAT='%3U %3S'; time "$bgtool" perft janggi "$3" --fen "$2" --option "ruleset=$1" >"$tmp"; } 2>&1 )
    t1=$(now)
    n=$(tail -1 "$tmp")
    echo "$n $(calc "$t1 - $t0") $(calc "${cpu% *} + ${cpu#* }")"
}

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
echo "M/s = million leaf nodes per second of wall time; cpu ratio = the same with CPU seconds"
echo "(on a busy shared machine the CPU-time ratio is the steadier one)."
printf '%-26s %12s %10s %10s %7s %7s\n' position nodes "ours M/s" "fsf M/s" ratio "cpu"
status=0
tot_nodes=0 tot_ours=0 tot_fsf=0 tot_cpu_ours=0 tot_cpu_fsf=0
for p in "${positions[@]}"; do
    IFS='|' read -r variant ruleset fen depth label <<<"$p"
    fsf_open "$variant"
    best_ours=999999 best_fsf=999999 cpu_ours=999999 cpu_fsf=999999 n_ours=0 n_fsf=0
    for ((i = 0; i < repeat; i++)); do
        read -r n_ours t c <<<"$(ours_perft "$ruleset" "$fen" "$depth")"
        best_ours=$(calc "($t < $best_ours) ? $t : $best_ours")
        cpu_ours=$(calc "($c < $cpu_ours) ? $c : $cpu_ours")
        read -r n_fsf t c <<<"$(fsf_perft "$fen" "$depth")"
        best_fsf=$(calc "($t < $best_fsf) ? $t : $best_fsf")
        cpu_fsf=$(calc "($c < $cpu_fsf) ? $c : $cpu_fsf")
    done
    fsf_close
    if [ "$n_ours" != "$n_fsf" ]; then
        echo "$label: node counts differ: ours $n_ours, fairy-stockfish $n_fsf" >&2
        status=1
    fi
    printf '%-26s %12s %10.1f %10.1f %6.1fx %6.1fx\n' "$label" "$n_ours" \
        "$(calc "$n_ours / $best_ours / 1000000")" \
        "$(calc "$n_fsf / $best_fsf / 1000000")" \
        "$(calc "$best_fsf / $best_ours")" "$(calc "$cpu_fsf / ($cpu_ours > 0.001 ? $cpu_ours : 0.001)")"
    tot_nodes=$((tot_nodes + n_ours))
    tot_ours=$(calc "$tot_ours + $best_ours")
    tot_fsf=$(calc "$tot_fsf + $best_fsf")
    tot_cpu_ours=$(calc "$tot_cpu_ours + $cpu_ours")
    tot_cpu_fsf=$(calc "$tot_cpu_fsf + $cpu_fsf")
done
printf '%-26s %12s %10.1f %10.1f %6.1fx %6.1fx\n' total "$tot_nodes" \
    "$(calc "$tot_nodes / $tot_ours / 1000000")" \
    "$(calc "$tot_nodes / $tot_fsf / 1000000")" \
    "$(calc "$tot_fsf / $tot_ours")" "$(calc "$tot_cpu_fsf / $tot_cpu_ours")"
exit $status
