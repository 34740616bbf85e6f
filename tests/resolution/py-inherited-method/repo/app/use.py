from app.models import Child


def work(c: Child):
    c.save()
    c.run()
