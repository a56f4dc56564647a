"""The same fine-tuning loop, the histogram restricted to parameters that require grad.

`if param.requires_grad:` skips exactly the frozen parameters, so it guards
the frozen-parameter None (RULES.md ZG301: "a `requires_grad` filter is a
guard"); the read follows the backward and the class uses both parts: ZG302 only.
"""
# expect: ZG302 34:48
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
                if param.requires_grad:
                    writer.add_histogram(name, param.grad.cpu(), epoch)
            optimizer.step()
