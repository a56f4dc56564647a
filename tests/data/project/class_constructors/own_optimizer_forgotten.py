# expect: clean
"""own_optimizer.py's loop without its clear: the trainer's own optimizer is never cleared (reported in
training/trainers.py)."""

from training.trainers import Trainer


def main(cfg, model, loader):
    trainer = Trainer.with_own_optimizer(cfg, model)
    for epoch in range(cfg.epochs):
        for batch in loader:
            trainer.train_step(batch)
