#!/usr/bin/env bash
# Crash test of futures: a user opens, adds to, partly closes and margins
# BTC positions, places limit orders and cancels waiting ones (each submit
# with an Idempotency-Key) against `onyx serve` with the simulated feed,
# which is SIGKILLed mid-load while its sweep fills orders. After a restart
# every keyed request is re-sent: an acknowledged one comes back exactly as
# acknowledged, an acknowledged cancel stayed cancelled; what still waits
# is cancelled (each giving back exactly its hold) and the contract wallet
# holds the starting balance plus the positions' realised profit less
# their fees and funding, with exactly the open positions' margin frozen;
# `onyx audit` (holds included) and `onyx verify` (every position replayed
# from its fills) must pass.
#
#   CRASH_FUTURES_SECONDS   seconds of load before the kill (default 6)
#   ONYX_BIN                a built onyx binary (default: cargo build, target/debug/onyx)
#   ONYX_CRASH_DATABASE_URL postgres://... also runs on PostgreSQL, in a fresh
#                           database created next to the one named
set -euo pipefail

SERVE_FLAGS=(--maker false)
MARKET_FEED=simulator
# shellcheck source=scripts/crash-lib.sh
source "$(dirname "$0")/crash-lib.sh"
LOAD="$ROOT/scripts/crash-futures-load.mjs"

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
  echo "== futures crash test on $label"

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
