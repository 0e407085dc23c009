python a_mano_torch.py
