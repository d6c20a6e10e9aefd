#!/usr/bin/env bash
# Issue 5's report benchmark: gen_readings.py's million readings imported into one project, then
# `tally report --format csv` per day, ISO week, month, quarter and year against the sqlite3
# shell answering the equivalent GROUP BY on the same database file; whole processes, side by
# side; then the monthly report in every format.
# The reference: `sqlite3 -csv` groups the project's rows of the reading table by the period's
# label computed in SQL from the UTC date (TZ=UTC for tally too; an ISO week by its Thursday)
# and prints COUNT, SUM, MIN, MAX and AVG of amount per period, ordered by period.
# Before timing each period, tally's CSV is checked against it on every column: the same
# periods in the same order, counts equal, and sum, min, max and mean equal within a relative
# 1e-12 (compared as numbers: tally prints 15 significant digits, sqlite3 its own way).
# Usage: Benchmarks/reports.sh [RUNS]   (from the package root; needs sqlite3 and python3)
runs=${1:-11}
source Benchmarks/common.sh
"$bin/tally" import "$readings" --project Readings --create --frequency monthly >&2

group_by() { # PERIOD-EXPRESSION over the SQL date d
  echo "sqlite3 -csv $TALLY_DB \"SELECT 'Readings', $1 AS period,
    COUNT(*), SUM(amount), MIN(amount), MAX(amount), AVG(amount)
    FROM (SELECT *, date(timestamp / 1000000, 'unixepoch') AS d FROM reading)
    WHERE project_id = 1 GROUP BY period ORDER BY period\""
}

verify() { # PERIOD EXPRESSION: exits 1, naming the period and column, unless both agree
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

thursday="date(d, '-3 days', 'weekday 4')"
for period in monthly yearly daily weekly quarterly; do
  case $period in
    monthly) format="strftime('%Y-%m', d)" ;;
    yearly) format="strftime('%Y', d)" ;;
    daily) format="d" ;;
    weekly) format="strftime('%Y', $thursday) || '-W' || printf('%02d', (strftime('%j', $thursday) - 1) / 7 + 1)" ;;
    quarterly) format="strftime('%Y', d) || '-Q' || ((CAST(strftime('%m', d) AS INTEGER) + 2) / 3)" ;;
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

# Every format names each of the monthly report's periods (JSON parses), before it is timed.
"$bin/tally" report Readings --period monthly --format csv >"$work/tally.csv"
for format in json markdown table; do
  "$bin/tally" report Readings --period monthly --format "$format" >"$work/tally.$format"
done
python3 - "$work" <<'PY'
import csv, json, sys

work = sys.argv[1]
with open(f"{work}/tally.csv", newline="") as file:
    labels = [row[1] for row in list(csv.reader(file))[1:]]
with open(f"{work}/tally.json") as file:
    json.load(file)
for format in ["json", "markdown", "table"]:
    with open(f"{work}/tally.{format}") as file:
        text = file.read()
    missing = [label for label in labels if label not in text]
    if missing:
        sys.exit(f"reports.sh: the {format} report lacks periods {missing[:3]}")
print(f"json, markdown and table each name all {len(labels)} monthly periods", file=sys.stderr)
PY
echo "### monthly report in each format, 1,000,000 readings"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "tally report --format csv" "$bin/tally report Readings --period monthly --format csv" \
  "tally report --format json" "$bin/tally report Readings --period monthly --format json" \
  "tally report --format markdown" "$bin/tally report Readings --period monthly --format markdown" \
  "tally report --format table" "$bin/tally report Readings --period monthly --format table"
