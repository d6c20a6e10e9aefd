#!/usr/bin/env bash
# Issue 6's REPL benchmark: gen_readings.py's million readings in one project (plus two small
# ones), then, in a pseudo-terminal, the time from process start to the first prompt
# and from Enter to the next prompt for each screen change. Whole processes, release build.
# Usage: Benchmarks/repl.sh [RUNS]   (from the package root; needs python3 with pexpect)
runs=${1:-15}
source Benchmarks/common.sh
"$bin/tally" import "$readings" --project Readings --create --frequency monthly >&2
"$bin/tally" project add Mileage --frequency monthly --units km >&2
"$bin/tally" project add Spend --frequency daily --units EUR >&2
export XDG_STATE_HOME="$work/state"
# Screens never page; `help` (asked for in full) would wait in less: the pager is off.
export TALLY_PAGER=
python3 "$root/Benchmarks/repl_timing.py" "$bin/tally" "$runs"
