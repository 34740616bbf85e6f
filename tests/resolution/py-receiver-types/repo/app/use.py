from app.models import Conn, File


def shutdown(f: File, handler, data):
    c = Conn()
    f.close()
    c.close()
    handler()
    data.items()
    for close in handler:
        close()
