# A test contestant in Python that plays in a thread, as contestants do to get a deeper stack:
#   python3 threaded_echo.py plain [MIB SECONDS ...]
#       threading.Thread(...).start(), nothing else
#   python3 threaded_echo.py big-stack [MIB SECONDS ...]
#       sys.setrecursionlimit + threading.stack_size first
# With MIB and SECONDS, the thread first fills MIB MiB and burns CPU until the process has used
# SECONDS of it (by its own clock), so that the judge's figures can be checked against known
# amounts. Further arguments (a token that names the run) are ignored.
# It plays the tests' own game (tests/support/echo_problem.hpp): the judge says "ping N" (or
# "ping N bye"), it answers "pong N" (and takes the judge's "bye").
# Before that, the thread recurses deeply, to show the stack it got is usable, then burns.
import sys
import threading
import time

MIB = int(sys.argv[2]) if len(sys.argv) > 2 else 0
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0


def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


def burn(mib, seconds):
    block = b"\x01" * (mib << 20)  # written, so resident
    while time.process_time() < seconds:
        pass
    return block


def play():
    depth(20000)
    kept = burn(MIB, SECONDS)
    words = input().split()  # ping N [bye]
    print("pong", words[1], flush=True)
    if words[2:] == ["bye"]:
        input()
    del kept


if len(sys.argv) > 1 and sys.argv[1] == "big-stack":
    sys.setrecursionlimit(1 << 20)
    threading.stack_size(1 << 27)
else:
    sys.setrecursionlimit(30000)
thread = threading.Thread(target=play)
thread.start()
thread.join()
