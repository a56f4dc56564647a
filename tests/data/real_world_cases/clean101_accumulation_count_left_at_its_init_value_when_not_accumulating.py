# expect: clean
"""ParlAI's `TorchAgent` in one file (project/agent_update_freq_nested_guard/): `update_params` tests the count only
under `if update_freq > 1:`, while `zero_grad` tests the count alone. Where `update_freq > 1` is false the step runs
every batch, and the clear too: the count is 0 once the agent is built (`__init__` sets it last to 0, nothing after
hands `self` to a call) and only `backward`'s `if update_freq > 1:` changes it, so `zero_grad` never returns early
there. The construction's flags are set where the agent is bound (`construction_flags`)."""

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
