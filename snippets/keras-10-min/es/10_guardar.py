# Guardar el modelo entrenado (backend torch) en el formato .keras y, aparte, lo que
# usará el otro proceso: tres entradas para comparar y los datos de entrenamiento.
modelo.save("modelo_juguete.keras")
# Las filas de entrenamiento son las 640 primeras: validation_split=0.2 apartó para
# validar las 160 últimas de las 800 que recibió fit.
np.savez("datos_juguete.npz", tres=x[800:803], x=x[:640], y=y[:640])
print("torch:", np.round(modelo.predict(x[800:803], verbose=0).ravel(), 4))
