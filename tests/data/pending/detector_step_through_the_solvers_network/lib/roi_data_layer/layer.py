# expect: clean
"""The detector's data layer (pytorch-faster-rcnn lib/roi_data_layer/layer.py, written here): a plain class whose
`forward()` hands out the next minibatch; it runs no model."""

import torch


class RoIDataLayer(object):
    def __init__(self, roidb, num_classes):
        self._roidb = roidb
        self._num_classes = num_classes
        self._cur = 0

    def forward(self):
        self._cur += 1
        return {"data": torch.randn(4, 8), "labels": torch.randint(0, self._num_classes, (4,))}
