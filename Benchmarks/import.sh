#!/usr/bin/env bash
# Issue 4's import benchmark: `tally import` of gen_readings.py's million rows into an empty
# project, against the sqlite3 shell's `.import --csv --skip 1` of the same file into a plain
# three-column table; whole processes, each run on a fresh database, side by side.
# Usage: Benchmarks/import.sh [RUNS]   (from the package root; needs sqlite3 and python3)
runs=${1:-5}
products=tally-bench
source Benchmarks/common.sh
# An empty project to import into, copied afresh for every run.
TALLY_DB="$work/template.sqlite" "$bin/tally" project add Readings --frequency daily 2>/dev/null

echo "### import of 1,000,000 rows ($(du -h "$readings" | cut -f1)), fresh database each run"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "sqlite3 .import" "sh -c 'rm -f $work/s.sqlite && sqlite3 $work/s.sqlite \"CREATE TABLE t(date TEXT, amount REAL, note TEXT)\" \".import --csv --skip 1 $readings t\"'" \
  "tally import" "sh -c 'rm -f $work/t.sqlite* && cp $work/template.sqlite $work/t.sqlite && TZ=UTC $bin/tally --db $work/t.sqlite import $readings --project Readings'"
echo
echo "### reading the file alone (no database), rows per second"
echo
for reader in records rows csvswift; do
  echo "    $("$bin/tally-bench" csv "$readings" --reader "$reader")"
done
