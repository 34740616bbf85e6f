using System;
using System.Collections.Generic;

namespace Acme.Shapes
{
    public abstract class Shape : IComparable<Shape>
    {
        protected Shape(string label) { Label = label; }

        public string Label { get; }

        public abstract double Area();

        public int CompareTo(Shape? other) => Area().CompareTo(other?.Area() ?? 0);

        public override string ToString() => $"{Label} with area {Area()}";
    }

    public sealed class Circle : Shape
    {
        private readonly double radius;

        public Circle(double radius) : base("circle") { this.radius = radius; }

        public override double Area() => Math.PI * radius * radius;
    }

    public partial class Drawing<TShape> where TShape : Shape
    {
        private readonly List<TShape> shapes = new List<TShape>();
        private static int count;

        static Drawing() { count = 0; }

        ~Drawing() { shapes.Clear(); }

        public void Add(TShape shape) => shapes.Add(shape);

        public class Layer
        {
            public int Depth;
        }
    }

    public static class ShapeMath
    {
        public static double Total(IEnumerable<Shape> shapes)
        {
            double Sum(double acc, Shape s) => acc + s.Area();
            var total = 0.0;
            foreach (var s in shapes) total = Sum(total, s);
            return total;
        }
    }

    public class Square(double side) : Shape("square")
    {
        public override double Area() => side * side;
    }
}
