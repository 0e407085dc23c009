# Each agent gives two lines, its ISA (Name) and its marketing name. On a Ryzen APU the
# integrated graphics shows up too: do not take the first gfx, look for the RX 7600's
# (gfx1102).
rocminfo | grep -E "^ +(Name|Marketing Name):"
rocm_agent_enumerator              # every agent, one per line (gfx000 is the CPU)
/opt/rocm/llvm/bin/amdgpu-arch     # one line per GPU, according to ROCm's compiler
