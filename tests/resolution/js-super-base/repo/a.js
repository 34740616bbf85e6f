class A {
  send(x) { return x; }
}
class B extends A {
  send(x) { return super.send(x) + 1; }
}
