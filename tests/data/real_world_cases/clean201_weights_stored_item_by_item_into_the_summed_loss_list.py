# expect: ZG104 33:13
# expect: ZG104 34:13
# expect: ZG104 40:13
# expect: ZG104 45:13
"""SSLRec's `CMLTrainer.train_epoch` (trainer/trainer.py) in one file: round one weighs each behaviour's loss of a copy
of the model by the meta weight network's outputs, stored back item by item (`losses[i] = (losses[i] *
weights[i]).sum()`), sums the list and backpropagates it, then steps the copy's optimizer and the weight network's
(`self.meta_opt`); round two backpropagates another loss through the weight network and steps it again. The first
backward writes the weight network's gradients: a store of one item of a list keeps the stored value among the
list's sources, so `sum(losses)` runs through `self.weight_net` and `self.meta_opt.step()` follows its own backward
(no ZG201). The clears after the forward passes are ZG104 (opt-in)."""

import torch


class Trainer:
    def __init__(self, weight_net):
        self.weight_net = weight_net

    def create_optimizer(self, model):
        self.opt = torch.optim.AdamW(model.parameters())
        self.meta_opt = torch.optim.AdamW(self.weight_net.parameters())

    def train_epoch(self, model, loader, make_model):
        for x in loader:
            meta_model = make_model()
            meta_opt = torch.optim.AdamW(meta_model.parameters())
            losses = meta_model(x)
            weights = self.weight_net(losses)
            for i in range(len(losses)):
                losses[i] = (losses[i] * weights[i]).sum()
            meta_loss = sum(losses) / len(losses)
            meta_opt.zero_grad()
            self.meta_opt.zero_grad()
            meta_loss.backward()
            meta_opt.step()
            self.meta_opt.step()

            second = self.weight_net(meta_model(x)).sum()
            self.meta_opt.zero_grad()
            second.backward()
            self.meta_opt.step()

            loss = model(x).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
