"""The twin of `clean602_loss_dict_rewritten_detached_by_a_loop_over_its_keys.py` whose helper returns its loss dict as
written, the "total" entry holding the backpropagated loss: the caller's totals keep each micro-batch's graph (ZG602).
"""
# expect: ZG602 26:17
import torch


class Trainer:
    def train_microbatch(self, batch, scale):
        microbatch_loss_dict = {}
        microbatch_loss = self.model(batch).mean()
        microbatch_loss_dict["total"] = microbatch_loss
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
