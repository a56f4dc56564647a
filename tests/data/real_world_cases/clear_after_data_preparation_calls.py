"""Inputs and targets prepared with calls before the clear; the model's forward after it.

Seen in eriklindernoren/PyTorch-GAN (gan.py, dcgan.py, wgan.py and 16 more:
`valid = Variable(Tensor(n, 1).fill_(1.0), requires_grad=False)`,
`real_imgs = Variable(imgs.type(Tensor))`, then `optimizer_G.zero_grad()`,
then `gen_imgs = generator(z)`) and pytorch/examples word_language_model/main.py
(`data, targets = get_batch(train_data, i)`, then `optimizer.zero_grad()` or
`model.zero_grad()`, then `output = model(data)`), PyTorch-GAN ccgan.py
(`masked_imgs = apply_random_mask(imgs)`, a helper of the file that clones
and masks the batch) and Lightning tests/parity_fabric/test_parity_simple.py
(`inputs, labels = move_to_device(inputs), move_to_device(labels)`). The
clear comes before the forward pass, so ZG104 does not apply. 4ab1308
("ZG104 forward needs a model call") took all of these data-preparation
calls as the forward; d70929a no longer does for the first two, but still
does for the helper calls of the last two loops.
"""
# expect: clean
import time

import numpy as np
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


def apply_random_mask(imgs, mask_size=2):
    idx = np.random.randint(0, 4 - mask_size, (imgs.shape[0],))
    masked_imgs = imgs.clone()
    for i, x1 in enumerate(idx):
        masked_imgs[i, x1 : x1 + mask_size] = -1
    return masked_imgs


for epoch in range(2):
    for imgs in [torch.randn(16, 4)] * 3:
        masked_imgs = apply_random_mask(imgs)
        valid = Variable(Tensor(imgs.shape[0], 1).fill_(1.0), requires_grad=False)
        optimizer_G.zero_grad()
        gen_imgs = generator(torch.cat([masked_imgs, torch.randn(imgs.shape[0], 4)], 1))
        g_loss = adversarial_loss(discriminator(gen_imgs), valid)
        g_loss.backward()
        optimizer_G.step()


def move_to_device(t):
    return t.to("cpu")


def train(model, dataloader, optimizer, loss_fn, num_steps, precision_context):
    model.train()
    iterator = iter(dataloader)
    for _ in range(num_steps):
        t0 = time.perf_counter()
        inputs, labels = next(iterator)
        inputs, labels = move_to_device(inputs), move_to_device(labels)
        optimizer.zero_grad()
        with precision_context():
            outputs = model(inputs)
        loss = loss_fn(outputs.float(), labels)
        loss.backward()
        optimizer.step()
