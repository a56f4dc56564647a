# expect: clean
"""The training script: one ranker agent, its `train_step` called for each batch of each epoch."""

from agents.ranker import RankerAgent


def main(opt, model, loader):
    agent = RankerAgent(opt, model)
    for epoch in range(opt["num_epochs"]):
        for batch in loader:
            agent.train_step(batch)
