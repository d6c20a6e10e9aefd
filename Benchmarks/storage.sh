#!/usr/bin/env bash
# Issue 3's storage benchmark: a database of 1,000,000 readings over 20 projects, then
#  1. `tally project list` against sqlite3 answering the same summary query, whole processes;
#  2. `tally item add` on that database;
#  3. `tally item add` on a project that holds all 1,000,000 readings;
#  4. `tally item add` when the journal holds 100,000 entries: the first add discards all but
#     the newest 1,000 (timed once, on a fresh copy), later adds discard one each.
# The reference for 1: the sqlite3 shell's summary query, which counts each project's readings
# with a LEFT JOIN and GROUP BY and takes their latest time with MAX, where tally reads the
# counters it keeps in the project table. Before timing, `tally project list --format csv` is
# checked against it: per project, the same title, units, frequency, readings count, last
# reading (sqlite3's microseconds since 1970 against tally's ISO 8601 time) and updated_at.
# Section 4 checks the journal's length before (100,000) and after (at most 1,000).
# Usage: Benchmarks/storage.sh [RUNS]   (from the package root; needs sqlite3 and python3)
runs=${1:-21}
source Benchmarks/common.sh
for i in $(seq -w 1 20); do
  "$bin/tally" project add "Project $i" --frequency daily --units u 2>/dev/null
done
# The fixture: readings go straight into the table (CSV import is issue 4's), spread over the
# 20 projects; then the counters tally keeps are brought up to date as tally itself does.
sqlite3 "$TALLY_DB" <<SQL >&2
CREATE TEMP TABLE raw (date TEXT, amount REAL, note TEXT);
.import --csv --skip 1 $readings raw
INSERT INTO reading (project_id, amount, timestamp, note)
  SELECT rowid % 20 + 1, amount, CAST(strftime('%s', date) AS INTEGER) * 1000000, note FROM raw;
UPDATE project SET
  reading_count = (SELECT COUNT(*) FROM reading WHERE project_id = project.id),
  last_reading_at = (SELECT MAX(timestamp) FROM reading WHERE project_id = project.id);
SQL

summary="SELECT p.title, p.units, p.frequency, COUNT(r.id), MAX(r.timestamp), p.updated_at
  FROM project p LEFT JOIN reading r ON r.project_id = p.id
  GROUP BY p.id ORDER BY p.updated_at DESC"

verify_list() { # exits 1, naming the project and column, unless tally agrees with $summary
  sqlite3 -csv "$TALLY_DB" "$summary" >"$work/reference.csv"
  "$bin/tally" project list --format csv >"$work/tally.csv"
  python3 - "$work/reference.csv" "$work/tally.csv" <<'PY'
import csv, sys
from datetime import datetime, timedelta, timezone

reference_path, tally_path = sys.argv[1:]
columns = ["title", "units", "frequency", "readings", "last_reading", "updated_at"]
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def fail(message):
    sys.exit(f"storage.sh: project list: {message}")


def microseconds(text, title, column):
    """tally's ISO 8601 time as sqlite3 stores it: microseconds since 1970, or '' for none."""
    if text == "":
        return ""
    try:
        time = datetime.fromisoformat(text)
    except ValueError:
        fail(f"{title!r}: column {column}: {text!r} is not an ISO 8601 time")
    if time.tzinfo is None:
        fail(f"{title!r}: column {column}: {text!r} has no offset")
    return str((time - EPOCH) // timedelta(microseconds=1))


with open(reference_path, newline="") as file:
    reference = {row[0]: row for row in csv.reader(file)}
with open(tally_path, newline="") as file:
    lines = list(csv.reader(file))
if not lines or lines[0] != columns:
    fail(f"tally's header is {lines[0] if lines else 'missing'}, expected {columns}")
rows = {row[0]: row for row in lines[1:]}
if len(rows) != len(lines) - 1:
    fail("tally lists a title twice")
if not reference:
    fail("sqlite3 returned no projects")
if rows.keys() != reference.keys():
    fail(f"titles: only tally has {sorted(rows.keys() - reference.keys())}, "
         f"only sqlite3 has {sorted(reference.keys() - rows.keys())}")
for title, row in rows.items():
    if len(row) != len(columns):
        fail(f"{title!r}: tally's row has {len(row)} columns: {row}")
    mine = row[:4] + [microseconds(row[4], title, columns[4]),
                      microseconds(row[5], title, columns[5])]
    for column, got, expected in zip(columns, mine, reference[title]):
        if got != expected:
            printed = row[columns.index(column)]
            fail(f"{title!r}: column {column}: tally {got} (printed {printed!r}), "
                 f"sqlite3 {expected}")
print(f"tally's project list agrees with sqlite3's summary query on all {len(rows)} projects",
      file=sys.stderr)
PY
}

# Both must agree on every project before their times mean anything.
verify_list
echo "### project list, $(sqlite3 "$TALLY_DB" 'SELECT COUNT(*) FROM reading') readings, 20 projects"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "sqlite3 summary query" "sqlite3 -csv $TALLY_DB \"$summary\"" \
  "tally project list" "$bin/tally project list" \
  "tally project list --format csv" "$bin/tally project list --format csv"
echo
echo "### item add on the same database"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "tally item add" "$bin/tally item add \"Project 07\" 12.5 --note bench"
echo
echo "### item add on a project that holds all 1,000,000 readings"
echo
TALLY_DB="$work/one.sqlite" "$bin/tally" import "$readings" --project Big --create \
  --frequency daily >&2
python3 "$root/Benchmarks/compare.py" "$runs" \
  "tally item add" "$bin/tally --db $work/one.sqlite item add Big 12.5 --note bench"
echo

journal_entries() { sqlite3 "$1" 'SELECT COUNT(*) FROM journal'; }
at_most_1000() { # DATABASE: exits 1 unless tally pruned its journal to the limit
  local entries
  entries=$(journal_entries "$1")
  if ((entries > 1000)); then
    echo "storage.sh: $1: the journal holds $entries entries after item add, more than 1,000" >&2
    exit 1
  fi
}
journal_section() {
  # The fixture: one project and one reading added by tally, then the journal's newest entry
  # (the add) copied until the journal holds 100,000 entries.
  local long="$work/journal.sqlite" first="$work/journal-first.sqlite" entries seconds
  TALLY_DB="$long" "$bin/tally" project add Journal --frequency daily --units u 2>/dev/null
  TALLY_DB="$long" "$bin/tally" item add Journal 1 --note seed 2>/dev/null
  sqlite3 "$long" "INSERT INTO journal (at, description, change, undone)
    WITH RECURSIVE copy(n) AS (
      SELECT COUNT(*) + 1 FROM journal UNION ALL SELECT n + 1 FROM copy WHERE n < 100000)
    SELECT j.at, j.description, j.change, 0
      FROM copy, (SELECT * FROM journal ORDER BY id DESC LIMIT 1) AS j"
  entries=$(journal_entries "$long")
  if ((entries != 100000)); then
    echo "storage.sh: the journal fixture holds $entries entries, not 100,000" >&2
    exit 1
  fi
  echo "### item add when the journal holds 100,000 entries"
  echo
  # The first add on a fresh copy discards 99,001 entries, once; then it is pruned for good.
  rm -f "$first" "$first-wal" "$first-shm"
  cp "$long" "$first"
  seconds=$(python3 - "$bin/tally" "$first" <<'PY'
import subprocess, sys, time
tally, database = sys.argv[1:]
start = time.perf_counter()
subprocess.run([tally, "--db", database, "item", "add", "Journal", "12.5", "--note", "bench"],
               stdout=subprocess.DEVNULL, check=True)
print(f"{time.perf_counter() - start:.4f}")
PY
  )
  at_most_1000 "$first"
  echo "The first add, on a fresh copy: $seconds s (the journal goes from 100,000 entries" \
    "to $(journal_entries "$first"))."
  echo
  # compare.py's warm-up round makes that first add here, untimed; the rounds it times find
  # the journal at its 1,000 entries.
  echo "The adds after it (compare.py's warm-up round makes the first, untimed):"
  echo
  python3 "$root/Benchmarks/compare.py" "$runs" \
    "tally item add" "$bin/tally --db $long item add Journal 12.5 --note bench"
  at_most_1000 "$long"
}
journal_section
