#!/usr/bin/env bash
# Issue 3's storage benchmark: a database of 1,000,000 readings over 20 projects, then
#  1. `tally project list` against sqlite3 answering the same summary query, whole processes;
#  2. `tally item add` on that database.
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
