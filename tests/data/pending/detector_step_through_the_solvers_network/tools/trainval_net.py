# expect: clean
"""The training script: picks a backbone by `--net` and hands it to `train_net` of lib/model/train_val.py."""

import argparse

import _init_paths  # noqa: F401
from model.train_val import train_net
from nets.resnet_v1 import resnetv1
from nets.vgg16 import vgg16


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--net", default="res50")
    parser.add_argument("--iters", type=int, default=70000)
    args = parser.parse_args()
    if args.net == "vgg16":
        net = vgg16()
    elif args.net == "res50":
        net = resnetv1(num_layers=50)
    else:
        raise NotImplementedError
    train_net(net, roidb=[], max_iters=args.iters)
