# expect: clean
"""The twin of train.py over `DecoderTrainer`, whose `update` clears after its step."""

from diffusion import DecoderTrainer


def main(decoder, loader, epochs):
    trainer = DecoderTrainer(decoder)
    for epoch in range(epochs):
        trainer.train()
        for images in loader:
            loss = trainer(images)
            trainer.update()
            print(epoch, loss)
