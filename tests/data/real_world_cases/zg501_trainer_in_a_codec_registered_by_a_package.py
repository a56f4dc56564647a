# -*- coding: future_fstrings -*-
"""A trainer module declaring the codec a package of the project registers (FCGF's lib/trainer.py), loss undivided.

`future_fstrings` is no codec of the interpreter running the linter: the package registers it when installed, and it
decodes UTF-8. The source is read as UTF-8 and analysed, not reported as undecodable (ZG000): here each of the
`iter_size` micro-batches backpropagates its whole loss before the one step, so the effective learning rate is
`iter_size` times larger (RULES.md ZG501).
"""
# expect: ZG501 31:17
import torch


class ContrastiveLossTrainer:
    def __init__(self, model, data_loader, config):
        self.model = model
        self.data_loader = data_loader
        self.iter_size = config.iter_size
        self.optimizer = torch.optim.SGD(model.parameters(), lr=config.lr, momentum=0.8)

    def _train_epoch(self, epoch):
        self.model.train()
        data_loader_iter = iter(self.data_loader)
        for curr_iter in range(len(self.data_loader) // self.iter_size):
            self.optimizer.zero_grad()
            batch_loss = 0
            for iter_idx in range(self.iter_size):
                input_dict = next(data_loader_iter)
                F0 = self.model(input_dict["sinput0"])
                F1 = self.model(input_dict["sinput1"])
                loss = (F0 - F1).pow(2).sum(1).mean()
                loss.backward()
                batch_loss += loss.item()
            self.optimizer.step()
            print(f"Train Epoch: {epoch} [{curr_iter}] Current Loss: {batch_loss:.3e}")
