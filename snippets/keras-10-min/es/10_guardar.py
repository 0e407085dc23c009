# Guardar el modelo entrenado (backend torch) en el formato .keras y, aparte, lo que
# usará el otro proceso: tres entradas para comparar y los datos de entrenamiento.
modelo.save("modelo_juguete.keras")
np.savez("datos_juguete.npz", tres=x[800:803], x=x[:800], y=y[:800])
print("torch:", np.round(modelo.predict(x[800:803], verbose=0).ravel(), 4))
