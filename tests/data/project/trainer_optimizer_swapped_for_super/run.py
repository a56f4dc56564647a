# expect: clean
"""The quick-start script: the trainer class the model's type names, fitted on the interactions."""

from recsys.trainer.base import Trainer
from recsys.trainer.kg import KGTrainer
from recsys.trainer.vae import VAETrainer


def run(config, model, train_data):
    if config["model_type"] == "knowledge":
        trainer = KGTrainer(config, model)
    elif config["model_type"] == "vae":
        trainer = VAETrainer(config, model)
    else:
        trainer = Trainer(config, model)
    return trainer.fit(train_data)
