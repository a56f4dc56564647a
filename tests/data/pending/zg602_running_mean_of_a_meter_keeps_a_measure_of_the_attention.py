"""mozilla/TTS before 8dec2a9 ("fix memory leak due to diagonal alignment score"): train.py's loop hands
`alignment_diagonal_score(alignments)`, a tensor computed from the model's attention (utils/measures.py, no
`.item()`), to `KeepAverage.update_value` (utils/generic_utils.py), whose running mean `avg = avg * iters + value`
keeps it in the meter across iterations: each step's graph stays alive (RULES.md ZG602, at the accumulating
statement). Missed: a running mean rebuilt from its old value times a count plus the value is not read as an
accumulation (`total = total + loss` is), nor, through the meter's method, as one of the loss's tensors; the fix
returns `.item()` from the measure."""
# expect: ZG602 22:9
import torch


class KeepAverage:
    def __init__(self):
        self.avg_values = {}
        self.iters = {}

    def add_value(self, name, init_val=0, init_iter=0):
        self.avg_values[name] = init_val
        self.iters[name] = init_iter

    def update_value(self, name, value):
        self.avg_values[name] = self.avg_values[name] * self.iters[name] + value
        self.iters[name] += 1
        self.avg_values[name] /= self.iters[name]


def alignment_diagonal_score(alignments):
    return alignments.max(dim=1)[0].mean(dim=1).mean(dim=0)


def train(model, criterion, optimizer, loader):
    keep_avg = KeepAverage()
    keep_avg.add_value("avg_align_score")
    for text, mel in loader:
        optimizer.zero_grad()
        decoder_output, alignments = model(text, mel)
        loss = criterion(decoder_output, mel)
        loss.backward()
        optimizer.step()
        align_score = alignment_diagonal_score(alignments)
        keep_avg.update_value("avg_align_score", align_score)
    return keep_avg.avg_values["avg_align_score"]
