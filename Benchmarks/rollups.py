#!/usr/bin/env python3
"""Issue 26's figures: what a report, a screen and a write cost at 10M readings, with the
rollups, side by side with sqlite3 in one run (stdlib only; needs sqlite3 and python3).

Usage: python3 Benchmarks/rollups.py TALLY_BIN [RUNS]   (from the package root)
       ROWS=1000000 ... for a smaller run; WORK=DIR keeps the databases in DIR.

One project of ROWS (10,000,000) readings over 10 years (gen_readings.py, seed 42):
  - first import into an empty project against sqlite3's `.import` of the same file into a
    plain three-column table; peak memory; the re-import of the same file (adds nothing);
  - the monthly CSV report (whole process) against sqlite3's GROUP BY over the same readings,
    checked period by period (counts equal, sums, min, max, mean within 1e-12) first;
  - `tally item add` with 100,000 journal entries;
  - the migration that sums the rollups of a database that has none (the same 10M readings);
  - the REPL in a pseudo-terminal (repl_timing.py): first prompts and screen changes.
100 projects of ROWS/100 readings each:
  - `report --all --period monthly --format csv` and `project list --format csv`, whole
    processes, and the REPL's home screen first prompt.
Every timed figure is the median of RUNS (5) runs after a warm-up run.
"""
import csv
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

tally = os.path.abspath(sys.argv[1])
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
rows = int(os.environ.get("ROWS", "10000000"))
root = os.getcwd()
work = os.environ.get("WORK") or tempfile.mkdtemp(prefix="tally-rollups-")
os.makedirs(work, exist_ok=True)
env = dict(os.environ, TZ="UTC", NO_COLOR="1")
env.pop("TALLY_DB", None)


def path(name):
    return os.path.join(work, name)


def run(argv, db=None, check=True, **kwargs):
    """Runs a command to the end; returns (seconds, peak MB, stdout)."""
    command_env = dict(env, **({"TALLY_DB": db} if db else {}))
    start = time.perf_counter()
    process = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=command_env, **kwargs)
    out, err = process.communicate()
    elapsed = time.perf_counter() - start
    if check and process.returncode != 0:
        sys.exit(f"{' '.join(argv)} exited {process.returncode}: {err.decode(errors='replace')}")
    # ru_maxrss of the children so far is a running maximum: read it per command below.
    return elapsed, out.decode(errors="replace")


def peak_mb(argv, db=None):
    """The peak resident memory of one run of `argv`, in MB."""
    command_env = dict(env, **({"TALLY_DB": db} if db else {}))
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=command_env)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed")
    return usage.ru_maxrss / 1024


def remove(db):
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)


def timed(label, argv, db=None, setup=None):
    """Median seconds of `runs` runs after a warm-up, each after `setup()` (not timed)."""
    times = []
    for index in range(runs + 1):
        if setup:
            setup()
        elapsed, _ = run(argv, db)
        if index > 0:
            times.append(elapsed)
    figure = statistics.median(times)
    sys.stderr.write(f"{label}: {figure:.3f} s ({min(times):.3f}-{max(times):.3f})\n")
    return figure, min(times), max(times)


results = []


def row(what, tally_figure, reference_label=None, reference_figure=None, note=""):
    median, low, high = tally_figure
    ratio = f"{median / reference_figure[0]:.3f}x" if reference_figure else ""
    reference = (f"{reference_label}: {reference_figure[0] * 1000:.1f} ms"
                 if reference_figure else "")
    results.append(f"| {what} | {median * 1000:.1f} ms | {low * 1000:.1f}-{high * 1000:.1f} ms "
                   f"| {reference} | {ratio} | {note} |")


def sqlite(db, sql):
    return subprocess.run(["sqlite3", "-csv", db, sql], capture_output=True, check=True,
                          text=True).stdout


def compare_reports(tally_csv, reference_csv, what):
    ours = list(csv.reader(tally_csv.splitlines()))[1:]
    theirs = list(csv.reader(reference_csv.splitlines()))
    if len(ours) != len(theirs):
        sys.exit(f"{what}: {len(ours)} periods, the reference {len(theirs)}")
    for mine, reference in zip(ours, theirs):
        if mine[1] != reference[1] or int(mine[2]) != int(reference[2]):
            sys.exit(f"{what}: {mine[:3]} against {reference[:3]}")
        for column in range(3, 7):
            a, b = float(mine[column]), float(reference[column])
            if abs(a - b) > 1e-12 * max(abs(a), abs(b), 1):
                sys.exit(f"{what}: period {mine[1]} column {column}: {a} against {b}")


# --- One project of ROWS readings over 10 years. ---
readings = path("ten-years.csv")
if not os.path.exists(readings):
    # Written under another name first: a run stopped midway leaves no short file behind.
    subprocess.run([sys.executable, f"{root}/Benchmarks/gen_readings.py", str(rows), "42",
                    readings + ".part", "10"], check=True)
    os.rename(readings + ".part", readings)
template = path("template.sqlite")
remove(template)
run([tally, "project", "add", "Readings", "--frequency", "monthly"], template)
one = path("one.sqlite")


def fresh_one():
    remove(one)
    shutil.copy(template, one)


def fresh_reference():
    remove(path("reference.sqlite"))


reference_import = ["sqlite3", path("reference.sqlite"), "CREATE TABLE t(date TEXT, amount REAL, note TEXT)",
                    f".import --csv --skip 1 {readings} t"]
import_command = [tally, "import", readings, "--project", "Readings"]
# Checked first: the import stores the reference's count and sum.
fresh_one()
run(import_command, one)
fresh_reference()
run(reference_import)
figures = "SELECT COUNT(*), printf('%.2f', SUM(amount)), MIN(amount), MAX(amount)"
if sqlite(one, figures + " FROM reading") != sqlite(path("reference.sqlite"), figures + " FROM t"):
    sys.exit("the import does not store the reference's count, sum, min and max")
reference_figure = timed("sqlite3 .import", reference_import, setup=fresh_reference)
import_figure = timed("tally import", import_command, one, setup=fresh_one)
fresh_one()
memory = peak_mb(import_command, one)
row(f"first import of {rows:,} rows", import_figure, "sqlite3 `.import`", reference_figure,
    f"peak {memory:.0f} MB")
reimport = timed("tally re-import", import_command, one)
row("the same file again (adds nothing)", reimport, "the first import", import_figure)

group_by = ("SELECT 'Readings', strftime('%Y-%m', timestamp / 1000000, 'unixepoch') AS period, "
            "COUNT(*), SUM(amount), MIN(amount), MAX(amount), AVG(amount) FROM reading "
            "WHERE project_id = 1 GROUP BY period ORDER BY period")
report = [tally, "report", "Readings", "--period", "monthly", "--format", "csv"]
compare_reports(run(report, one)[1], sqlite(one, group_by), "monthly report")
reference_report = timed("sqlite3 GROUP BY", ["sqlite3", "-csv", one, group_by])
report_figure = timed("tally report monthly csv", report, one)
row(f"monthly CSV report of {rows:,} readings", report_figure, "sqlite3 `GROUP BY`",
    reference_report, "output checked against the reference")

# 100,000 journal entries (copies of the import's), then one reading added.
sqlite(one, """
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
    INSERT INTO journal (at, description, change, undone)
    SELECT j.at, j.description, j.change, 1 FROM n, (SELECT * FROM journal LIMIT 1) j""")
add = timed("tally item add", [tally, "item", "add", "Readings", "1", "--at", "2024-06-01"], one)
row(f"`item add` at {rows:,} readings and 100,000 journal entries", add)

# The migration: the same readings without rollups, as an older tally left them.
old = path("old.sqlite")


def older():
    remove(old)
    shutil.copy(one, old)
    sqlite(old, "DROP TABLE reading_quarter; DROP TABLE reading_day; DROP TABLE reading_week; "
                "DELETE FROM grdb_migrations WHERE identifier = 'v8 rollups'")


saved_runs = runs
runs = 3
migration = timed("migration", [tally, "project", "list"], old, setup=older)
runs = saved_runs
row(f"migration summing the rollups of {rows:,} readings (median of 3)", migration)
checked = run([tally, "check"], old, check=False)[1]
if "rollups" in checked or "counter" in checked:
    sys.exit(f"tally check finds the migrated database wrong: {checked}")

# The REPL.
repl = subprocess.run(
    [sys.executable, f"{root}/Benchmarks/repl_timing.py", tally, str(runs)],
    env=dict(env, TALLY_DB=one, READINGS=f"{rows:,}", XDG_STATE_HOME=path("state")),
    capture_output=True, text=True, check=True).stdout

# --- 100 projects of ROWS/100 readings each. ---
many = path("many.sqlite")
part = path("part.csv")
if not os.path.exists(many):
    with open(readings) as source, open(part, "w") as target:
        for index, line in enumerate(source):
            if index > rows // 100:
                break
            target.write(line)
    for index in range(100):
        run([tally, "import", part, "--project", f"P{index:03}", "--create", "--frequency",
             "monthly"], many)
report_all = [tally, "report", "--all", "--period", "monthly", "--format", "csv"]
row("`report --all` monthly CSV, 100 projects", timed("report --all", report_all, many))
row("`project list --format csv`, 100 projects",
    timed("project list", [tally, "project", "list", "--format", "csv"], many))
home = subprocess.run(
    [sys.executable, f"{root}/Benchmarks/repl_timing.py", tally, str(runs)],
    env=dict(env, TALLY_DB=many, HOME_ONLY="1", XDG_STATE_HOME=path("state-many")),
    capture_output=True, text=True, check=True).stdout

print(f"Rows: {rows:,}; runs: median of {runs} after a warm-up; TZ=UTC; release build.\n")
print("| what | tally median | range | reference | ratio | note |")
print("|:---|---:|---:|:---|---:|:---|")
for line in results:
    print(line)
print()
print(repl)
print("\n100 projects:\n")
print(home)
