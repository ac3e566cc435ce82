# Sourced by crash.sh and crash-spot.sh: the onyx binary, a scratch
# directory removed on exit (kept when CRASH_KEEP is set), a free loopback
# port, starting `onyx serve --demo` and waiting until it answers, and
# running a script's `run` on SQLite and, with ONYX_CRASH_DATABASE_URL, on a
# fresh PostgreSQL database next to the one named.
#
# The sourcing script sets SERVE_FLAGS (extra `onyx serve` flags, an array)
# and defines run <label> [db args...].

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
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
  if [ -n "${CRASH_KEEP:-}" ]; then
    echo "crash: work files kept in $WORK" >&2
  else
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# start <data-dir> <port> <log> [db args...]: serves in the background and
# waits until the API answers.
start() {
  local data="$1" port="$2" log="$3"
  shift 3
  # The demo's lead traders and demo traders stay out: the checks account
  # for every posting the load makes, and nothing else.
  ONYX_LOG=warn "$ONYX_BIN" serve --demo --demo-leads false --demo-traders 0 --bind 127.0.0.1 --port "$port" \
    --data-dir "$data" --market-feed "${MARKET_FEED:-off}" "${SERVE_FLAGS[@]}" "$@" >>"$log" 2>&1 &
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

# Waits for a server the load SIGKILLed, so its port is free again.
reap() {
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}

stop() {
  kill "$SERVER_PID"
  reap
}

run_everywhere() {
  run sqlite
  if [ -n "${ONYX_CRASH_DATABASE_URL:-}" ]; then
    local name url
    name="onyx_crash_$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')"
    psql "$ONYX_CRASH_DATABASE_URL" -qc "CREATE DATABASE $name"
    url="${ONYX_CRASH_DATABASE_URL%/*}/$name"
    run postgres --database-url "$url"
    psql "$ONYX_CRASH_DATABASE_URL" -qc "DROP DATABASE $name WITH (FORCE)" || true
  fi
}
