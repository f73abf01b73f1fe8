# Sourced by the host scripts of the VM suites (Tests/Live/run-live-tests.sh, Tests/Desktop/run-desktop-tests.sh): the
# set-up they share. The sourcing script sets ROOT (the repository) first; it gets LIVE (Tests/Live), TRACES
# (Traces/recordings), LIVEVM (TACTILE_LIVEVM or Tests/Live/livevm/run-in-vm.sh), the 9 recordings both play, and
# check/skip with their counters. Everything else (OUT, the tactile binary, the accelerator, the played inputs) is a
# function, called where the script wants it.

LIVE=$ROOT/Tests/Live
TRACES=$(cd "$ROOT/Traces/recordings" 2>/dev/null && pwd) || { echo "error: Traces/recordings is missing" >&2; exit 1; }
LIVEVM=${TACTILE_LIVEVM:-$LIVE/livevm/run-in-vm.sh}
[ -x "$LIVEVM" ] || { echo "error: $LIVEVM is missing" >&2; exit 1; }

# name | recording (the .desc beside a .events file is its description)
recordings=(
  "tap|wacom-isdv4-e6-ts__1finger-tap.events"
  "double-tap|wacom-isdv4-e6-ts__1finger-double-tap.events"
  "long-press|quanta-optical-ts__1finger-long-press.events"
  "pan|wacom-isdv4-e6-ts__1finger-pan-down.events"
  "two-finger-pan|wacom-isdv4-e6-ts__2finger-pan-down.events"
  "four-finger-swipe|atmel-maxtouch-ts__4finger-swipe-down.evemu"
  "type-a|ntrig-multitouch-ts__typeA-2finger-touch-release.events"
  "3m|3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu"
  "wetab|wetab-egalax-ts__1finger-taps-x11.evemu"
)

passed=0; failed=0; skipped=0
check() {  # check NAME STATUS DETAIL
  if [ "$2" -eq 0 ]; then echo "PASS $1${3:+: $3}"; passed=$((passed + 1))
  else echo "FAIL $1${3:+: $3}"; failed=$((failed + 1)); fi
}
skip() {  # skip NAME REASON [COUNT]
  echo "SKIP $1: $2"; skipped=$((skipped + ${3:-1}))
}

# output_folder [DIR] PREFIX: OUT, DIR or a new /tmp/PREFIX.XXXXXX, made and absolute
output_folder() {
  OUT=${1:-$(mktemp -d "/tmp/$2.XXXXXX")}
  mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
}

# build_tactile: TACTILE, the debug build's binary (built now) unless TACTILE is set
build_tactile() {
  if [ -z "${TACTILE:-}" ]; then
    (cd "$ROOT" && swift build --product tactile) >&2 || { echo "error: build failed" >&2; exit 1; }
    TACTILE="$(cd "$ROOT" && swift build --show-bin-path)/tactile"
  fi
}

# probe_accelerator LIVEVM-OPTIONS...: accel (kvm or tcg: the VM tool installs the guest's packages and probes once)
# and PLAY_SPEED unless set: 1 under KVM; under emulation 0.25, four times slower, because a debug `tactile live` there
# is slower than the devices' report rates and would fall behind until the kernel's buffer for it overflows
# (retime.py; the kernel stamps events as they are played)
probe_accelerator() {
  accel=$("$LIVEVM" --build-only "$@" 2>&1 | sed -n 's/.*accel \([a-z]*\)).*/\1/p')
  if [ -z "${PLAY_SPEED:-}" ]; then
    if [ "$accel" = kvm ]; then PLAY_SPEED=1; else PLAY_SPEED=0.25; fi
  fi
}

# add_case NAME RECORDING SPEED THREE_M_PART: appends "NAME|DESCRIPTION|EVENTS" to cases, what the guest plays. The 3M
# session is cut to THREE_M_PART ("FROM UNTIL", trace-part.py); at a SPEED other than 1 the events are retimed, into
# $OUT/input.
add_case() {
  local name=$1 file=$TRACES/$2 speed=$3 from until desc
  mkdir -p "$OUT/input"
  if [ "$name" = 3m ]; then
    read -r from until <<<"$4"
    python3 "$LIVE/trace-part.py" "$file" "$until" --from "$from" > "$OUT/input/$name.evemu"; file=$OUT/input/$name.evemu
  fi
  case $file in
    *.events) desc=${TRACES}/$(basename "${file%__*}").desc ;;
    *) desc=$file ;;
  esac
  if [ "$speed" != 1 ]; then
    python3 "$LIVE/retime.py" "$file" "$speed" > "$OUT/input/$name.played"
    [ "$desc" = "$file" ] && desc=$OUT/input/$name.played
    file=$OUT/input/$name.played
  fi
  cases+=("$name|$desc|$file")
}
