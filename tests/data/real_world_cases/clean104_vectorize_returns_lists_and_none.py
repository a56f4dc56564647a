"""ParlAI's starspace agent as it is (parlai/agents/starspace/starspace.py:409, a false ZG104): `self.vectorize`
returns `None`s when no observation is valid, else the index tensors, `ys` bound to `None` or to a
`torch.LongTensor`, and lists of candidate tensors and texts it appends to. Its body runs no model, and every name it
returns is read through each of its bindings (`None`, a tensor it makes, a list filled by `append` with tensors it
makes or with the texts of its observations, a loop variable over them): all it hands back is new or handed to it
(`questions/handed_values.returns_only_handed`), so the call is no forward and the clear in `predict` follows none.
Its one-binding sibling is `clean104_vectorize_method_before_the_clear.py`."""

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
