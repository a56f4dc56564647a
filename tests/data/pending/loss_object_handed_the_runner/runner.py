# expect: ZG104 16:9
# expect: ZG104 22:9
"""A StyleGAN runner (genforce's runners/stylegan_runner.py, written here): each update computes its loss with
`self.loss.d_loss(self, data)` / `g_loss`, methods handed the runner that run its models, then clears that network's
optimizer before the backward (ZG104, opt-in, at each clear). Missed: a project function is taken to run a forward when
it is handed a model (`runs_handed_model`), not an object holding them in a dict, so no forward is pending at the clears."""

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
