#!/usr/bin/env bash
# Regenerates the web app's API types from the server: the API document as
# `onyx openapi` prints it (committed at web/src/shared/api/openapi.json),
# then openapi-typescript's types (web/src/shared/api/schema.d.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run -q -p onyx-server -- openapi | node web/scripts/format-openapi.mjs > web/src/shared/api/openapi.json
cd web && npm run api:gen
