"""QLIKE: la pérdida con la que se suelen comparar previsiones de varianza.

Con RV la varianza realizada y h su previsión, QLIKE = RV/h - log(RV/h) - 1. Vale cero
cuando h = RV, y quedarse corto cuesta más que pasarse en la misma proporción. Recibe
las dos en logaritmos, que es como las da el HAR. Está escrita solo con keras.ops, así
que la misma función sirve de métrica o de pérdida con PyTorch, con JAX y con
TensorFlow.
"""

from keras import ops


def qlike(log_rv, log_h):
    # Como métrica, Keras pasa y_true tal cual, (n,) frente a (n, 1): sin igualar
    # formas, la resta se expandiría a (n, n) sin dar error.
    log_rv = ops.reshape(log_rv, ops.shape(log_h))
    e = log_rv - log_h  # log(RV/h)
    return ops.mean(ops.exp(e) - e - 1.0, axis=-1)
