.venv/bin/python - <<'EOF'
import torch

# Las ISA para las que este PyTorch trae kernels (vacía en uno de CPU)
isas = torch.cuda.get_arch_list()
print(f"GPU que ve PyTorch: {torch.cuda.device_count()}")
for i in range(torch.cuda.device_count()):
    p = torch.cuda.get_device_properties(i)
    isa = p.gcnArchName.split(":")[0]
    print(
        f"  cuda:{i}",
        p.name,
        isa,
        f"{p.total_memory / 2**30:.1f} GiB",
        "GPU integrada" if p.is_integrated else "GPU dedicada",
        "" if isa in isas or not torch.version.hip else "(sin kernels en este PyTorch)",
    )
EOF
