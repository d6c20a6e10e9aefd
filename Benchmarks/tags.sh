#!/usr/bin/env bash
# Issue 28's filtered reports: gen_readings.py's million readings, each given tags by its line
# (a third `work` or `work/client-N`, a fifth `food`, a twentieth `travel`, the rest none),
# imported with --tag-column into one project; then `tally report --format csv` by month with
# each kind of filter against the sqlite3 shell answering the same GROUP BY with the same
# filter in SQL on the same database file; whole processes, side by side.
# The rollups hold every reading, not those a filter picks: a filtered report reads the
# project's readings. Before timing, tally's CSV is checked against the reference on every
# column (counts equal; sum, min, max, mean within a relative 1e-12), and `--by tag` against a
# GROUP BY over the tags split with json_each.
# Usage: Benchmarks/tags.sh [RUNS]   (from the package root; needs sqlite3 and python3)
runs=${1:-11}
source Benchmarks/common.sh
python3 - "$readings" "$work/tagged.csv" <<'PY'
import sys

source, target = sys.argv[1:]
with open(source) as lines, open(target, "w") as out:
    out.write(next(lines).rstrip("\n") + ",tags\n")
    for number, line in enumerate(lines):
        tags = []
        if number % 3 == 0:
            tags.append("work" if number % 2 == 0 else f"work/client-{number % 5}")
        if number % 5 == 0:
            tags.append("food")
        if number % 20 == 1:
            tags.append("travel")
        field = ",".join(tags)
        out.write(line.rstrip("\n") + ("," + (f'"{field}"' if "," in field else field)) + "\n")
PY
"$bin/tally" import "$work/tagged.csv" --project Readings --create --frequency monthly >&2

month="strftime('%Y-%m', timestamp / 1000000, 'unixepoch')"
carries() { # TAG: the SQL test that a reading carries TAG or a tag under it
  echo "(instr(tags, ',$1,') > 0 OR instr(tags, ',$1/') > 0)"
}
group_by() { # WHERE-CONDITION
  echo "sqlite3 -csv $TALLY_DB \"SELECT 'Readings', $month AS period,
    COUNT(*), SUM(amount), MIN(amount), MAX(amount), AVG(amount)
    FROM reading WHERE project_id = 1 AND $1 GROUP BY period ORDER BY period\""
}
by_tag="sqlite3 -csv $TALLY_DB \"SELECT 'Readings', $month AS period, coalesce(t.value, '') AS tag,
    COUNT(*), SUM(amount), MIN(amount), MAX(amount), AVG(amount)
    FROM reading LEFT JOIN json_each('[\\\"' || replace(trim(tags, ','), ',', '\\\",\\\"') || '\\\"]') t
    WHERE project_id = 1 GROUP BY period, tag ORDER BY period, tag = '', tag\""

verify() { # NAME REFERENCE-COMMAND TALLY-ARGUMENTS...
  local name=$1 reference=$2
  shift 2
  eval "$reference" >"$work/reference.csv"
  "$bin/tally" "$@" >"$work/tally.csv"
  python3 - "$name" "$work/reference.csv" "$work/tally.csv" <<'PY'
import csv, math, sys

name, reference_path, tally_path = sys.argv[1:]
with open(reference_path, newline="") as file:
    reference = list(csv.reader(file))
with open(tally_path, newline="") as file:
    rows = list(csv.reader(file))[1:]
keys = 3 if rows and len(rows[0]) == 8 else 2
if not reference or len(rows) != len(reference):
    sys.exit(f"tags.sh: {name}: tally has {len(rows)} rows, sqlite3 {len(reference)}")
for got, expected in zip(rows, reference):
    if got[:keys] != expected[:keys]:
        sys.exit(f"tags.sh: {name}: tally's row {got[:keys]}, sqlite3's {expected[:keys]}")
    for mine, theirs in zip(got[keys:], expected[keys:]):
        if not math.isclose(float(mine), float(theirs), rel_tol=1e-12, abs_tol=0.0):
            sys.exit(f"tags.sh: {name}: {got[:keys]}: tally {got}, sqlite3 {expected}")
print(f"{name}: tally's {len(rows)} rows agree with sqlite3's on every column", file=sys.stderr)
PY
}

report="$bin/tally report Readings --period monthly --format csv"
for filter in "--tag work" "--tag work/client-1" "--any-tag food,travel" "--not-tag work" \
  "--note-contains coffee"; do
  set -- $filter
  case $1 in
    --tag) condition=$(carries "$2") ;;
    --any-tag) condition="($(carries food) OR $(carries travel))" ;;
    --not-tag) condition="(tags IS NULL OR NOT $(carries "$2"))" ;;
    --note-contains) condition="note LIKE '%$2%'" ;;
  esac
  verify "report $filter" "$(group_by "$condition")" report Readings --period monthly \
    --format csv $filter
  echo "### monthly report $filter, 1,000,000 readings"
  echo
  python3 "$root/Benchmarks/compare.py" "$runs" \
    "sqlite3 GROUP BY with the filter" "$(group_by "$condition")" \
    "tally report $filter" "$report $filter"
  echo
done

verify "report --by tag" "$by_tag" report Readings --period monthly --format csv --by tag
echo "### monthly report --by tag, 1,000,000 readings"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "sqlite3 GROUP BY period, tag" "$by_tag" "tally report --by tag" "$report --by tag"
echo
