"""A running loss kept as `running = running + loss` over a trainer's epoch."""
import torch


class Runner:
    def __init__(self):
        self.model = torch.nn.Linear(3, 3)
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def epoch(self, steps=8):
        running = torch.zeros(())
        for _ in range(steps):
            self.opt.zero_grad()
            loss = self.model(torch.randn(2, 3)).pow(2).sum()
            loss.backward()
            self.opt.step()
            running = running + loss  # <- ZG602
        return running.item() / steps


if __name__ == "__main__":
    torch.manual_seed(0)
    print(Runner().epoch())
