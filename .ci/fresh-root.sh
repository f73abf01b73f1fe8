#!/usr/bin/env bash
# A newcomer's machine, proven (issue 34): a clean Debian 12 root made with debootstrap, given what "a Debian 12
# machine with Swift" has — the Swift toolchain (read-only), the Swift package mirror this CI resolves from
# (read-only, with its git insteadOf lines) and the toolchain's own Debian dependencies — and nothing else. In a
# fresh clone of this checkout's commit (HEAD), it runs the README's two commands verbatim, as root, with CI=true
# and no standard input, and checks that
#   - the main job prints exactly the log the README shows for it (.ci/readme-setup.sh log), and
#   - the tests report `0 failed, 0 skipped` (Tests/run-tests.sh's Summary line) and exit 0.
#
#   .ci/fresh-root.sh CLONE     (root; CLONE: an absolute path, replaced by the fresh clone)
#
# The clone is bind-mounted at the same absolute path inside the root, so the .build it leaves is valid outside
# too: .ci/run's later steps run in CLONE on this machine and reuse that build (`--skip-build`, incremental builds)
# instead of building and running the suite a second time. Its .build refers only to paths that exist on both sides
# (CLONE, the toolchain at the same path, the system headers of the same Debian packages).
#
# The machine with Swift, before anything of the project is installed, is cached as a tarball
# ($TACTILE_CI_CACHE, default /var/cache/tactile-ci; its name holds a hash of what went into it; delete it to start
# over): debootstrap and the toolchain's dependencies run once (~4 min), then each run lays the tarball out afresh
# in a temporary folder, which is unmounted and removed on every exit path. Prints the seconds each step took and
# keeps every output in $TACTILE_FRESH_OUTPUT (default: a new folder under /tmp, named at the end).
set -euo pipefail
checkout=$(cd "$(dirname "$0")/.." && pwd)
clone=${1:?usage: $0 CLONE (an absolute path)}
case $clone in /*) ;; *) echo "error: CLONE must be an absolute path: $clone" >&2; exit 64 ;; esac
[ "$(id -u)" -eq 0 ] || { echo "error: $0 must run as root (debootstrap, chroot, mount)" >&2; exit 1; }
started=$SECONDS
step_started=$SECONDS
step() { echo "== fresh root: $1: $(( SECONDS - step_started )) s"; step_started=$SECONDS; }

readme_main=$("$checkout/.ci/readme-setup.sh" main "$checkout/README.md")
readme_tests=$("$checkout/.ci/readme-setup.sh" tests "$checkout/README.md")
readme_log=$("$checkout/.ci/readme-setup.sh" log "$checkout/README.md")

cache=${TACTILE_CI_CACHE:-/var/cache/tactile-ci}
mirror=http://deb.debian.org/debian   # as this machine's /etc/apt/sources.list.d/debian.sources
suite=bookworm
output=${TACTILE_FRESH_OUTPUT:-$(mktemp -d /tmp/tactile-fresh-output.XXXXXX)}
mkdir -p "$output"

# The toolchain is the `swift` on the PATH: <toolchain>/usr/bin/swift.
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
path_inside="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:$toolchain/usr/bin"

# The Swift toolchain's own dependencies on Debian 12: the packages of swift.org's Debian 12 image (swiftlang/
# swift-docker, 6.0/debian/12/Dockerfile: binutils-gold … gcc), which is what "a machine with Swift" has, plus
# libstdc++-12-dev, without which clang's link of a `--static-swift-stdlib` binary (the README's release build)
# finds no libstdc++.so for -lstdc++ (gcc brings only the C side), and ca-certificates, named rather than left to
# git's recommendation. Without them the toolchain cannot link (no binutils, no gcc crt files) or start (no
# libcurl4, libxml2, libedit, libsqlite3); the rest is what that image gives every Swift user (git for SwiftPM,
# tzdata, the ICU, Python and uuid headers).
swift_dependencies=(binutils-gold libicu-dev libcurl4-openssl-dev libedit-dev libsqlite3-dev libncurses-dev
    libpython3-dev libxml2-dev pkg-config uuid-dev tzdata git gcc libstdc++-12-dev ca-certificates)
image="$cache/$suite-swift-machine-$(printf '%s\n' "$suite" "$mirror" "${swift_dependencies[@]}" | sha256sum | cut -c1-12).tar"

# Temporary roots: every mount under each, deepest first, is unmounted on any exit, and a root is removed only when
# no mount is left under it (a bind mount still there would let rm reach the clone or the toolchain).
roots=()
dispose() {  # DIR
    local dir=$1 target
    while read -r target; do
        umount "$target" 2>/dev/null || umount -l "$target" 2>/dev/null || echo "warning: could not unmount $target" >&2
    done < <(awk -v root="$dir" '$2 == root || index($2, root "/") == 1 { print $2 }' /proc/self/mounts | sort -r)
    if awk -v root="$dir" '$2 == root || index($2, root "/") == 1 { found = 1 } END { exit !found }' /proc/self/mounts; then
        echo "warning: mounts left under $dir; not removing it" >&2
    else
        rm -rf --one-file-system "$dir"
    fi
}
cleanup() {
    local status=$? dir
    for dir in "${roots[@]}"; do [ ! -d "$dir" ] || dispose "$dir"; done
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# A root lives in memory (tmpfs: laying it out and dropping it take a second, not a minute of disk writes); the
# clone, whose build the later steps reuse, is on disk.
new_root() {  # NAME: sets $made to a new, empty root
    made=$(mktemp -d "/var/tmp/tactile-$1.XXXXXX")
    roots+=("$made")
    mount -t tmpfs -o size=8g,mode=755 "tactile-$1" "$made"
}

# What a root needs to run apt and builds: this machine's network, Debian's default sources for Debian 12 as this
# machine has them (bookworm, bookworm-updates, the security archive), /proc, /sys and /dev, and no service starting
# (policy-rc.d, the convention of Debian's container images).
prepare() {
    local dir=$1
    cp /etc/resolv.conf "$dir/etc/resolv.conf"
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        cp /etc/apt/sources.list.d/debian.sources "$dir/etc/apt/sources.list.d/debian.sources"
        rm -f "$dir/etc/apt/sources.list"
    fi
    printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d"
    chmod 755 "$dir/usr/sbin/policy-rc.d"
    mount -t proc proc "$dir/proc"
    mount --rbind /sys "$dir/sys" && mount --make-rslave "$dir/sys"
    mount --rbind /dev "$dir/dev" && mount --make-rslave "$dir/dev"
}
inside() {  # DIR COMMAND…: in the root as root, with a new login's environment, CI=true and no standard input
    local dir=$1; shift
    chroot "$dir" /usr/bin/env -i PATH="$path_inside" HOME=/root USER=root LOGNAME=root SHELL=/bin/bash CI=true \
        "$@" </dev/null
}

# debootstrap (CI only: it makes the fresh root), from Debian like everything else.
export DEBIAN_FRONTEND=noninteractive
if ! command -v debootstrap >/dev/null; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
    step "debootstrap installed"
fi

# The machine with Swift, made once under a lock (two CI runs on one machine share the cache): debootstrap's
# minbase variant (what Debian's container images start from: the essential packages and apt), then the
# toolchain's dependencies; apt's lists are dropped afterwards, as Debian's images do, so the README's
# `apt-get update` is the one that fetches them.
mkdir -p "$cache"
exec 9>"$cache/lock"
flock 9
if [ ! -f "$image" ]; then
    new_root debootstrap; building=$made
    if ! debootstrap --variant=minbase "$suite" "$building" "$mirror" >"$output/debootstrap.log" 2>&1; then
        tail -n 30 "$output/debootstrap.log" >&2
        echo "error: debootstrap $suite $mirror failed (log: $output/debootstrap.log)" >&2
        exit 1
    fi
    step "debootstrap --variant=minbase $suite"
    prepare "$building"
    if ! { inside "$building" apt-get update -qq &&
           inside "$building" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${swift_dependencies[@]}" &&
           inside "$building" apt-get clean; } >"$output/swift-dependencies.log" 2>&1; then
        tail -n 30 "$output/swift-dependencies.log" >&2
        echo "error: the Swift toolchain's dependencies did not install (log: $output/swift-dependencies.log)" >&2
        exit 1
    fi
    rm -rf "$building/var/lib/apt/lists/"*
    step "the Swift toolchain's own dependencies (apt-get install in the root)"
    tar -C "$building" --one-file-system -cf "$image.partial" . && mv "$image.partial" "$image"
    dispose "$building"
    step "cached as $image"
fi
flock -u 9

new_root fresh-root; root=$made
tar -C "$root" -xf "$image"
prepare "$root"
bind_read_only() {  # SOURCE: mounted at the same path inside the root, read-only
    mkdir -p "$root$1"
    mount --bind "$1" "$root$1"
    mount -o remount,bind,ro "$root$1"
}
bind_read_only "$toolchain"
# The Swift package mirror: git's url.<mirror>.insteadOf lines of this machine, and the mirror itself read-only.
while read -r key value; do
    base=${key#url.}; base=${base%.insteadof}
    git config --file "$root/etc/gitconfig" --add "url.$base.insteadOf" "$value"
    if [ -d "$base" ] && ! mountpoint -q "$root${base%/}"; then bind_read_only "${base%/}"; fi
done < <(git config --system --get-regexp '^url\..*\.insteadof$' || true)
inside "$root" swift --version >"$output/swift-version.txt" 2>&1 ||
    { cat "$output/swift-version.txt" >&2; echo "error: swift does not start in the fresh root" >&2; exit 1; }

# The fresh clone of this checkout's commit, at the same path inside and outside.
commit=$(git -C "$checkout" rev-parse HEAD)
if [ -n "$(git -C "$checkout" status --porcelain)" ]; then
    echo "note: $checkout has uncommitted changes; the fresh clone (and the steps after it) test its commit $commit"
fi
rm -rf --one-file-system "$clone"
git clone --quiet --no-checkout "$checkout" "$clone"
git -C "$clone" checkout --quiet --detach "$commit"
mkdir -p "$root$clone"
mount --bind "$clone" "$root$clone"
step "a fresh root ($(head -n 1 "$output/swift-version.txt"), the package mirror) and a fresh clone of $commit at $clone"

# The README's main job, verbatim, in the clone. Its standard output is apt's, then the tool's log; swift run's build
# lines go to standard error, ending with "Build of product 'tactile' complete!", after which the tool wrote nothing
# there. So: the output ends with the README's log, the line before it is not a log line (apt's last), and nothing
# follows the build's last line on standard error.
echo "== fresh root: $readme_main"
if ! inside "$root" /bin/bash -c "cd '$clone' && $readme_main" >"$output/main.out" 2>"$output/main.err"; then
    tail -n 40 "$output/main.out" "$output/main.err" >&2
    echo "error: the README's main command failed in a fresh Debian 12 (outputs: $output/main.out, main.err)" >&2
    exit 1
fi
step "README's main command (apt-get, build, replay)"
log_lines=$(printf '%s\n' "$readme_log" | wc -l)
printed=$(tail -n "$log_lines" "$output/main.out")
before=$(tail -n "$(( log_lines + 1 ))" "$output/main.out" | head -n 1)
after_build=$(awk '/^Build of product .tactile. complete!/ { n = NR } { line[NR] = $0 } END { if (!n) print "(no build line)"; else for (i = n + 1; i <= NR; i++) print line[i] }' "$output/main.err")
if [ "$printed" != "$readme_log" ] || [[ $before =~ ^[0-9]+\.[0-9]{3}s\  ]] || [ -n "$after_build" ]; then
    echo "error: the main job's log is not the README's (<: README, >: the output's last $log_lines lines; output: $output/main.out):" >&2
    diff <(printf '%s\n' "$readme_log") <(printf '%s\n' "$printed") >&2 || true
    [ -z "$after_build" ] || printf 'standard error after the build:\n%s\n' "$after_build" >&2
    [[ ! $before =~ ^[0-9]+\.[0-9]{3}s\  ]] || echo "a log line before the README's: $before" >&2
    exit 1
fi
echo "== fresh root: the main job printed the README's log ($(printf '%s\n' "$printed" | wc -l) lines)"

# The README's test command, verbatim. Its summary and any failure are shown; all of it is kept.
echo "== fresh root: $readme_tests"
set +e
inside "$root" /bin/bash -c "cd '$clone' && $readme_tests" 2>&1 | tee "$output/tests.out" |
    grep --line-buffered -E '^(Summary:|  skipped:)|✘|error:'
tests_status=${PIPESTATUS[0]}
set -e
step "README's test command (apt-get, build, swift test)"
summary=$(grep '^Summary: ' "$output/tests.out" | tail -n 1 || true)
if [ "$tests_status" -ne 0 ] || ! [[ $summary =~ ^Summary:\ [0-9]+\ tests\ ran,\ 0\ failed,\ 0\ skipped$ ]]; then
    echo "error: the README's test command in a fresh Debian 12: status $tests_status, ${summary:-no Summary line} (output: $output/tests.out)" >&2
    exit 1
fi
echo "== fresh root: $summary; total $(( SECONDS - started )) s (outputs in $output)"
