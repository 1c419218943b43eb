"""Ends the test server when the test process that started it dies, so no server outlives a crashed
test run."""
import os
import threading
import time


def exit_with_parent():
    parent = os.getppid()

    def watch():
        while True:
            if os.getppid() != parent:
                os._exit(0)
            time.sleep(0.5)

    threading.Thread(target=watch, daemon=True).start()


def supervise(child):
    """Runs a server started as `child` (a subprocess.Popen in the foreground) for the test process
    that started this script: says "ready" on standard output, stops the child on SIGTERM/SIGINT or
    when the test process is gone, and returns the child's exit status if it ends by itself."""
    import signal
    import subprocess
    import sys

    parent = os.getppid()

    def stop(*_):
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print("ready", flush=True)
    while child.poll() is None:
        if os.getppid() != parent:
            stop()
        time.sleep(0.2)
    return child.returncode
