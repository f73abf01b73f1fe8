# Sourced by the memcheck steps (.ci/valgrind-protocol-a.sh, .ci/valgrind-release-replay.sh): valgrind installed,
# and `memcheck_tactile BUILD-OPTIONS…` builds `tactile` with those options and copies it without debug information
# to "$work/tactile" (valgrind 3.19 cannot read the toolchain's DWARF 5). $work is removed on exit.
if ! command -v valgrind >/dev/null; then
    SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get install -y -qq --no-install-recommends valgrind >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
memcheck_tactile() {
    swift build "$@" --product tactile >/dev/null
    cp "$(swift build "$@" --show-bin-path)/tactile" "$work/tactile"
    strip --strip-debug "$work/tactile"
}
# `memcheck_replay WHAT ARGS…`: `tactile replay ARGS…` under memcheck, its log in "$work/log"; on any memcheck error
# prints the report and fails, naming WHAT.
memcheck_replay() {
    local what=$1
    shift
    if ! valgrind -q --error-exitcode=1 --track-origins=yes --suppressions=.ci/valgrind-swift.supp \
        "$work/tactile" replay "$@" >"$work/log" 2>"$work/memcheck"; then
        grep -v '^### unhandled dwarf2' "$work/memcheck" >&2 || true
        echo "error: memcheck reported errors on $what" >&2
        exit 1
    fi
}
