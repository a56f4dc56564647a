# -*- coding: future_fstrings -*-
"""The twin of zg501_trainer_in_a_codec_registered_by_a_package.py with each micro-batch's loss divided by `iter_size`,
as FCGF's trainers do: read as UTF-8 under the codec's declaration, the trainer is correct and nothing is reported
(before, the undecodable declaration was a ZG000 on the whole module)."""
# expect: clean
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
                loss = (F0 - F1).pow(2).sum(1).mean() / self.iter_size
                loss.backward()
                batch_loss += loss.item()
            self.optimizer.step()
            print(f"Train Epoch: {epoch} [{curr_iter}] Current Loss: {batch_loss:.3e}")
