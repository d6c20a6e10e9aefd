#!/bin/sh
# Grants to names that are no role, by the hundred thousand, on a project of one member's own,
# and another member's commands timed: the PostgreSQL v15 review (BENCHMARKS.md, "grants to no
# role"). Usage: Benchmarks/ghost_grants.sh TALLY_BIN DATABASE_NAME [GRANTS]
# BASE is the server's administrator URL without a database (default: the test cluster's).
set -e
BIN=$1; N=$2; GRANTS=${3:-500000}
BASE=${BASE:-postgresql://tally:tally-test-password@127.0.0.1:55432}
HOST=${BASE#*@}
for r in ana eve; do
  psql -X -q "$BASE/postgres" -c "DO \$\$ BEGIN CREATE ROLE $r LOGIN PASSWORD 'tally-test-password'; EXCEPTION WHEN duplicate_object THEN NULL; END \$\$"
done
psql -X -q "$BASE/postgres" -c "DROP DATABASE IF EXISTS $N" -c "CREATE DATABASE $N"
"$BIN" --db "$BASE/$N" team setup --group "g_$N" --member ana --member eve >/dev/null
A="postgresql://ana:tally-test-password@$HOST/$N"
E="postgresql://eve:tally-test-password@$HOST/$N"
"$BIN" --db "$A" project add Hours --frequency daily >/dev/null
"$BIN" --db "$E" project add Mine --frequency daily >/dev/null
ID=$(psql -X -A -t "$E" -c "SELECT id FROM project WHERE title = 'Mine'")
psql -X -q "$E" -c "INSERT INTO project_access SELECT $ID, 'ghost' || g, 'read' FROM generate_series(1, $GRANTS) g"
for i in 1 2 3; do /usr/bin/time -f "project list %e s" "$BIN" --db "$A" project list >/dev/null; done
for i in 1 2; do /usr/bin/time -f "item add %e s" "$BIN" --db "$A" item add Hours 1 >/dev/null; done
