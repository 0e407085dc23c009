.venv/bin/python - <<'EOF'
import torch
print(f"GPUs PyTorch sees: {torch.cuda.device_count()}")
for i in range(torch.cuda.device_count()):
    p = torch.cuda.get_device_properties(i)
    print(
        f"  cuda:{i}",
        p.name,
        f"{p.total_memory / 2**30:.1f} GiB",
        "integrated GPU" if p.is_integrated else "dedicated GPU",
    )
EOF
