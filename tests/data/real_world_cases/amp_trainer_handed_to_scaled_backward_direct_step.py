# expect: ZG402 24:13
# expect: ZG402 30:13
"""The twin of amp_none_handed_in_front_of_the_trainer.py with the arguments right: the trainer's GradScaler scales
each backward under AMP, and the optimizers step directly, neither unscaled nor skipped on inf/NaN."""
import torch
from torch import nn


class TrainerModel(nn.Module):
    def scaled_backward(self, loss, trainer, optimizer, *args):
        if trainer.use_amp_scaler:
            trainer.scaler.scale(loss).backward()
        else:
            loss.backward()


class GANModel(TrainerModel):
    def optimize(self, batch, trainer):
        imgs, _ = batch
        fake = self.generator(torch.randn(imgs.shape[0], 100))
        loss_disc = trainer.criterion(self.discriminator(fake.detach()), torch.zeros(imgs.size(0), 1))
        self.scaled_backward(loss_disc, trainer, trainer.optimizer[0])
        if trainer.total_steps_done % trainer.grad_accum_steps == 0:
            trainer.optimizer[0].step()
            trainer.optimizer[0].zero_grad()

        loss_gen = trainer.criterion(self.discriminator(fake), torch.ones(imgs.size(0), 1))
        self.scaled_backward(loss_gen, trainer, trainer.optimizer[1])
        if trainer.total_steps_done % trainer.grad_accum_steps == 0:
            trainer.optimizer[1].step()
            trainer.optimizer[1].zero_grad()
        return {"model_outputs": fake}, {"loss_gen": loss_gen, "loss_disc": loss_disc}
