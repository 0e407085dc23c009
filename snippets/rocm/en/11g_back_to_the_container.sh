docker start -ai keras-rocm    # the same container, with what you installed inside
