# expect: clean
"""A dialogue agent's base (ParlAI's `TorchAgent` shape): subclasses write `train_step` with the three helpers below,
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
        if self._number_grad_accum != 0:
            return
        if self.opt.get("gradient_clip", -1) > 0:
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.opt["gradient_clip"])
        self.optimizer.step()

    def zero_grad(self):
        if self._number_grad_accum != 0:
            return
        self.optimizer.zero_grad()
