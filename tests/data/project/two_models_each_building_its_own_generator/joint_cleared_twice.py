# expect: ZG103 24:13
# expect: ZG104 24:13
"""The twin: after the edge model's `process` has cleared its optimizer, the loop clears that same optimizer again
before any backward: a second clear of the same receiver, reported."""

from models import EdgeModel, InpaintingModel


class EdgeConnect:
    def __init__(self):
        self.edge_model = EdgeModel()
        self.inpaint_model = InpaintingModel()

    def train(self, loader):
        for images in loader:
            e_outputs, e_gen_loss = self.edge_model.process(images)
            i_outputs, i_gen_loss = self.inpaint_model.process(e_outputs)
            self.inpaint_model.backward(i_gen_loss)
            self.edge_model.backward(e_gen_loss)

    def train_cleared_twice(self, loader):
        for images in loader:
            e_outputs, e_gen_loss = self.edge_model.process(images)
            self.edge_model.gen_optimizer.zero_grad()
            e_gen_loss.backward()
            self.edge_model.gen_optimizer.step()
