# expect: ZG501 16:9
"""TwF's `observe` (mammoth models/twf.py): the guarded step accumulates a virtual batch of `virtual_bs_n` batches,
but each batch's whole loss is backpropagated."""

from models.continual_model import ContinualModel


class TwF(ContinualModel):
    NAME = "twf"

    def observe(self, inputs, labels):
        if self.epoch_iteration == 0:
            self.opt.zero_grad()
        logits = self.net(inputs)
        loss = self.loss(logits, labels)
        loss.backward()
        if self.epoch_iteration % self.virtual_bs_n == 0:
            self.opt.step()
            self.opt.zero_grad()
        return loss.item()
