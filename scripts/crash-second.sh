#!/usr/bin/env bash
# Crash test of second contracts and options: a user places 5-second
# second contracts and options in 10-second issues, in turn (each with an
# Idempotency-Key), against `onyx serve` with the simulated feed, which is
# SIGKILLed while orders are open across their close times and the
# settlement sweeps run. After a restart every request is re-sent with its
# key: an acknowledged order comes back as itself. Then every order must
# settle exactly once (win, lose, draw, or void when the price tape has no
# tick near its close), pay as published, leave nothing frozen and the
# user's money exact; `onyx audit` and `onyx verify` must pass.
#
#   CRASH_SECOND_SECONDS    seconds of placing orders before the kill (default 6)
#   ONYX_BIN                a built onyx binary (default: cargo build, target/debug/onyx)
#   ONYX_CRASH_DATABASE_URL postgres://... also runs on PostgreSQL, in a fresh
#                           database created next to the one named
set -euo pipefail

# The load places an order every 160 ms: no gap between one user's orders.
SERVE_FLAGS=(--maker false --contract-order-gap-ms 0)
MARKET_FEED=simulator
# shellcheck source=scripts/crash-lib.sh
source "$(dirname "$0")/crash-lib.sh"
LOAD="$ROOT/scripts/crash-second-load.mjs"

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
  echo "== second-contract and option crash test on $label"

  start "$dir/data" "$port" "$dir/server.log" "$@"
  node "$LOAD" setup "$base" "$dir/state.json"
  CRASH_PID="$SERVER_PID" node "$LOAD" load "$base" "$dir/state.json" "$dir/ops.jsonl"
  reap

  start "$dir/data" "$port" "$dir/server.log" "$@"
  node "$LOAD" verify "$base" "$dir/state.json" "$dir/ops.jsonl"
  echo "-- onyx audit and onyx verify after the crash"
  "$ONYX_BIN" audit --data-dir "$dir/data" "$@" >"$dir/audit.txt" || { cat "$dir/audit.txt"; exit 1; }
  tail -n 1 "$dir/audit.txt"
  "$ONYX_BIN" verify --data-dir "$dir/data" "$@" | tee "$dir/verify.txt"

  stop
  echo "== $label passed in $(( ($(date +%s%N) - started) / 1000000 )) ms"
}

run_everywhere
