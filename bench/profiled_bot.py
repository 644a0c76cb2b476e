"""`python -m bench.profiled_bot OUT`: the bot, with a profiler the benchmark switches on and off.

SIGUSR1 starts a cProfile of the main thread measured in that thread's CPU time (so time spent
waiting for the GIL or a core is not charged to whatever was running), SIGUSR2 stops it and
writes it to OUT. `bench.bot --profile OUT` sends them around the measured window, so the
start-up and the games' set-up stay out of the figures.
"""

from __future__ import annotations

import cProfile
import signal
import sys
import time
from types import FrameType

from bot.__main__ import main as bot_main


def install(out: str) -> None:
    """Switch the profiler on at SIGUSR1 and write it at SIGUSR2."""
    profiler = cProfile.Profile(time.thread_time)

    def start(signum: int, frame: FrameType | None) -> None:
        profiler.enable()

    def stop(signum: int, frame: FrameType | None) -> None:
        profiler.disable()
        profiler.dump_stats(out)

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)


if __name__ == "__main__":
    install(sys.argv[1])
    sys.exit(bot_main([]))
