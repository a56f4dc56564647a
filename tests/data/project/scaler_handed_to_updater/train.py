# expect: clean
"""The entry point: a model and the engine of speech/engine.py."""

import torch

from speech.engine import Engine


def main():
    model = torch.nn.Linear(40, 10)
    loader = [(torch.randn(8, 40), torch.randint(0, 10, (8,))) for _ in range(4)]
    engine = Engine(model)
    engine.init_train()
    for _ in range(3):
        engine.train_epoch(loader)


if __name__ == "__main__":
    main()
