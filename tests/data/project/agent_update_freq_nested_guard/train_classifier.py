# expect: clean
"""The training script: one classifier agent, its `train_step` called for each batch of each epoch."""

from agents.classifier import ClassifierAgent


def main(opt, model, loader):
    agent = ClassifierAgent(opt, model)
    for epoch in range(opt["num_epochs"]):
        for batch in loader:
            agent.train_step(batch)
