#!/usr/bin/env bash
# The man page, Docs/man/tactile.1, is generated from the command's own help by swift-argument-parser's
# generate-manual plugin; this regenerates it and fails when it differs from the committed one (an option or a help
# text changed without the page). `--write` writes the page instead: run it after changing the command line.
#
# The page's date is fixed (MANUAL_DATE, the day of the page's last regeneration by hand) so that the output depends
# on the help texts alone. The plugin builds the tool in debug mode (incremental after the test build: ≈ 5 s;
# its own generator, once, ≈ 35 s cold).
set -euo pipefail
cd "$(dirname "$0")/.."
MANUAL_DATE=2026-11-28
committed=Docs/man/tactile.1
generated=.build/plugins/GenerateManual/outputs/tactile/tactile.1
start=$SECONDS
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rm -f "$generated"
if ! swift package generate-manual --configuration debug --date "$MANUAL_DATE" --authors "The Tactile authors" \
    >"$log" 2>&1; then
    cat "$log" >&2
    echo "error: swift package generate-manual failed" >&2
    exit 1
fi
if [ "${1:-}" = "--write" ]; then
    mkdir -p "$(dirname "$committed")"
    cp "$generated" "$committed"
    echo "man page: wrote $committed ($(wc -l <"$committed") lines) in $((SECONDS - start)) s"
    exit 0
fi
if ! diff -u "$committed" "$generated"; then
    echo "error: $committed is not what the command's help generates; run .ci/check-manual.sh --write and commit it" >&2
    exit 1
fi
echo "man page: $committed matches the command's help ($((SECONDS - start)) s)"
