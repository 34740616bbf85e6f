def run(loads):
    helper()
    loads("x")
