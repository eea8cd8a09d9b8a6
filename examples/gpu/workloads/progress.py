"""What the long-running workloads (decode.py, compiled_train.py) share: when their loop
ends (--seconds, --until) and the line they print every 10 s, so that a check reads
tokens/s and the process's resident memory over time from the program itself.

The periodic line: 'NAME: t=ELAPSED_S tokens_per_s=RATE steps=N rss_mib=M', RATE over
the interval since the previous line, M the process's VmRSS.
"""
import time


def rss_mib():
    """This process's resident set (VmRSS), MiB; -1 where /proc does not say."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return -1.0


def add_arguments(p, seconds):
    """--seconds S (the loop's length) and --until EPOCH_S (a wall-clock end shared by
    several programs started at once: the loop ends at whichever comes first)."""
    p.add_argument("--seconds", type=float, default=seconds, help="how long the loop runs (default %(default)s)")
    p.add_argument("--until", type=float, default=None,
                   help="wall-clock time (seconds since the epoch) at which the loop ends, if earlier")


class Progress:
    """Counts a loop's steps; prints the periodic line every `every` seconds and tells
    when the loop is over (started at construction)."""

    def __init__(self, name, tokens_per_step, args, every=10.0):
        self.name = name
        self.tokens_per_step = tokens_per_step
        self.every = every
        self.t0 = self.last_t = time.monotonic()
        self.last_steps = 0
        self.end = self.t0 + args.seconds
        if args.until is not None:
            self.end = min(self.end, self.t0 + (args.until - time.time()))

    def over(self):
        return time.monotonic() >= self.end

    def tick(self, steps):
        now = time.monotonic()
        if now - self.last_t >= self.every:
            rate = (steps - self.last_steps) * self.tokens_per_step / (now - self.last_t)
            print(f"{self.name}: t={now - self.t0:.1f} tokens_per_s={rate:.1f} steps={steps} rss_mib={rss_mib():.1f}",
                  flush=True)
            self.last_t, self.last_steps = now, steps

    def elapsed(self):
        return time.monotonic() - self.t0
