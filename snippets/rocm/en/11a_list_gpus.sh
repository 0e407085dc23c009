.venv/bin/python - <<'EOF'
import torch

# The ISAs this PyTorch carries kernels for (empty in a CPU one)
isas = torch.cuda.get_arch_list()
print(f"GPUs PyTorch sees: {torch.cuda.device_count()}")
for i in range(torch.cuda.device_count()):
    p = torch.cuda.get_device_properties(i)
    isa = p.gcnArchName.split(":")[0]
    print(
        f"  cuda:{i}",
        p.name,
        isa,
        f"{p.total_memory / 2**30:.1f} GiB",
        "integrated GPU" if p.is_integrated else "dedicated GPU",
        "" if isa in isas or not torch.version.hip else "(no kernels in this PyTorch)",
    )
EOF
