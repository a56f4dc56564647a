# expect: ZG104 17:13
"""TextGAN-PyTorch's `BasicInstructor.optimize_multi` (instructor/real_data/instructor.py): one static helper steps a
list of optimizers, each after its own loss's backward, clearing each right before that backward. LeakGAN's
instructor hands it its manager's and worker's optimizers as the list `self.gen_opt = [mana_opt, work_opt]` and the
two losses of one forward, so each clear runs after that forward (opt-in ZG104). Missed: the optimizer a loop takes
from `zip(opts, losses)` over a list attribute is not known to be either element of the list (the single-optimizer
`optimize` beside it is found once a static method's arguments bind from its first parameter)."""


class BasicInstructor:
    def __init__(self, clip_norm=5.0):
        self.clip_norm = clip_norm

    @staticmethod
    def optimize_multi(opts, losses):
        for i, (opt, loss) in enumerate(zip(opts, losses)):
            opt.zero_grad()
            loss.backward(retain_graph=i < len(opts) - 1)
            opt.step()
