# expect: ZG104 29:13
# expect: ZG201 33:13
# expect: ZG104 36:13
# expect: ZG104 41:13
"""The twin of `clean201_weights_stored_item_by_item_into_the_summed_loss_list.py` whose weights are detached: round
one's loss no longer runs through the weight network, so `self.meta_opt.step()` applies no gradient of its own
backward, which comes later in the iteration (`second.backward()`): ZG201."""

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
            weights = self.weight_net(losses).detach()
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
