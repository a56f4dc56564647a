"""A continual learner's iteration (FACIL's LwM `train_epoch`) first runs a Grad-CAM helper, whose forward of the
trained model and backward of the class score write the model's gradients, then clears the model, runs the training
forward, clears the optimizer (built over the model's parameters or its heads' alone) and backpropagates a loss that
uses the attention map. The model's clear drops the helper's gradients: it must follow the helper's backward and is
not reported, though the map's forward is pending there and the optimizer's clear, of unknown reach over the model's
gradients, follows it. Reported: the helper's own clear after its forward (25) and the optimizer's after the training
forward (35), both by ZG104's letter. (A clear of unknown reach that kept the model's clear as the last one made a
false ZG104 at line 32: tests/data/pending/README.md, round 13 (vision).)
"""
# expect: ZG104 25:9
# expect: ZG104 35:13

import torch
import torch.nn.functional as F


class Appr:
    def __init__(self, model, lr, head_only):
        self.model = model
        params = self.model.heads.parameters() if head_only else self.model.parameters()
        self.optimizer = torch.optim.SGD(params, lr=lr, momentum=0.9)

    def gradcam(self, images):
        logits = self.model(images)
        self.model.zero_grad()
        logits.max(dim=1).values.sum().backward(retain_graph=True)
        return logits.softmax(dim=1)

    def train_epoch(self, loader):
        for images, targets in loader:
            attmap = self.gradcam(images)
            self.model.zero_grad()
            outputs = self.model(images)
            loss = F.cross_entropy(outputs, targets) + attmap.mean()
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
