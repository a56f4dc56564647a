# expect: clean
"""The INVALID twin of fit.py, run from its folder the same way (a package's file that trains at its top level, no
`__name__ == "__main__"` test): its loop steps through `fit_batch` of models/steps.py beside it, which never clears
(RULES.md ZG101 at that step, reached from this loop). Read at the package's base only, `models.steps` is not found
and the step is unknown: the miss the script sign (`project_index.runs_as_script`: a top-level call of its own def) ends."""

import torch
from torch import optim

from models.rnn import SampleRNN
from models.steps import fit_batch


def train(model, optimizer, num_epochs, seq_len=32):
    for epoch in range(num_epochs):
        x = torch.rand(seq_len, 2)
        y = torch.randint(0, 2, (seq_len,))
        fit_batch(model, optimizer, x, y)


model = SampleRNN()
optimizer = optim.Adam(model.parameters())
train(model, optimizer, num_epochs=10)
