"""Times the REPL in a pseudo-terminal: process start to first prompt, and each screen change
(from Enter to the next prompt). Prints Markdown tables of medians.

It waits for whole prompts (the prompt starts a line and is the last thing written), and it
stops with an error if a line it sends fails (an `Error:` before the next prompt) or tally
exits other than 0 on `quit`, so every figure is the time of a line that did what it says.

It drives the terminal with the standard library's pty module rather than pexpect, whose
sends wait 50 ms each.

Usage: repl_timing.py TALLY RUNS   (TALLY_DB must hold a project named Readings)
SIZE=24x80 gives the pseudo-terminal that many lines and columns (without it, the terminal
tells no size and COLUMNS=120 sets the width alone).
"""

import fcntl
import os
import pty
import struct
import termios
import re
import select
import statistics
import sys
import time

tally, runs = sys.argv[1], int(sys.argv[2])
# How many readings Readings holds, for the labels.
held = os.environ.get("READINGS", "1,000,000")
os.environ.update(NO_COLOR="1", TERM="xterm", COLUMNS="120")
SIZE = tuple(int(part) for part in os.environ["SIZE"].split("x")) if os.environ.get("SIZE") else None
if SIZE:
    del os.environ["COLUMNS"]


# A prompt starts a line (readline may put terminal modes such as bracketed paste's
# "\x1b[?2004h" first) and is the last thing written before the REPL waits for a key.
PROMPT_START = rb"(?:^|[\r\n])(?:\x1b\[[0-9;?]*[A-Za-z])*"
# How long the output must stay quiet after a prompt for it to count as the whole prompt; the
# time taken is the time the prompt arrived, before this wait.
SETTLE = 0.05
# Any screen's prompt: `tally › ` and the titles and screens after it, each ending in ` › `.
ANY_PROMPT = "tally › (?:[^\r\n]* › )?".encode()


class Terminal:
    """tally on a pseudo-terminal, read until a whole prompt appears."""

    def __init__(self, *arguments):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            if SIZE:  # the terminal's size, set before tally can ask it
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[0], SIZE[1], 0, 0))
            os.execv(tally, [tally, *arguments])
        self.buffer = b""

    def read(self, timeout):
        """Appends what the terminal has to the buffer; False if nothing came in `timeout`."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            raise EOFError(f"tally exited; the output ends {self.tail()!r}")
        self.buffer += chunk
        return True

    def until(self, prompt=None):
        """Waits for the whole `prompt` (`tally › ` is not `tally › Readings › `), or for any
        screen's prompt if None, and returns the time it arrived. Fails if what came before it
        holds an error."""
        crumb = re.escape(prompt.encode()) if prompt else ANY_PROMPT
        pattern = re.compile(PROMPT_START + crumb + rb"\Z")
        while True:
            while not pattern.search(self.buffer):
                if not self.read(60):
                    wanted = prompt or "tally › …"
                    raise TimeoutError(f"no whole prompt {wanted!r}; output ends {self.tail()!r}")
            arrived = time.perf_counter()
            if not self.read(SETTLE):  # nothing after it: tally waits at this prompt
                break
        if b"Error:" in self.buffer:
            raise RuntimeError(f"tally reported an error before {prompt!r}: {self.tail(2000)!r}")
        self.buffer = b""
        return arrived

    def tail(self, size=300):
        return self.buffer[-size:].decode(errors="replace")

    def line(self, text):
        self.buffer = b""
        os.write(self.fd, (text + "\r").encode())

    def quit(self):
        self.line("quit")
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"tally exited {os.waitstatus_to_exitcode(status)} after quit")


def first_prompt(route, prompt):
    """Leaves the REPL on `route`, then times fresh processes until their first `prompt`."""
    terminal = Terminal()
    terminal.until()  # the whole first screen, whichever it is
    terminal.line(route)
    terminal.until(prompt)
    terminal.quit()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        terminal = Terminal()
        times.append(terminal.until(prompt) - start)
        terminal.quit()
    return times


def version():
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        terminal = Terminal("--version")
        _, status = os.waitpid(terminal.pid, 0)
        times.append(time.perf_counter() - start)
        os.close(terminal.fd)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"tally --version exited {os.waitstatus_to_exitcode(status)}")
    return times


def screen_changes(steps):
    """Times each step, Enter to the next prompt, over `runs` rounds in one session."""
    terminal = Terminal()
    terminal.until()  # the whole first screen, whichever it is
    terminal.line("home")
    terminal.until("tally › ")
    times = {line: [] for line, _, _ in steps}
    for _ in range(runs):
        for line, _, prompt in steps:
            start = time.perf_counter()
            terminal.line(line)
            times[line].append(terminal.until(prompt) - start)
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
if os.environ.get("HOME_ONLY"):
    times = first_prompt("home", "tally › ")
    print(f"| home | {ms(times)} | {spread(times)} |")
    sys.exit(0)
for label, route, prompt in [
    ("home", "home", "tally › "),
    (f"Readings' screen (latest 200 of {held})", "go home/Readings", "tally › Readings › "),
    (
        f"Readings' report screen (monthly, {held} readings)",
        "go home/Readings/report",
        "tally › Readings › report › ",
    ),
]:
    times = first_prompt(route, prompt)
    print(f"| {label} | {ms(times)} | {spread(times)} |")

steps = [
    ("open Readings", f"home -> project screen (latest 200 of {held})", "tally › Readings › "),
    ("help", "project -> help", "tally › Readings › help › "),
    ("back", "back one screen", "tally › Readings › "),
    ("add 1 --at 2024-06-01", "a write; the screen prints the new row", "tally › Readings › "),
    ("undo", "a write; the screen prints the removed row", "tally › Readings › "),
    ("report", f"project -> report (monthly, {held} readings)", "tally › Readings › report › "),
    ("period yearly", "the report again, yearly", "tally › Readings › report › "),
    ("back ", "report -> project screen", "tally › Readings › "),
    ("report ", "project -> report again", "tally › Readings › report › "),
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
