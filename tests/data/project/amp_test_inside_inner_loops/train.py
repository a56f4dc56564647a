# expect: clean
"""The entry point: two models, their optimizers and scalers, the update of nmt/dual.py."""

import argparse

import torch

from nmt.dual import dual_update


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpu_id", type=int, default=-1)
    parser.add_argument("--no_amp", action="store_true")
    parser.add_argument("--max_norm", type=float, default=5.0)
    config = parser.parse_args()
    models = [torch.nn.Linear(8, 8), torch.nn.Linear(8, 8)]
    optimizers = [torch.optim.Adam(model.parameters()) for model in models]
    scalers = [torch.amp.GradScaler("cuda", enabled=config.gpu_id >= 0) for _ in models]
    loader = [(torch.randn(4, 8), torch.randn(4, 8)) for _ in range(4)]
    for batch in loader:
        dual_update(models, optimizers, scalers, config, batch)


if __name__ == "__main__":
    main()
