#!/usr/bin/env bash
# Crash test of spot trading: three users funded by confirmed deposits
# trade btcusdt (limit orders, each with an Idempotency-Key, some resting and
# some crossing, and cancels of acknowledged open orders) against
# `onyx serve`, which is SIGKILLed halfway through. After a restart
# `onyx audit` must pass, every acknowledged submit re-sent with its key
# must return its stored answer, every acknowledged order must be listed at
# least as far along as acknowledged, the book must be exactly the open
# orders, frozen funds exactly what those orders hold, and the users' money
# the deposits less the trade fees. The load then goes on for a while and
# everything is checked again.
#
#   CRASH_SPOT_OPS          operations before the restart (default 300; the
#                           server is killed after half are acknowledged, and
#                           a fifth as many more run after the restart)
#   CRASH_SPOT_CONCURRENCY  requests in flight (default 8)
#   ONYX_BIN                a built onyx binary (default: cargo build, target/debug/onyx)
#   ONYX_CRASH_DATABASE_URL postgres://... also runs on PostgreSQL, in a fresh
#                           database created next to the one named
set -euo pipefail

SERVE_FLAGS=(--maker false)
export CRASH_SPOT_OPS="${CRASH_SPOT_OPS:-300}"
# shellcheck source=scripts/crash-lib.sh
source "$(dirname "$0")/crash-lib.sh"
LOAD="$ROOT/scripts/crash-spot-load.mjs"

# run <label> [db args...]
run() {
  local label="$1"
  shift
  local dir="$WORK/$label"
  mkdir -p "$dir/data"
  local port base started
  port="$(free_port)"
  base="http://127.0.0.1:$port"
  started=$(date +%s%N)
  echo "== spot crash test on $label: $CRASH_SPOT_OPS operations"

  start "$dir/data" "$port" "$dir/server.log" "$@"
  node "$LOAD" setup "$base" "$dir/state.json"
  CRASH_PID="$SERVER_PID" node "$LOAD" load "$base" "$dir/state.json" "$dir/ops.jsonl"
  reap

  start "$dir/data" "$port" "$dir/server.log" "$@"
  echo "-- onyx audit after the crash"
  "$ONYX_BIN" audit --data-dir "$dir/data" "$@" | tee "$dir/audit-crash.txt"
  node "$LOAD" verify "$base" "$dir/state.json" "$dir/ops.jsonl" "$dir/audit-crash.txt"
  node "$LOAD" more "$base" "$dir/state.json" "$dir/ops.jsonl"
  echo "-- onyx audit after the load went on"
  "$ONYX_BIN" audit --data-dir "$dir/data" "$@" >"$dir/audit-more.txt"
  tail -n 2 "$dir/audit-more.txt"
  node "$LOAD" final "$base" "$dir/state.json" "$dir/ops.jsonl" "$dir/audit-more.txt"

  stop
  echo "== $label passed in $(( ($(date +%s%N) - started) / 1000000 )) ms"
}

run_everywhere
