# El bucle de la celda anterior, como función, ante tres cambios que podrías hacer a la
# red o a los datos. Cada cambio tiene su mínimo exacto (ecuaciones normales); el bucle
# lo supera si llega a él.
FILAS = len(X1)
# un peso por sesión: lo reciente pesa más
RECIENTE = np.linspace(0.2, 1.8, FILAS).astype("float32")
# L2(LAMBDA) pone en red.losses LAMBDA * (suma de los pesos del kernel al cuadrado)
LAMBDA = 0.05


def minimo(por_fila=None, l2=0.0):
    """Los pesos del mínimo exacto de mean(por_fila * error²) + l2 * (suma de las
    pendientes al cuadrado)."""
    por_fila = np.ones(FILAS) if por_fila is None else por_fila
    matriz = X1.T @ (por_fila[:, None] * X1) / FILAS + np.diag([l2, l2, l2, 0.0])
    return np.linalg.solve(matriz, X1.T @ (por_fila * datos["ye"]) / FILAS)


def baja(red, entrada, por_fila=None, completo=False):
    """300 pasos de SGD con tasa 0.3 desde cero. completo=True: suma red.losses y
    pondera cada fila."""
    red.set_weights([np.zeros_like(w) for w in red.get_weights()])
    optimizador = torch.optim.SGD(red.parameters(), lr=0.3)
    pesos_fila = (
        torch.from_numpy(por_fila) if completo and por_fila is not None else 1.0
    )
    for _ in range(300):
        optimizador.zero_grad()
        perdida = torch.mean(pesos_fila * (red(entrada)[:, 0] - y_ent) ** 2)
        if completo:
            # las pérdidas de las capas: aquí, la de L2
            perdida = perdida + sum(red.losses)
        perdida.backward()
        optimizador.step()
    return np.concatenate([np.ravel(p) for p in red.get_weights()])


def lineal(**opciones):
    return keras.Sequential([keras.Input((3,)), layers.Dense(1, **opciones)])


def con_dos_entradas():  # la diaria por un lado; la semanal y la mensual, por otro
    diaria, semanal_mensual = keras.Input((1,)), keras.Input((2,))
    salida = layers.Dense(1)(layers.Concatenate()([diaria, semanal_mensual]))
    return keras.Model([diaria, semanal_mensual], salida)


CAMBIOS = {  # nombre: (red, entrada, pesos por fila, mínimo exacto)
    "regularizador L2": (
        lineal(kernel_regularizer=keras.regularizers.L2(LAMBDA)),
        X_ent,
        None,
        minimo(l2=LAMBDA),
    ),
    "pesos por sesión": (lineal(), X_ent, RECIENTE, minimo(RECIENTE)),
    "dos entradas": (con_dos_entradas(), [X_ent[:, :1], X_ent[:, 1:]], None, minimo()),
}
for completo, titulo in (
    (False, "el bucle tal cual"),
    (True, "sumando red.losses y los pesos por fila"),
):
    llega = []
    for nombre, (red, entrada, por_fila, exacto) in CAMBIOS.items():
        if np.allclose(
            baja(red, entrada, por_fila, completo), exacto, rtol=0, atol=1e-4
        ):
            llega.append(nombre)
    no_llega = [nombre for nombre in CAMBIOS if nombre not in llega]
    print(f"{titulo}:")
    print(f"    llega al mínimo con {', '.join(llega) or 'ninguno'}")
    print(f"    no llega con {', '.join(no_llega) or 'ninguno'}")
# Para el descenso de JAX del script siguiente: LAMBDA, los pesos por sesión y los tres
# mínimos.
np.savez(
    "minimos_cambios.npz",
    LAMBDA,
    RECIENTE,
    *[exacto for *_, exacto in CAMBIOS.values()],
)
