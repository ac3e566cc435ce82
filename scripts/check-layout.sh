#!/usr/bin/env bash
# The layout rules of docs/decisions/0017-product-crates.md, checked on the
# source text:
#  1. a product crate speaks HTTP only in its route modules (`src/routes/`):
#     nothing else there names axum, utoipa_axum or onyx_http;
#  2. no crate imports another product's routes; the server's router
#     (crates/server/src/routes/mod.rs) is the one place that merges them;
#  3. the kernel does no I/O: no database, HTTP or async runtime in it.
set -euo pipefail
cd "$(dirname "$0")/.."
products=(account content market spot wallet fixed-payout second-contracts options futures)
fail=0

for p in "${products[@]}"; do
    hits=$(grep -rnE '\b(axum|utoipa_axum|onyx_http)::' "crates/$p/src" --include='*.rs' \
        | grep -v "^crates/$p/src/routes/" || true)
    if [[ -n "$hits" ]]; then
        echo "HTTP outside the route modules of crates/$p:"
        echo "$hits"
        fail=1
    fi
done

# fixed-payout's routes are pieces its two products build their calls
# from (no router of its own), so only the products' routers are guarded.
crates=()
for p in "${products[@]}"; do
    [[ $p == fixed-payout ]] || crates+=("${p//-/_}")
done
pattern="onyx_($(IFS='|'; echo "${crates[*]}"))::routes"
hits=$(grep -rnE "$pattern" crates --include='*.rs' \
    | grep -v '^crates/server/src/routes/mod.rs:' || true)
if [[ -n "$hits" ]]; then
    echo "a product's routes imported outside the server's router:"
    echo "$hits"
    fail=1
fi

hits=$(grep -rnE '\b(sea_orm|axum|tokio|onyx_store)::' crates/kernel/src --include='*.rs' || true)
if [[ -n "$hits" ]]; then
    echo "I/O in the kernel:"
    echo "$hits"
    fail=1
fi

if [[ $fail -ne 0 ]]; then
    exit 1
fi
echo "layout: product crates speak HTTP only in routes/, routes are merged only by the server, the kernel does no I/O"
