make serve
