# expect: ZG104 19:13
"""TextGAN-PyTorch's `BasicInstructor.optimize_multi` (instructor/real_data/instructor.py:183): each optimizer of the
list is cleared right before its own loss's backward; LeakGAN's instructor hands it the generator's two optimizers
and the two losses of one `self.gen.pretrain_loss(...)`, so each clear runs after that forward (opt-in ZG104). Missed:
`self.gen` is no known model (its optimizers are built over `self.gen.split_params()`, lists a method returns, not
`.parameters()`) and `gen` is no model word, so `self.gen.pretrain_loss(...)` is not read as a forward; named
`self.generator` the clear is reported (project/optimizers_zipped_with_losses/ passes with the forward written out).
What it needs: an attribute bound by `__init__` to a construction of a project class deriving from `nn.Module`
(`self.gen = LeakGANGenerator()`) taken as a model, whatever its name, so a call of its methods runs a forward."""


class BasicInstructor:
    def __init__(self):
        self.gen_opt = []

    @staticmethod
    def optimize_multi(opts, losses):
        for i, (opt, loss) in enumerate(zip(opts, losses)):
            opt.zero_grad()
            loss.backward(retain_graph=i < len(opts) - 1)
            opt.step()
