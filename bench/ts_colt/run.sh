#!/usr/bin/env bash
# Side by side, one core: random Colt Express games/s of the TypeScript engine (truizlop/ColtExpress,
# src/game at commit f9267d863f7b25003b82593fcd88e4bd3386c565, copied into $ENGINE/src/game) and of ours,
# alternating, 2, 4 and 6 players, REPS times. Needs node 20 and, once: npm install esbuild@0.24.
#   ENGINE=/path/to/ColtExpress bench/ts_colt/run.sh > ts_vs_ours.jsonl
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; root="$(cd "$here/../.." && pwd)"
ENGINE=${ENGINE:?set ENGINE to a checkout of truizlop/ColtExpress}
work=$(mktemp -d); mkdir -p "$work/engine"; cp -r "$ENGINE/src" "$work/engine/"
cp "$here/harness.ts" "$work/"
npx --yes esbuild@0.24 "$work/harness.ts" --bundle --platform=node --target=node20 --outfile="$work/harness.js" >&2
for rep in $(seq "${REPS:-2}"); do
  for p in 2 4 6; do
    taskset -c 1 node "$work/harness.js" "$p" 6 1.5
    (cd "$root" && taskset -c 1 .venv/bin/python bench/ts_colt/ours.py "$p" 6 1.5)
  done
done
