# Shared set-up of the benchmark scripts; source it from the package root, after setting
# `products` to the release products needed besides tally, if any.
# Sets: root (the package), work (a temporary folder, removed on exit), bin (release binaries,
# tally built), readings (gen_readings.py's 1,000,000 rows, seed 42), TALLY_DB and TZ=UTC.
set -euo pipefail
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One product per call: `--product a --product b` builds only the last.
for product in tally ${products:-}; do
  swift build -c release --product "$product" >&2
done
bin="$(swift build -c release --show-bin-path)"
readings="$work/readings.csv"
python3 "$root/Benchmarks/gen_readings.py" 1000000 42 "$readings" >&2
export TALLY_DB="$work/tally.sqlite" TZ=UTC
