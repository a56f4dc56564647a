# expect: clean
"""The training scripts: an epoch loop over the step methods of a trainer of another module."""

from leaky_trainer import LeakyTrainer
from trainer import SingleTrainer


def main(model, params, batches):
    trainer = SingleTrainer(model, params)
    for epoch in range(params.max_epoch):
        for batch in batches:
            trainer.clm_step(batch)
        trainer.iter()


def main_leaky(model, params, batches):
    trainer = LeakyTrainer(model, params)
    for epoch in range(params.max_epoch):
        for batch in batches:
            trainer.clm_step(batch)
        trainer.iter()
