# expect: ZG101 25:9
"""Scripts that hand a factory of reid/engine.py their own update function, which never clears: the engine the
first factory builds around it registers no clear, the second's does (ITERATION_STARTED)."""

import torch

from reid.engine import create_clearing_trainer_for, create_trainer_for


def setup(cfg):
    model = torch.nn.Linear(16, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    return model, optimizer, torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=cfg.lr, total_steps=cfg.steps)


def do_train_own_step(cfg, loader):
    model, optimizer, lr_scheduler = setup(cfg)
    loss_fn = torch.nn.CrossEntropyLoss()

    def train_step(engine, batch):
        model.train()
        images, targets = batch
        loss = loss_fn(model(images), targets)
        loss.backward()
        optimizer.step()
        return loss.item()

    trainer = create_trainer_for(train_step, lr_scheduler, log_every=50)
    trainer.run(loader, max_epochs=cfg.epochs)


def do_train_own_step_cleared(cfg, loader):
    model, optimizer, lr_scheduler = setup(cfg)
    loss_fn = torch.nn.CrossEntropyLoss()

    def train_step(engine, batch):
        model.train()
        images, targets = batch
        loss = loss_fn(model(images), targets)
        loss.backward()
        optimizer.step()
        return loss.item()

    trainer = create_clearing_trainer_for(train_step, optimizer)
    trainer.run(loader, max_epochs=cfg.epochs)
