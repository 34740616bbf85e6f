from helpers import ensure_sync


class App:
    def dispatch_request(self):
        return 1

    def run(self, handler):
        ensure_sync(self.dispatch_request)
        ensure_sync(handler)
        return self.dispatch_request()


def make_response(body):
    return body


def serve(app):
    return map(make_response, app.items)
