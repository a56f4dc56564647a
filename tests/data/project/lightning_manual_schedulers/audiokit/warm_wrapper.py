# expect: ZG204 18:9
"""A variant that steps the generator's schedule at the start of each batch, before the generator's optimizer has
stepped: on the first batch its schedule steps before the optimizer's first step, so its first value is skipped."""

from .wrapper import AutoencoderTrainingWrapper


class WarmAutoencoderTrainingWrapper(AutoencoderTrainingWrapper):
    def training_step(self, batch, batch_idx):
        reals = batch[0]
        opt_gen, opt_disc = self.optimizers()
        sched_gen, sched_disc = self.lr_schedulers()
        opt_disc.zero_grad()
        opt_gen.zero_grad()
        gen_loss, disc_loss = self.losses(reals)
        self.manual_backward(disc_loss)
        opt_disc.step()
        sched_gen.step()
        self.manual_backward(gen_loss)
        opt_gen.step()
