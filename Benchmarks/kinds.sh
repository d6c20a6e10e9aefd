#!/usr/bin/env bash
# Issue 11's benchmark: reports of each kind over 1,000,000 readings against the sqlite3 shell's
# plain monthly GROUP BY on the same database file, whole processes side by side, and
# `tally due` over 1,000 projects.
# gen_readings.py's million readings go into a gauge (as they are) and, as a dial that counts
# up (each reading the sum of the absolute amounts up to it, in time order), into a meter.
# Before anything is timed, each report is checked against an oracle in Python over the rows
# sqlite3 dumps: a gauge's count, first, last, change, min, max and mean per month by a sort of
# the readings; a meter's usage per month as the integral of the piecewise-linear dial.
# Usage: Benchmarks/kinds.sh [RUNS]   (from the package root; needs sqlite3 and python3)
runs=${1:-11}
source Benchmarks/common.sh

"$bin/tally" import "$readings" --project Gauge --create --frequency monthly --kind gauge >&2
python3 - "$readings" "$work/meter.csv" <<'PY'
import csv, sys
with open(sys.argv[1], newline="") as file:
    rows = list(csv.DictReader(file))
rows.sort(key=lambda row: row["date"])
dial = 0.0
with open(sys.argv[2], "w", newline="") as file:
    writer = csv.writer(file)
    writer.writerow(["date", "amount"])
    for row in rows:
        dial += abs(float(row["amount"]))
        writer.writerow([row["date"], f"{dial:.2f}"])
PY
start=$(date +%s.%N)
"$bin/tally" import "$work/meter.csv" --project Meter --create --frequency monthly --kind meter >&2
echo "Import of the 1,000,000 meter readings (with the check that they count up):" \
  "$(python3 -c "print(f'{$(date +%s.%N) - $start:.2f}')") s" >&2

sqlite3 -csv "$TALLY_DB" "SELECT project_id, timestamp, id, amount FROM reading
  WHERE project_id IN (1, 2) ORDER BY project_id, timestamp, id" >"$work/rows.csv"
"$bin/tally" report Gauge --period monthly --stats count,first,last,change,min,max,mean \
  --format csv >"$work/gauge.csv"
"$bin/tally" report Meter --period monthly --stats usage --format csv >"$work/meter-report.csv"
python3 - "$work/rows.csv" "$work/gauge.csv" "$work/meter-report.csv" <<'PY'
import csv, datetime, math, sys

rows_path, gauge_path, meter_path = sys.argv[1:]
gauge, meter = [], []
with open(rows_path, newline="") as file:
    for project, timestamp, _, amount in csv.reader(file):
        (gauge if project == "1" else meter).append((int(timestamp), float(amount)))


def month(microseconds):
    return datetime.datetime.fromtimestamp(microseconds / 1e6, datetime.timezone.utc).strftime("%Y-%m")


def close(a, b, scale):
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9 * scale)


def fail(message):
    sys.exit(f"kinds.sh: {message}")


# The gauge by a sort: rows are in (timestamp, id) order already.
expected, previous, periods = {}, None, []
for timestamp, amount in gauge:
    label = month(timestamp)
    if label not in expected:
        expected[label] = {"amounts": [], "previous": previous}
        periods.append(label)
    expected[label]["amounts"].append(amount)
    previous = amount
with open(gauge_path, newline="") as file:
    got = list(csv.reader(file))
if got[0] != ["project", "period", "count", "first", "last", "change", "min", "max", "mean"]:
    fail(f"gauge header {got[0]}")
if [row[1] for row in got[1:]] != periods:
    fail("the gauge's periods differ")
for row in got[1:]:
    figures = expected[row[1]]
    amounts = figures["amounts"]
    want = [len(amounts), amounts[0], amounts[-1],
            None if figures["previous"] is None else amounts[-1] - figures["previous"],
            min(amounts), max(amounts), sum(amounts) / len(amounts)]
    for name, mine, theirs in zip(got[0][2:], row[2:], want):
        if theirs is None:
            if mine != "":
                fail(f"gauge {row[1]} {name}: {mine}, expected nothing")
        elif not close(float(mine), theirs, 1000):
            fail(f"gauge {row[1]} {name}: {mine}, expected {theirs}")
print(f"gauge: {len(periods)} monthly periods agree with a sort of the readings on every column",
      file=sys.stderr)

# The meter's usage per month: each stretch between readings spread over its time.
boundaries = {}
for timestamp, _ in meter:
    start = datetime.datetime.fromtimestamp(timestamp / 1e6, datetime.timezone.utc).replace(
        day=1, hour=0, minute=0, second=0, microsecond=0)
    boundaries.setdefault(start.strftime("%Y-%m"), int(start.timestamp() * 1e6))
labels = sorted(boundaries)
starts = [boundaries[label] for label in labels] + [None]
usage = dict.fromkeys(labels, 0.0)
index = 0
for (t0, a0), (t1, a1) in zip(meter, meter[1:]):
    increase = a1 - a0
    if t1 == t0:
        usage[month(t1)] += increase
        continue
    while starts[index + 1] is not None and starts[index + 1] <= t0:
        index += 1
    position = index
    while True:
        start = max(t0, starts[position])
        end = t1 if starts[position + 1] is None else min(t1, starts[position + 1])
        if end > start:
            usage[labels[position]] += increase * (end - start) / (t1 - t0)
        if starts[position + 1] is None or starts[position + 1] >= t1:
            break
        position += 1
with open(meter_path, newline="") as file:
    got = list(csv.reader(file))[1:]
if [row[1] for row in got] != labels:
    fail("the meter's periods differ")
total = meter[-1][1] - meter[0][1]
for row in got:
    if not close(float(row[2]), usage[row[1]], total):
        fail(f"meter {row[1]} usage: {row[2]}, expected {usage[row[1]]}")
print(f"meter: {len(labels)} monthly usages agree with the integral of the dial", file=sys.stderr)
PY

group_by="sqlite3 -csv $TALLY_DB \"SELECT 'Gauge', strftime('%Y-%m', d) AS period,
  COUNT(*), SUM(amount), MIN(amount), MAX(amount), AVG(amount)
  FROM (SELECT *, date(timestamp / 1000000, 'unixepoch') AS d FROM reading)
  WHERE project_id = 1 GROUP BY period ORDER BY period\""
echo "### Reports of each kind, monthly, 1,000,000 readings"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "sqlite3 GROUP BY (monthly)" "$group_by" \
  "tally report (total's columns)" "$bin/tally report Gauge --stats count,sum,min,max,mean --format csv" \
  "tally report (gauge)" "$bin/tally report Gauge --stats count,first,last,change,min,max,mean --format csv" \
  "tally report (meter)" "$bin/tally report Meter --stats count,last,usage,rate --format csv" \
  "tally report (meter, table)" "$bin/tally report Meter --format table"
echo

# 1,000 projects, half of them with a reading this week: one REPL script makes them.
export TALLY_DB="$work/due.sqlite" TALLY_NOW=2024-06-12T12:00:00Z
python3 - "$work/projects.txt" <<'PY'
import sys
with open(sys.argv[1], "w") as file:
    for number in range(1000):
        frequency = ["daily", "weekly", "monthly", "quarterly", "yearly"][number % 5]
        file.write(f"project add P{number} --frequency {frequency}\n")
        if number % 2:
            file.write(f"item add P{number} 1 --at 2024-06-1{number % 3}\n")
PY
"$bin/tally" repl --script "$work/projects.txt" >/dev/null 2>&1
due=$("$bin/tally" due --format csv | tail -n +2 | wc -l)
echo "due over 1,000 projects: $due due" >&2
echo "### tally due over 1,000 projects ($due due)"
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "tally project list --format csv" "$bin/tally project list --format csv" \
  "tally project list (table: a sparkline each)" "$bin/tally project list" \
  "tally due --format csv" "$bin/tally due --format csv"
