#!/usr/bin/env python3
"""Two tally builds side by side, 11 runs alternating: report --all and project list on the
100-project database the sweep builds (WORK=/tmp/sweep). Usage: pair.py OLD NEW."""
import subprocess, sys, time, statistics, os
a, b = sys.argv[1:3]
MANY = os.path.join(os.environ.get("WORK", "/tmp/sweep"), "many.sqlite")
cases = [
  ("report --all --period monthly --format csv, 100 x 100,000", ["report", "--all", "--period", "monthly", "--format", "csv"], MANY),
  ("project list, 100 projects", ["project", "list"], MANY),
  ("project list --format csv, 100 projects", ["project", "list", "--format", "csv"], MANY),
]
env = dict(os.environ, TZ="UTC", TALLY_PAGER="")
for name, args, db in cases:
    times = {x: [] for x in (a, b)}
    for _ in range(11):
        for x in (a, b):
            t = time.perf_counter(); subprocess.run([x] + args, env=dict(env, TALLY_DB=db), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True); times[x].append(time.perf_counter() - t)
    print(f"| `{name}` | " + " | ".join(f"{statistics.median(times[x])*1000:.1f} ms ({min(times[x])*1000:.1f}–{max(times[x])*1000:.1f})" for x in (a, b)) + " |")
