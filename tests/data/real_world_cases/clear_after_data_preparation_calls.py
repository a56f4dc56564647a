"""Inputs and targets prepared with calls before the clear; the model's forward after it.

Seen in eriklindernoren/PyTorch-GAN (gan.py, dcgan.py, wgan.py and 16 more:
`valid = Variable(Tensor(n, 1).fill_(1.0), requires_grad=False)`,
`real_imgs = Variable(imgs.type(Tensor))`, then `optimizer_G.zero_grad()`,
then `gen_imgs = generator(z)`) and pytorch/examples word_language_model/main.py
(`data, targets = get_batch(train_data, i)`, then `optimizer.zero_grad()` or
`model.zero_grad()`, then `output = model(data)`). The clear comes before the
forward pass, so ZG104 does not apply. Since 4ab1308 ("ZG104 forward needs a
model call") the linter takes these data-preparation calls as the forward.
"""
# expect: clean
import torch
from torch.autograd import Variable

Tensor = torch.FloatTensor
generator = torch.nn.Linear(8, 4)
discriminator = torch.nn.Linear(4, 1)
optimizer_G = torch.optim.Adam(generator.parameters(), lr=2e-4)
adversarial_loss = torch.nn.BCEWithLogitsLoss()

for epoch in range(2):
    for imgs in [torch.randn(16, 4)] * 3:
        valid = Variable(Tensor(imgs.size(0), 1).fill_(1.0), requires_grad=False)
        real_imgs = Variable(imgs.type(Tensor))
        optimizer_G.zero_grad()
        gen_imgs = generator(torch.randn(imgs.size(0), 8))
        g_loss = adversarial_loss(discriminator(gen_imgs), valid)
        g_loss.backward()
        optimizer_G.step()


def get_batch(source, i, bptt=4):
    return source[i : i + bptt], source[i + 1 : i + 1 + bptt]


model = torch.nn.Linear(4, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_data = torch.randn(40, 4)
for batch, i in enumerate(range(0, train_data.size(0) - 1, 4)):
    data, targets = get_batch(train_data, i)
    optimizer.zero_grad()
    output = model(data)
    loss = torch.nn.functional.mse_loss(output, targets)
    loss.backward()
    optimizer.step()
