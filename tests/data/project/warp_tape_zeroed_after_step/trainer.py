# expect: clean
"""The sequential trainer (skrl trainers/): steps the environment and runs the agent's update every interaction."""

from agent import WarpAgent


def train(env, agent: WarpAgent, timesteps: int):
    observations = env.reset()
    for _ in range(timesteps):
        actions = agent.policy.act(observations)
        observations = env.step(actions)
        agent.memory.add(observations, actions)
        agent.update()
