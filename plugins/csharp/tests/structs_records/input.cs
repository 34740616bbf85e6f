using System;

namespace Acme.Geometry
{
    /// <summary>A point in the plane.</summary>
    public readonly struct Point : IEquatable<Point>
    {
        public Point(double x, double y) { X = x; Y = y; }

        public double X { get; }
        public double Y { get; }

        public bool Equals(Point other) => X == other.X && Y == other.Y;
    }

    public record Money(decimal Amount, string Currency)
    {
        public static Money Zero(string currency) => new(0m, currency);

        public Money Add(Money other) => this with { Amount = Amount + other.Amount };
    }

    public record struct Range(int Start, int End);

    public readonly record struct Temperature(double Celsius)
    {
        public double Fahrenheit => Celsius * 9 / 5 + 32;
    }

    public record class Person
    {
        public required string Name { get; init; }
        public int Age { get; init; }
    }

    public sealed record Employee(string Name, string Team) : Person;

    struct Pair<TLeft, TRight>
    {
        public TLeft Left;
        public TRight Right;
    }
}
