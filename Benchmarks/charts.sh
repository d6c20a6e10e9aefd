#!/usr/bin/env bash
# Pictures at full size: a daily report of 10,000 periods as SVG and HTML against the same
# report as CSV, and 500 projects' small multiples; each output checked (well-formed, bars
# within the chart's width, under 2 MB) before it is timed.
#
#   Benchmarks/charts.sh [RUNS]      (from the package root; prints Markdown for BENCHMARKS.md)
set -euo pipefail
runs=${1:-5}
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product tally >&2
bin="$(swift build -c release --show-bin-path)"
export TZ=UTC LC_ALL=C.UTF-8 TALLY_NOW=2024-06-12T12:00:00Z

# 10,000 days, 1997-01-24 to 2024-06-11: a reading on most days (a gap now and then).
export TALLY_DB="$work/daily.sqlite"
python3 - "$work/daily.csv" <<'PY'
import datetime, random, sys
random.seed(7)
start = datetime.date(2024, 6, 12) - datetime.timedelta(days=10_000)
with open(sys.argv[1], "w") as file:
    file.write("timestamp,amount\n")
    for day in range(10_000):
        if random.random() < 0.9:
            date = start + datetime.timedelta(days=day)
            file.write(f"{date}T12:00:00Z,{random.randint(1, 300) / 10}\n")
PY
"$bin/tally" import "$work/daily.csv" --project Daily --create --frequency daily >/dev/null 2>&1

# 500 projects of two years of monthly readings, made by one REPL script.
python3 - "$work" <<'PY'
import os, random, sys
random.seed(11)
work = sys.argv[1]
with open(os.path.join(work, "projects.txt"), "w") as script:
    for number in range(500):
        path = os.path.join(work, f"p{number}.csv")
        with open(path, "w") as file:
            file.write("timestamp,amount\n")
            for month in range(24):
                file.write(f"{2022 + month // 12}-{month % 12 + 1:02d}-15T12:00:00Z,"
                           f"{random.randint(-50, 500)}\n")
        script.write(f"import {path} --project P{number:03d} --create --frequency monthly\n")
PY
TALLY_DB="$work/many.sqlite" "$bin/tally" repl --script "$work/projects.txt" >/dev/null 2>&1

# Check each output before timing it.
"$bin/tally" report Daily --period daily --format svg --output "$work/daily.svg"
"$bin/tally" report Daily --period daily --format html --output "$work/daily.html"
TALLY_DB="$work/many.sqlite" "$bin/tally" report --all --format svg --output "$work/many.svg"
TALLY_DB="$work/many.sqlite" "$bin/tally" report --all --format html --output "$work/many.html"
periods=$("$bin/tally" report Daily --period daily --empty --format csv | tail -n +2 | wc -l)
python3 - "$work" "$periods" <<'PY' >&2
import os, sys
import xml.etree.ElementTree as ET
work, periods = sys.argv[1], int(sys.argv[2])
assert periods == 10_000, f"the daily report has {periods} periods, not 10,000"
svg = "{http://www.w3.org/2000/svg}"
for name in ("daily.svg", "daily.html", "many.svg", "many.html"):
    path = os.path.join(work, name)
    size = os.path.getsize(path)
    root = ET.parse(path).getroot()
    bars = [r for g in root.iter() if "chart-bars" in g.get("class", "")
            for r in g if r.tag.endswith("rect")]
    panels = [g for g in root.iter() if g.get("class") == "chart-panel"]
    print(f"{name}: {size / 1e6:.2f} MB, {len(panels)} chart(s), {len(bars)} bars")
    assert name.endswith(".html") or size < 2_000_000, f"{name} is {size} bytes"
    if name.startswith("daily"):
        assert 100 <= len(bars) <= 400, f"{name}: {len(bars)} bars for 10,000 days"
    else:
        assert len(panels) == 500, f"{name}: {len(panels)} charts"
PY

echo "### Charts: 10,000 daily periods, and 500 projects of 24 months"
echo
echo "$(du -h "$work/daily.svg" | cut -f1)B SVG for the 10,000 days ($(grep -c '<rect x=' "$work/daily.svg") bars, each a run of days),"
echo "$(du -h "$work/many.svg" | cut -f1)B SVG for the 500 projects; the pages are $(du -h "$work/daily.html" | cut -f1)B and $(du -h "$work/many.html" | cut -f1)B (their tables list every period)."
echo
python3 "$root/Benchmarks/compare.py" "$runs" \
  "report daily, csv (10,000 periods)" "$bin/tally report Daily --period daily --format csv" \
  "report daily, svg" "$bin/tally report Daily --period daily --format svg" \
  "report daily, html" "$bin/tally report Daily --period daily --format html" \
  "report daily, table" "$bin/tally report Daily --period daily --format table" \
  "500 projects, csv" "env TALLY_DB=$work/many.sqlite $bin/tally report --all --format csv" \
  "500 projects, svg" "env TALLY_DB=$work/many.sqlite $bin/tally report --all --format svg" \
  "500 projects, html" "env TALLY_DB=$work/many.sqlite $bin/tally report --all --format html" \
  "500 projects, project list" "env TALLY_DB=$work/many.sqlite $bin/tally project list"
