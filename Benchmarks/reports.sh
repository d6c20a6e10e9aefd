#!/usr/bin/env bash
# Issue 5's report benchmark: gen_readings.py's million readings imported into one project, then
# `tally report --format csv` per month, year and day against the sqlite3 shell answering the
# equivalent GROUP BY on the same database file; whole processes, side by side.
# The reference: `sqlite3 -csv` groups the project's rows of the reading table by
# strftime(FORMAT, timestamp / 1000000, 'unixepoch') (the UTC calendar; TZ=UTC for tally too)
# and prints COUNT, SUM, MIN, MAX and AVG of amount per period, ordered by period.
# Before timing each period, tally's CSV is checked against it on every column: the same
# periods in the same order, counts equal, and sum, min, max and mean equal within a relative
# 1e-12 (compared as numbers: tally prints 15 significant digits, sqlite3 its own way).
# Usage: Benchmarks/reports.sh [RUNS]   (from the package root; needs sqlite3 and python3)
runs=${1:-11}
source Benchmarks/common.sh
"$bin/tally" import "$readings" --project Readings --create --frequency monthly >&2

group_by() {
  echo "sqlite3 -csv $TALLY_DB \"SELECT 'Readings', strftime('$1', timestamp / 1000000, 'unixepoch') AS period,
    COUNT(*), SUM(amount), MIN(amount), MAX(amount), AVG(amount)
    FROM reading WHERE project_id = 1 GROUP BY period ORDER BY period\""
}

verify() { # PERIOD FORMAT: exits 1, naming the period and column, unless both agree
  eval "$(group_by "$2")" >"$work/reference.csv"
  "$bin/tally" report Readings --period "$1" --format csv >"$work/tally.csv"
  python3 - "$1" "$work/reference.csv" "$work/tally.csv" <<'PY'
import csv, math, sys

period, reference_path, tally_path = sys.argv[1:]
columns = ["project", "period", "count", "sum", "min", "max", "mean"]


def fail(message):
    sys.exit(f"reports.sh: {period} report: {message}")


with open(reference_path, newline="") as file:
    reference = list(csv.reader(file))
with open(tally_path, newline="") as file:
    rows = list(csv.reader(file))
if not rows or rows[0] != columns:
    fail(f"tally's header is {rows[0] if rows else 'missing'}, expected {columns}")
rows = rows[1:]
if not reference:
    fail("sqlite3 returned no periods")
for index in range(max(len(rows), len(reference))):
    got = rows[index] if index < len(rows) else None
    expected = reference[index] if index < len(reference) else None
    if got is None or expected is None or got[:2] != expected[:2]:
        fail(f"row {index + 1}: column period: tally {got and got[:2]}, "
             f"sqlite3 {expected and expected[:2]}")
    if len(got) != len(columns):
        fail(f"period {got[1]}: tally's row has {len(got)} columns: {got}")
    for name, mine, theirs in zip(columns[2:], got[2:], expected[2:]):
        if name == "count":
            agree = int(mine) == int(theirs)
        else:
            agree = math.isclose(float(mine), float(theirs), rel_tol=1e-12, abs_tol=0.0)
        if not agree:
            fail(f"period {got[1]}: column {name}: tally {mine}, sqlite3 {theirs}")
print(f"{period}: tally's {len(rows)} periods agree with sqlite3's GROUP BY on every column",
      file=sys.stderr)
PY
}

for period in monthly yearly daily; do
  case $period in
    monthly) format='%Y-%m' ;;
    yearly) format='%Y' ;;
    daily) format='%Y-%m-%d' ;;
  esac
  # Both must agree on every period's figures before their times mean anything.
  verify "$period" "$format"
  echo "### $period report, 1,000,000 readings"
  echo
  python3 "$root/Benchmarks/compare.py" "$runs" \
    "sqlite3 GROUP BY" "$(group_by "$format")" \
    "tally report --period $period --format csv" "$bin/tally report Readings --period $period --format csv"
  echo
done
