#!/usr/bin/env python3
"""Issue 13's figures: tally on PostgreSQL against psql, side by side, and a load test.

Usage: python3 Benchmarks/postgres.py TALLY_BIN [RUNS]   (from the package root;
       LOAD_ONLY=1 runs the load tests alone, IMPORT_ONLY=1 the import table alone,
       REPORT_ONLY=1 the monthly report alone; ROWS=N YEARS=Y for another file than
       1,000,000 rows over 30 years)

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
Then the load test with access (3 roles, 2 shared projects and a private one, the server
restarted once; see team_load_test), and the load test, bounded in count and time: 8 clients each add 500 readings, one process
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
ROWS = int(os.environ.get("ROWS", "1000000"))
YEARS = os.environ.get("YEARS")
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
        bench(work, base, cluster)
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


def bench(work, base, cluster):
    readings = os.path.join(work, "readings.csv")
    subprocess.check_call(
        [sys.executable, os.path.join(ROOT, "Benchmarks/gen_readings.py"), str(ROWS), "42", readings]
        + ([YEARS] if YEARS else []),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if os.environ.get("LOAD_ONLY"):  # while working on the load tests alone
        team_load_test(base, cluster)
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

    make_roles(base, ["ana"])

    def tally_import_member():
        # A database set up for a team; ana, bound by the policies, imports into her project.
        db = new_database(base)
        run([TALLY, "--db", db, "team", "setup", "--member", "ana"])
        run([TALLY, "--db", person_url(db, "ana"), "project", "add", "Readings", "--frequency", "daily"])
        return db, [TALLY, "--db", person_url(db, "ana"), "import", readings, "--project", "Readings"]

    # Check once, then time.
    ref_db, argv = psql_copy()
    run(argv)
    expected = psql(ref_db, f"{figures} FROM t")
    tally_db, argv = tally_import()
    run(argv)
    got = psql(tally_db, f"{figures} FROM reading")
    if got != expected:
        sys.exit(f"tally stored {got}, psql {expected}")
    if os.environ.get("REPORT_ONLY"):
        monthly_report(ref_db, tally_db, base)
        return
    member_db, argv = tally_import_member()
    run(argv)
    got = psql(member_db, f"{figures} FROM reading")
    if got != expected:
        sys.exit(f"tally stored {got} as a team member, psql {expected}")

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
        ("tally import (new project) as a team member: policies on, staged, no straight COPY",
         tally_import_member),
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

    if os.environ.get("IMPORT_ONLY"):  # the import table alone, for a rerun on a quiet machine
        return

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

    monthly_report(ref_db, tally_db, base)
    team_load_test(base, cluster)
    load_test(work, base, readings)


def monthly_report(ref_db, tally_db, base):
    """The monthly report of tally_db's readings against psql's GROUP BY of ref_db's, checked
    month by month, then timed side by side; also as a team member given --read."""
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
    # The same report as ana, whom the policies bind, given read access; the administrator (a
    # superuser) sees past them, as if row-level security were off.
    run([TALLY, "--db", tally_db, "team", "setup", "--member", "ana"])
    run([TALLY, "--db", tally_db, "share", "Readings", "ana", "--read"])
    member_report = [TALLY, "--db", person_url(tally_db, "ana")] + report[3:]
    _, member_out, _, _ = run(member_report)
    _, admin_out, _, _ = run(report)
    if member_out != admin_out:
        sys.exit("the report as a team member differs from the administrator's")
    report_times, group_times, report_memory, member_times = [], [], [], []
    for round_ in range(RUNS + 1):
        g, _ = timed(group)
        r, peak = timed(report)
        m, _ = timed(member_report)
        if round_ > 0:
            group_times.append(g)
            report_times.append(r)
            report_memory.append(peak)
            member_times.append(m)
    print(f"\n### Monthly report of the {ROWS:,} readings ({len(ours)} months, both agree)\n")
    print("| command | median s | fastest | slowest | ratio | peak MB (client) |")
    print("|---|---|---|---|---|---|")
    gm = statistics.median(group_times)
    for label, values, peak in [("psql GROUP BY month", group_times, None),
                                ("tally report --period monthly --format csv, as the "
                                 "administrator (row-level security bypassed)", report_times,
                                 max(report_memory)),
                                ("the same as a team member given --read (policies on)",
                                 member_times, None)]:
        median = statistics.median(values)
        print(f"| {label} | {median:.3f} | {min(values):.3f} | {max(values):.3f} | "
              f"{median / gm:.2f}x | {'' if peak is None else f'{peak:.0f}'} |")
    print(f"\nThe policies' cost: {statistics.median(member_times) / statistics.median(report_times):.2f}x "
          "the same report with row-level security bypassed.")


PASSWORD = "tally-test-password"


def person_url(db, role):
    """The URL of database `db` (the administrator's URL) as the login role `role`."""
    rest = db.split("@", 1)[1]
    return f"postgresql://{role}:{PASSWORD}@{rest}"


def make_roles(base, roles):
    for role in roles:
        psql(base + "/tally_test",
             f"DO $$ BEGIN CREATE ROLE {role} LOGIN PASSWORD '{PASSWORD}'; "
             "EXCEPTION WHEN duplicate_object THEN NULL; END $$")


def team_load_test(base, cluster):
    """8 clients as 3 roles on 2 shared projects and 1 private one, 50 changes each, the
    server restarted once in the middle: every change is saved and reported saved, or not
    saved and reported so; no client hangs; nobody sees or changes a row outside their access.
    """
    roles = ["ana", "bob", "cyd"]
    make_roles(base, roles)
    db = new_database(base)
    run([TALLY, "--db", db, "team", "setup", "--group", "load_team"]
        + [w for role in roles for w in ("--member", role)])
    urls = {role: person_url(db, role) for role in roles}
    # A: ana's, bob writes. B: bob's, ana writes, cyd reads. C: cyd's alone.
    run([TALLY, "--db", urls["ana"], "project", "add", "A", "--frequency", "daily"])
    run([TALLY, "--db", urls["bob"], "project", "add", "B", "--frequency", "daily"])
    run([TALLY, "--db", urls["cyd"], "project", "add", "C", "--frequency", "daily"])
    run([TALLY, "--db", urls["ana"], "share", "A", "bob", "--write"])
    run([TALLY, "--db", urls["bob"], "share", "B", "ana", "--write"])
    run([TALLY, "--db", urls["bob"], "share", "B", "cyd", "--read"])
    may_write = {"ana": ["A", "B"], "bob": ["A", "B"], "cyd": ["C", "B"]}  # cyd's B: refused
    clients = [("ana", 0), ("ana", 1), ("ana", 2), ("bob", 3), ("bob", 4), ("bob", 5),
               ("cyd", 6), ("cyd", 7)]
    outcomes = []  # (role, project, amount, "saved" | "not saved" | "unknown" | "refused")
    hangs = []
    lock = threading.Lock()

    def client(role, number):
        for index in range(50):
            project = may_write[role][index % 2]
            amount = number * 1000 + index
            start = time.monotonic()
            try:
                _, _, err, code = run([TALLY, "--db", urls[role], "item", "add", project, str(amount)],
                                      check=False, timeout=60)
            except subprocess.TimeoutExpired:
                with lock:
                    hangs.append((role, project, amount))
                continue
            took = time.monotonic() - start
            if code == 0 or "it was saved, but then" in err:
                outcome = "saved"
            elif "may read" in err or "no project titled" in err:
                outcome = "refused"
            elif "cannot tell whether" in err:
                outcome = "unknown"
            else:
                outcome = "not saved"
            with lock:
                outcomes.append((role, project, amount, outcome, took, err.strip()))

    bin_dir = sorted(
        d for d in (os.path.join("/usr/lib/postgresql", v, "bin") for v in os.listdir("/usr/lib/postgresql"))
        if os.path.isdir(d))[-1]
    threads = [threading.Thread(target=client, args=c) for c in clients]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(4)
    restart_at = time.perf_counter() - start
    owner = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
    subprocess.run(owner + [os.path.join(bin_dir, "pg_ctl"), "-D", os.path.join(cluster, "data"),
                            "-m", "fast", "-w", "restart"], check=True, stdout=subprocess.DEVNULL)
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    stored = {}
    for line in psql(db, "SELECT p.title, r.amount FROM reading r JOIN project p ON p.id = r.project_id").splitlines():
        title, amount = line.split("|")
        stored.setdefault(title, set()).add(int(float(amount)))
    wrong = []
    counts = {}
    for role, project, amount, outcome, took, err in outcomes:
        counts[outcome] = counts.get(outcome, 0) + 1
        present = amount in stored.get(project, set())
        if outcome == "saved" and not present or outcome in ("not saved", "refused") and present:
            wrong.append((role, project, amount, outcome, err))
    # What each role sees, through tally and through SQL.
    sees = {"ana": {"A", "B"}, "bob": {"A", "B"}, "cyd": {"B", "C"}}
    leaks = []
    for role in roles:
        _, out, _, _ = run([TALLY, "--db", urls[role], "project", "list", "--format", "csv"])
        titles = {line.split(",")[0] for line in out.splitlines()[1:]}
        seen = set(psql(urls[role], "SELECT DISTINCT p.title FROM reading r JOIN project p ON p.id = r.project_id").split())
        if titles != sees[role] or not seen <= sees[role]:
            leaks.append((role, sorted(titles), sorted(seen)))
    slowest = max(took for *_, took, _ in outcomes) if outcomes else 0
    print("\n### Load test with access: 8 clients as 3 roles, 2 shared projects and 1 private, "
          "50 changes each, the server restarted once\n")
    print(f"- outcomes: {', '.join(f'{k} {v}' for k, v in sorted(counts.items()))} "
          f"(of {len(clients) * 50}; cyd's changes to B are refused: cyd may only read it)")
    print(f"- reported outcome differing from what the database holds: {len(wrong)}"
          + (f" (first: {wrong[0]})" if wrong else ""))
    print(f"- hangs (a process over 60 s): {len(hangs)}; slowest process {slowest:.1f} s; "
          f"server restarted {restart_at:.1f} s in; all done in {elapsed:.1f} s")
    print(f"- roles that saw a project outside their access (tally or SQL): {len(leaks)}"
          + (f" ({leaks})" if leaks else ""))
    if wrong or hangs or leaks or counts.get("unknown", 0) > 8:
        sys.exit("the load test with access found a wrong outcome, a hang or a leak")


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
        env = ENV
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
