#!/usr/bin/env python3
"""Issue 13's figures: tally on PostgreSQL against psql, side by side, and a load test.

Usage: python3 Benchmarks/postgres.py TALLY_BIN [RUNS]   (from the package root;
       LOAD_ONLY=1 runs the load test alone)

Starts a throwaway cluster with Tests/postgres/cluster.sh (loopback only), generates
gen_readings.py's 1,000,000 rows (seed 42), then, RUNS rounds each after one warm-up:
  - import: `tally import` into an empty project of a new database, against psql's `\\copy`
    of the same file into a plain three-column table of another new database; and, for the
    floor, psql's `\\copy` of the same rows as tally stores them into a table with tally's
    columns and indexes, in the file's order and sorted by time; all checked (count and sum of
    the amounts) before any time counts; peak memory of the tally client;
  - the other paths, once each: the same file again, again through a pipe, import undo, undo;
  - monthly report: `tally report --period monthly --format csv` of the million readings,
    against psql's GROUP BY of the plain table by month; the two answers compared per month.
Then the load test, bounded in count and time: 8 clients each add 500 readings, one process
at a time per client, while a ninth imports 100,000 rows and a tenth reports in a loop until
the writers are done. Afterwards every reading must be there, no client may have printed an
error or exited non-zero, and the server's count of rolled-back transactions tells how many
were retried. Prints Markdown for BENCHMARKS.md.
"""
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.getcwd()
TALLY = os.path.abspath(sys.argv[1])
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
ENV = dict(os.environ, TZ="UTC", LC_ALL="C.UTF-8")
DEADLINE = time.monotonic() + 1800  # the whole script stops after half an hour


def run(argv, env=None, check=True, timeout=600):
    """Runs argv; returns (seconds, peak MB, stdout, stderr)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env or ENV)
    out, err = process.communicate(timeout=min(timeout, max(1, DEADLINE - time.monotonic())))
    elapsed = time.perf_counter() - start
    if check and process.returncode != 0:
        sys.exit(f"{shlex.join(argv)} exited {process.returncode}: {err.decode(errors='replace')}")
    return elapsed, out.decode(), err.decode(), process.returncode


def timed(argv, env=None):
    """Wall time and peak resident memory (MB) of one run."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env or ENV)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    err = process.stderr.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{shlex.join(argv)} failed: {err}")
    return elapsed, usage.ru_maxrss / 1024


def main():
    work = tempfile.mkdtemp(prefix="tally-pg-bench-")
    os.chmod(work, 0o755)  # the server runs as another user, in a folder inside this one
    cluster = os.path.join(work, "cluster")
    port = "5" + str(5000 + os.getpid() % 4000)
    url = subprocess.check_output(
        [os.path.join(ROOT, "Tests/postgres/cluster.sh"), "start", cluster, port], text=True
    ).strip()
    base = url.rsplit("/", 1)[0]
    try:
        bench(work, base)
    finally:
        subprocess.run([os.path.join(ROOT, "Tests/postgres/cluster.sh"), "stop", cluster])
        subprocess.run(["rm", "-rf", work])


def psql(database, sql):
    return subprocess.check_output(
        ["psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", database, "-c", sql], text=True, env=ENV
    ).strip()


counter = [0]


def new_database(base):
    counter[0] += 1
    name = f"bench_{os.getpid()}_{counter[0]}"
    psql(base + "/tally_test", f"CREATE DATABASE {name}")
    return f"{base}/{name}"


def bench(work, base):
    readings = os.path.join(work, "readings.csv")
    subprocess.check_call(
        [sys.executable, os.path.join(ROOT, "Benchmarks/gen_readings.py"), "1000000", "42", readings],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if os.environ.get("LOAD_ONLY"):  # while working on the load test alone
        load_test(work, base, readings)
        return
    figures = "SELECT count(*), round(sum(amount)::numeric, 2)"

    def tally_import():
        db = new_database(base)
        run([TALLY, "--db", db, "project", "add", "Readings", "--frequency", "daily"])
        return db, [TALLY, "--db", db, "import", readings, "--project", "Readings"]

    def psql_copy():
        db = new_database(base)
        psql(db, "CREATE TABLE t (date TEXT, amount DOUBLE PRECISION, note TEXT)")
        return db, ["psql", "-X", "-q", db, "-c", f"\\copy t FROM '{readings}' CSV HEADER"]

    # Check once, then time.
    ref_db, argv = psql_copy()
    run(argv)
    expected = psql(ref_db, f"{figures} FROM t")
    tally_db, argv = tally_import()
    run(argv)
    got = psql(tally_db, f"{figures} FROM reading")
    if got != expected:
        sys.exit(f"tally stored {got}, psql {expected}")

    # The floor: the same rows, as tally stores them, copied by psql into a table with
    # tally's columns and indexes, in the file's order and sorted by time (prepared untimed).
    in_file_order = os.path.join(work, "readings-file-order.tsv")
    in_time_order = os.path.join(work, "readings-time-order.tsv")
    as_stored = ("SELECT 1, amount, (extract(epoch FROM date::timestamptz) * 1000000)::bigint "
                 "AS timestamp, note, 1 FROM t")
    psql(ref_db, f"\\copy ({as_stored}) TO '{in_file_order}'")
    psql(ref_db, f"\\copy ({as_stored} ORDER BY 3) TO '{in_time_order}'")

    def psql_copy_indexed(rows):
        db = new_database(base)
        psql(db, "CREATE TABLE r (id BIGSERIAL PRIMARY KEY, project_id BIGINT NOT NULL, "
                 "amount DOUBLE PRECISION NOT NULL, timestamp BIGINT NOT NULL, note TEXT, "
                 "batch_id BIGINT, is_reset BOOLEAN NOT NULL DEFAULT FALSE, edited_by TEXT)")
        psql(db, "CREATE INDEX ON r (project_id, timestamp, amount)")
        psql(db, "CREATE INDEX ON r (project_id, timestamp) WHERE is_reset")
        return db, ["psql", "-X", "-q", db, "-c",
                    f"\\copy r (project_id, amount, timestamp, note, batch_id) FROM '{rows}'"]

    for rows in (in_file_order, in_time_order):
        db, argv = psql_copy_indexed(rows)
        run(argv)
        copied = psql(db, f"{figures} FROM r")
        if copied != expected:
            sys.exit(f"psql copied {copied} into the indexed table, expected {expected}")

    rows_timed = [
        ("psql \\copy into a plain table (the reference)", psql_copy),
        ("psql \\copy of the rows as stored into a table with tally's indexes, file order",
         lambda: psql_copy_indexed(in_file_order)),
        ("the same, rows sorted by time beforehand (PostgreSQL's floor for this table)",
         lambda: psql_copy_indexed(in_time_order)),
        ("tally import (new project)", tally_import),
    ]
    times = {label: [] for label, _ in rows_timed}
    memory = []
    for round_ in range(RUNS + 1):
        for label, prepare in rows_timed:
            _, argv = prepare()
            elapsed, peak = timed(argv)
            if round_ > 0:
                times[label].append(elapsed)
                if prepare is tally_import:
                    memory.append(peak)
    print("### Import of 1,000,000 rows (`Benchmarks/postgres.py`)\n")
    print("| command | median s | fastest | slowest | ratio | peak MB (client) |")
    print("|---|---|---|---|---|---|")
    base_median = statistics.median(times[rows_timed[0][0]])
    for label, prepare in rows_timed:
        values = times[label]
        peak = max(memory) if prepare is tally_import else None
        median = statistics.median(values)
        print(f"| {label} | {median:.2f} | {min(values):.2f} | {max(values):.2f} | "
              f"{median / base_median:.2f}x | {'' if peak is None else f'{peak:.0f}'} |")

    # The other paths of a million rows, once each on a database of their own (the report below
    # is timed on one that a first import left), in the order a user meets them: the same file
    # again (all duplicates), from a file and from a pipe (staged first), the import taken out,
    # and brought back; each checked by the stored count.
    paths_db, argv = tally_import()
    run(argv)
    count = "SELECT count(*) FROM reading"
    paths = [
        ("tally import again (all duplicates)",
         [TALLY, "--db", paths_db, "import", readings, "--project", "Readings"], "1000000"),
        ("tally import again from a pipe (staged first)",
         ["sh", "-c", f"cat {shlex.quote(readings)} | {shlex.quote(TALLY)} --db "
                      f"{shlex.quote(paths_db)} import - --project Readings"], "1000000"),
        ("tally import undo 1", [TALLY, "--db", paths_db, "import", "undo", "1"], "0"),
        ("tally undo (brings the import back)", [TALLY, "--db", paths_db, "undo"], "1000000"),
    ]
    print("\n### The other paths of the 1,000,000 rows, once each, in turn\n")
    print("| command | s | ratio to the reference's median | peak MB (client) |")
    print("|---|---|---|---|")
    for label, argv, stored in paths:
        elapsed, peak = timed(argv)
        if psql(paths_db, count) != stored:
            sys.exit(f"{label}: {psql(paths_db, count)} readings stored, expected {stored}")
        print(f"| {label} | {elapsed:.2f} | {elapsed / base_median:.2f}x | {peak:.0f} |")

    # The monthly report over the database checked above.
    report = [TALLY, "--db", tally_db, "report", "Readings", "--period", "monthly", "--format", "csv"]
    group = ["psql", "-X", "-q", "-t", "-A", "-F", ",", ref_db, "-c",
             "SELECT to_char(date::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM'), count(*), "
             "round(sum(amount)::numeric, 2) FROM t GROUP BY 1 ORDER BY 1"]
    _, out, _, _ = run(report)
    ours = {}
    for line in out.splitlines()[1:]:
        fields = line.split(",")
        ours[fields[1]] = (int(fields[2]), round(float(fields[3]), 2))
    _, out, _, _ = run(group)
    theirs = {}
    for line in out.splitlines():
        month, count, total = line.split(",")
        theirs[month] = (int(count), round(float(total), 2))
    if ours != theirs:
        diff = [m for m in set(ours) | set(theirs) if ours.get(m) != theirs.get(m)][:3]
        sys.exit(f"monthly reports differ, e.g. {[(m, ours.get(m), theirs.get(m)) for m in diff]}")
    report_times, group_times, report_memory = [], [], []
    for round_ in range(RUNS + 1):
        g, _ = timed(group)
        r, peak = timed(report)
        if round_ > 0:
            group_times.append(g)
            report_times.append(r)
            report_memory.append(peak)
    print(f"\n### Monthly report of the 1,000,000 readings ({len(ours)} months, both agree)\n")
    print("| command | median s | fastest | slowest | ratio | peak MB (client) |")
    print("|---|---|---|---|---|---|")
    gm = statistics.median(group_times)
    for label, values, peak in [("psql GROUP BY month", group_times, None),
                                ("tally report --period monthly --format csv", report_times,
                                 max(report_memory))]:
        median = statistics.median(values)
        print(f"| {label} | {median:.3f} | {min(values):.3f} | {max(values):.3f} | "
              f"{median / gm:.2f}x | {'' if peak is None else f'{peak:.0f}'} |")
    load_test(work, base, readings)


def load_test(work, base, readings):
    db = new_database(base)
    run([TALLY, "--db", db, "project", "add", "Shared", "--frequency", "daily"])
    run([TALLY, "--db", db, "project", "add", "Bulk", "--frequency", "daily"])
    bulk = os.path.join(work, "bulk.csv")
    with open(readings) as source, open(bulk, "w") as target:
        for index, line in enumerate(source):
            if index > 100_000:
                break
            target.write(line)
    rollbacks_before = int(psql(db, "SELECT xact_rollback FROM pg_stat_database WHERE datname = current_database()"))
    errors = []
    writers_done = threading.Event()
    lock = threading.Lock()

    def writer(client):
        env = dict(ENV, TALLY_USER=f"client{client}")
        for index in range(500):
            _, _, err, code = run([TALLY, "--db", db, "item", "add", "Shared", str(client * 1000 + index)],
                                  env=env, check=False, timeout=120)
            if code != 0 or "Error" in err:
                with lock:
                    errors.append(f"client {client}: {err.strip()}")

    def importer():
        _, _, err, code = run([TALLY, "--db", db, "import", bulk, "--project", "Bulk"], check=False)
        if code != 0:
            with lock:
                errors.append(f"importer: {err.strip()}")

    reports = [0]

    def reporter():
        while not writers_done.is_set() and time.monotonic() < DEADLINE:
            _, _, err, code = run([TALLY, "--db", db, "report", "--all", "--period", "monthly"], check=False)
            reports[0] += 1
            if code != 0:
                with lock:
                    errors.append(f"reporter: {err.strip()}")

    start = time.perf_counter()
    writers = [threading.Thread(target=writer, args=(client,)) for client in range(8)]
    others = [threading.Thread(target=importer), threading.Thread(target=reporter)]
    for thread in writers + others:
        thread.start()
    for thread in writers:
        thread.join()
    elapsed = time.perf_counter() - start
    writers_done.set()
    for thread in others:
        thread.join()
    rollbacks = int(psql(db, "SELECT xact_rollback FROM pg_stat_database WHERE datname = current_database()")) - rollbacks_before
    shared = int(psql(db, "SELECT count(DISTINCT amount) FROM reading r JOIN project p ON p.id = r.project_id WHERE p.title = 'Shared'"))
    imported = int(psql(db, "SELECT count(*) FROM reading r JOIN project p ON p.id = r.project_id WHERE p.title = 'Bulk'"))
    print("\n### Load test: 8 clients × 500 readings, one import of 100,000 rows, a report loop\n")
    print(f"- every added reading present: {shared} of 4000 distinct amounts; imported rows: {imported} of 100000")
    print(f"- errors shown to any client: {len(errors)}"
          + (f" (first: {errors[0]}; last: {errors[-1]})" if errors else ""))
    print(f"- transactions rolled back by the server (retried, or ended by a failure): {rollbacks}")
    print(f"- writers' wall time {elapsed:.1f} s: {4000 / elapsed:.0f} readings added per second, "
          f"each by a process of its own; {reports[0]} monthly reports meanwhile")
    if errors or shared != 4000 or imported != 100_000:
        sys.exit("the load test lost data or showed an error")


if __name__ == "__main__":
    main()
