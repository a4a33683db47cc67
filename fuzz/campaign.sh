#!/bin/bash
# Runs a libFuzzer campaign: every target (or those named) for FUZZ_SECONDS (or FUZZ_RUNS inputs) each, two at a time, nice 10, with a summary.
#
#   setsid nohup fuzz/campaign.sh [target...] >/tmp/fuzzlogs/campaign.out 2>&1 &
#
# Each target fuzzes a scratch copy of its corpus under $WORK/<target>/corpus with its
# dictionary; the log is $LOGS/<target>.log. A plain run first (its final stats give executions,
# cov and ft); if it stops on a finding (crash, timeout, leak, broken round trip), the crasher is
# kept under $WORK/<target>/artifacts/ and the target goes on with -fork=1 -ignore_crashes=1 for
# the rest of its time, so that every target gets FUZZ_SECONDS of fuzzing in all. One line per
# target goes to $LOGS/summary.tsv. The binaries are copied first so that rebuilding
# build-libfuzzer during the campaign does not disturb the runs.
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${FUZZ_BUILD:-$(dirname "$here")/build-libfuzzer}
secs=${FUZZ_SECONDS:-660}
# FUZZ_RUNS=N makes the campaign reproducible: N inputs a target from seed FUZZ_SEED (1) instead
# of a time budget, and no fork run after a finding (CI wants the same verdict on every run).
runs=${FUZZ_RUNS:-}
limit=(-max_total_time="$secs")
[ -n "$runs" ] && limit=(-runs="$runs" -seed="${FUZZ_SEED:-1}" -max_total_time="$secs")
work=${WORK:-/tmp/fuzzwork}
logs=${LOGS:-/tmp/fuzzlogs}
mkdir -p "$work/bin" "$logs"

if [ $# -eq 0 ]; then
    set -- $(grep -v '^#' "$here/targets.txt" | cut -d';' -f1)
fi
[ -f "$logs/summary.tsv" ] ||
    printf 'target\twall_s\texecutions\tcov\tft\tresult\n' >"$logs/summary.tsv"

# The last "cov: N ft: M" of a log part (plain runs print DONE or the last pulse before a crash).
last_field() { grep -o "$2: [0-9]*" "$1" | tail -1 | grep -o '[0-9]*$' || echo 0; }

run_target() {
    local t=$1 dir=$work/$1 log=$logs/$1.log
    rm -rf "$dir"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    cp "$here/corpus/$t/"* "$dir/corpus/"
    cp "$build/fuzz_$t" "$work/bin/fuzz_$t"
    local dict=()
    [ -f "$here/dict/$t.dict" ] && dict=(-dict="$here/dict/$t.dict")
    local start end rc left result execs cov ft
    start=$(date +%s)
    nice -n 10 "$work/bin/fuzz_$t" "${dict[@]}" "${limit[@]}" -timeout=30 \
        -print_final_stats=1 -artifact_prefix="$dir/artifacts/" "$dir/corpus" >"$log" 2>&1
    rc=$?
    end=$(date +%s)
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    cov=$(last_field "$log" cov)
    ft=$(last_field "$log" ft)
    result=clean
    if [ $rc -ne 0 ]; then
        result="plain run stopped at $((end - start)) s (rc $rc): $(ls "$dir/artifacts" | tr '\n' ' ')"
        left=$((secs - (end - start)))
        [ -n "$runs" ] && left=0
        if [ $left -gt 0 ]; then
            echo "=== fork run for the remaining $left s ===" >>"$log"
            local flog=$dir/fork.log
            (cd "$dir" && nice -n 10 "$work/bin/fuzz_$t" "${dict[@]}" -max_total_time="$left" \
                -timeout=30 -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
                -print_final_stats=1 -artifact_prefix="$dir/artifacts/" "$dir/corpus" >"$flog" 2>&1)
            cat "$flog" >>"$log"
            # The fork parent's pulses "#N: cov: C ft: F ... oom/timeout/crash: a/b/c" count all runs.
            local fexecs fcrash
            fexecs=$(grep -o '^#[0-9]*: cov' "$flog" | tail -1 | grep -o '[0-9]*' || echo 0)
            fcrash=$(grep -o 'oom/timeout/crash: [0-9/]*' "$flog" | tail -1 | cut -d' ' -f2)
            execs=$((execs + ${fexecs:-0}))
            cov=$(last_field "$flog" cov)
            ft=$(last_field "$flog" ft)
            result="$result; fork $left s: $fexecs execs, oom/timeout/crash ${fcrash:-?}, artifacts now $(ls "$dir/artifacts" | wc -l)"
        fi
        end=$(date +%s)
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$((end - start))" "$execs" "$cov" "$ft" "$result" \
        >>"$logs/summary.tsv"
}

# Two lanes: odd and even positions of the list, each sequential (every run lasts about the same).
lane() {
    local i=0
    for t in "$@"; do
        if [ $((i % 2)) -eq "$lane_no" ]; then run_target "$t"; fi
        i=$((i + 1))
    done
}
lane_no=0 lane "$@" &
lane_no=1 lane "$@" &
wait
echo "campaign done: $logs/summary.tsv"
