# expect: clean
"""The training scripts: an outer loop over a trainer's step methods, `iter()` moving its counter once per iteration."""

from divided_trainer import DividedTrainer
from undivided_trainer import UndividedTrainer


def main(model, params, batches):
    trainer = UndividedTrainer(model, params)
    while trainer.n_iter < params.max_iter:
        for batch in batches:
            trainer.clm_step(batch)
        trainer.iter()


def main_divided(model, params, batches):
    trainer = DividedTrainer(model, params)
    while trainer.n_iter < params.max_iter:
        for batch in batches:
            trainer.clm_step(batch)
        trainer.iter()
