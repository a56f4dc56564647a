# expect: clean
class Module:
    def zero_grad(self, set_to_none=False):
        for p in self.parameters():
            if p.grad is not None:
                p.grad.zero_()

    def parameters(self):
        return iter(self._parameters.values())
