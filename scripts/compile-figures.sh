#!/usr/bin/env bash
# The compile figures of decision 0017, on an otherwise idle machine: a
# clean build of the workspace (with --timings), the rebuild after a
# one-line edit in a wallet handler and in a spot rule, and `make
# test-rust` warm. Uses its own target directory (FIGURES_TARGET_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${FIGURES_TARGET_DIR:-target/figures}
rm -rf "$CARGO_TARGET_DIR"

seconds() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N); echo "$t1 - $t0" | bc; }
touched_build() {
    local file=$1 saved
    saved=$(mktemp)
    cp "$file" "$saved"
    echo "// touch" >> "$file"
    seconds cargo build --workspace --all-targets
    cp "$saved" "$file"
    rm -f "$saved"
    cargo build --workspace --all-targets >/dev/null 2>&1
}

echo "clean cargo build --workspace --all-targets --timings: $(seconds cargo build --workspace --all-targets --timings) s"
echo "one-line change in a wallet handler: $(touched_build crates/wallet/src/routes/withdrawals.rs) s"
echo "one-line change in a spot rule: $(touched_build crates/spot/src/rules.rs) s"
echo "make test-rust (warm): $(seconds make test-rust) s"
echo "timings report: $(ls -t "$CARGO_TARGET_DIR"/cargo-timings/cargo-timing-*.html | head -1)"
