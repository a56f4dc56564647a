# expect: clean
"""An example GAN of the library (coqui-ai/Trainer's examples/train_simple_gan.py): each `scaled_backward` is handed
`None` in front of the trainer, so the helper's `trainer` is `None`: its `trainer.use_amp_scaler` raises before any
backward, and `trainer.scaler`, an attribute of `None`, is no GradScaler the direct steps would bypass."""
import torch
from torch.utils.data import DataLoader
from torchvision.datasets import MNIST

from gantrain import TrainerModel


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

    def get_optimizer(self):
        return [torch.optim.Adam(self.discriminator.parameters()), torch.optim.Adam(self.generator.parameters())]

    def get_data_loader(self, config, is_eval):
        return DataLoader(MNIST(".", train=not is_eval), batch_size=config.batch_size, shuffle=True)
