# expect: clean
"""The joint run: the edge model's `process` clears its optimizer, the inpainting model's clears its own, then
each model's backward and step. Two optimizers, each cleared once per iteration: nothing to report. (Read as
one model, `generator`, the second clear was taken for a ZG103 of the first.)"""

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
