# Sourced by the guest scripts (guest-live-equals-replay.sh, guest-faults.sh): small waiting helpers.

# wait_until CMD... : up to 20 s
wait_until() { for _ in $(seq 200); do "$@" 2>/dev/null && return 0; sleep 0.1; done; return 1; }

# has_open PID NODE: the process has the device node open
has_open() { ls -l "/proc/$1/fd" 2>/dev/null | grep -q -- "-> $2\$"; }

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
  local p
  for _ in 1 2 3 4 5; do
    for p in "$@"; do in_wait "$p" || return 1; done
    sleep 0.05
  done
}

# wait_caught_up PID...: up to about 90 s (a debug build under TCG can be far behind evemu-play)
wait_caught_up() { for _ in $(seq 900); do caught_up "$@" && return 0; sleep 0.1; done; return 1; }

# create_device NAME DESC: evemu-device in the background (DEVPID), then `tactile devices` must list it by name
# (NODE). On failure writes NAME/guest-error and returns 1.
create_device() {
  local name=$1 desc=$2 devname
  devname=$(sed -n 's/^N: //p' "$desc" | head -1)
  evemu-device "$desc" > "$name/device.txt" 2>&1 &
  DEVPID=$!; pids+=("$DEVPID")
  if ! wait_until grep -q /dev/input/event "$name/device.txt"; then
    echo "$name: evemu-device failed: $(cat "$name/device.txt")" > "$name/guest-error"; kill "$DEVPID"; return 1
  fi
  [ "${LIBINPUT:-0}" = 1 ] && udevadm settle -t 10  # udev's rules (libinput's fuzz rule) have run before any reader
  "$TACTILE" devices > "$name/devices.txt" 2> "$name/devices.err"
  NODE=$(grep -F "\"$devname\"" "$name/devices.txt" | head -1 | cut -d: -f1)
  if [ -z "$NODE" ]; then
    echo "$name: tactile devices did not list \"$devname\": $(cat "$name/devices.txt" "$name/devices.err")" > "$name/guest-error"
    kill "$DEVPID"; wait "$DEVPID" 2>/dev/null; return 1
  fi
  # the properties libinput reads (LIBINPUT_FUZZ_* set by libinput's fuzz rule, ID_INPUT_*)
  if [ "${LIBINPUT:-0}" = 1 ]; then udevadm info --query=property --name="$NODE" > "$name/udev.txt" 2>&1; fi
  return 0
}
