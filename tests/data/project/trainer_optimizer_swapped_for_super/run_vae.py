# expect: clean
"""The VAE model's script: its trainer swaps the optimizer between the base's epochs."""

from recsys.trainer.vae import VAETrainer


def run(config, model, train_data):
    trainer = VAETrainer(config, model)
    return trainer.fit(train_data)
