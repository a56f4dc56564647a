"""LBFGS: the clear is before `step(closure)`, outside the closure the optimizer evaluates several times."""
import torch


class Fitter:
    def __init__(self):
        self.model = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
        self.optimizer = torch.optim.LBFGS(self.model.parameters(), max_iter=4, history_size=5)
        self.x = torch.linspace(-1, 1, 32).unsqueeze(1).repeat(1, 2)
        self.y = self.x[:, :1].sin()

    def closure(self):
        loss = torch.nn.functional.mse_loss(self.model(self.x), self.y)
        loss.backward()
        return loss

    def fit(self, rounds=2):
        for _ in range(rounds):
            self.optimizer.zero_grad()
            self.optimizer.step(self.closure)  # <- ZG101


if __name__ == "__main__":
    torch.manual_seed(0)
    Fitter().fit()
