#!/usr/bin/env bash
# Issue 36's whole-export benchmark: a database of 10 projects of 100,000 readings each
# (gen_readings.py's million rows, seed 42, cut in ten), exported with its settings and brought
# back into a new database in one command, side by side with the sqlite3 shell:
#  - the reference: `.import --csv --skip 1` of the export into a plain four-column table;
#  - `tally import all.csv --projects projects.csv` into a new database (every project made);
#  - the same again into the database that holds it all (every row a duplicate);
#  - `tally export --projects` of the million readings, against sqlite3 writing the readings
#    table as CSV.
# Before timing, the import's result is checked: its export and its settings file are the
# same bytes as those imported, and sqlite3's count and sum of the readings are the plain
# table's.
# Usage: Benchmarks/whole_export.sh [RUNS]   (from the package root; needs sqlite3 and python3)
runs=${1:-3}
source Benchmarks/common.sh
export TALLY_DB="$work/source.sqlite"
for part in 0 1 2 3 4 5 6 7 8 9; do
  "$bin/tally" project add "Project $part" --frequency daily --units km --goal 10 2>/dev/null
  (head -n 1 "$readings"; tail -n +2 "$readings" | sed -n "$((part * 100000 + 1)),$((part * 100000 + 100000))p") \
    >"$work/part.csv"
  "$bin/tally" import "$work/part.csv" --project "Project $part" 2>/dev/null
done
"$bin/tally" export --projects "$work/projects.csv" >"$work/all.csv"

export TALLY_DB="$work/copy.sqlite"
"$bin/tally" import "$work/all.csv" --projects "$work/projects.csv" 2>/dev/null
"$bin/tally" export --projects "$work/projects-again.csv" >"$work/all-again.csv"
cmp "$work/all.csv" "$work/all-again.csv"
cmp "$work/projects.csv" "$work/projects-again.csv"
sqlite3 "$work/reference.sqlite" "CREATE TABLE t(project TEXT, timestamp TEXT, amount REAL, note TEXT)" \
  ".import --csv --skip 1 $work/all.csv t"
figures="SELECT COUNT(*), printf('%.2f', SUM(amount))"
expected=$(sqlite3 "$work/reference.sqlite" "$figures FROM t")
got=$(sqlite3 "$work/copy.sqlite" "$figures FROM reading")
if [[ "$got" != "$expected" ]]; then
  echo "stored readings: got '$got', expected '$expected'" >&2
  exit 1
fi
echo "The import's export and settings are the same bytes as those imported; count and sum: $got." >&2

echo "### a whole export of 10 projects x 100,000 readings ($(du -h "$work/all.csv" | cut -f1)) brought back, fresh database each run"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "sqlite3 .import" "sh -c 'rm -f $work/s.sqlite && sqlite3 $work/s.sqlite \"CREATE TABLE t(project TEXT, timestamp TEXT, amount REAL, note TEXT)\" \".import --csv --skip 1 $work/all.csv t\"'" \
  "tally import --projects (new database)" "sh -c 'rm -f $work/t.sqlite* && TZ=UTC $bin/tally --db $work/t.sqlite import $work/all.csv --projects $work/projects.csv'" \
  "tally import --projects again (all duplicates)" "sh -c 'rm -f $work/t.sqlite* && cp $work/copy.sqlite $work/t.sqlite && TZ=UTC $bin/tally --db $work/t.sqlite import $work/all.csv --projects $work/projects.csv'"
echo
echo "### the export itself"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "sqlite3 -csv SELECT readings" "sqlite3 -csv $work/copy.sqlite \"SELECT p.title, r.timestamp, r.amount, r.note FROM reading r JOIN project p ON p.id = r.project_id ORDER BY p.title, r.timestamp\"" \
  "tally export --projects" "$bin/tally --db $work/copy.sqlite export --projects $work/p.csv"
echo
echo "### a Timewarrior history of 100,000 intervals (timew export), fresh database each run"
echo
# The same intervals as a CSV file of the readings they become (one a day each: no interval
# crosses midnight), imported the CSV way: the reference is tally's own CSV import.
python3 - "$work" <<'PY'
import json, sys, time
work = sys.argv[1]
intervals, rows = [], ["project,date,amount,note,tags"]
for i in range(100000):
    start = 1704067200 + i * 7200
    stamp = lambda s: time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(s))
    intervals.append({"id": i + 1, "start": stamp(start), "end": stamp(start + 1800),
                      "tags": ["P%d" % (i % 5), "client-%d" % (i % 3)], "annotation": "n%d" % (i % 7)})
    rows.append("P%d,%s,0.5,n%d,client-%d" % (i % 5, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start)), i % 7, i % 3))
json.dump(intervals, open(work + "/timew.json", "w"))
open(work + "/timew.csv", "w").write("\n".join(rows) + "\n")
open(work + "/timew-projects.csv", "w").write("title,units,frequency\n" + "".join("P%d,h,daily\n" % p for p in range(5)))
PY
TALLY_DB="$work/tj.sqlite" "$bin/tally" import "$work/timew.json" 2>/dev/null
TALLY_DB="$work/tc.sqlite" "$bin/tally" import "$work/timew.csv" --projects "$work/timew-projects.csv" 2>/dev/null
cmp <(TALLY_DB="$work/tj.sqlite" "$bin/tally" export) <(TALLY_DB="$work/tc.sqlite" "$bin/tally" export)
echo "The time log's readings are the CSV's, byte for byte in their export." >&2
python3 "$root/Benchmarks/compare.py" "$runs" \
  "tally import of the same readings as CSV" "sh -c 'rm -f $work/t.sqlite* && TZ=UTC $bin/tally --db $work/t.sqlite import $work/timew.csv --projects $work/timew-projects.csv'" \
  "tally import timew.json" "sh -c 'rm -f $work/t.sqlite* && TZ=UTC $bin/tally --db $work/t.sqlite import $work/timew.json'"
