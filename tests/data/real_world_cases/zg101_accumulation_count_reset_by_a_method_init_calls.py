# expect: ZG101 34:9
"""The twin of `clean101_accumulation_count_left_at_its_init_value_when_not_accumulating.py` whose `__init__` calls a
method after setting the count, which sets it to 1: the count is not known to be 0 once the agent is built (a call
handed `self` may set any attribute), and on the path where it is not, `zero_grad` returns early every batch while
the step runs: ZG101, as for an agent built elsewhere."""

import torch


class TorchAgent:
    def __init__(self, opt, model):
        self.opt = opt
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=opt["learning_rate"])
        self.criterion = torch.nn.CrossEntropyLoss()
        self._number_grad_accum = 0
        self.reset_counts()

    def reset_counts(self):
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
