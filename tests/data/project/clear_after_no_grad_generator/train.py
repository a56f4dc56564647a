# expect: clean
"""The loop: one critic update per batch, through the trainer of trainers/critic.py (each step is an optimizer's)."""

from trainers.critic import CriticTrainer


def main(settings, loader):
    trainer = CriticTrainer(settings)
    for epoch in range(settings.epochs):
        for real, noise in loader:
            trainer.critic_step(real, noise)
