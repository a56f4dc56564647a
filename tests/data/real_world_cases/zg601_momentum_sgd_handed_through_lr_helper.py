"""A momentum SGD built in the batch loop, then handed to an imported helper that sets its learning rate and hands it back.

Modelled on pytorch-DANN's train.py before the maintainer moved the
construction out of the loop (`optimizer = optim.SGD(..., momentum=0.9)`, then
`optimizer = utils.optimizer_scheduler(optimizer=optimizer, p=p)`): a call the
file does not define, handed the very optimizer its result is bound to, gives
it back; the momentum is thrown away every batch (RULES.md ZG601).
"""
# expect: ZG601 19:25
import torch.optim as optim

import utils


def train(encoder, classifier, criterion, loader, epochs):
    for epoch in range(epochs):
        for index, (image, label) in enumerate(loader):
            progress = index / len(loader)
            optimizer = optim.SGD(list(encoder.parameters()) + list(classifier.parameters()), lr=0.01, momentum=0.9)
            optimizer = utils.set_learning_rate(optimizer, progress)
            optimizer.zero_grad()
            loss = criterion(classifier(encoder(image)), label)
            loss.backward()
            optimizer.step()
