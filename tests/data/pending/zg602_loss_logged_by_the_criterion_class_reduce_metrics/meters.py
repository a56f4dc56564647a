# expect: ZG602 13:13
"""The metrics of a sequence-modelling toolkit (fairseq/logging/meters.py and metrics.py before "Patch masked_lm memory
leak on GPUs", 8eb9123f), reduced: `log_scalar` adds each value it is given into an `AverageMeter` of the active
aggregation, which lives for the epoch."""


class AverageMeter:
    def __init__(self):
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.sum = self.sum + val * n
        self.count = self.count + n


AGGREGATORS = {"train": {}}


def log_scalar(key, value, weight=1):
    for agg in AGGREGATORS.values():
        if key not in agg:
            agg[key] = AverageMeter()
        agg[key].update(value, weight)
