# expect: ZG602 27:17
"""The meter of microsoft/SpareNet (runners/misc.py): `update` takes one value or a list of them, and adds each into
`self._sum` for the whole epoch. net_runner.py hands it its loss terms scaled, `[coarse_loss * 1000, refine_loss *
1000]`, tensors of the backpropagated loss's graph: the sum keeps every batch's graph alive until the epoch ends
(ZG602, reported where the meter adds them up, as tests/data/project/meter_kept_loss/). The list display handed to
`update` is a container whose elements the method's loop takes (`v`, each a loss term's graph); the arm for a single
value adds the whole list up (`self._sum[0] += values`), which no list reaches at run time (`0 + [...]` raises), and
is left silent: a display handed to a helper is followed only to the elements its loops take. The other `+=` of
`self._sum` does not reset it."""


class AverageMeter(object):
    def __init__(self, items=None):
        self.items = items
        self.n_items = 1 if items is None else len(items)
        self.reset()

    def reset(self):
        self._val = [0] * self.n_items
        self._sum = [0] * self.n_items
        self._count = [0] * self.n_items

    def update(self, values):
        if type(values).__name__ == "list":
            for idx, v in enumerate(values):
                self._val[idx] = v
                self._sum[idx] += v
                self._count[idx] += 1
        else:
            self._val[0] = values
            self._sum[0] += values
            self._count[0] += 1

    def avg(self, idx=0):
        return self._sum[idx] / max(self._count[idx], 1)
