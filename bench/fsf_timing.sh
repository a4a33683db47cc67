# fsf_timing.sh — sourced by the bench_*.sh scripts: bgtool and Fairy-Stockfish perft timed in one run, and the xiangqi/janggi result table.
#
# The caller sets $bgtool and $fsf (the two programs; bench_options does) and, for the table,
# $repeat and $width.
# bgtool is timed around the whole `bgtool perft` process (its start-up is a few milliseconds);
# Fairy-Stockfish is started and synchronised first, then timed from sending `go perft` to
# reading `Nodes searched`. CPU time comes from the shell's `time` for bgtool and from
# /proc/PID/stat for Fairy-Stockfish.

bench_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# bench_options EXTRA_USAGE "$@": --bgtool PATH, --fsf PATH, --repeat N, --quick (and --deep when
# EXTRA_USAGE names it) into $bgtool, $fsf, $repeat, $quick, $deep. Defaults: $BGTOOL, else the
# newest build*/examples/bgtool; /usr/games/fairy-stockfish; 3. Exits 2 on a wrong option or a
# missing program.
bench_options() {
    local usage="usage: $0 [--bgtool PATH] [--fsf PATH] [--repeat N] $1"
    shift
    bgtool=${BGTOOL:-} fsf=/usr/games/fairy-stockfish repeat=3 quick=0 deep=0
    while [ $# -gt 0 ]; do
        case $1 in
            --bgtool) bgtool=$2; shift 2 ;;
            --fsf) fsf=$2; shift 2 ;;
            --repeat) repeat=$2; shift 2 ;;
            --quick) quick=1; shift ;;
            --deep) [[ $usage == *--deep* ]] || { echo "$usage" >&2; exit 2; }; deep=1; shift ;;
            *) echo "$usage" >&2; exit 2 ;;
        esac
    done
    if [ -z "$bgtool" ]; then
        bgtool=$(ls -t "$bench_root"/build*/examples/bgtool 2>/dev/null | head -1 || true)
    fi
    [ -x "$bgtool" ] || { echo "no bgtool found: build first or pass --bgtool" >&2; exit 2; }
    [ -x "$fsf" ] || { echo "$fsf missing: apt-get install fairy-stockfish" >&2; exit 2; }
}

now() { date +%s.%N; }
# Arithmetic with awk (always there, unlike bc).
calc() { awk "BEGIN { printf \"%.9f\", $1 }"; }

# fsf_open VARIANT [VARIANT_PATH [usi]]: Fairy-Stockfish as the coprocess FSF, variant selected.
fsf_open() {
    coproc FSF { exec "$fsf" 2>/dev/null; }
    echo "${3:-uci}" >&"${FSF[1]}"
    if [ -n "${2:-}" ]; then
        echo "setoption name VariantPath value $2" >&"${FSF[1]}"
    fi
    echo "setoption name UCI_Variant value $1" >&"${FSF[1]}"
    fsf_sync || { echo "$fsf did not answer isready" >&2; return 1; }
}
fsf_sync() {
    local line
    echo "isready" >&"${FSF[1]}"
    while read -r -t 600 line <&"${FSF[0]}"; do [ "$line" = readyok ] && return 0; done
    return 1
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
# fsf_perft POSITION DEPTH ("fen ...", "sfen ...", "startpos"): prints "nodes wall-seconds cpu-seconds".
fsf_perft() {
    echo "position $1" >&"${FSF[1]}"
    fsf_sync
    local line t0 c0 t1 c1
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
# ours_perft BGTOOL-PERFT-ARGUMENTS...: prints "nodes wall-seconds cpu-seconds".
ours_perft() {
    local t0 t1 n cpu out
    out=$(mktemp)
    t0=$(now)
    cpu=$( { TIMEFORMAT='%3U %3S'; time "$bgtool" perft "$@" >"$out"; } 2>&1 )
    t1=$(now)
    n=$(tail -1 "$out")
    rm -f "$out"
    echo "$n $(calc "$t1 - $t0") $(calc "${cpu% *} + ${cpu#* }")"
}

# The table: bench_header; bench_row ... per position; bench_total. Exit status in $status.
status=0
tot_nodes=0 tot_ours=0 tot_fsf=0 tot_cpu_ours=0 tot_cpu_fsf=0
bench_header() {
    echo "M/s = million leaf nodes per second of wall time; cpu ratio = the same with CPU seconds"
    echo "(on a busy shared machine the CPU-time ratio is the steadier one)."
    printf "%-${width}s %12s %10s %10s %7s %7s\n" position nodes "ours M/s" "fsf M/s" ratio "cpu"
}
# bench_row LABEL FSF_VARIANT FSF_VARIANT_PATH FEN DEPTH BGTOOL_VARIANT [BGTOOL_OPTIONS...]
bench_row() {
    local label=$1 fsf_variant=$2 variant_path=$3 fen=$4 depth=$5 variant=$6
    shift 6
    local best_ours=999999 best_fsf=999999 cpu_ours=999999 cpu_fsf=999999 n_ours=0 n_fsf=0 t c i
    fsf_open "$fsf_variant" "$variant_path"
    for ((i = 0; i < repeat; i++)); do
        read -r n_ours t c <<<"$(ours_perft "$variant" "$depth" --fen "$fen" "$@")"
        best_ours=$(calc "($t < $best_ours) ? $t : $best_ours")
        cpu_ours=$(calc "($c < $cpu_ours) ? $c : $cpu_ours")
        read -r n_fsf t c <<<"$(fsf_perft "fen $fen" "$depth")"
        best_fsf=$(calc "($t < $best_fsf) ? $t : $best_fsf")
        cpu_fsf=$(calc "($c < $cpu_fsf) ? $c : $cpu_fsf")
    done
    fsf_close
    if [ "$n_ours" != "$n_fsf" ]; then
        echo "$label: node counts differ: ours $n_ours, fairy-stockfish $n_fsf" >&2
        status=1
    fi
    printf "%-${width}s %12s %10.1f %10.1f %6.1fx %6.1fx\n" "$label" "$n_ours" \
        "$(calc "$n_ours / $best_ours / 1000000")" \
        "$(calc "$n_fsf / $best_fsf / 1000000")" \
        "$(calc "$best_fsf / $best_ours")" "$(calc "$cpu_fsf / ($cpu_ours > 0.001 ? $cpu_ours : 0.001)")"
    tot_nodes=$((tot_nodes + n_ours))
    tot_ours=$(calc "$tot_ours + $best_ours")
    tot_fsf=$(calc "$tot_fsf + $best_fsf")
    tot_cpu_ours=$(calc "$tot_cpu_ours + $cpu_ours")
    tot_cpu_fsf=$(calc "$tot_cpu_fsf + $cpu_fsf")
}
bench_total() {
    printf "%-${width}s %12s %10.1f %10.1f %6.1fx %6.1fx\n" total "$tot_nodes" \
        "$(calc "$tot_nodes / $tot_ours / 1000000")" \
        "$(calc "$tot_nodes / $tot_fsf / 1000000")" \
        "$(calc "$tot_fsf / $tot_ours")" "$(calc "$tot_cpu_fsf / $tot_cpu_ours")"
}
