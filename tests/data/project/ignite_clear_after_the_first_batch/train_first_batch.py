# expect: clean
"""The entry point of the twin: the engine of nmt/first_batch_engine.py run over the data."""

import torch

from nmt.first_batch_engine import FirstBatchEngine


def main(config, loader):
    model = torch.nn.Linear(16, 16)
    optimizer = torch.optim.Adam(model.parameters())
    trainer = FirstBatchEngine(FirstBatchEngine.update, model, torch.nn.MSELoss(), optimizer, config)
    trainer.run(loader, max_epochs=config.epochs)
