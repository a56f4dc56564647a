# expect: clean
"""The entry point: the trainer of speechtrain/mixed.py over a small model."""

import torch

from speechtrain.mixed import MixedTrainer


def main():
    model = torch.nn.Linear(8, 1)
    loader = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(8)]
    trainer = MixedTrainer(model, loader, 2, False, False, 2, 1.0, False, 10)
    trainer.fit()


if __name__ == "__main__":
    main()
