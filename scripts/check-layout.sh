#!/usr/bin/env bash
# The layout rules of docs/decisions/0017-product-crates.md, checked on the
# source text:
#  0. every crate is named below as a product or as infrastructure, so a
#     new crate is placed on purpose;
#  1. a product crate speaks HTTP only in its route modules (`src/routes/`):
#     nothing else there names axum, utoipa_axum or onyx_http;
#  2. no crate imports another product's routes; the server's router
#     (crates/server/src/routes/mod.rs) is the one place that merges them;
#  3. the kernel does no I/O: no database, HTTP or async runtime in it;
#  4. a crate reaches into another product only through that product's
#     `api`, `routes` or `migration` modules (the fixed-payout core is
#     open to the two products built on it), or through a reach already
#     listed in scripts/layout/reaches.txt: that list only shrinks (a reach
#     that is gone must leave it, a new one is refused);
#  5. OpenAPI derives (utoipa) outside `routes/` only in the files listed
#     in scripts/layout/schema-files.txt, which likewise only shrinks.
# `scripts/check-layout.sh --write` rewrites the two lists from the tree
# (to record a shrink; review the diff).
set -euo pipefail
cd "$(dirname "$0")/.."
products=(account content market spot wallet fixed-payout second-contracts options futures earn rewards copy-trading)
infrastructure=(kernel store platform http socket server testkit)
fail=0

for dir in crates/*/; do
    name=$(basename "$dir")
    if [[ ! " ${products[*]} ${infrastructure[*]} " =~ " $name " ]]; then
        echo "crates/$name is neither a product nor infrastructure in scripts/check-layout.sh"
        fail=1
    fi
done

for p in "${products[@]}"; do
    [[ -d "crates/$p" ]] || continue
    hits=$(grep -rnE '\b(axum|utoipa_axum|onyx_http)::' "crates/$p/src" --include='*.rs' \
        | grep -v "^crates/$p/src/routes/" || true)
    if [[ -n "$hits" ]]; then
        echo "HTTP outside the route modules of crates/$p:"
        echo "$hits"
        fail=1
    fi
done

crates=("${products[@]//-/_}")
alternatives=$(IFS='|'; echo "${crates[*]}")
# fixed-payout's routes are pieces its two products build their calls
# from (no router of its own), so only the products' routers are guarded.
hits=$(grep -rnE "onyx_($alternatives)::routes" crates --include='*.rs' \
    | grep -vE '^crates/(second-contracts|options|fixed-payout)/src/[^:]*:.*onyx_fixed_payout::routes' \
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

# Rule 4: `crate onyx_x::module` for every reach from one crate's sources
# into another product's modules other than its public ones.
reaches() {
    for dir in crates/*/; do
        name=$(basename "$dir")
        own="onyx_${name//-/_}"
        grep -rhoE "\bonyx_($alternatives)::[a-z_]+" "$dir/src" --include='*.rs' \
            | grep -vE "^$own::" \
            | grep -vE '::(api|routes|migration)$' \
            | { [[ $name == second-contracts || $name == options ]] && grep -v '^onyx_fixed_payout::' || cat; } \
            | sed "s|^|$name |" || true
    done | sort -u
}
schema_files() {
    grep -rlE '\butoipa::|\bToSchema\b|\bIntoParams\b' crates/*/src --include='*.rs' \
        | grep -vE '^crates/[^/]+/src/routes/' | sort || true
}

if [[ "${1:-}" == "--write" ]]; then
    reaches > scripts/layout/reaches.txt
    schema_files > scripts/layout/schema-files.txt
    echo "wrote scripts/layout/reaches.txt ($(wc -l < scripts/layout/reaches.txt)) and schema-files.txt ($(wc -l < scripts/layout/schema-files.txt))"
    exit 0
fi

ratchet() {
    local what=$1 list=$2 found=$3
    local new gone
    new=$(comm -13 "$list" <(echo "$found") | sed '/^$/d')
    gone=$(comm -23 "$list" <(echo "$found") | sed '/^$/d')
    if [[ -n "$new" ]]; then
        echo "$what not in $list (go through the product's api module):"
        echo "$new"
        fail=1
    fi
    if [[ -n "$gone" ]]; then
        echo "$list lists what is gone (run scripts/check-layout.sh --write to shrink it):"
        echo "$gone"
        fail=1
    fi
}
ratchet "reaches into another product's internals" scripts/layout/reaches.txt "$(reaches)"
ratchet "OpenAPI derives outside routes/" scripts/layout/schema-files.txt "$(schema_files)"

if [[ $fail -ne 0 ]]; then
    exit 1
fi
echo "layout: every crate placed, product crates speak HTTP only in routes/, routes are merged only by the server, the kernel does no I/O, reaches into products ($(wc -l < scripts/layout/reaches.txt)) and schema files outside routes ($(wc -l < scripts/layout/schema-files.txt)) only shrink"
