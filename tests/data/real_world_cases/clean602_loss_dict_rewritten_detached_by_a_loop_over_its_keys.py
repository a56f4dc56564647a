"""A micro-batch helper rewrites every entry of its loss dict detached (scaled by a number) before it returns it, as
mosaicml/composer's `_train_microbatch` does (`for k, loss in d.items(): d[k] = loss.detach().clone().mean() * (size /
total)`); the caller adds each entry into its totals across micro-batches: no graph is kept, the "total" entry written
with the loss before the loop included (where it is there, the dict was not empty and the loop ran).
"""
# expect: clean
import torch


class Trainer:
    def train_microbatch(self, batch, scale):
        microbatch_loss_dict = {}
        microbatch_loss = self.model(batch).mean()
        microbatch_loss_dict["total"] = microbatch_loss
        for key, value in microbatch_loss_dict.items():
            microbatch_loss_dict[key] = value.detach().clone().mean() * scale
        microbatch_loss.mul_(scale)
        microbatch_loss.backward()
        return microbatch_loss_dict

    def train_microbatches(self, microbatches, total_loss_dict):
        for optimizer in self.optimizers:
            optimizer.zero_grad()
        for batch in microbatches:
            microbatch_loss_dict = self.train_microbatch(batch, 1 / len(microbatches))
            for key, microbatch_loss in microbatch_loss_dict.items():
                loss_key = f"loss/train/{key}"
                if loss_key not in total_loss_dict:
                    total_loss_dict[loss_key] = torch.zeros(1)
                total_loss_dict[loss_key] += microbatch_loss
        return total_loss_dict["loss/train/total"]

    def train_batch(self, microbatches):
        total_loss_dict = {"loss/train/total": torch.zeros(1)}
        for optimizer in self.optimizers:
            self.train_microbatches(microbatches, total_loss_dict)
            optimizer.step()
        return total_loss_dict

    def fit(self, loader, epochs):
        self.optimizers = [torch.optim.SGD(self.model.parameters(), lr=0.1)]
        for epoch in range(epochs):
            for microbatches in loader:
                self.train_batch(microbatches)
