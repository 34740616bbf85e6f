package org.acme.shapes;

import java.util.ArrayList;
import java.util.List;

public abstract class Shape implements Comparable<Shape> {
    protected final String label;

    protected Shape(String label) {
        this.label = label;
    }

    public abstract double area();

    @Override
    public int compareTo(Shape other) {
        return Double.compare(area(), other.area());
    }

    /** A group of shapes drawn together. */
    public static class Group extends Shape {
        private final List<Shape> members = new ArrayList<>();

        public Group(String label) {
            super(label);
        }

        public void add(Shape s) {
            members.add(s);
        }

        @Override
        public double area() {
            double total = 0;
            for (Shape s : members) {
                total += s.area();
            }
            return total;
        }
    }

    class Outline {
        double width;
    }

    static Shape square(double side) {
        class Square extends Shape {
            Square() { super("square"); }
            public double area() { return side * side; }
        }
        return new Square();
    }

    static Shape empty() {
        return new Shape("empty") {
            @Override
            public double area() { return 0; }
        };
    }
}
