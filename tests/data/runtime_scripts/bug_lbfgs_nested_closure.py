"""Curve fitting with LBFGS: the closure never clears, so its evaluations add up inside every step."""
import torch


def fit(xs, ys, rounds=3):
    model = torch.nn.Sequential(torch.nn.Linear(1, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    lbfgs = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=4)

    def closure():
        loss = torch.nn.functional.mse_loss(model(xs), ys)
        loss.backward()
        return loss

    for _ in range(rounds):
        lbfgs.step(closure)  # <- ZG101
    return model


if __name__ == "__main__":
    torch.manual_seed(0)
    xs = torch.linspace(-2, 2, 40).unsqueeze(1)
    fit(xs, xs.sin())
