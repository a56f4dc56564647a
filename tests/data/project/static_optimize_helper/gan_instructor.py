# expect: clean
"""A subclass's adversarial loops: the discriminator's through the base's static `optimize` (its clear after
`self.dis(...)`, opt-in ZG104 in the base), the generator's through `optimize_no_clear` (ZG101 at its step)."""

import torch
import torch.nn as nn

from instructor import BasicInstructor


class GanInstructor(BasicInstructor):
    def __init__(self):
        super().__init__()
        self.gen = nn.Linear(8, 8)
        self.dis = nn.Linear(8, 1)
        self.gen_opt = torch.optim.Adam(self.gen.parameters(), lr=1e-4)
        self.dis_opt = torch.optim.Adam(self.dis.parameters(), lr=1e-4)

    def adv_train_discriminator(self, batches):
        total = 0.0
        for real, noise in batches:
            fake = self.gen(noise).detach()
            d_loss = (self.dis(fake) - self.dis(real)).mean()
            self.optimize(self.dis_opt, d_loss, self.dis)
            total += d_loss.item()
        return total

    def adv_train_generator(self, batches):
        total = 0.0
        for _, noise in batches:
            g_loss = -self.dis(self.gen(noise)).mean()
            self.optimize_no_clear(self.gen_opt, g_loss)
            total += g_loss.item()
        return total

    def run(self, loader, batches, epochs):
        for _ in range(epochs):
            self.train_gen_epoch(self.gen, loader, nn.MSELoss(), self.gen_opt)
            self.adv_train_generator(batches)
            self.adv_train_discriminator(batches)
