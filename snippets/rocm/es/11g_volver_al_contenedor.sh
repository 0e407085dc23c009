docker start -ai keras-rocm    # el mismo contenedor, con lo que instalaste dentro
