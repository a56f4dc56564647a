# expect: ZG501 16:13
"""The script's trainer, deriving from the package's (`import trainlib`, `trainlib.Trainer`): its `train_step`
backpropagates each batch's whole loss while the base steps every `accu_grad` batches (pixel-nerf train/train.py)."""

import torch
import trainlib


class NerfTrainer(trainlib.Trainer):
    def calc_losses(self, data, is_train=True):
        coarse = self.net(data)
        fine = self.net(coarse)
        loss = torch.nn.functional.mse_loss(coarse, data) + torch.nn.functional.mse_loss(fine, data)
        losses = {"rc": loss.item()}
        if is_train:
            loss.backward()
        return losses

    def train_step(self, data):
        return self.calc_losses(data, is_train=True)


if __name__ == "__main__":
    NerfTrainer(torch.nn.Linear(4, 4), [torch.randn(2, 4) for _ in range(8)], accu_grad=4, epochs=3).start()
