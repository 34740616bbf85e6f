package org.acme.net;

/** HTTP status classes and their codes. */
public enum Status implements Describable {
    OK(200, "request succeeded"),
    NOT_FOUND(404, "no such resource") {
        @Override
        public boolean retryable() { return false; }
    },
    UNAVAILABLE(503, "try again later");

    public static final int COUNT = 3;
    private final int code;
    private final String reason;

    Status(int code, String reason) {
        this.code = code;
        this.reason = reason;
    }

    public int code() {
        return code;
    }

    public boolean retryable() {
        return code >= 500;
    }

    @Override
    public String describe() {
        return name().toLowerCase() + " " + reason;
    }

    public static Status of(int code) {
        for (Status s : values()) {
            if (s.code == code) return s;
        }
        throw new IllegalArgumentException("unknown status code");
    }
}

enum Direction { NORTH, EAST, SOUTH, WEST }
