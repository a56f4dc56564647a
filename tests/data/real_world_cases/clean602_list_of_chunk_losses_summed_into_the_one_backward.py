# expect: clean
"""The twin of zg602_list_summed_into_the_name_of_the_backpropagated_loss.py: the chunk loop appends each chunk's
loss to `losses`, a list made anew per batch, and after the loop `loss = sum(losses) / len(losses)` is the one
loss backpropagated: the list is summed on purpose into what the backward runs through, and nothing outlives the
batch (RULES.md ZG602: not reported)."""
import torch

model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
loader = [(torch.randn(8, 4), torch.randint(0, 2, (8,)))]
for epoch in range(3):
    for data, targets in loader:
        optimizer.zero_grad()
        losses = []
        for data_chunk, target_chunk in zip(data.chunk(2), targets.chunk(2)):
            loss = torch.nn.functional.cross_entropy(model(data_chunk), target_chunk)
            losses.append(loss)
        loss = sum(losses) / len(losses)
        loss.backward()
        optimizer.step()
        print(loss.item())
