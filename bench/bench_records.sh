#!/bin/bash
# bench/bench_records.sh [--mb N] [--runs K] [--keep DIR] [--only chess|csa|kif|xiangqi] — reading speed of game records: bgtool convert against pgn-extract and grep, in one run.
#
# Generates (once, kept in DIR) a chess file in the style of a chess server's monthly dump (16
# tags, a clock comment after every move, ~70 plies a game), a CSA collection, a KIF collection in
# Shift_JIS and a xiangqi PGN collection in GBK; times `bgtool convert --to uci|usi|iccs` with one
# thread and with --jobs 2, `pgn-extract -Wuci` (Debian's pgn-extract, chess only) and
# `grep -c` of the game starts, best of K runs each; prints MB/s, the ratios and peak RSS.
# Targets (issue 13): chess >= 10x pgn-extract single-threaded, >= 0.15x grep, --jobs 2 >= 1.4x
# --jobs 1, peak RSS <= 32 MiB.
set -u -o pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
MB=100
RUNS=3
KEEP=${TMPDIR:-/tmp}/bench-records
ONLY=
while [ $# -gt 0 ]; do
    case "$1" in
    --mb) MB=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    --keep) KEEP=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    *) echo "usage: $0 [--mb N] [--runs K] [--keep DIR] [--only chess|csa|kif|xiangqi]" >&2; exit 2 ;;
    esac
done
BUILD=${BUILD:-build}
BGTOOL=$BUILD/examples/bgtool
[ -x "$BGTOOL" ] || { ninja -C "$BUILD" >/dev/null || exit 2; }
PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)
export BOARDGAMES_LIBRARY=$PWD/$BUILD/lib/libboardgames.so.0
mkdir -p "$KEEP"

gen() { # KIND FILE MB [ENCODING]
    local kind=$1 file=$2 mb=$3 enc=${4:-}
    [ -s "$file" ] && return 0
    echo "generating $file ($mb MB, $kind${enc:+, $enc})" >&2
    python3 bench/gen_records.py "$kind" "$file.utf8" --mb "$mb" || exit 2
    if [ -n "$enc" ]; then
        sed 's/encoding=UTF-8/encoding=Shift_JIS/' "$file.utf8" | iconv -f UTF-8 -t "$enc" >"$file" &&
            rm -f "$file.utf8"
    else
        mv "$file.utf8" "$file"
    fi
}

# best_of CMD...: the smallest wall time, the CPU time (user + system) of that run, and the peak
# RSS (KiB) of K runs. Wall time is the figure (it shows --jobs), CPU time the one to trust on a
# loaded machine. Every command's stdout goes to a real file in DIR, never to /dev/null: GNU grep
# notices that its output is /dev/null and stops at the first match (it then times 0.004 s for
# 100 MB instead of ~0.12 s), and a program could as well skip its writing; the same file for all
# commands so that all pay the same for their output.
best_of() {
    local best="" cpu="" rss=0 t0 t1 wall u s m
    for _ in $(seq "$RUNS"); do
        t0=$EPOCHREALTIME
        /usr/bin/time -o "$KEEP/time.out" -f "%U %S %M" "$@" >"$KEEP/stdout.out" 2>/dev/null
        t1=$EPOCHREALTIME
        read -r u s m <"$KEEP/time.out"
        wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')
        if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN{exit !(a<b)}'; then
            best=$wall
            cpu=$(awk -v a="$u" -v b="$s" 'BEGIN { printf "%.2f", a + b }')
        fi
        [ "$m" -gt "$rss" ] && rss=$m
    done
    echo "$best $cpu $rss"
}

row() { # LABEL SECONDS CPU RSS BYTES
    awk -v l="$1" -v t="$2" -v c="$3" -v r="$4" -v b="$5" \
        'BEGIN { printf "  %-36s %7.3f s (cpu %6.2f s) %8.1f MB/s  peak RSS %5.1f MiB\n", l, t, c, b / 1e6 / (t > 0 ? t : 1e-9), r / 1024 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / (a > 0 ? a : 1e-9) }'; }
# (CPU times are printed to 0.01 s: use --mb 100 or more for CPU ratios worth reading.)

# One collection: bgtool with 1 and 2 threads, grep of its game starts, and pgn-extract for chess.
bench() { # NAME VARIANT FORMAT TO FILE GREP-PATTERN
    local name=$1 variant=$2 format=$3 to=$4 file=$5 pattern=$6 bytes one two g pe
    bytes=$(stat -c %s "$file")
    cat "$file" >/dev/null # in the page cache for everyone
    echo "$name: $file, $((bytes / 1000000)) MB, $(grep -c -- "$pattern" "$file") games"
    read -r t1 c1 r1 < <(best_of "$BGTOOL" convert "$variant" --from "$format" --to "$to" "$file")
    row "bgtool convert --to $to" "$t1" "$c1" "$r1" "$bytes"
    read -r t2 c2 r2 < <(best_of "$BGTOOL" convert "$variant" --from "$format" --to "$to" --jobs 2 "$file")
    row "bgtool convert --to $to --jobs 2" "$t2" "$c2" "$r2" "$bytes"
    read -r tg cg rg < <(best_of grep -c -- "$pattern" "$file")
    row "grep -c '$pattern'" "$tg" "$cg" "$rg" "$bytes"
    echo "  --jobs 2 / --jobs 1: $(ratio "$t2" "$t1")x   bgtool / grep: $(ratio "$t1" "$tg")x (by CPU time: $(ratio "$c1" "$cg")x)"
    if [ "$variant" = chess ] && [ -x "$PGN_EXTRACT" ]; then
        read -r tp cp rp < <(best_of "$PGN_EXTRACT" -Wuci --notags -s "$file")
        row "pgn-extract -Wuci" "$tp" "$cp" "$rp" "$bytes"
        echo "  bgtool / pgn-extract: $(ratio "$t1" "$tp")x (by CPU time: $(ratio "$c1" "$cp")x)"
    fi
    # Same output with --jobs 2 (the ordering promise), checked here too.
    if cmp -s <("$BGTOOL" convert "$variant" --from "$format" --to "$to" "$file" 2>&1) \
              <("$BGTOOL" convert "$variant" --from "$format" --to "$to" --jobs 2 "$file" 2>&1); then
        echo "  --jobs 2 output identical to --jobs 1"
    else
        echo "  !! --jobs 2 output differs"
    fi
    rm -f "$KEEP/stdout.out"
}

want() { [ -z "$ONLY" ] || [ "$ONLY" = "$1" ]; }
want chess && gen chess-dump "$KEEP/chess-dump-$MB.pgn" "$MB"
want csa && gen shogi-csa "$KEEP/shogi-$((MB / 4)).csa" $((MB / 4))
want kif && gen shogi-kif "$KEEP/shogi-sjis-$((MB / 4)).kif" $((MB / 4)) CP932
want xiangqi && gen xiangqi-pgn "$KEEP/xiangqi-gbk-$((MB / 4)).pgn" $((MB / 4)) GB18030
echo "bgtool $("$BGTOOL" --version), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); best of $RUNS runs"
want chess && bench "chess PGN (monthly dump style)" chess pgn uci "$KEEP/chess-dump-$MB.pgn" '^\[Event '
want csa && bench "shogi CSA collection" shogi csa usi "$KEEP/shogi-$((MB / 4)).csa" '^V2'
want kif && bench "shogi KIF collection (Shift_JIS)" shogi kif usi "$KEEP/shogi-sjis-$((MB / 4)).kif" '^#KIF'
want xiangqi && bench "xiangqi PGN collection (GBK, Chinese moves)" xiangqi pgn iccs "$KEEP/xiangqi-gbk-$((MB / 4)).pgn" '^\[Game '
