# ¿Puede tu usuario abrir los dispositivos de cómputo? (hacen falta lectura y escritura)
for dispositivo in /dev/kfd /dev/dri/renderD*; do
  if [ -r "$dispositivo" ] && [ -w "$dispositivo" ]; then
    echo "acceso: $dispositivo"
  else
    echo "SIN ACCESO: $dispositivo"
  fi
done
# ¿Está tu sesión en los grupos render y video? (tras usermod hay que volver a iniciar
# sesión)
id -nG | tr ' ' '\n' | grep -xE 'render|video' \
  || echo "tu sesión no está en render ni en video"
# ¿Hay alguna variable que oculte GPU? (-1, o una lista sin tu tarjeta, la deja
# invisible)
env | grep -E '^(HIP|ROCR|CUDA)_VISIBLE_DEVICES=' \
  || echo "ninguna variable *_VISIBLE_DEVICES definida"
