#!/bin/bash
# bench_shogi.sh — perft speed of libboardgames' shogi engine against Debian's Fairy-Stockfish, in one run.
#
# Usage: bench/bench_shogi.sh [--bgtool PATH] [--fsf PATH] [--repeat N] [--deep | --quick]
# Positions: the shogi start position at depth 5 (both engines) and the 593-move position
# (R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1) at depth 3 (both engines; its depth 4,
# 9.3e9 nodes, for libboardgames alone with --deep); the start positions of micro shogi (depth
# 8; Fairy-Stockfish's `micro`) and Judkins shogi (depth 6; `judkins`). Each engine runs N times per position
# (default 3, alternating) and the fastest run counts: the machines this runs on are shared.
# Times are wall clock around the perft only: bgtool's process start-up (a few ms) is included,
# Fairy-Stockfish is started and synchronised with isready beforehand (bench/fsf_timing.sh). CPU
# time (user + system, of the bgtool process / of Fairy-Stockfish during the perft, from /proc)
# is printed too: on a busy shared machine its ratio is the steadier one. Both engines count the
# last ply in bulk. Exit status 1 if libboardgames' count differs from the reference count
# (Fairy-Stockfish is allowed its known surplus of mating pawn drops in the 593-move position).
# --quick: the start position at depth 4 only (a check that the script works).
set -u

here="$(cd "$(dirname "$0")/.." && pwd)"
. "$here/bench/fsf_timing.sh"
bench_options "[--deep | --quick]" "$@"

# Start Fairy-Stockfish once, in USI mode with the shogi variant.
fsf_open shogi "" usi || { echo "bench_shogi: Fairy-Stockfish did not start" >&2; exit 2; }

# "nodes seconds cpu-seconds" -> "nodes wall-ns cpu-ms", the integers the table below compares.
# (Not a pipe: a pipeline's subshell does not get the coprocess's file descriptors.)
to_ns_ms() { awk '{ printf "%s %.0f %.0f\n", $1, $2 * 1e9, $3 * 1000 }' <<<"$1"; }
variant=shogi # the game both engines play: fsf_variant switches it
fsf_variant() {
    variant=$1
    echo "setoption name UCI_Variant value $2" >&"${FSF[1]}"
    fsf_sync
}
run_ours() { # sfen depth -> "nodes wall-ns cpu-ms"
    if [ "$1" = startpos ]; then set -- "$2"; else set -- "$2" --fen "$1"; fi
    to_ns_ms "$(ours_perft "$variant" "$@")"
}
run_fsf() {
    if [ "$1" = startpos ]; then set -- startpos "$2"; else set -- "sfen $1" "$2"; fi
    to_ns_ms "$(fsf_perft "$@")"
}
mnps() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.2f", (t > 0) ? n / (t / 1e9) / 1e6 : 0 }'; }
ratio() { awk -v a="$1" -v at="$2" -v b="$3" -v bt="$4" 'BEGIN { printf "%.1f", (at > 0 && bt > 0 && b > 0) ? (a / at) / (b / bt) : 0 }'; }

bench() { # name sfen depth with_fsf expected-nodes
    local name="$1" sfen="$2" depth="$3" with_fsf="$4" expect="$5" i r n t c
    local ours_n=0 ours_t=0 ours_c=0 fsf_n=0 fsf_t=0 fsf_c=0
    for ((i = 0; i < repeat; i++)); do
        read -r n t c <<<"$(run_ours "$sfen" "$depth")"
        if [ "$ours_t" = 0 ] || [ "$t" -lt "$ours_t" ]; then ours_t=$t; fi
        if [ "$ours_c" = 0 ] || [ "$c" -lt "$ours_c" ]; then ours_c=$c; fi
        ours_n=$n
        if [ "$with_fsf" = 1 ]; then
            read -r n t c <<<"$(run_fsf "$sfen" "$depth")"
            if [ "$fsf_t" = 0 ] || [ "$t" -lt "$fsf_t" ]; then fsf_t=$t; fi
            if [ "$fsf_c" = 0 ] || [ "$c" -lt "$fsf_c" ]; then fsf_c=$c; fi
            fsf_n=$n
        fi
    done
    printf '%-20s d%d  libboardgames   %12s nodes  %7.3f s wall = %8s M nodes/s  (CPU %7.3f s = %8s M/s)\n' \
        "$name" "$depth" "$ours_n" "$(awk -v t="$ours_t" 'BEGIN{print t/1e9}')" "$(mnps "$ours_n" "$ours_t")" \
        "$(awk -v c="$ours_c" 'BEGIN{print c/1e3}')" "$(mnps "$ours_n" "$((ours_c * 1000000))")"
    if [ "$with_fsf" = 1 ]; then
        printf '%-20s d%d  Fairy-Stockfish %12s nodes  %7.3f s wall = %8s M nodes/s  (CPU %7.3f s = %8s M/s)\n' \
            "$name" "$depth" "$fsf_n" "$(awk -v t="$fsf_t" 'BEGIN{print t/1e9}')" "$(mnps "$fsf_n" "$fsf_t")" \
            "$(awk -v c="$fsf_c" 'BEGIN{print c/1e3}')" "$(mnps "$fsf_n" "$((fsf_c * 1000000))")"
        printf '%-20s ratio libboardgames / Fairy-Stockfish: %sx wall time, %sx CPU time (target >= 10x)\n' \
            "$name" "$(ratio "$ours_n" "$ours_t" "$fsf_n" "$fsf_t")" "$(ratio "$ours_n" "$ours_c" "$fsf_n" "$fsf_c")"
        if [ "$fsf_n" != "$expect" ]; then
            echo "$name: Fairy-Stockfish counts $((fsf_n - expect)) more nodes than the reference: the mating pawn drops it keeps (uchifuzume)"
        fi
    fi
    if [ "$ours_n" != "$expect" ]; then
        echo "$name: libboardgames counted $ours_n nodes, the reference is $expect" >&2
        status=1
    fi
}

echo "bench_shogi: $bgtool; $fsf; best of $repeat"
# Reference counts: tests/data/perft/shogi.tsv (YaneuraOu and others).
max593="R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
if [ "$quick" = 1 ]; then
    bench "shogi start" startpos 4 1 719731
else
    bench "shogi start" startpos 5 1 19861490
    bench "593-move position" "$max593" 3 1 53393368
fi
if [ "$deep" = 1 ]; then
    bench "shogi start" startpos 6 0 547581517
    bench "593-move position" "$max593" 4 0 9342410965
fi
# Reference counts: tests/data/perft/microshogi.tsv and judkinsshogi.tsv.
fsf_variant microshogi micro
if [ "$quick" = 1 ]; then
    bench "micro shogi start" startpos 6 1 748638
else
    bench "micro shogi start" startpos 8 1 98121474
fi
fsf_variant judkinsshogi judkins
if [ "$quick" = 1 ]; then
    bench "Judkins shogi start" startpos 4 1 118345
else
    bench "Judkins shogi start" startpos 6 1 51190232
fi
fsf_close
exit $status
