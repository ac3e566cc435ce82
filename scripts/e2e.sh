#!/usr/bin/env bash
# Starts `onyx serve --demo` on a fresh data dir and a free port, runs the
# browser tests against it in Debian's Chromium, audits the ledger the
# journeys left behind, and stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."

port=${ONYX_E2E_PORT:-18080}
data=$(mktemp -d)
log="$data/server.log"
./target/debug/onyx serve --demo --port "$port" --bind 127.0.0.1 --data-dir "$data" --web-dir web/dist >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$data"' EXIT

for _ in $(seq 1 100); do
  if curl -sf "http://127.0.0.1:$port/api/common/getAllSetting" >/dev/null; then break; fi
  if ! kill -0 $pid 2>/dev/null; then cat "$log"; echo "server exited"; exit 1; fi
  sleep 0.3
done

# The console journey creates its own operators with the CLI on this data dir.
onyx_bin="$PWD/target/debug/onyx"
if ! (cd web && ONYX_URL="http://127.0.0.1:$port" ONYX_E2E_DATA="$data" ONYX_BIN="$onyx_bin" npm run e2e); then
  echo "--- server log (tail) ---"; tail -n 60 "$log"; exit 1
fi

# Every journey above moved real money: the ledger must still balance.
echo "--- onyx audit after the browser journeys ---"
./target/debug/onyx audit --data-dir "$data"
