# expect: ZG602 26:17
"""The meter of microsoft/SpareNet (runners/misc.py): `update` takes one value or a list of them, and adds each into
`self._sum` for the whole epoch. net_runner.py hands it its loss terms scaled, `[coarse_loss * 1000, refine_loss *
1000]`, tensors of the backpropagated loss's graph: the sum keeps every batch's graph alive until the epoch ends
(ZG602, reported where the meter adds them up, as tests/data/project/meter_kept_loss/). Missed, for two causes: a list
of values handed to the method, read back by its loop over the parameter, is not followed to the list's elements;
and an expression of a loss term handed to it (`loss * 1000`, even alone) is not followed as the name is (a name
handed alone, `update(loss)`, is reported at line 30)."""


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
