# expect: ZG101 29:9
"""The twin of `clean101_accumulation_count_left_at_its_init_value_when_not_accumulating.py` whose `__init__` sets the
count to 1: where `update_freq > 1` is false the count stays 1, `zero_grad` returns early every batch and the step
applies again the gradients it applied (ZG101)."""

import torch


class TorchAgent:
    def __init__(self, opt, model):
        self.opt = opt
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=opt["learning_rate"])
        self.criterion = torch.nn.CrossEntropyLoss()
        self._number_grad_accum = 1

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
        self.optimizer.step()

    def zero_grad(self):
        if self._number_grad_accum != 0:
            return
        self.optimizer.zero_grad()

    def train_step(self, batch):
        self.zero_grad()
        scores = self.model(batch["text_vec"])
        loss = self.criterion(scores, batch["label_vec"])
        self.backward(loss)
        self.update_params()
        return loss.item()


def main(opt, model, loader):
    agent = TorchAgent(opt, model)
    for epoch in range(opt["num_epochs"]):
        for batch in loader:
            agent.train_step(batch)
