# expect: clean
"""coqui-ai/Trainer's example GAN (examples/train_simple_gan.py): `self.scaled_backward(loss, None, trainer, opt)`
hands one argument too many in front, so the helper's `trainer` is `None`: `trainer.use_amp_scaler` raises before any
backward, and `trainer.scaler` is no GradScaler (an attribute of `None`), so no scaled gradients reach the steps.
Twin: amp_trainer_handed_to_scaled_backward_direct_step.py."""
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
        self.scaled_backward(loss_disc, None, trainer, trainer.optimizer[0])
        if trainer.total_steps_done % trainer.grad_accum_steps == 0:
            trainer.optimizer[0].step()
            trainer.optimizer[0].zero_grad()

        loss_gen = trainer.criterion(self.discriminator(fake), torch.ones(imgs.size(0), 1))
        self.scaled_backward(loss_gen, None, trainer, trainer.optimizer[1])
        if trainer.total_steps_done % trainer.grad_accum_steps == 0:
            trainer.optimizer[1].step()
            trainer.optimizer[1].zero_grad()
        return {"model_outputs": fake}, {"loss_gen": loss_gen, "loss_disc": loss_disc}
