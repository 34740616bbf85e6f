package shapes;

interface Shape {
    double area();
}

abstract class Base implements Shape {
    public abstract double area();
}

class Square extends Base implements Comparable<Square> {
    public double area() { return 1.0; }
    public int compareTo(Square o) { return 0; }
}
