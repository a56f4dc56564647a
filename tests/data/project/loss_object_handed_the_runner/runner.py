# expect: ZG104 18:9
# expect: ZG104 24:9
"""A StyleGAN runner (genforce's runners/stylegan_runner.py, written here): each update computes its loss with
`self.loss.d_loss(self, data)` / `g_loss`, methods handed the runner that run its models, then clears that network's
optimizer before the backward (ZG104, opt-in, at each clear). `self.loss` is bound only in the base's `__init__` (of
another module), read through the subclass as the base reads it (`Resolver.base_writer`: its class, whose methods are
read), and the loss's methods call the networks through capitalised locals bound to objects (`D(reals)` after
`D = runner.models["discriminator"]`, `facts.binds_object`): a forward each."""

from base_runner import BaseRunner


class StyleGANRunner(BaseRunner):
    def train_step(self, data):
        self.set_model_requires_grad("discriminator", True)
        self.set_model_requires_grad("generator", False)
        d_loss = self.loss.d_loss(self, data)
        self.optimizers["discriminator"].zero_grad()
        d_loss.backward()
        self.optimizers["discriminator"].step()
        self.set_model_requires_grad("discriminator", False)
        self.set_model_requires_grad("generator", True)
        g_loss = self.loss.g_loss(self, data)
        self.optimizers["generator"].zero_grad()
        g_loss.backward()
        self.optimizers["generator"].step()
