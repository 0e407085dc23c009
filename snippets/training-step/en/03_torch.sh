python by_hand_torch.py
