# expect: clean
"""The entry point: the policy engine of engines/policy.py, one optimizer step per batch, for some epochs (verl's
worker loops over a data loader of `epochs` passes)."""

import torch

from engines.policy import PolicyEngine


def main(epochs=10):
    engine = PolicyEngine(torch.nn.Linear(16, 8), lr=1e-4)
    for epoch in range(epochs):
        batch = torch.randn(32, 16)
        infos = engine.forward_backward(batch, n_micro=4)
        engine.optimizer_step()
        print(sum(info["loss"] for info in infos))


if __name__ == "__main__":
    main()
