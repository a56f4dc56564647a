"""Loss statistics kept on an argparse-like namespace object, as tensors."""
import types

import torch


def main():
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 2)
    optimizer = torch.optim.Adam(model.parameters())
    stats = types.SimpleNamespace(loss_sum=0, steps=0)
    for step in range(6):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(torch.randn(3, 4)), torch.randint(0, 2, (3,)))
        loss.backward()
        optimizer.step()
        stats.loss_sum += loss  # <- ZG602
        stats.steps += 1
    print(float(stats.loss_sum) / stats.steps)


if __name__ == "__main__":
    main()
