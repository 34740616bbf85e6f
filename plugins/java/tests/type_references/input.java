package org.acme.io;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

public class Loader<T extends Resource> extends AbstractLoader<T> implements AutoCloseable {
    private final Map<String, List<Resource>> byName;
    private final Map.Entry<String, Integer> last;
    private Codec[] codecs;

    public Loader(Map<String, List<Resource>> byName) {
        this.byName = byName;
    }

    public Resource load(String name, Options options) throws IOException, LoaderException {
        try (InputStream in = open(name)) {
            Object raw = Codec.decode(in);
            if (raw instanceof Resource r) {
                return r;
            }
            return (Resource) raw;
        } catch (IllegalStateException | ClassCastException e) {
            throw new LoaderException(e);
        }
    }

    public List<? extends Resource> all(Class<? super Resource> kind) {
        for (Map.Entry<String, List<Resource>> e : byName.entrySet()) {
            log(e.getKey());
        }
        return List.copyOf(Resource.class.cast(kind));
    }

    protected abstract InputStream open(String name) throws IOException;

    private void log(String line) {
        var copy = new Resource[1];
    }
}
