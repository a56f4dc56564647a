# expect: ZG104 16:9
"""The twin: the same script over a model whose `init_hidden` expands its trained first state (models/learned_state.py,
read in the script's own folder): the clear comes after that part of the forward pass (RULES.md ZG104, opt-in)."""

import torch
import torch.nn.functional as F
from torch import optim

from models.learned_state import LearnedStateRNN


def train(model, optimizer, num_steps, seq_len=32):
    for step in range(num_steps):
        loss = 0
        hidden = model.init_hidden()
        optimizer.zero_grad()
        for i in range(seq_len):
            x = torch.rand(1, 2)
            y = torch.randint(0, 2, (1,))
            out, hidden = model(x, hidden)
            loss += F.cross_entropy(out, y)
        loss.backward()
        optimizer.step()


model = LearnedStateRNN()
optimizer = optim.Adam(model.parameters())
train(model, optimizer, num_steps=10)
