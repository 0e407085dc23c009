# Guardar el modelo entrenado (backend torch) en el formato .keras,
# junto con tres entradas para comparar después.
modelo.save("modelo_juguete.keras")
np.save("tres_entradas.npy", x[800:803])
print("torch:", np.round(modelo.predict(x[800:803], verbose=0).ravel(), 4))
