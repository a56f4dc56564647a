# expect: clean
"""The twin: the same loop over the trainer whose critic step clears first."""

from trainers.clean_trainer import CleanGANTrainer


def main(settings, loader):
    trainer = CleanGANTrainer(settings)
    for epoch in range(settings.epochs):
        for i, batch in enumerate(loader):
            if i % settings.critic_steps == 0:
                trainer.generator_step(batch)
            trainer.critic_step(batch)
