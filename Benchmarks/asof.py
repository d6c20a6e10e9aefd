#!/usr/bin/env python3
"""Issue 27's figure: what `report --as-of` costs on a project of ROWS (1,000,000) readings
with CHANGES (100,000) changes made after the import, against the plain report and against
replaying the changes after the instant (stdlib only).

Usage: python3 Benchmarks/asof.py TALLY_BIN [RUNS]   (from the package root)
       ROWS=..., CHANGES=... for another size; WORK=DIR keeps the database in DIR.

The readings are gen_readings.py's (seed 42, 10 years), imported into a new project. The
changes are a REPL script that tally runs as a person would, one write each (8 in 10 an edit
of a random reading's amount, 1 a deletion, 1 a new reading; seed 27), in two halves: after
the first, the monthly CSV report is taken and the time noted. After the second, the report
as of that instant must be the same bytes; then each report below is timed (whole process,
median of RUNS (5) runs after a warm-up):
  - the monthly report now (from the rollups);
  - the same report as of the instant between the halves (CHANGES/2 changes to revert);
  - as of an instant before the last 1,000 changes;
  - as of now (no change to revert: what looking back costs by itself).
The second half's run (CHANGES/2 writes) is shown as what replaying those changes costs.
"""
import datetime
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

tally = os.path.abspath(sys.argv[1])
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
rows = int(os.environ.get("ROWS", "1000000"))
changes = int(os.environ.get("CHANGES", "100000"))
root = os.getcwd()
work = os.environ.get("WORK") or tempfile.mkdtemp(prefix="tally-asof-")
os.makedirs(work, exist_ok=True)
db = os.path.join(work, "asof.sqlite")
env = dict(os.environ, TZ="UTC", NO_COLOR="1", TALLY_DB=db)
env.pop("TALLY_NOW", None)


def run(argv):
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, env=env)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode()}")
    return elapsed, done.stdout.decode()


def timed(label, argv):
    times = []
    for index in range(runs + 1):
        elapsed, _ = run(argv)
        if index > 0:
            times.append(elapsed)
    figure = statistics.median(times)
    sys.stderr.write(f"{label}: {figure:.3f} s ({min(times):.3f}-{max(times):.3f})\n")
    return figure, min(times), max(times)


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="microseconds")


for suffix in ("", "-wal", "-shm"):
    if os.path.exists(db + suffix):
        os.remove(db + suffix)
readings = os.path.join(work, "readings.csv")
subprocess.run([sys.executable, os.path.join(root, "Benchmarks", "gen_readings.py"), str(rows),
                "42", readings], check=True, stdout=subprocess.DEVNULL)
run([tally, "import", readings, "--project", "Readings", "--create", "--frequency", "monthly"])

with sqlite3.connect(db) as connection:
    alive = [row[0] for row in connection.execute("SELECT id FROM reading ORDER BY id")]
random.seed(27)
scripts = []
for half in range(2):
    lines = []
    for _ in range(changes // 2):
        pick = random.random()
        if pick < 0.8:
            lines.append(f"item edit {random.choice(alive)} --amount {random.randint(1, 9999) / 100}")
        elif pick < 0.9:
            index = random.randrange(len(alive))
            alive[index], alive[-1] = alive[-1], alive[index]
            lines.append(f"item delete {alive.pop()} --yes")
        else:
            day = datetime.date(2015, 1, 1) + datetime.timedelta(days=random.randrange(3650))
            lines.append(f"item add Readings {random.randint(1, 9999) / 100} --at {day}")
    script = os.path.join(work, f"changes-{half + 1}.txt")
    with open(script, "w") as file:
        file.write("\n".join(lines) + "\n")
    scripts.append(script)

report = [tally, "report", "Readings", "--period", "monthly", "--format", "csv"]
first_half, _ = run([tally, "repl", "--script", scripts[0]])
_, expected = run(report)
time.sleep(0.01)
middle = now()
time.sleep(0.01)
second_half, _ = run([tally, "repl", "--script", scripts[1]])
_, past = run(report + ["--as-of", middle])
if past != expected:
    sys.exit(f"the report as of {middle} differs from the one taken then")
with sqlite3.connect(db) as connection:
    history = connection.execute("SELECT count(*) FROM history").fetchone()[0]
    late = connection.execute(
        "SELECT at FROM history ORDER BY id DESC LIMIT 1 OFFSET 1000").fetchone()[0]
    count = connection.execute("SELECT count(*) FROM reading").fetchone()[0]
before_last = datetime.datetime.fromtimestamp(late / 1e6, datetime.timezone.utc).isoformat(
    timespec="microseconds")

sys.stderr.write(f"{count:,} readings, {history:,} history entries; first half "
                 f"{first_half:.1f} s, second half {second_half:.1f} s\n")
plain = timed("report now", report)
as_of_middle = timed(f"report --as-of {middle}", report + ["--as-of", middle])
as_of_late = timed(f"report --as-of {before_last}", report + ["--as-of", before_last])
as_of_now = timed("report --as-of now", report + ["--as-of", now()])

print(f"{count:,} readings after the changes; {history:,} history entries "
      f"(the import and {changes:,} changes); median of {runs} runs after a warm-up:\n")
print("| what | median | range | changes reverted |")
print("|---|---|---|---|")
for what, figure, reverted in [
    ("`report --period monthly --format csv` (now)", plain, "0"),
    ("the same `--as-of` the instant between the halves", as_of_middle, f"{changes // 2:,}"),
    ("the same `--as-of` before the last 1,000 changes", as_of_late, "1,000"),
    ("the same `--as-of` now", as_of_now, "0"),
]:
    median, low, high = figure
    print(f"| {what} | {median * 1000:.0f} ms | {low * 1000:.0f}-{high * 1000:.0f} ms "
          f"| {reverted} |")
print(f"\nMaking the second half's {changes // 2:,} changes (one REPL script, one write each): "
      f"{second_half:.1f} s. The report as of the instant between the halves is the bytes of "
      f"the report taken then (checked).")
