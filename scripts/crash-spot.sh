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

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
export CRASH_SPOT_OPS="${CRASH_SPOT_OPS:-300}"
LOAD="$ROOT/scripts/crash-spot-load.mjs"
if [ -z "${ONYX_BIN:-}" ]; then
  (cd "$ROOT" && cargo build -q -p onyx-server)
  ONYX_BIN="$ROOT/target/debug/onyx"
fi

WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [ -n "${CRASH_SPOT_KEEP:-}" ]; then
    echo "crash-spot: work files kept in $WORK" >&2
  else
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# start <data-dir> <port> <log> [db args...]: serves in the background and
# waits until the API answers. No price feed and no market maker: the only
# orders in the book are the load's.
start() {
  local data="$1" port="$2" log="$3"
  shift 3
  ONYX_LOG=warn "$ONYX_BIN" serve --demo --bind 127.0.0.1 --port "$port" \
    --data-dir "$data" --market-feed off --maker false "$@" >>"$log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 300); do
    if curl -sf "http://127.0.0.1:$port/api/common/getAllSetting" >/dev/null 2>&1; then
      return 0
    fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      echo "onyx serve exited; its log:" >&2
      cat "$log" >&2
      return 1
    fi
    sleep 0.1
  done
  echo "onyx serve did not answer on port $port" >&2
  return 1
}

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
  # The load SIGKILLed the server; reap it so the port is free.
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""

  start "$dir/data" "$port" "$dir/server.log" "$@"
  echo "-- onyx audit after the crash"
  "$ONYX_BIN" audit --data-dir "$dir/data" "$@" | tee "$dir/audit-crash.txt"
  node "$LOAD" verify "$base" "$dir/state.json" "$dir/ops.jsonl" "$dir/audit-crash.txt"
  node "$LOAD" more "$base" "$dir/state.json" "$dir/ops.jsonl"
  echo "-- onyx audit after the load went on"
  "$ONYX_BIN" audit --data-dir "$dir/data" "$@" >"$dir/audit-more.txt"
  tail -n 2 "$dir/audit-more.txt"
  node "$LOAD" final "$base" "$dir/state.json" "$dir/ops.jsonl" "$dir/audit-more.txt"

  kill "$SERVER_PID"
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
  echo "== $label passed in $(( ($(date +%s%N) - started) / 1000000 )) ms"
}

run sqlite

if [ -n "${ONYX_CRASH_DATABASE_URL:-}" ]; then
  name="onyx_crash_$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  psql "$ONYX_CRASH_DATABASE_URL" -qc "CREATE DATABASE $name"
  url="${ONYX_CRASH_DATABASE_URL%/*}/$name"
  run postgres --database-url "$url"
  psql "$ONYX_CRASH_DATABASE_URL" -qc "DROP DATABASE $name WITH (FORCE)" || true
fi
