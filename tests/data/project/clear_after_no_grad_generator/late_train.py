# expect: clean
"""The loop of the critic whose clear follows its forward on the real samples (trainers/late_critic.py)."""

from trainers.late_critic import LateCriticTrainer


def main(settings, loader):
    trainer = LateCriticTrainer(settings)
    for epoch in range(settings.epochs):
        for real, noise in loader:
            trainer.critic_step(real, noise)
