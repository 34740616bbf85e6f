def area(width,  # in metres
         height):  # in metres too
    return width * height


class Shape(Base,  # the common base
            Mixin):
    pass
