"""The twin: the counter goes into the progress line and also picks each pass's slice of the batch (`data[i *
size:]`): the passes are micro-batches, backpropagated undivided before one step (RULES.md ZG501)."""
# expect: ZG501 19:17
import torch.nn.functional as F


def train(model, loader, optimizer, n_micro, epochs):
    for _ in range(epochs):
        for data, target in loader:
            optimizer.zero_grad()
            size = len(data) // n_micro
            for i in range(n_micro):
                part = data[i * size : (i + 1) * size]
                labels = target[i * size : (i + 1) * size]
                loss = F.cross_entropy(model(part), labels)
                print("micro-batch {:.0f}, loss:{:.4f}".format(i, loss))
                if i == n_micro - 1:
                    print(f"last micro-batch {i}")
                loss.backward()
            optimizer.step()
