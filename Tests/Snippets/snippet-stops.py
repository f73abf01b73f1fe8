#!/usr/bin/env python3
"""Each program of Snippets/ stops on Ctrl-C with no device and no input (issue 34).

    snippet-stops.py host BIN_DIR          the host's cases (no device needed)
    snippet-stops.py guest BIN_DIR DESC    the cases that need a kernel's input devices: run in the livevm guest
                                           with systemd-udevd running; a seat without a touchscreen, then one
                                           made from the evemu description DESC that nobody touches

Each signal case starts the built snippet with no input coming, waits until it sits in its loop (alive for a second
and asleep in the kernel: poll, nanosleep, a FIFO's open), sends SIGINT and measures the time from the signal to
the process's exit (a pidfd: no polling error). A snippet's loop looks at its stop flag at least every 100 ms, so the
bound is 100 ms plus SNIPPET_STOP_SLACK_MS (default 400) for waking and exiting on a loaded machine or in the VM. Each
case runs SNIPPET_STOP_TRIALS times (default 3) and the median must be within the bound (one trial that the machine's
load delayed does not fail it); a trial still running SNIPPET_STOP_GIVE_UP_S (default 10 s) after its SIGINT — a
loop that waits without a deadline — fails the case at once. Prints one PASS/FAIL line per case with its latencies, then
`N passed, N failed`; exits 1 on any failure.
"""
import os
import select
import signal
import subprocess
import sys
import tempfile
import time

LOOP_BOUND_MS = 100
SLACK_MS = int(os.environ.get("SNIPPET_STOP_SLACK_MS", "400"))
GIVE_UP_S = float(os.environ.get("SNIPPET_STOP_GIVE_UP_S", "10"))
TRIALS = int(os.environ.get("SNIPPET_STOP_TRIALS", "3"))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
results = []


def report(name, ok, detail):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'}: {name} ({detail})", flush=True)


def asleep(pid):
    """The process is alive and sleeping in the kernel (state S)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "S"
    except OSError:
        return False


def exit_description(status):
    return f"killed by signal {-status}" if status < 0 else f"exit {status}"


def stop_once(command, node=None, sent_signal=signal.SIGINT):
    """Starts `command`, waits until it is in its loop, sends `sent_signal`; returns (latency ms or None, status,
    output)."""
    out = tempfile.TemporaryFile()
    process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
    pidfd = os.pidfd_open(process.pid)
    try:
        started = time.monotonic()
        # In its loop: a second alive (its set-up is done), then asleep 5 times in a row, 20 ms apart (and holding
        # NODE open, when there is one).
        time.sleep(1.0)
        calm = 0
        while calm < 5 and time.monotonic() - started < 30:
            if process.poll() is not None:
                break
            holds = node is None or any(
                os.path.realpath(f"/proc/{process.pid}/fd/{fd}") == node
                for fd in os.listdir(f"/proc/{process.pid}/fd"))
            calm = calm + 1 if asleep(process.pid) and holds else 0
            time.sleep(0.02)
        if process.poll() is not None:
            out.seek(0)
            return None, process.returncode, f"ended before SIGINT: {out.read().decode(errors='replace')[-300:]}"
        sent = time.monotonic()
        os.kill(process.pid, sent_signal)
        waiter = select.poll()
        waiter.register(pidfd, select.POLLIN)
        exited = waiter.poll(GIVE_UP_S * 1000)
        latency = (time.monotonic() - sent) * 1000
        if not exited:
            process.kill()
            process.wait()
            return None, None, f"still running {GIVE_UP_S:.0f} s after {signal.Signals(sent_signal).name}"
        process.wait()
        out.seek(0)
        return latency, process.returncode, out.read().decode(errors="replace")
    finally:
        os.close(pidfd)
        if process.poll() is None:
            process.kill()
            process.wait()


def signal_case(name, command, expected_status, node=None, expected_output=None):
    latencies = []
    for _ in range(TRIALS):
        latency, status, output = stop_once(command, node)
        if latency is None:
            report(name, False, output)
            return
        if status != expected_status:
            report(name, False, f"{exit_description(status)} after SIGINT, expected {exit_description(expected_status)}: "
                   f"{output[-300:]}")
            return
        if expected_output and expected_output not in output:
            report(name, False, f"no {expected_output!r} in its output: {output[-300:]}")
            return
        latencies.append(latency)
    bound = LOOP_BOUND_MS + SLACK_MS
    median = sorted(latencies)[len(latencies) // 2]
    report(name, median <= bound, "SIGINT to exit: " + ", ".join(f"{x:.0f}" for x in latencies) +
           f" ms, median {median:.0f} (bound {LOOP_BOUND_MS} + {SLACK_MS} ms), {exit_description(expected_status)}")


def machine_share(command, node=None):
    """Prints what the machine adds to every latency: the same program killed (SIGKILL: no loop involved)."""
    latencies = [stop_once(command, node, signal.SIGKILL)[0] for _ in range(TRIALS)]
    shown = ", ".join("-" if x is None else f"{x:.0f}" for x in latencies)
    print(f"INFO: SIGKILL to exit of {os.path.basename(command[0])} here: {shown} ms (the machine's share of a latency)",
          flush=True)


def run_case(name, command, expected_status, expected_output):
    finished = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    output = finished.stdout.decode(errors="replace")
    ok = finished.returncode == expected_status and expected_output in output
    report(name, ok, f"{exit_description(finished.returncode)}, output {output.strip()[-200:]!r}")


def host(bin_dir):
    snippet = lambda name: os.path.join(bin_dir, name)
    # A toolkit's loop (a stand-in for SDL's queue: a two-finger tap, then nothing) looks at the flag every display
    # frame, and stops cleanly.
    signal_case("ContactStreamSource stops on SIGINT", [snippet("ContactStreamSource")], 0,
                expected_output="two-finger tap")
    machine_share([snippet("LibinputSource")])
    # libinput's udev backend on the host's seat: no touchscreen here (no /dev/input), so no device and no input.
    signal_case("LibinputSource on the host's seat0 (udev backend, no touchscreen) stops on SIGINT",
                [snippet("LibinputSource")], 0)
    # A replay waits for nothing: with no input (a FIFO nobody writes) Ctrl-C's default action ends it.
    with tempfile.TemporaryDirectory() as folder:
        fifo = os.path.join(folder, "never-written.evemu")
        os.mkfifo(fifo)
        signal_case("TraceSource on a FIFO that never gets input stops on SIGINT", [snippet("TraceSource"), fifo],
                    -signal.SIGINT)
    run_case("TraceSource of a missing file exits 1", [snippet("TraceSource"), "/nonexistent/trace.evemu"], 1,
             "error:")
    run_case("TraceSource of a trace exits 0", [snippet("TraceSource"), "Traces/long-press.evemu"], 0, "longPress")


def guest(bin_dir, description):
    snippet = lambda name: os.path.join(bin_dir, name)
    # No touchscreen on the seat: libinput's udev backend has nothing to read.
    signal_case("LibinputSource on seat0 without a touchscreen (udev backend) stops on SIGINT",
                [snippet("LibinputSource")], 0)
    # A touchscreen nobody touches (evemu-device prints "NAME: /dev/input/eventN" once it exists).
    device = subprocess.Popen(["evemu-device", description], stdout=subprocess.PIPE, text=True)
    try:
        node = os.path.realpath(device.stdout.readline().rsplit(":", 1)[-1].strip())
        subprocess.run(["udevadm", "settle", "-t", "10"], check=False)
        machine_share([snippet("EvdevSource"), node], node)
        signal_case("EvdevSource on an untouched touchscreen stops on SIGINT", [snippet("EvdevSource"), node], 0,
                    node=node)
        signal_case("LibinputSource on an untouched touchscreen (path backend) stops on SIGINT",
                    [snippet("LibinputSource"), node], 0, node=node, expected_output="added")
        signal_case("LibinputSource on seat0 with an untouched touchscreen (udev backend) stops on SIGINT",
                    [snippet("LibinputSource")], 0, node=node, expected_output="added")
    finally:
        device.terminate()
        device.wait()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "host":
        host(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "guest":  # BIN_DIR DESCRIPTION
        guest(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
    print(f"{results.count(True)} passed, {results.count(False)} failed", flush=True)
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
