# expect: clean
"""Run as a script from its folder, as a notebook is (fatchord/WaveRNN's NB1-NB3 train cells): the clear follows
`model.init_hidden()`, which runs no forward (models/rnn.py returns `torch.zeros(...)`), and comes before the first
forward of the step, where RULES.md ZG104 wants it. The folder is a package and the script has no `__name__ ==
"__main__"` test, but it says twice that it runs as a script: it calls its own `train` at its top level
(`project_index.runs_as_script`), and it imports `models.rnn`, which only its own folder holds, while its top level
does its work (`project_index.runs_from_its_folder`). So `models.rnn` is looked for in its own folder too, where it is
found. Read at the package's base only (main 97efb2df), the class of `model` was unknown and its method taken for a
forward pass: a false ZG104 (opt-in)."""

import torch
import torch.nn.functional as F
from torch import optim

from models.rnn import SampleRNN


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


model = SampleRNN()
optimizer = optim.Adam(model.parameters())
train(model, optimizer, num_steps=10)
