# expect: ZG402 19:13
# expect: ZG402 25:13
"""gan.py's twin with the arguments right: under AMP the trainer's GradScaler scales each backward of the library's
`scaled_backward`, and the optimizers step directly, neither unscaled nor skipped on inf/NaN."""
import torch
from torch.utils.data import DataLoader
from torchvision.datasets import MNIST

from gantrain import TrainerModel


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

    def get_optimizer(self):
        return [torch.optim.Adam(self.discriminator.parameters()), torch.optim.Adam(self.generator.parameters())]

    def get_data_loader(self, config, is_eval):
        return DataLoader(MNIST(".", train=not is_eval), batch_size=config.batch_size, shuffle=True)
