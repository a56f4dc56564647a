"""A backward in one function, then another function's loop over an optimizer an imported factory hands back.

Modelled on benchmark scripts that train a baseline, then the same task through
another wrapper: `model, optimizer, loader = get_training_utilities(name)` in
each function (a factory of another module, handed no optimizer), and the
script calls one function after the other, in a loop. What the second optimizer's
gradients hold before its first step is not visible here; the baseline's
backward is on other objects. Silent (RULES.md: unknown stays silent); a loop
over such an optimizer with no clear at all is still ZG101. (The benchmark
scripts this is modelled on were reported by the engine before the factory's
optimizer counted as new; this smaller file is not, so it pins the silence and
the report that must stay, not that report.)
"""
# expect: ZG101 42:9
import deepspeed
from accelerate import Accelerator
from utils import get_training_utilities


def train_baseline():
    model, optimizer, loader = get_training_utilities("bert")
    model, optimizer, _, _ = deepspeed.initialize(model=model, optimizer=optimizer)
    for batch in loader:
        model.backward(model(**batch).loss)  # DeepSpeed's engine clears in its own step
        model.step()


def train_integration():
    accelerator = Accelerator()
    model, optimizer, loader = get_training_utilities("bert")
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        accelerator.backward(model(**batch).loss)
        optimizer.step()
        optimizer.zero_grad()


def train_without_clear():
    model, optimizer, loader = get_training_utilities("bert")
    for batch in loader:
        model(**batch).loss.backward()
        optimizer.step()


if __name__ == "__main__":
    for _ in range(3):
        train_baseline()
        train_integration()
    train_without_clear()
