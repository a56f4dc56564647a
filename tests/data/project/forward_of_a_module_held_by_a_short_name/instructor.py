# expect: ZG104 18:13
"""TextGAN-PyTorch's `BasicInstructor.optimize_multi` (instructor/real_data/instructor.py:183): each optimizer of the
list is cleared right before its own loss's backward; LeakGAN's instructor hands it the generator's two optimizers
and the two losses of one `self.gen.pretrain_loss(...)`, so each clear runs after that forward (opt-in ZG104).
`self.gen` is no known model by its words (its optimizers are built over `self.gen.split_params()`, lists a method
returns, not `.parameters()`, and `gen` is no model word); it is read as one because `__init__` builds it from a torch
module of the project (`self.gen = LeakGANGenerator()`) whose `pretrain_loss` calls its parts (`self.manager(inp)`),
so the call runs a forward (`facts.modules_method_runs_part`)."""


class BasicInstructor:
    def __init__(self):
        self.gen_opt = []

    @staticmethod
    def optimize_multi(opts, losses):
        for i, (opt, loss) in enumerate(zip(opts, losses)):
            opt.zero_grad()
            loss.backward(retain_graph=i < len(opts) - 1)
            opt.step()
