python distributed_har.py 4
