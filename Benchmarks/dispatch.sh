#!/usr/bin/env bash
# Runs `tally-bench dispatch` for 0, 1, 10 and 100 subscribers, plain and selecting, and prints
# a Markdown table with the ratio to ReSwift 6.1's figures on the same workload (issue 2).
# Usage: Benchmarks/dispatch.sh [ACTIONS]   (run from the package root)
set -euo pipefail
actions=${1:-1000000}
swift build -c release --product tally-bench >&2
bench="$(swift build -c release --show-bin-path)/tally-bench"

# ReSwift 6.1 actions/s on this machine kind, as issue 2 gives them (0 subscribers: 1.08M).
reference() {
  case "$1/$2" in
    0/*) echo 1080000 ;;
    10/false) echo 212000 ;;
    10/true) echo 161000 ;;
    100/false) echo 25000 ;;
    100/true) echo 19000 ;;
    *) echo "" ;;
  esac
}

echo "| subscribers | select | actions/s | ReSwift 6.1 actions/s | ratio |"
echo "|---:|:---|---:|---:|---:|"
for n in 0 1 10 100; do
  for select in false true; do
    flag=()
    [ "$select" = true ] && flag=(--select)
    line=$("$bench" dispatch --subscribers "$n" --actions "$actions" "${flag[@]}" | tail -n 1)
    rate=${line##*actions_per_s=}
    ref=$(reference "$n" "$select")
    if [ -n "$ref" ]; then
      ratio=$(awk -v a="$rate" -v b="$ref" 'BEGIN { printf "%.1fx", a / b }')
      echo "| $n | $select | $rate | $ref | $ratio |"
    else
      echo "| $n | $select | $rate | not given | |"
    fi
  done
done
