# Sourced by the guest scripts (guest-live-equals-replay.sh, guest-faults.sh): waiting helpers. Under emulation
# (TCG) every process the guest starts costs 0.3–1 s, so the helpers use bash builtins only: no sleep, grep, ls, seq.

# nap SECONDS: sleep without a process (`read -t` on a FIFO that never gets data; we hold its write end too)
NAP_FIFO=/tmp/guest-nap.$$
mkfifo "$NAP_FIFO" && exec {NAP_FD}<> "$NAP_FIFO" && rm -f "$NAP_FIFO"
nap() { read -r -t "$1" -u "$NAP_FD" _ || true; }

# now_ms: milliseconds on the wall clock
now_ms() { local t=${EPOCHREALTIME/./}; echo $(( t / 1000 )); }

# wait_until CMD... : up to 20 s
wait_until() {
  local i
  for ((i = 0; i < 200; i++)); do "$@" 2>/dev/null && return 0; nap 0.1; done
  return 1
}

# file_has FILE TEXT: FILE contains TEXT
file_has() { local content=; read -r -d '' content < "$1"; [[ $content == *"$2"* ]]; }

# count_events FILE: the number of evemu event lines (E: ...) in FILE
count_events() {
  local line n=0
  while IFS= read -r line; do [[ $line == "E: "* ]] && n=$((n + 1)); done < "$1"
  echo "$n"
}

# has_open PID NODE: the process has the device node open
has_open() {
  local fd
  for fd in /proc/"$1"/fd/*; do [ "$fd" -ef "$2" ] && return 0; done
  return 1
}

# in_wait PID: the process sits in poll/ppoll/select/epoll_wait (x86_64 numbers 7, 271, 23, 270, 232, 281), i.e. it
# has read everything its device had for it; a process that is gone counts as waiting
in_wait() {
  local nr
  read -r nr _ < "/proc/$1/syscall" 2>/dev/null || return 0
  case $nr in 7|271|23|270|232|281) return 0 ;; esac
  return 1
}

# caught_up PID...: every process is seen waiting for input 5 times in a row, 50 ms apart. A reader with unread
# events never blocks in poll, so this is true only once it has drained its buffer (evemu-play must be done).
caught_up() {
  local p i
  for ((i = 0; i < 5; i++)); do
    for p in "$@"; do in_wait "$p" || return 1; done
    nap 0.05
  done
}

# wait_caught_up PID...: up to about 90 s
wait_caught_up() {
  local i
  for ((i = 0; i < 900; i++)); do caught_up "$@" && return 0; nap 0.1; done
  return 1
}

# device_name DESCRIPTION: the N: line of an evemu description
device_name() {
  local line
  while IFS= read -r line; do [[ $line == "N: "* ]] && { echo "${line#N: }"; return; }; done < "$1"
}

# create_device NAME DESC: evemu-device in the background (DEVPID), then `tactile devices` must list it by name
# (NODE). On failure writes NAME/guest-error and returns 1. With LIBINPUT=1, waits for udev's rules first and
# keeps the device's udev properties (NAME/udev.txt: libinput's LIBINPUT_FUZZ_*).
create_device() {
  local name=$1 desc=$2 devname line
  devname=$(device_name "$desc")
  evemu-device "$desc" > "$name/device.txt" 2>&1 &
  DEVPID=$!; pids+=("$DEVPID")
  if ! wait_until file_has "$name/device.txt" /dev/input/event; then
    echo "$name: evemu-device failed: $(< "$name/device.txt")" > "$name/guest-error"; kill "$DEVPID"; return 1
  fi
  [ "${LIBINPUT:-0}" = 1 ] && udevadm settle -t 10  # udev's rules (libinput's fuzz rule) have run before any reader
  "$TACTILE" devices > "$name/devices.txt" 2> "$name/devices.err"
  NODE=
  while IFS= read -r line; do
    [[ $line == *"\"$devname\""* ]] && { NODE=${line%%:*}; break; }
  done < "$name/devices.txt"
  if [ -z "$NODE" ]; then
    echo "$name: tactile devices did not list \"$devname\": $(< "$name/devices.txt") $(< "$name/devices.err")" \
      > "$name/guest-error"
    kill "$DEVPID"; wait "$DEVPID" 2>/dev/null; return 1
  fi
  if [ "${LIBINPUT:-0}" = 1 ]; then udevadm info --query=property --name="$NODE" > "$name/udev.txt" 2>&1; fi
  return 0
}
