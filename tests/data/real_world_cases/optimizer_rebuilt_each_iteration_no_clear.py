"""A plain SGD optimizer rebuilt every iteration over the same model, and no clear anywhere.

Seen in huggingface/peft tests/test_other.py ("mock training"):
`for _ in range(5): optimizer = torch.optim.SGD(model.parameters(), lr=0.01);
loss = model(x).sum(); loss.backward(); optimizer.step()`. A fresh optimizer
does not clear the parameters' `.grad`: the model is built once, so every
backward adds to the gradients of all earlier iterations and every step
applies that sum (RULES.md ZG101, reported at the step). Plain SGD keeps no
state, so ZG601 does not apply; the missing clear is the bug.
"""
# expect: ZG101 21:5
import torch

model = torch.nn.Sequential(torch.nn.Linear(5, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))

for _ in range(5):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    output = model(torch.randn(10, 5))
    loss = output.sum()
    loss.backward()
    optimizer.step()
