# expect: clean
"""The script: the engine runs the update function the factory of trainers/updates.py made (reported there)."""

import torch
from ignite.engine import Engine, Events

from trainers.updates import create_amp_update, create_scaled_update


def main(cfg, model, loader, device):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    scaler = torch.amp.GradScaler("cuda")
    loss_fn = torch.nn.CrossEntropyLoss()
    factory = create_scaled_update if cfg.scaled_step else create_amp_update
    trainer = Engine(factory(model, optimizer, loss_fn, scaler, device))

    @trainer.on(Events.EPOCH_COMPLETED)
    def log_epoch(engine):
        print(engine.state.epoch, engine.state.output)

    trainer.run(loader, max_epochs=cfg.epochs)
