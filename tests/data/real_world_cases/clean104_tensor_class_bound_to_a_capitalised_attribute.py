"""Old GAN code (pix2pix/CycleGAN-like, PyTorch-GAN's models) binds a tensor class to a capital, `self.Tensor =
torch.cuda.FloatTensor if gpu else torch.FloatTensor` (or a module-level `Tensor`), and builds the targets with it
after the clear: `self.Tensor(n, 1).fill_(1.0)` builds a tensor, no forward runs before the clear."""
# expect: clean
import torch

Tensor = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
NETS = {"mlp": torch.nn.Linear}


class GANModel:
    def __init__(self, gpu: bool):
        self.Tensor = torch.cuda.FloatTensor if gpu else torch.FloatTensor
        Net = NETS["mlp"]
        self.generator = torch.nn.Linear(8, 16)
        self.discriminator = Net(16, 1)
        self.optimizer_G = torch.optim.Adam(self.generator.parameters(), lr=2e-4)
        self.criterion = torch.nn.BCEWithLogitsLoss()

    def train(self, loader):
        for reals in loader:
            valid = self.Tensor(reals.size(0), 1).fill_(1.0)
            noise = Tensor(reals.size(0), 8).normal_()
            self.optimizer_G.zero_grad()
            fakes = self.generator(noise)
            loss = self.criterion(self.discriminator(fakes), valid)
            loss.backward()
            self.optimizer_G.step()
