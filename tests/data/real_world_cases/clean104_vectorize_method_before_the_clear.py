"""A dialogue agent (ParlAI's starspace agent): each batch of observations is turned into index tensors by
`self.vectorize`, a method that only parses token lists, and then `train_step` clears, runs the model, and steps.
`self.vectorize(...)` was taken for the forward pass by its name (an own lowercase method), so the clear was said to
follow the forward (a false ZG104): the method's body is visible, runs no model and returns only tensors it makes
from data."""

# expect: clean

import torch


class RankingAgent:
    def __init__(self, model, dictionary):
        self.model = model
        self.dict = dictionary
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def parse(self, text):
        return self.dict.txt2vec(text)

    def vectorize(self, observations):
        parsed = [self.parse(obs["text"]) for obs in observations]
        longest = max(len(tokens) for tokens in parsed)
        xs = torch.LongTensor([tokens + [0] * (longest - len(tokens)) for tokens in parsed])
        ys = torch.LongTensor([obs["label"] for obs in observations])
        return xs, ys

    def train_step(self, xs, ys):
        self.optimizer.zero_grad()
        scores = self.model(xs)
        loss = torch.nn.functional.cross_entropy(scores, ys)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def train(self, batches):
        for observations in batches:
            xs, ys = self.vectorize(observations)
            self.train_step(xs, ys)
