# expect: clean
"""The entry points: the engines of nmt/engines.py (reported there) built with the process function each hands
`super().__init__`, and handlers registered on them."""

import argparse

import torch
from ignite.engine import Events

from nmt.engines import TranslationEngine, translate_step


def setup():
    parser = argparse.ArgumentParser()
    parser.add_argument("--max_norm", type=float, default=5.0)
    parser.add_argument("--epochs", type=int, default=3)
    config = parser.parse_args()
    model = torch.nn.Linear(16, 16)
    optimizer = torch.optim.Adam(model.parameters())
    return config, model, optimizer


def main(loader, valid_loader):
    config, model, optimizer = setup()
    trainer = TranslationEngine(TranslationEngine.update, model, torch.nn.MSELoss(), optimizer, config)
    evaluator = TranslationEngine(TranslationEngine.validate, model, torch.nn.MSELoss(), None, config)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, lambda engine: evaluator.run(valid_loader))
    trainer.run(loader, max_epochs=config.epochs)


def main_function(loader):
    config, model, optimizer = setup()
    trainer = TranslationEngine(translate_step, model, torch.nn.MSELoss(), optimizer, config)
    trainer.run(loader, max_epochs=config.epochs)


def main_cleared_by_handler(loader):
    config, model, optimizer = setup()
    trainer = TranslationEngine(TranslationEngine.update_cleared_by_handler, model, torch.nn.MSELoss(), optimizer, config)

    @trainer.on(Events.ITERATION_STARTED)
    def clear(engine):
        optimizer.zero_grad()

    trainer.run(loader, max_epochs=config.epochs)


def main_attached(loader):
    config, model, optimizer = setup()
    trainer = TranslationEngine(TranslationEngine.update_cleared_by_handler, model, torch.nn.MSELoss(), optimizer, config)
    TranslationEngine.attach(trainer, optimizer)
    trainer.run(loader, max_epochs=config.epochs)
