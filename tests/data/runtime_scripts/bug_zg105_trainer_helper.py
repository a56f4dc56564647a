"""A trainer's `compute_loss` helper clears for every micro-batch; the trainer steps every `accum` batches."""
import torch
from torch import nn


class LMTrainer:
    def __init__(self, model, accum=4):
        self.model = model
        self.accum = accum
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)

    def compute_loss(self, tokens, labels):
        self.optimizer.zero_grad()  # <- ZG105
        logits = self.model(tokens)
        loss = nn.functional.cross_entropy(logits, labels) / self.accum
        loss.backward()
        return loss.detach()

    def train(self, batches):
        for step, (tokens, labels) in enumerate(batches):
            self.compute_loss(tokens, labels)
            if (step + 1) % self.accum == 0:
                self.optimizer.step()


if __name__ == "__main__":
    torch.manual_seed(0)
    model = nn.Sequential(nn.Embedding(30, 8), nn.Flatten(), nn.Linear(24, 30))
    batches = [(torch.randint(0, 30, (2, 3)), torch.randint(0, 30, (2,))) for _ in range(8)]
    LMTrainer(model).train(batches)
