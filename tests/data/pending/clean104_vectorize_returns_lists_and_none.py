"""ParlAI's starspace agent as it is (parlai/agents/starspace/starspace.py:409, a false ZG104): `self.vectorize`
returns `None`s when no observation is valid, else the index tensors, `ys` bound to `None` or to a
`torch.LongTensor`, and lists of candidate tensors and texts it appends to. Its body runs no model, but what it returns
is not known to be only values made from data (`facts.makes_new_tensors` reads a name bound once to a tensor
constructor, not a name bound twice, `None`, nor a list filled by `append`), so the call stands for the forward pass
as its name says and the clear in `predict` is said to follow it. `real_world_cases/clean104_vectorize_method_before_
the_clear.py` is the case passed: two tensors, each bound once."""

# expect: clean

import torch


class StarspaceAgent:
    def __init__(self, model, dictionary):
        self.model = model
        self.dict = dictionary
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.criterion = torch.nn.CosineEmbeddingLoss()

    def parse(self, text):
        return self.dict.txt2vec(text)

    def vectorize(self, observations):
        exs = [obs for obs in observations if obs.get("text")]
        if not exs:
            return None, None, None, None
        xs = torch.LongTensor([self.parse(ex["text"]) for ex in exs])
        ys = None
        if any("labels" in ex for ex in exs):
            ys = torch.LongTensor([self.parse(ex["labels"][0]) for ex in exs])
        cands = []
        cands_txt = []
        for ex in exs:
            cs = []
            ct = []
            for c in ex.get("label_candidates", []):
                cs.append(torch.LongTensor(self.parse(c)).unsqueeze(0))
                ct.append(c)
            cands.append(cs)
            cands_txt.append(ct)
        return xs, ys, cands, cands_txt

    def predict(self, xs, ys):
        self.optimizer.zero_grad()
        xe, ye = self.model(xs, ys)
        loss = self.criterion(xe, ye, torch.ones(xe.size(0)))
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def train(self, batches):
        for observations in batches:
            xs, ys, cands, cands_txt = self.vectorize(observations)
            if ys is not None:
                self.predict(xs, ys)
