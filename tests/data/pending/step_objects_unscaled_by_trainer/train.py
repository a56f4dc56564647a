# expect: clean
"""The script: the trainer over the loader's batches."""

from srkit.trainer import ExtensibleTrainer
from srkit.unscaling_trainer import UnscalingTrainer


def main(opt, networks, loader, total_iters):
    trainer = UnscalingTrainer(opt, networks) if opt.get("unscaling") else ExtensibleTrainer(opt, networks)
    it = 0
    while it < total_iters:
        for data in loader:
            it += 1
            trainer.feed_data(data)
            trainer.optimize_parameters(it)
