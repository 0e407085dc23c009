python other_nets.py 4
