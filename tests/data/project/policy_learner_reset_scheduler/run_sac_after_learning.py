# expect: clean
"""Online learning with the soft actor-critic learner whose scheduler steps after each batch's update."""

from rlkit.agent import Agent
from rlkit.learners.sac_after_learning import DecayingSoftActorCritic


def train(env, actor, critic, buffer, epochs: int, learn_every: int = 1) -> None:
    agent = Agent(DecayingSoftActorCritic(actor, critic), buffer)
    for epoch in range(epochs):  # an epoch is one episode of the environment
        observation, action_space = env.reset()
        agent.reset(observation, action_space)
        done = False
        step = 0
        while not done:
            action = agent.act(observation)
            observation, reward, done = env.step(action)
            agent.observe((observation, action, reward, done))
            step += 1
            if step % learn_every == 0:
                agent.learn()
