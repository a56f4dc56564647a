# expect: clean
"""train.py's loop with the trainer's `forward` called by its name, as some scripts do."""

from diffusion import ForgetfulTrainer


def main(decoder, loader, epochs):
    trainer = ForgetfulTrainer(decoder)
    for epoch in range(epochs):
        for images in loader:
            loss = trainer.forward(images)
            trainer.update()
            print(epoch, loss)
