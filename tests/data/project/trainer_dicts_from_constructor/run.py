# expect: clean
import torch

from trainers import MetricLossOnly


def main(trunk, embedder, loss, loader):
    models = {"trunk": trunk, "embedder": embedder}
    optimizers = {
        "trunk_optimizer": torch.optim.Adam(trunk.parameters(), lr=1e-5),
        "embedder_optimizer": torch.optim.Adam(embedder.parameters(), lr=1e-4),
    }
    trainer = MetricLossOnly(models, optimizers, {"metric_loss": loss}, loader)
    trainer.train(num_epochs=4)
