#!/usr/bin/env bash
# Issue 5's report benchmark: gen_readings.py's million readings imported into one project, then
# `tally report --format csv` per month, year and day against the sqlite3 shell answering the
# equivalent GROUP BY on the same database file; whole processes, side by side.
# Usage: Benchmarks/reports.sh [RUNS]   (from the package root; needs sqlite3 and python3)
runs=${1:-11}
source Benchmarks/common.sh
"$bin/tally" import "$readings" --project Readings --create --frequency monthly >&2

group_by() {
  echo "sqlite3 -csv $TALLY_DB \"SELECT 'Readings', strftime('$1', timestamp / 1000000, 'unixepoch') AS period,
    COUNT(*), SUM(amount), MIN(amount), MAX(amount), AVG(amount)
    FROM reading WHERE project_id = 1 GROUP BY period ORDER BY period\""
}

for period in monthly yearly daily; do
  case $period in
    monthly) format='%Y-%m' ;;
    yearly) format='%Y' ;;
    daily) format='%Y-%m-%d' ;;
  esac
  # Both must agree on every period's count before their times mean anything.
  diff <(eval "$(group_by "$format")" | cut -d, -f2,3) \
    <("$bin/tally" report Readings --period "$period" --format csv | tail -n +2 | cut -d, -f2,3) >&2
  echo "### $period report, 1,000,000 readings"
  echo
  python3 "$root/Benchmarks/compare.py" "$runs" \
    "sqlite3 GROUP BY" "$(group_by "$format")" \
    "tally report --period $period --format csv" "$bin/tally report Readings --period $period --format csv"
  echo
done
