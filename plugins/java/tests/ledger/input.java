package com.example.ledger;

import java.util.ArrayList;
import java.util.List;
import java.util.function.*;
import static java.util.Objects.requireNonNull;

/**
 * Keeps entries in order.
 * Saved to a file on demand.
 */
public class Ledger extends AbstractLedger implements Store<Entry>, AutoCloseable {
    /** The currency every amount is in. */
    public static final String DEFAULT_CURRENCY = "EUR";
    private final List<Entry> entries = new ArrayList<>();
    protected int count;
    String file;

    public Ledger(String file) {
        this.file = requireNonNull(file);
    }

    /** Records one entry after cleaning its note. */
    public int add(long amount, String note) {
        entries.add(new Entry(amount, Notes.normalize(note)));
        count++;
        return entries.size();
    }

    @Override
    public void close() {
        System.out.println("closing the ledger file");
    }

    enum Kind { CREDIT, DEBIT }

    record Entry(long amount, String note) {}

    interface Listener {
        void added(Entry entry);
    }
}
