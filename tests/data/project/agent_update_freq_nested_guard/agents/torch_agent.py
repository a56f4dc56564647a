# expect: clean
"""The twin of tests/data/project/agent_update_freq/ in ParlAI's own form: `update_params` tests the count only under
`if update_freq > 1:`, while `zero_grad` tests it alone. A false ZG101 at the step below until pend17, on the path where
`update_freq > 1` is false and the count is not 0 (the step runs, the next batch's `zero_grad` returns early). That path
does not exist: `__init__` leaves the count at 0 (`construction_flags`, set where train_classifier.py binds the agent)
and only `backward`'s `if update_freq > 1:` changes it.

A dialogue agent's base (ParlAI's `TorchAgent` shape): subclasses write `train_step` with the three helpers below,
which do gradient accumulation over `update_freq` batches between them. `backward` divides the loss and counts the
batch; `update_params` and `zero_grad` return early until the count comes round, so the step, and the clear at the start
of the next batch, run once every `update_freq` batches."""

import torch


class TorchAgent:
    def __init__(self, opt, model):
        self.opt = opt
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=opt["learning_rate"])
        self.criterion = torch.nn.CrossEntropyLoss()
        self._number_grad_accum = 0

    def backward(self, loss):
        update_freq = self.opt.get("update_freq", 1)
        if update_freq > 1:
            loss = loss / update_freq
            self._number_grad_accum = (self._number_grad_accum + 1) % update_freq
        loss.backward()

    def update_params(self):
        update_freq = self.opt.get("update_freq", 1)
        if update_freq > 1:
            if self._number_grad_accum != 0:
                return
        if self.opt.get("gradient_clip", -1) > 0:
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.opt["gradient_clip"])
        self.optimizer.step()

    def zero_grad(self):
        if self._number_grad_accum != 0:
            return
        self.optimizer.zero_grad()
