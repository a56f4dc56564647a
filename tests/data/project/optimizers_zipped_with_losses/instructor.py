# expect: ZG104 17:13
"""TextGAN-PyTorch's `BasicInstructor.optimize_multi` (instructor/real_data/instructor.py): one static helper steps a
list of optimizers, each after its own loss's backward, clearing each right before that backward. LeakGAN's
instructor hands it its manager's and worker's optimizers as the list `self.gen_opt = [mana_opt, work_opt]` and the
two losses of one forward, so each clear runs after that forward (opt-in ZG104). The backwarded `loss` is the target
of the `for` over `zip(opts, losses)`: its forward is looked for in what the loop's iterable reads (`losses`, the
caller's pair of losses), as for a loss an assignment binds."""


class BasicInstructor:
    def __init__(self, clip_norm=5.0):
        self.clip_norm = clip_norm

    @staticmethod
    def optimize_multi(opts, losses):
        for i, (opt, loss) in enumerate(zip(opts, losses)):
            opt.zero_grad()
            loss.backward(retain_graph=i < len(opts) - 1)
            opt.step()
