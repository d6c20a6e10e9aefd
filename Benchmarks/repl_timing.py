"""Times the REPL in a pseudo-terminal: process start to first prompt, and each screen change
(from Enter to the next prompt). Prints Markdown tables of medians.

It drives the terminal with the standard library's pty module rather than pexpect, whose
sends wait 50 ms each.

Usage: repl_timing.py TALLY RUNS   (TALLY_DB must hold a project named Readings)
"""

import os
import pty
import select
import statistics
import sys
import time

tally, runs = sys.argv[1], int(sys.argv[2])
os.environ.update(NO_COLOR="1", TERM="xterm", COLUMNS="120")


class Terminal:
    """tally on a pseudo-terminal, read until a prompt appears."""

    def __init__(self, *arguments):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execv(tally, [tally, *arguments])
        self.buffer = b""

    def until(self, text):
        wanted = text.encode()
        while wanted not in self.buffer:
            ready, _, _ = select.select([self.fd], [], [], 60)
            if not ready:
                raise TimeoutError(f"no {text!r} in {self.buffer[-300:]!r}")
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise EOFError(f"no {text!r} in {self.buffer[-300:]!r}")
            self.buffer += chunk
        self.buffer = self.buffer[self.buffer.index(wanted) + len(wanted):]

    def line(self, text):
        self.buffer = b""
        os.write(self.fd, (text + "\r").encode())

    def quit(self):
        self.line("quit")
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def first_prompt(route, prompt):
    """Leaves the REPL on `route`, then times fresh processes until their first `prompt`."""
    terminal = Terminal()
    terminal.until("› ")
    time.sleep(0.5)  # the whole first screen, whichever it is
    terminal.line(route)
    terminal.until(prompt)
    terminal.quit()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        terminal = Terminal()
        terminal.until(prompt)
        times.append(time.perf_counter() - start)
        terminal.quit()
    return times


def version():
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        terminal = Terminal("--version")
        os.waitpid(terminal.pid, 0)
        times.append(time.perf_counter() - start)
        os.close(terminal.fd)
    return times


def screen_changes(steps):
    """Times each step, Enter to the next prompt, over `runs` rounds in one session."""
    terminal = Terminal()
    terminal.until("› ")
    time.sleep(0.5)
    terminal.line("home")
    terminal.until("tally › ")
    times = {line: [] for line, _, _ in steps}
    for _ in range(runs):
        for line, _, prompt in steps:
            start = time.perf_counter()
            terminal.line(line)
            terminal.until(prompt)
            times[line].append(time.perf_counter() - start)
    terminal.quit()
    return times


def ms(values):
    return f"{statistics.median(values) * 1000:.1f} ms"


def spread(values):
    return f"{min(values) * 1000:.1f}-{max(values) * 1000:.1f} ms"


print(f"### First prompt, median of {runs} whole processes in a pseudo-terminal\n")
print("| started on | median | range |")
print("|---|---:|---:|")
reference = version()
print(f"| (reference: `tally --version`, start to exit) | {ms(reference)} | {spread(reference)} |")
for label, route, prompt in [
    ("home", "home", "tally › "),
    ("Readings' screen (latest 200 of 1,000,000)", "go home/Readings", "tally › Readings › "),
    (
        "Readings' report screen (monthly, 1,000,000 readings)",
        "go home/Readings/report",
        "tally › Readings › report › ",
    ),
]:
    times = first_prompt(route, prompt)
    print(f"| {label} | {ms(times)} | {spread(times)} |")

steps = [
    ("open Readings", "home -> project screen (latest 200 of 1,000,000)", "tally › Readings › "),
    ("help", "project -> help", "tally › Readings › help › "),
    ("back", "back one screen", "tally › Readings › "),
    ("add 1 --at 2024-06-01", "a write; the screen prints the new row", "tally › Readings › "),
    ("undo", "a write; the screen prints the removed row", "tally › Readings › "),
    ("report", "project -> report (monthly, 1,000,000 readings)", "tally › Readings › report › "),
    ("period yearly", "the report again, yearly", "tally › Readings › report › "),
    ("home", "report -> home", "tally › "),
]
times = screen_changes(steps)
print(f"\n### Screen changes, Enter to the next prompt, median of {runs} rounds\n")
print("| line | what it does | median | range |")
print("|---|---|---:|---:|")
seen = set()
for line, what, _ in steps:
    if line not in seen:
        seen.add(line)
        print(f"| `{line}` | {what} | {ms(times[line])} | {spread(times[line])} |")
