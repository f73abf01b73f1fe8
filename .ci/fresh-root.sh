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
# The pristine root is cached as a tarball ($TACTILE_CI_CACHE, default /var/cache/tactile-ci; delete it to start
# over) and laid out afresh on each run in a temporary folder, which is unmounted and removed on every exit path.
# Prints the seconds each step took. Budget: ~4 min more than the host's own build and test run (measured, see
# .ci/run), plus ~3 min once to make the cache.
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
pristine="$cache/$suite-minbase.tar"
output=${TACTILE_FRESH_OUTPUT:-$(mktemp -d /tmp/tactile-fresh-output.XXXXXX)}
mkdir -p "$output"

# The toolchain is the `swift` on the PATH: <toolchain>/usr/bin/swift.
swift_bin=$(readlink -f "$(command -v swift)")
toolchain=$(dirname "$(dirname "$(dirname "$swift_bin")")")

# debootstrap (CI only: it makes the fresh root), from Debian like everything else.
export DEBIAN_FRONTEND=noninteractive
if ! command -v debootstrap >/dev/null; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
fi
step "debootstrap installed"

# The pristine root: debootstrap's minbase variant (what Debian's container images start from: essential packages
# and apt), made once under a lock (two CI runs on one machine share the cache).
mkdir -p "$cache"
exec 9>"$cache/lock"
flock 9
if [ ! -f "$pristine" ]; then
    building=$(mktemp -d /var/tmp/tactile-debootstrap.XXXXXX)
    if ! debootstrap --variant=minbase "$suite" "$building" "$mirror" >"$output/debootstrap.log" 2>&1; then
        tail -n 30 "$output/debootstrap.log" >&2
        rm -rf --one-file-system "$building"
        echo "error: debootstrap $suite failed (log: $output/debootstrap.log)" >&2
        exit 1
    fi
    tar -C "$building" -cf "$pristine.partial" . && mv "$pristine.partial" "$pristine"
    rm -rf --one-file-system "$building"
    step "debootstrap --variant=minbase $suite (cached in $pristine)"
fi
flock -u 9

root=$(mktemp -d /var/tmp/tactile-fresh-root.XXXXXX)
# Every mount under the root, deepest first, is unmounted on any exit; the root is removed only when none is left
# (a bind mount still there would let rm reach the clone or the toolchain).
cleanup() {
    local status=$? target
    while read -r target; do
        umount "$target" 2>/dev/null || umount -l "$target" 2>/dev/null || echo "warning: could not unmount $target" >&2
    done < <(awk -v root="$root" '$2 == root || index($2, root "/") == 1 { print $2 }' /proc/self/mounts | sort -r)
    if awk -v root="$root" 'index($2, root "/") == 1 { found = 1 } END { exit !found }' /proc/self/mounts; then
        echo "warning: mounts left under $root; not removing it" >&2
    else
        rm -rf --one-file-system "$root"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
tar -C "$root" -xf "$pristine"
step "fresh root laid out from the cache"

# The machine's network and Debian's default sources for Debian 12 (bookworm, bookworm-updates, the security
# archive), as this machine has them.
cp /etc/resolv.conf "$root/etc/resolv.conf"
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/debian.sources"
    rm -f "$root/etc/apt/sources.list"
fi
# No service starts in a chroot (the convention of Debian's container images).
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"

mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys" && mount --make-rslave "$root/sys"
mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev"
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
step "mounts (proc, sys, dev, toolchain $toolchain, package mirror) and the fresh clone of $commit at $clone"

path_inside="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:$toolchain/usr/bin"
inside() {  # COMMAND…: in the root as root, with a new login's environment, CI=true and no standard input
    chroot "$root" /usr/bin/env -i PATH="$path_inside" HOME=/root USER=root LOGNAME=root SHELL=/bin/bash CI=true \
        "$@" </dev/null
}

# The Swift toolchain's own dependencies on Debian 12: the list of swift.org's Debian 12 image (swiftlang/
# swift-docker), which is what "a machine with Swift" has. What swift, swiftc and the linker load or run is all
# among them; without them `swift build` cannot link (no gcc crt files, no libstdc++) or start (no libcurl4, libxml2).
inside apt-get update -qq >"$output/swift-dependencies.log" 2>&1
inside env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    binutils-gold libicu-dev libcurl4-openssl-dev libedit-dev libsqlite3-dev libncurses-dev libpython3-dev \
    libxml2-dev pkg-config uuid-dev tzdata git gcc libstdc++-12-dev ca-certificates \
    >>"$output/swift-dependencies.log" 2>&1 || {
    tail -n 30 "$output/swift-dependencies.log" >&2; echo "error: the Swift toolchain's dependencies did not install" >&2; exit 1; }
inside swift --version
step "the Swift toolchain's own dependencies (apt-get install in the root)"

# The README's main job, verbatim, in the clone. Its standard output ends with the tool's log, after swift run's
# build lines; everything before the last "Build of product 'tactile' complete!" line is apt's and the build's.
echo "== fresh root: $readme_main"
if ! inside /bin/bash -c "cd '$clone' && $readme_main" >"$output/main.out" 2>"$output/main.err"; then
    tail -n 40 "$output/main.out" "$output/main.err" >&2
    echo "error: the README's main command failed in a fresh Debian 12 (output: $output/main.out, main.err)" >&2
    exit 1
fi
step "README's main command (apt-get, build, replay)"
printed=$(awk '/^Build of product .tactile. complete!/ { n = NR } { line[NR] = $0 } END { for (i = n + 1; i <= NR; i++) print line[i] }' "$output/main.out")
if [ "$printed" != "$readme_log" ]; then
    echo "error: the main job's log is not the README's (left: README, right: printed):" >&2
    diff <(printf '%s\n' "$readme_log") <(printf '%s\n' "$printed") >&2 || true
    exit 1
fi
echo "== fresh root: the main job printed the README's log ($(printf '%s\n' "$printed" | wc -l) lines)"

# The README's test command, verbatim.
echo "== fresh root: $readme_tests"
set +e
inside /bin/bash -c "cd '$clone' && $readme_tests" 2>&1 | tee "$output/tests.out" | grep -E '^(Summary:|  skipped:|error:|.* error:|✘|Test run with)' 
tests_status=${PIPESTATUS[0]}
set -e
step "README's test command (apt-get, build, swift test)"
summary=$(grep '^Summary: ' "$output/tests.out" | tail -n 1)
if [ "$tests_status" -ne 0 ] || ! [[ $summary =~ ^Summary:\ [0-9]+\ tests\ ran,\ 0\ failed,\ 0\ skipped$ ]]; then
    grep -E '✘|error:' "$output/tests.out" | tail -n 40 >&2 || true
    echo "error: the README's test command in a fresh Debian 12: status $tests_status, ${summary:-no Summary line} (output: $output/tests.out)" >&2
    exit 1
fi
echo "== fresh root: $summary; total $(( SECONDS - started )) s (outputs in $output)"
