package org.acme.store;

import java.util.Optional;
import java.util.function.Predicate;

/** Stores entities by key. */
public interface Repository<K, V> extends AutoCloseable, Iterable<V> {
    int DEFAULT_CAPACITY = 64;
    String NAME = "repository";

    Optional<V> find(K key);

    void save(K key, V value);

    default boolean contains(K key) {
        return find(key).isPresent();
    }

    static <K, V> Repository<K, V> empty() {
        return new EmptyRepository<>();
    }

    private void log(String message) {
        System.err.println(message);
    }

    interface Listener<V> {
        void saved(V value);
    }
}

@FunctionalInterface
interface Filter extends Predicate<String> {
}

sealed interface Result permits Ok, Failure {
    boolean ok();
}
