# expect: clean
"""The clean twin: the clear comes only with the step, under its guard."""

from base import Learner


class ClearedAfterTheStep(Learner):
    def observe(self, inputs, labels):
        loss = self.loss(self.net(inputs), labels)
        (loss / self.virtual_bs_n).backward()
        if self.iteration % self.virtual_bs_n == 0:
            self.opt.step()
            self.opt.zero_grad()
        return loss.item()
