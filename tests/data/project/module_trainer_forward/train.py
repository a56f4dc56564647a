# expect: clean
"""The loop calls the trainer (its `forward`, in diffusion/trainer.py, backpropagates) and then its `update`, which
never clears: reported in diffusion/trainer.py."""

from diffusion import ForgetfulTrainer


def main(decoder, loader, epochs):
    trainer = ForgetfulTrainer(decoder)
    for epoch in range(epochs):
        trainer.train()
        for images in loader:
            loss = trainer(images)
            trainer.update()
            print(epoch, loss)
