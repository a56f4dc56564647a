# expect: clean
"""The entry point: the engine of nmt/engine.py run over the data."""

import torch

from nmt.engine import AccumulatingEngine


def main(config, loader):
    model = torch.nn.Linear(16, 16)
    optimizer = torch.optim.Adam(model.parameters())
    trainer = AccumulatingEngine(AccumulatingEngine.update, model, torch.nn.MSELoss(), optimizer, config)
    trainer.run(loader, max_epochs=config.epochs)
