"""A solver whose closure method never clears; LBFGS evaluates it several times per step."""
import torch


class Solver:
    def __init__(self):
        self.weights = torch.nn.Parameter(torch.zeros(3))
        self.optimizer = torch.optim.LBFGS([self.weights], max_iter=3)
        self.x = torch.randn(10, 3)
        self.y = self.x @ torch.tensor([1.0, -2.0, 0.5])

    def closure(self):
        loss = (self.x @ self.weights - self.y).pow(2).mean()
        loss.backward()
        return loss

    def solve(self, rounds=2):
        for _ in range(rounds):
            self.optimizer.step(self.closure)  # <- ZG101


if __name__ == "__main__":
    torch.manual_seed(0)
    Solver().solve()
