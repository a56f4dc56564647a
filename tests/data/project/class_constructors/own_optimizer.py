# expect: clean
"""`Trainer.with_own_optimizer(cfg, model)` builds the optimizer itself, the trainer's own (`trainer.optimizer`),
which the loop clears: right."""

from training.trainers import Trainer


def main(cfg, model, loader):
    trainer = Trainer.with_own_optimizer(cfg, model)
    for epoch in range(cfg.epochs):
        for batch in loader:
            trainer.optimizer.zero_grad()
            trainer.train_step(batch)
