def error(msg):
    return msg
