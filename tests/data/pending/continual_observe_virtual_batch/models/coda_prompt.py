# expect: ZG105 12:9
"""CODA-Prompt's `observe` (mammoth models/coda_prompt.py, dap.py): the clear at its top runs every batch, so the
virtual batch the guarded step accumulates holds only its last micro-batch."""

from models.continual_model import ContinualModel


class CodaPrompt(ContinualModel):
    NAME = "coda_prompt"

    def observe(self, inputs, labels):
        self.opt.zero_grad()
        logits = self.net(inputs)
        loss = self.loss(logits, labels)
        (loss / self.virtual_bs_n).backward()
        if self.epoch_iteration % self.virtual_bs_n == 0:
            self.opt.step()
            self.opt.zero_grad()
        return loss.item()
