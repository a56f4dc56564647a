"""A clear under a window of one, in a loop that also skips the batches a resumed run already trained.

The shape of a Hugging Face `Trainer`'s loop (princeton-nlp/MeZO's medium_models/src/trainer.py) with Point-MAE's
window: `to_skip` is set to 0 once before the loops (or to where a checkpoint stopped) and counts down inside the
batch loop; `num_iter` is set back to 0 inside its own test, so `num_iter == 1` holds every iteration and every
iteration clears after its step (RULES.md ZG101 needs a path that keeps an earlier iteration's gradients; there is
none). Only the window's counter has few values: the skip counter, never set back inside its loop, is not numbered
(numbering it held every valuation apart by its number and multiplied the analysis's work past its limit on the
Trainer). The twin zg101_window_of_two_beside_a_resume_skip_counter.py compares with 2.
"""
# expect: clean


def train(model, criterion, optimizer, loader, epochs, resume_step=None):
    to_skip = 0
    if resume_step is not None:
        to_skip = resume_step % len(loader)
    for epoch in range(epochs):
        num_iter = 0
        for x, y in loader:
            if to_skip > 0:
                to_skip -= 1
                continue
            num_iter += 1
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            if num_iter == 1:
                num_iter = 0
                optimizer.zero_grad()
