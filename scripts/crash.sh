#!/usr/bin/env bash
# Crash test of the ledger: a load of transfers and withdrawal submits (each
# with an Idempotency-Key) runs against `onyx serve`, which is SIGKILLed
# halfway through. After a restart, `onyx audit` must pass and every
# acknowledged operation must still be there: re-sent with its key it
# returns the same stored response, and the balances are exactly the sum
# of the operations in effect.
#
#   CRASH_OPS               operations per run (default 300)
#   CRASH_CONCURRENCY       requests in flight (default 8)
#   ONYX_BIN                a built onyx binary (default: cargo build, target/debug/onyx)
#   ONYX_CRASH_DATABASE_URL postgres://... also runs on PostgreSQL, in a fresh
#                           database created next to the one named
set -euo pipefail

SERVE_FLAGS=()
export CRASH_OPS="${CRASH_OPS:-300}"
# shellcheck source=scripts/crash-lib.sh
source "$(dirname "$0")/crash-lib.sh"
LOAD="$ROOT/scripts/crash-load.mjs"

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
  echo "== crash test on $label: $CRASH_OPS operations"

  start "$dir/data" "$port" "$dir/server.log" "$@"
  node "$LOAD" setup "$base" "$dir/state.json"
  CRASH_PID="$SERVER_PID" node "$LOAD" load "$base" "$dir/state.json" "$dir/ops.jsonl"
  reap

  start "$dir/data" "$port" "$dir/server.log" "$@"
  echo "-- onyx audit after the crash"
  "$ONYX_BIN" audit --data-dir "$dir/data" "$@"
  node "$LOAD" verify "$base" "$dir/state.json" "$dir/ops.jsonl"
  echo "-- onyx audit after the retries"
  "$ONYX_BIN" audit --data-dir "$dir/data" "$@" | tail -n 2

  stop
  echo "== $label passed in $(( ($(date +%s%N) - started) / 1000000 )) ms"
}

run_everywhere
