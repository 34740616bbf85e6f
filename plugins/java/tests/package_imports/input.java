package org.acme.billing.invoice;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.*;
import java.util.Map.Entry;
import static java.util.Objects.requireNonNull;
import static java.util.stream.Collectors.*;
import org.acme.billing.core.Money;

public final class InvoiceWriter {
    private final Path target;

    public InvoiceWriter(Path target) {
        this.target = requireNonNull(target);
    }

    public void write(Map<String, Money> totals) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Entry<String, Money> e : totals.entrySet()) {
            lines.add(e.getKey() + ";" + e.getValue().format());
        }
        Files.write(target, lines.stream().collect(toList()));
    }
}
