"""Times the REPL in a pseudo-terminal: process start to first prompt, and each screen change
(from Enter to the next prompt). Prints Markdown tables of medians.

Usage: repl_timing.py TALLY RUNS   (TALLY_DB must hold a project named Readings)
"""

import os
import statistics
import sys
import time

import pexpect

tally, runs = sys.argv[1], int(sys.argv[2])
env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="120")
env["XDG_STATE_HOME"] = os.environ.get("XDG_STATE_HOME", "/tmp/tally-bench-state")


def spawn():
    return pexpect.spawn(tally, env=env, encoding="utf-8", timeout=60, dimensions=(50, 120))


def first_prompt(route):
    """Leaves the REPL on `route`, then times fresh processes until their first prompt."""
    child = spawn()
    child.expect_exact("› ")
    child.sendline(route)
    child.expect_exact("› ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        child = spawn()
        child.expect_exact("› ")
        times.append(time.perf_counter() - start)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    return times


def screen_changes(steps):
    """Times each step, Enter to the next prompt, over `runs` rounds in one session."""
    child = spawn()
    child.expect_exact("› ")
    child.sendline("home")
    child.expect_exact("tally › ")
    times = {line: [] for line, _ in steps}
    for _ in range(runs):
        for line, prompt in steps:
            start = time.perf_counter()
            child.sendline(line)
            child.expect_exact(prompt)
            times[line].append(time.perf_counter() - start)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    return times


def ms(values):
    return f"{statistics.median(values) * 1000:.1f} ms"


def spread(values):
    return f"{min(values) * 1000:.1f}-{max(values) * 1000:.1f} ms"


reference = []
for _ in range(runs):
    start = time.perf_counter()
    child = pexpect.spawn(tally, ["--version"], env=env, encoding="utf-8")
    child.expect(pexpect.EOF)
    reference.append(time.perf_counter() - start)

print(f"### First prompt, median of {runs} whole processes in a pseudo-terminal\n")
print("| started on | median | range |")
print("|---|---:|---:|")
print(f"| (reference: `tally --version`, start and exit) | {ms(reference)} | {spread(reference)} |")
for label, route in [
    ("home", "home"),
    ("Readings' screen (latest 200 of 1,000,000)", "go home/Readings"),
    ("Readings' report screen (monthly over 1,000,000)", "go home/Readings/report"),
]:
    times = first_prompt(route)
    print(f"| {label} | {ms(times)} | {spread(times)} |")

steps = [
    ("open Readings", "tally › Readings › "),
    ("help", "tally › Readings › help › "),
    ("back", "tally › Readings › "),
    ("add 1 --at 2024-06-01", "tally › Readings › "),
    ("undo", "tally › Readings › "),
    ("back", "tally › "),
    ("go home/Readings/report", "tally › Readings › report › "),
    ("period yearly", "tally › Readings › report › "),
    ("home", "tally › "),
]
times = screen_changes(steps)
print(f"\n### Screen changes, Enter to the next prompt, median of {runs} rounds\n")
print("| line | what it does | median | range |")
print("|---|---|---:|---:|")
what = {
    "open Readings": "home -> project screen (200 readings of 1,000,000)",
    "help": "project -> help",
    "back": "back one screen",
    "add 1 --at 2024-06-01": "a write; the screen prints the new row",
    "undo": "a write; the screen prints the removed row",
    "go home/Readings/report": "home -> report (monthly, 1,000,000 readings)",
    "period yearly": "the report again, yearly",
    "home": "report -> home",
}
seen = set()
for line, _ in steps:
    key = line
    if key in seen:
        continue
    seen.add(key)
    print(f"| `{line}` | {what[line]} | {ms(times[line])} | {spread(times[line])} |")
