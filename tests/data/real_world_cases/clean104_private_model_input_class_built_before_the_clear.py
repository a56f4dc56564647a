"""A private class whose name holds a model word (`_ModelInputs`) is built from the batch before the clear; the model
runs after it. Building an instance is no forward, whatever the leading underscore hides: the clear runs before the
forward that feeds the loss (RULES.md ZG104 is not met). Modelled on DiT's diffusion/respace.py, whose
`_WrappedModel(...)` was read as a forward (twenty-seventh session)."""
# expect: clean
import torch


class _ModelInputs:
    def __init__(self, images, labels):
        self.images = images
        self.labels = labels


model = torch.nn.Linear(8, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
criterion = torch.nn.CrossEntropyLoss()
loader = [(torch.randn(2, 8), torch.tensor([0, 1])) for _ in range(3)]

for epoch in range(2):
    for images, labels in loader:
        inputs = _ModelInputs(images, labels)
        optimizer.zero_grad()
        loss = criterion(model(inputs.images), inputs.labels)
        loss.backward()
        optimizer.step()
