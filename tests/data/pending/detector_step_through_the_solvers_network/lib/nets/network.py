# expect: ZG104 40:9
"""A detector whose `forward()` keeps its losses in a dict of the instance and whose `train_step` is handed the solver's
optimizer (ruotianluo/pytorch-faster-rcnn lib/nets/network.py, written here): `train_step` runs `self.forward(...)`,
then clears, then backpropagates `self._losses['total_loss']` and steps `train_op`, which lib/model/train_val.py's
`SolverWrapper.train_model` hands it (`self.optimizer`, an SGD). The clear runs after the forward of the loss it
empties the gradients for, before its backward (RULES.md ZG104, opt-in). `train_step_no_return` clears first: silent."""

import torch.nn.functional as F
from torch import nn


class Network(nn.Module):
    def __init__(self):
        super().__init__()
        self._predictions = {}
        self._losses = {}

    def _predict(self, image):
        self._predictions["cls_score"] = self.head(self.body(image))

    def _add_losses(self, labels):
        cls_score = self._predictions["cls_score"]
        cross_entropy = F.cross_entropy(cls_score, labels)
        self._losses["cross_entropy"] = cross_entropy
        self._losses["total_loss"] = cross_entropy + 0.1 * cls_score.pow(2).mean()

    def forward(self, image, labels, mode="TRAIN"):
        self._predict(image)
        if mode == "TRAIN":
            self._add_losses(labels)

    def delete_intermediate_states(self):
        for d in [self._predictions, self._losses]:
            for k in list(d):
                del d[k]

    def train_step(self, blobs, train_op):
        self.forward(blobs["data"], blobs["labels"])
        loss = self._losses["total_loss"].item()
        train_op.zero_grad()
        self._losses["total_loss"].backward()
        train_op.step()
        self.delete_intermediate_states()
        return loss

    def train_step_no_return(self, blobs, train_op):
        train_op.zero_grad()
        self.forward(blobs["data"], blobs["labels"])
        self._losses["total_loss"].backward()
        train_op.step()
        self.delete_intermediate_states()
