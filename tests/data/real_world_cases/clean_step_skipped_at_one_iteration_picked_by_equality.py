# expect: clean
"""apex's amp test of skipped steps (test_multiple_models_optimizers_losses.py, vendored by jukebox): each run of the
inner loop skips one optimizer's step at the one iteration that `i == which_iter` picks (the loop's own counter against
a value the loop never rebinds), and steps both in every other iteration. The equality holds in one iteration of a run
at most, so the steps in its other arm run every iteration but one: no window of several backwards (ZG105 and ZG501
need a step that runs once every N backwards), and the clear at the top of each iteration throws nothing away."""

import torch


def check_skipped_steps(make_model, x, iterations=3):
    for which_iter in (0, 1):
        for which_backward in (0, 1):
            model0, model1 = make_model(), make_model()
            optimizer0 = torch.optim.SGD(model0.parameters(), lr=0.25, momentum=0.125)
            optimizer1 = torch.optim.SGD(model1.parameters(), lr=0.5, momentum=0.25)
            for i in range(iterations):
                optimizer0.zero_grad()
                optimizer1.zero_grad()
                loss0 = model0(x)
                loss1 = model1(x)
                loss0.backward()
                loss1.backward()
                if i == which_iter:
                    if which_backward == 0:
                        optimizer1.step()
                    else:
                        optimizer0.step()
                else:
                    optimizer0.step()
                    optimizer1.step()
