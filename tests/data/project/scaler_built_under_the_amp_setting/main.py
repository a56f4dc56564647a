# expect: clean
"""The script: the configuration names the trainer, which runs its own loop."""

from diffusion_trainer import DiffusionTrainer
from wide_scaler_trainer import WideScalerTrainer


def main(configs, model, batches):
    trainer_class = WideScalerTrainer if configs.wide else DiffusionTrainer
    trainer = trainer_class(configs, model, batches)
    trainer.train()
