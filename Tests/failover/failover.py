#!/usr/bin/env python3
"""tally through a failover: a primary and a streaming standby on loopback, tally writing one
reading per command through a two-host URL with target_session_attrs=read-write, the primary
stopped and the standby promoted while it writes.

Checks that every change tally reported saved is on the new primary, that none is there twice,
that none it reported not saved is there, and that tally writes again within 15 seconds of the
promotion. Prints the figures.

    python3 Tests/failover/failover.py TALLY_BIN

Needs Debian's postgresql package; run as root, the servers run as the postgres user.
"""
import glob
import os
import random
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time

RECONNECT_LIMIT = 15.0
BEFORE_STOP = 15  # saved writes before the primary is stopped
AFTER_PROMOTION = 10  # saved writes after the promotion that end the run


def server_bin():
    folders = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
    if not folders:
        sys.exit("PostgreSQL's server is not installed: apt-get install postgresql")
    return folders[-1]


BIN = server_bin()


def as_owner(arguments, **options):
    if os.getuid() == 0:
        arguments = ["runuser", "-u", "postgres", "--"] + arguments
    return subprocess.run(arguments, check=True, capture_output=True, text=True, **options)


def start(data, port, folder):
    as_owner([
        f"{BIN}/pg_ctl", "-D", data, "-l", f"{data}.log", "-w", "-t", "60",
        "-o", f"-c listen_addresses=127.0.0.1 -p {port} -k {folder}", "start",
    ])


def psql(port, sql):
    result = subprocess.run(
        ["psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p",
         str(port), "-U", "tally", "-d", "tally_failover", "-c", sql],
        check=True, capture_output=True, text=True)
    return result.stdout


class Writer(threading.Thread):
    """Adds readings one command at a time, each with a note of its own, and keeps what each
    command said."""

    def __init__(self, tally, environment):
        super().__init__(daemon=True)
        self.tally, self.environment = tally, environment
        self.results = []  # (number, status, stderr, started, ended)
        self.promoted_at = None
        self.stop_requested = False
        self.lock = threading.Lock()

    def saved_since(self, moment):
        with self.lock:
            return sum(1 for r in self.results if r[1] == 0 and r[3] >= moment)

    def run(self):
        number = 0
        while not self.stop_requested:
            number += 1
            started = time.monotonic()
            result = subprocess.run(
                [self.tally, "item", "add", "Miles", "1", "--note", f"w{number}"],
                env=self.environment, capture_output=True, text=True, timeout=120)
            ended = time.monotonic()
            with self.lock:
                self.results.append((number, result.returncode, result.stderr, started, ended))


class ReplWriter(Writer):
    """Adds readings through one REPL that stays open across the failover, so that the
    connection it keeps breaks under it, mid-change for some."""

    def run(self):
        process = subprocess.Popen([self.tally, "repl"], env=self.environment,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        number = 0
        while not self.stop_requested:
            number += 1
            started = time.monotonic()
            process.stdin.write(f"item add Miles 1 --note r{number}\n".encode())
            process.stdin.flush()
            said, errors = b"", b""
            while time.monotonic() - started < 120:
                ready, _, _ = select.select([process.stdout, process.stderr], [], [], 0.5)
                for stream in ready:
                    chunk = os.read(stream.fileno(), 65536)
                    if stream is process.stdout:
                        said += chunk
                    else:
                        errors += chunk
                # tally tells what it did, and what it could not do, on standard error; an
                # error names the line of input, and its hint follows on the next line.
                if b"Added reading" in errors:
                    status = 0
                    break
                mark = f"stdin:{number}:".encode()
                if mark in errors and (errors.split(mark, 1)[1].count(b"\n") >= 2 or not ready):
                    status = 1
                    errors = mark + errors.split(mark, 1)[1]
                    break
            else:
                status = 124
            with self.lock:
                self.results.append(
                    (number, status, errors.decode(errors="replace"), started, time.monotonic()))
        process.stdin.close()
        process.wait(timeout=30)


def check(name, mark, writer, stored, stopping, stopped, promoted):
    """What is wrong with what one writer was told, against what the new primary holds;
    prints the writer's figures."""
    problems = []
    outcomes = {"saved": 0, "not saved": 0, "cannot tell": 0}
    for number, status, stderr, _, _ in writer.results:
        note = f"{mark}{number}"
        if status == 0:
            outcomes["saved"] += 1
            if stored.get(note) != 1:
                problems.append(f"{note} was reported saved but is not on the new primary")
        elif "cannot tell whether" in stderr:
            outcomes["cannot tell"] += 1
        else:
            outcomes["not saved"] += 1
            if note in stored:
                problems.append(f"{note} was reported not saved but is stored: {stderr}")
            if "Nothing was changed" not in stderr:
                problems.append(f"{note} failed without saying nothing was changed: {stderr}")
    first_after = min((r[4] for r in writer.results if r[1] == 0 and r[3] >= promoted),
                      default=None)
    if first_after is None:
        problems.append(f"{name}: no write was saved after the promotion")
        reconnect = float("inf")
    else:
        reconnect = first_after - promoted
        if reconnect > RECONNECT_LIMIT:
            problems.append(f"{name}: the first write after the promotion took {reconnect:.1f} s")
    slowest = max((r[4] - r[3] for r in writer.results), default=0)
    print(f"{name}: {len(writer.results)} writes (slowest {slowest:.2f} s): "
          f"{outcomes['saved']} saved, "
          f"{outcomes['not saved']} not saved, {outcomes['cannot tell']} cannot tell; "
          f"first saved write {reconnect:.2f} s after the promotion "
          f"(primary stopped in {stopped - stopping:.2f} s, promoted 1 s later)")
    for number, status, stderr, _, _ in writer.results:
        if status != 0:
            first = (stderr.strip().splitlines() or ["(nothing)"])[0]
            print(f"  {mark}{number} (exit {status}): {first}")
    return problems


def main():
    tally = os.path.abspath(sys.argv[1])
    folder = tempfile.mkdtemp(prefix="tally-failover-")
    os.chmod(folder, 0o777)
    if os.getuid() == 0:
        shutil.chown(folder, "postgres")
    primary_port = 40000 + random.randrange(5000)
    standby_port = primary_port + 1
    primary, standby = f"{folder}/primary", f"{folder}/standby"
    try:
        as_owner([f"{BIN}/initdb", "-D", primary, "-U", "tally", "--auth=trust", "-E", "UTF8",
                  "--locale=C.UTF-8"])
        start(primary, primary_port, folder)
        subprocess.run(["createdb", "-h", "127.0.0.1", "-p", str(primary_port), "-U", "tally",
                        "tally_failover"], check=True)
        as_owner([f"{BIN}/pg_basebackup", "-h", "127.0.0.1", "-p", str(primary_port), "-U",
                  "tally", "-D", standby, "-R", "-X", "stream"])
        start(standby, standby_port, folder)

        url = (f"postgresql://tally@127.0.0.1:{primary_port},127.0.0.1:{standby_port}"
               "/tally_failover?target_session_attrs=read-write&connect_timeout=2")
        environment = dict(os.environ, TALLY_DB=url, TZ="UTC", NO_COLOR="1")
        environment.pop("TALLY_USER", None)
        subprocess.run([tally, "project", "add", "Miles", "--frequency", "daily"],
                       env=environment, check=True, capture_output=True)

        writer = Writer(tally, environment)
        repl = ReplWriter(tally, environment)
        writer.start()
        repl.start()
        while writer.saved_since(0) < BEFORE_STOP or repl.saved_since(0) < BEFORE_STOP:
            time.sleep(0.05)
        stopping = time.monotonic()
        as_owner([f"{BIN}/pg_ctl", "-D", primary, "-m", "fast", "-w", "stop"])
        stopped = time.monotonic()
        time.sleep(1)  # writes meet no primary for a while
        as_owner([f"{BIN}/pg_ctl", "-D", standby, "-w", "promote"])
        promoted = time.monotonic()
        deadline = promoted + 60
        while time.monotonic() < deadline and (
                writer.saved_since(promoted) < AFTER_PROMOTION
                or repl.saved_since(promoted) < AFTER_PROMOTION):
            time.sleep(0.05)
        for each in (writer, repl):
            each.stop_requested = True
        for each in (writer, repl):
            each.join(timeout=180)

        stored = {}
        for line in psql(standby_port, "SELECT note FROM reading").splitlines():
            stored[line] = stored.get(line, 0) + 1
        problems = []
        twice = sorted(note for note, count in stored.items() if count > 1)
        if twice:
            problems.append(f"stored more than once: {', '.join(twice)}")
        written = set()
        for name, mark, each in (("commands", "w", writer), ("REPL", "r", repl)):
            written |= {f"{mark}{r[0]}" for r in each.results}
            problems += check(name, mark, each, stored, stopping, stopped, promoted)
        extra = set(stored) - written
        if extra:
            problems.append(f"stored but never written: {sorted(extra)}")
        if problems:
            print("FAILED:\n  " + "\n  ".join(problems))
            return 1
        print("failover: every saved change is on the new primary, none twice")
        return 0
    finally:
        for data in (primary, standby):
            if os.path.exists(f"{data}/postmaster.pid"):
                subprocess.run((["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else [])
                               + [f"{BIN}/pg_ctl", "-D", data, "-m", "immediate", "stop"],
                               capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
