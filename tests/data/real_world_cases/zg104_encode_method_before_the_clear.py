"""The twin of clean104_vectorize_method_before_the_clear.py: the agent's `self.encode` runs the model's embedding on
the index tensors before `train_step` clears, so the clear follows a forward pass whose graph the loss uses (ZG104,
opt-in: correct, but fragile)."""

# expect: ZG104 27:9

import torch


class RankingAgent:
    def __init__(self, model, dictionary):
        self.model = model
        self.dict = dictionary
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def parse(self, text):
        return self.dict.txt2vec(text)

    def encode(self, observations):
        parsed = [self.parse(obs["text"]) for obs in observations]
        longest = max(len(tokens) for tokens in parsed)
        xs = torch.LongTensor([tokens + [0] * (longest - len(tokens)) for tokens in parsed])
        ys = torch.LongTensor([obs["label"] for obs in observations])
        return self.model.embed(xs), ys

    def train_step(self, embedded, ys):
        self.optimizer.zero_grad()
        scores = self.model.classify(embedded)
        loss = torch.nn.functional.cross_entropy(scores, ys)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def train(self, batches):
        for observations in batches:
            embedded, ys = self.encode(observations)
            self.train_step(embedded, ys)
