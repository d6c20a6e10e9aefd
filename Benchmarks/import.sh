#!/usr/bin/env bash
# Issue 4's and issue 10's import benchmark, whole processes side by side, each run on a fresh
# copy of its database:
#  - the reference: the sqlite3 shell's `.import --csv --skip 1` of gen_readings.py's million
#    rows into a plain three-column table (no index, no duplicate check);
#  - `tally import` of the same file into an empty project (first import);
#  - the same file again into the project that holds all of it (a re-import: every row is a
#    duplicate, nothing is added, and no import is recorded);
#  - the same file into the project that holds its first half (half duplicates, half new);
#  - `tally import undo` of the million-row import (its readings set aside), and `tally undo`
#    of that (they come back), against sqlite3 moving the plain table's million rows into
#    another table and deleting them (what setting aside does, without tally's index).
# Before timing, each tally import's result is checked against the reference: the readings'
# count, sum, min and max as sqlite3 computes them from the plain table, and the new and
# duplicate counts of the import recorded (none for the re-import); and each reader of
# `tally-bench csv` must read the file's 1,000,000 rows (and `rows` the reference's sum of the
# amounts) before it prints its figure.
# Usage: Benchmarks/import.sh [RUNS]   (from the package root; needs sqlite3 and python3)
runs=${1:-5}
products=tally-bench
source Benchmarks/common.sh
# An empty project to import into, copied afresh for every run.
TALLY_DB="$work/template.sqlite" "$bin/tally" project add Readings --frequency daily 2>/dev/null
half="$work/half.csv"
head -n 500001 "$readings" >"$half"
cp "$work/template.sqlite" "$work/full.sqlite"
TALLY_DB="$work/full.sqlite" "$bin/tally" import "$readings" --project Readings 2>/dev/null
cp "$work/template.sqlite" "$work/halfway.sqlite"
TALLY_DB="$work/halfway.sqlite" "$bin/tally" import "$half" --project Readings 2>/dev/null

# The reference figures, from the plain table sqlite3 imports.
sqlite3 "$work/reference.sqlite" "CREATE TABLE t(date TEXT, amount REAL, note TEXT)" \
  ".import --csv --skip 1 $readings t"
figures="SELECT COUNT(*), printf('%.2f', SUM(amount)), MIN(amount), MAX(amount)"
expected=$(sqlite3 "$work/reference.sqlite" "$figures FROM t")
stored() { sqlite3 "$1" "$figures FROM reading"; }
batches() { sqlite3 "$1" "SELECT group_concat(imported || '/' || duplicates, ' ') FROM import_batch"; }
check() { # LABEL ACTUAL EXPECTED
  if [[ "$2" != "$3" ]]; then
    echo "$1: got '$2', expected '$3'" >&2
    exit 1
  fi
}
for path in first reimport halfway; do
  case $path in
    first) cp "$work/template.sqlite" "$work/check.sqlite"; recorded="1000000/0" ;;
    reimport) cp "$work/full.sqlite" "$work/check.sqlite"; recorded="1000000/0" ;;
    halfway) cp "$work/halfway.sqlite" "$work/check.sqlite"; recorded="500000/0 500000/500000" ;;
  esac
  rm -f "$work/check.sqlite-wal" "$work/check.sqlite-shm"
  TALLY_DB="$work/check.sqlite" "$bin/tally" import "$readings" --project Readings 2>/dev/null
  check "$path: stored readings" "$(stored "$work/check.sqlite")" "$expected"
  check "$path: imports recorded (new/duplicates)" "$(batches "$work/check.sqlite")" "$recorded"
done
echo "All three imports store exactly the reference's count, sum, min and max." >&2

# Undo: the import's readings go, and come back exactly.
cp "$work/full.sqlite" "$work/undone.sqlite"
TALLY_DB="$work/undone.sqlite" "$bin/tally" import undo 1 2>/dev/null
check "import undo: readings left" "$(sqlite3 "$work/undone.sqlite" "SELECT COUNT(*) FROM reading")" 0
check "import undo: readings set aside" \
  "$(sqlite3 "$work/undone.sqlite" "SELECT COUNT(*) FROM set_aside_reading")" 1000000
cp "$work/undone.sqlite" "$work/check.sqlite"
rm -f "$work/check.sqlite-wal" "$work/check.sqlite-shm"
TALLY_DB="$work/check.sqlite" "$bin/tally" undo 2>/dev/null
check "undo of import undo: stored readings" "$(stored "$work/check.sqlite")" "$expected"
echo "import undo takes out all 1,000,000 readings; undo brings them back with the same figures." >&2

tally_on() { # DATABASE COMMAND...: a shell command that copies it to t.sqlite and runs tally there
  local database=$1
  shift
  echo "sh -c 'rm -f $work/t.sqlite* && cp $work/$database $work/t.sqlite && TZ=UTC $bin/tally --db $work/t.sqlite $*'"
}
fresh() { tally_on "$1" import "$readings" --project Readings; }
echo "### import of 1,000,000 rows ($(du -h "$readings" | cut -f1)), fresh database each run"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "sqlite3 .import" "sh -c 'rm -f $work/s.sqlite && sqlite3 $work/s.sqlite \"CREATE TABLE t(date TEXT, amount REAL, note TEXT)\" \".import --csv --skip 1 $readings t\"'" \
  "tally import (first)" "$(fresh template.sqlite)" \
  "tally import again (all duplicates)" "$(fresh full.sqlite)" \
  "tally import into the first half" "$(fresh halfway.sqlite)"
echo
echo "### undo of the million-row import, and undo of that, fresh copy each run"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "sqlite3 move 1M rows to another table" "sh -c 'rm -f $work/s.sqlite* && cp $work/reference.sqlite $work/s.sqlite && sqlite3 $work/s.sqlite \"CREATE TABLE a AS SELECT * FROM t\" \"DELETE FROM t WHERE amount = amount\"'" \
  "tally import undo 1" "$(tally_on full.sqlite import undo 1)" \
  "tally undo (brings them back)" "$(tally_on undone.sqlite undo)"
echo
echo "### reading the file alone (no database), rows per second"
echo
# Each reader must count the generator's 1,000,000 data rows, and `rows` must sum the amounts
# to the reference table's sum, before it prints a figure.
sum=$(sqlite3 "$work/reference.sqlite" "SELECT printf('%.2f', SUM(amount)) FROM t")
for reader in records rows csvswift; do
  checks=(--expect-rows 1000000)
  if [[ $reader == rows ]]; then checks+=(--expect-sum "$sum"); fi
  # Assigned first: a failing command inside echo's argument would not stop the script.
  figure=$("$bin/tally-bench" csv "$readings" --reader "$reader" "${checks[@]}")
  echo "    $figure"
done
