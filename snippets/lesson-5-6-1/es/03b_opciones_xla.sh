# 1) La palabra sin "--", con un valor absurdo: XLA no la lee y JAX calcula sin
#    quejarse.
XLA_FLAGS="--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=banana" \
  python -c "
import jax.numpy as jnp
print('sin guiones, JAX suma:', jnp.arange(4.0).sum())
"

# 2) La misma palabra con "--": XLA no conoce esa opción y detiene el proceso.
if XLA_FLAGS="--intra_op_parallelism_threads=1" \
    python -c "import jax.numpy as jnp; jnp.ones(1)" 2> xla.log; then
  echo "con guiones: aceptada"
else
  grep -o "Unknown flag in XLA_FLAGS: [^ ]*" xla.log
fi
