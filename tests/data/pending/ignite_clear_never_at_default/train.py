# expect: clean
"""The entry point: the arguments, the model, and the engine of nmt/engine.py."""

import argparse

import torch

from nmt.engine import TranslationEngine


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--accum", type=int, default=1)
    parser.add_argument("--max_norm", type=float, default=5.0)
    parser.add_argument("--epochs", type=int, default=3)
    config = parser.parse_args()
    model = torch.nn.Linear(16, 16)
    optimizer = torch.optim.Adam(model.parameters())
    engine = TranslationEngine(TranslationEngine.update, model, torch.nn.MSELoss(), optimizer, config)
    loader = [(torch.randn(4, 16), torch.randn(4, 16)) for _ in range(8)]
    engine.run(loader, max_epochs=config.epochs)


if __name__ == "__main__":
    main()
