# expect: ZG602 15:9
"""The meter: `update` adds what it is handed into `self.sum`. train.py hands it every entry of the loss dict as a
tensor, `loss` included, which was backpropagated: the meter keeps every iteration's graph (reported at the statement
that keeps it)."""


class AverageMeter:
    def __init__(self, name):
        self.name = name
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n

    @property
    def avg(self):
        return self.sum / max(self.count, 1)
