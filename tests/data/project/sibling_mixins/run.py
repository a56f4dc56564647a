# expect: clean
"""The entry point: builds the clipping trainer and runs the mixin's loop."""

from trainers import ClippingTrainer


def main(model, loader):
    trainer = ClippingTrainer(model, loader, max_updates=1000)
    trainer.training_loop()
