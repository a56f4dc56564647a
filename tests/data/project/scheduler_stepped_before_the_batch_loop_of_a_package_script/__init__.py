# expect: clean
"""A super-resolution code folder that is also a package (yulunzhang/RCAN's RCAN_TrainCode/code/, EDSR's layout)."""
