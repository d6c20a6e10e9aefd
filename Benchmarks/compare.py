#!/usr/bin/env python3
"""Times whole commands side by side and prints a Markdown table (stdlib only).

Usage: compare.py RUNS LABEL COMMAND [LABEL COMMAND ...]

Each COMMAND is one string, split like a shell would (no shell runs it); its stdout is
discarded. The commands run in turn, round after round, RUNS rounds after one warm-up
round, so that they share the machine's state. For each: the median, fastest and slowest
wall time, the ratio of its median to the first command's, and its peak resident memory.
"""
import os
import shlex
import statistics
import subprocess
import sys
import time


def run_once(argv):
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{shlex.join(argv)} exited {code}: {stderr}")
    return elapsed, usage.ru_maxrss / 1024  # kilobytes to megabytes


def main(argv):
    if len(argv) < 4 or len(argv) % 2 != 0:
        sys.exit(__doc__)
    runs = int(argv[1])
    pairs = [(argv[i], shlex.split(argv[i + 1])) for i in range(2, len(argv), 2)]
    times = {label: [] for label, _ in pairs}
    memory = {label: 0.0 for label, _ in pairs}
    for round_index in range(runs + 1):
        for label, command in pairs:
            elapsed, peak = run_once(command)
            if round_index > 0:
                times[label].append(elapsed)
                memory[label] = max(memory[label], peak)
    first = statistics.median(times[pairs[0][0]])
    print("| command | median s | fastest s | slowest s | ratio to first | peak MB |")
    print("|:---|---:|---:|---:|---:|---:|")
    for label, _ in pairs:
        median = statistics.median(times[label])
        print(
            f"| {label} | {median:.4f} | {min(times[label]):.4f} | {max(times[label]):.4f} "
            f"| {median / first:.2f}x | {memory[label]:.1f} |"
        )


if __name__ == "__main__":
    main(sys.argv)
