# expect: ZG105 10:9
"""The override the loop reaches through the base's `meta_observe`: it clears at its top every batch, so the virtual
batch its guarded step accumulates holds only the last batch."""

from base import Learner


class ClearedEveryBatch(Learner):
    def observe(self, inputs, labels):
        self.opt.zero_grad()
        loss = self.loss(self.net(inputs), labels)
        (loss / self.virtual_bs_n).backward()
        if self.iteration % self.virtual_bs_n == 0:
            self.opt.step()
            self.opt.zero_grad()
        return loss.item()
