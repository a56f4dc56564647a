"""Fine-tuning with the backbone frozen by `requires_grad_(False)`; a gradient histogram of every parameter.

Shape of transfer-learning scripts: `model.backbone.requires_grad_(False)`, an
optimizer over the head only, and a TensorBoard histogram of
`param.grad` for every named parameter after the backward. The frozen
parameters never get a gradient (RULES.md ZG301: frozen parameters, no
`requires_grad` filter).
"""
# expect: ZG301 35:44
import torch
from torch import nn
from torch.utils.tensorboard import SummaryWriter


class Classifier(nn.Module):
    def __init__(self, backbone, num_classes):
        super().__init__()
        self.backbone = backbone
        self.head = nn.Linear(512, num_classes)

    def forward(self, x):
        return self.head(self.backbone(x))


def train(backbone, loader, epochs=3):
    writer = SummaryWriter()
    model = Classifier(backbone, 10)
    model.backbone.requires_grad_(False)
    optimizer = torch.optim.SGD(model.head.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            for name, param in model.named_parameters():
                writer.add_histogram(name, param.grad.cpu(), epoch)
            optimizer.step()
