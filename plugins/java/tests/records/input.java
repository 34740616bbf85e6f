package org.acme.geo;

import java.util.List;

/** A point on the map, in degrees. */
public record Coordinate(double latitude, double longitude) implements Comparable<Coordinate> {
    public static final Coordinate ORIGIN = new Coordinate(0, 0);

    public Coordinate {
        if (latitude < -90 || latitude > 90) {
            throw new IllegalArgumentException("latitude out of range");
        }
    }

    public static Coordinate parse(String text) {
        String[] parts = text.split(",");
        return new Coordinate(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]));
    }

    @Override
    public int compareTo(Coordinate other) {
        return Double.compare(latitude, other.latitude);
    }
}

record Route(String name, List<Coordinate> stops) {
    Route(String name) {
        this(name, List.of());
    }

    record Leg(Coordinate from, Coordinate to) {}
}
