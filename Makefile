# Onyx: `make run` builds everything and starts a demo on http://localhost:8080;
# `make test` runs every test (Rust on SQLite, web unit tests, browser end-to-end).
SHELL := /bin/bash
CARGO_TEST := $(shell command -v cargo-nextest >/dev/null 2>&1 && echo "cargo nextest run --workspace --no-fail-fast" || echo "cargo test --workspace --no-fail-fast")

.PHONY: run web web-deps server test test-rust lint test-pg test-web e2e crash fmt clean

run: web
	cargo build --release -p onyx-server --features embed-web
	./target/release/onyx serve --demo

web-deps:
	cd web && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }

web: web-deps
	cd web && npm run build

server:
	cargo build -p onyx-server

test: test-rust test-web e2e crash

test-rust: lint
	cargo fmt --all -- --check
	$(CARGO_TEST)

# Clippy over every target, warnings as errors. The money crates and modules
# deny unchecked arithmetic, unwrap, expect and panic outside tests
# (`clippy::arithmetic_side_effects` and friends at the top of each). Then
# the layout rules (scripts/check-layout.sh, decision 0017).
lint:
	cargo clippy --workspace --all-targets -- -D warnings
	bash scripts/check-layout.sh

# The same Rust suite on PostgreSQL: every test gets a fresh database next
# to the one named here.
test-pg:
	ONYX_TEST_DATABASE_URL=$${ONYX_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test} $(CARGO_TEST)

test-web: web-deps
	cd web && npm run typecheck && npm run lint && npm run api:check && npm test

e2e: web server
	bash scripts/e2e.sh

# kill -9 mid-load, restart, `onyx audit`, every acknowledged operation kept:
# wallet operations (crash.sh), then spot orders and cancels (crash-spot.sh),
# then second contracts and options open across their close times
# (crash-second.sh), then futures positions (crash-futures.sh).
crash: server
	ONYX_BIN=target/debug/onyx CRASH_OPS=$${CRASH_OPS:-300} bash scripts/crash.sh
	ONYX_BIN=target/debug/onyx CRASH_SPOT_OPS=$${CRASH_SPOT_OPS:-300} bash scripts/crash-spot.sh
	ONYX_BIN=target/debug/onyx bash scripts/crash-second.sh
	ONYX_BIN=target/debug/onyx bash scripts/crash-futures.sh

fmt:
	cargo fmt --all

clean:
	rm -rf target web/dist web/node_modules
