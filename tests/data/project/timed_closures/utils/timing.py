# expect: clean
"""A project's own wrapper that runs the closure it is handed and times it: no word of the lifecycle here, the
step is the closure's."""

import time


def timed(closure, enabled=True):
    start = time.perf_counter() if enabled else None
    result = closure()
    elapsed = time.perf_counter() - start if start is not None else -1.0
    return result, elapsed
