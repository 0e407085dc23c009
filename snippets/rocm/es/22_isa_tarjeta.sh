# Cada agente da dos líneas, su ISA (Name) y su nombre comercial. Con una APU Ryzen
# también sale la gráfica integrada: no te quedes con la primera gfx, busca la de la
# RX 7600 (gfx1102).
rocminfo | grep -E "^ +(Name|Marketing Name):"
rocm_agent_enumerator              # todos los agentes, uno por línea (gfx000 es la CPU)
/opt/rocm/llvm/bin/amdgpu-arch     # una línea por GPU, según el compilador de ROCm
