# 1) The word without "--", with a nonsense value: XLA does not read it and JAX computes
#    without complaint.
XLA_FLAGS="--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=banana" \
  python -c "
import jax.numpy as jnp
print('without dashes, JAX adds up:', jnp.arange(4.0).sum())
"

# 2) The same word with "--": XLA does not know that option and stops the process.
if XLA_FLAGS="--intra_op_parallelism_threads=1" \
    python -c "import jax.numpy as jnp; jnp.ones(1)" 2> xla.log; then
  echo "with dashes: accepted"
else
  grep -o "Unknown flag in XLA_FLAGS: [^ ]*" xla.log
fi
