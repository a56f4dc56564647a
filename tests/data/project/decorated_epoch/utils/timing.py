# expect: clean
"""A decorator that logs how long a function took: the function it wraps still runs, with the same arguments."""

import functools
import logging
import time

logger = logging.getLogger(__name__)


def log_duration(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        result = fn(*args, **kwargs)
        logger.info("%s took %.1fs", fn.__name__, time.perf_counter() - start)
        return result

    return wrapper
