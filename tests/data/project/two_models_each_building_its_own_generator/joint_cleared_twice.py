# expect: ZG103 17:13
# expect: ZG104 17:13
"""The twin: after the edge model's `process` has cleared its optimizer, the loop clears that same optimizer again
before any backward: a second clear of the same receiver, reported (and, opt-in, a clear after the forward)."""

from models import EdgeModel, InpaintingModel


class EdgeConnect:
    def __init__(self):
        self.edge_model = EdgeModel()
        self.inpaint_model = InpaintingModel()

    def train(self, loader):
        for images in loader:
            e_outputs, e_gen_loss = self.edge_model.process(images)
            self.edge_model.gen_optimizer.zero_grad()
            i_outputs, i_gen_loss = self.inpaint_model.process(e_outputs)
            self.inpaint_model.backward(i_gen_loss)
            self.edge_model.backward(e_gen_loss)
