package org.acme.cache;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

public class CacheConfig {
    /** How long an entry lives when nobody asks for it. */
    public static final Duration DEFAULT_TTL = Duration.ofMinutes(5);
    static final int MAX_ENTRIES = 10_000;
    private static final String[] TIERS = {"memory", "disk"};
    private static int instances;
    final String name;
    private volatile boolean closed;
    protected transient long hits, misses;
    public int width = 3, height = 4;
    private final ConcurrentHashMap<String, AtomicLong> counters = new ConcurrentHashMap<>();
    @SuppressWarnings("unused")
    private Object lock = new Object();

    CacheConfig(String name) {
        this.name = name;
        instances++;
    }
}
