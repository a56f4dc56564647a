# expect: clean
"""The clean twin: each loop clears its optimizer at the top of the iteration, before the forward, and the static
helper only backpropagates and steps. While a static method called on `self` lost its first parameter to `self`,
`opt` was read as the loss and this twin's step was reported ZG101."""

import torch
import torch.nn as nn

from instructor import BasicInstructor


class ClearedInstructor(BasicInstructor):
    def __init__(self):
        super().__init__()
        self.gen = nn.Linear(8, 8)
        self.dis = nn.Linear(8, 1)
        self.gen_opt = torch.optim.Adam(self.gen.parameters(), lr=1e-4)
        self.dis_opt = torch.optim.Adam(self.dis.parameters(), lr=1e-4)

    @staticmethod
    def apply(opt, loss):
        loss.backward()
        opt.step()

    def adv_train_discriminator(self, batches):
        for real, noise in batches:
            self.dis_opt.zero_grad()
            fake = self.gen(noise).detach()
            d_loss = (self.dis(fake) - self.dis(real)).mean()
            self.apply(self.dis_opt, d_loss)

    def adv_train_generator(self, batches):
        for _, noise in batches:
            self.gen_opt.zero_grad()
            g_loss = -self.dis(self.gen(noise)).mean()
            self.apply(self.gen_opt, g_loss)

    def run(self, batches, epochs):
        for _ in range(epochs):
            self.adv_train_generator(batches)
            self.adv_train_discriminator(batches)
