#!/usr/bin/env bash
# bench:search of this build against another, interleaved on fresh databases (docs/performance.md).
#   bash bench/search-ab.sh <built checkout of the other commit> [rounds (default 2)] [kinds]
# Each round: this build, then the other, each on a new database dropped afterwards. The other
# build runs under BENCH_SERVICE_ROOT (this checkout's bench code, its services); pass the kinds it
# knows (default: every kind but the collapsed ones, which older builds lack).
set -euo pipefail
other=${1:?usage: bash bench/search-ab.sh <other checkout> [rounds] [kinds]}
rounds=${2:-2}
kinds=${3:-"exact,natural-language,typo,prefix,filters,filters + q,attributes[size],deep page 10,facets,UCP search,worst case"}
cd "$(dirname "$0")/.."
npm run build >/dev/null
for round in $(seq 1 "$rounds"); do
  for who in this other; do
    db="pds_search_ab_${who}_${round}"
    psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $db"
    echo "== $who, round $round (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    if [[ $who == other ]]; then export BENCH_SERVICE_ROOT=$other; else unset BENCH_SERVICE_ROOT; fi
    npx ts-node --transpile-only bench/search-bench.ts --big 0 --requests 10 --queries 5 --kinds "$kinds" \
      --database "$db" --redis-url redis://127.0.0.1:6379/14 --json "bench-data/search-ab-$who-$round.json" |
      sed -n '/p50 \/ p95/,/^-*$/p'
    psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $db"
  done
done
