# expect: clean
"""The clean twin: the loss divided by the batches the base accumulates."""

import torch
import trainlib


class DividedTrainer(trainlib.Trainer):
    def train_step(self, data):
        loss = torch.nn.functional.mse_loss(self.net(data), data)
        (loss / self.accu_grad).backward()
        return {"t": loss.item()}


if __name__ == "__main__":
    DividedTrainer(torch.nn.Linear(4, 4), [torch.randn(2, 4) for _ in range(8)], accu_grad=4, epochs=3).start()
