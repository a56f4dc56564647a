# expect: clean
"""The script's loop hands each batch to a trainer class of trainers/ (GAN phases, one update per network); its
own text never names what steps, so the report sits in trainers/gan_trainer.py."""

from trainers import GANTrainer


def main(settings, loader):
    trainer = GANTrainer(settings)
    for epoch in range(settings.epochs):
        for i, batch in enumerate(loader):
            if i % settings.critic_steps == 0:
                trainer.generator_step(batch)
            trainer.critic_step(batch)
