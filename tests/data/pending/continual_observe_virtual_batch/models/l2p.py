# expect: clean
"""The clean twin: the virtual batch's first clear, the loss divided by the batches it accumulates, the step and
its clear under the same guard."""

from models.continual_model import ContinualModel


class L2P(ContinualModel):
    NAME = "l2p"

    def observe(self, inputs, labels):
        if self.epoch_iteration == 0:
            self.opt.zero_grad()
        logits = self.net(inputs)
        loss = self.loss(logits, labels)
        (loss / self.virtual_bs_n).backward()
        if self.epoch_iteration % self.virtual_bs_n == 0:
            self.opt.step()
            self.opt.zero_grad()
        return loss.item()
