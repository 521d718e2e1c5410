package io.patchpin.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Collection;

/** One JSON document written to a string, ending in a newline: the frame every JSON report shares. */
public final class JsonText {
    private static final JsonFactory FACTORY = new JsonFactory();

    /** What a report writes into the generator. */
    @FunctionalInterface
    public interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    /** The fields of one array item, written between its braces. */
    @FunctionalInterface
    public interface Fields<T> {
        void write(JsonGenerator g, T item) throws IOException;
    }

    private JsonText() {}

    /** {@code "name": ["a", "b"]}. */
    public static void strings(JsonGenerator g, String name, Collection<String> values) throws IOException {
        g.writeFieldName(name);
        g.writeArray(values.toArray(String[]::new), 0, values.size());
    }

    /** {@code "name": [1, 2]}. */
    public static void ints(JsonGenerator g, String name, Collection<Integer> values) throws IOException {
        g.writeFieldName(name);
        g.writeArray(values.stream().mapToInt(Integer::intValue).toArray(), 0, values.size());
    }

    /** {@code "name": [{...}, {...}]}, one object an item, its fields written by {@code fields}. */
    public static <T> void objects(JsonGenerator g, String name, Collection<? extends T> items, Fields<T> fields)
            throws IOException {
        g.writeArrayFieldStart(name);
        for (T item : items) {
            g.writeStartObject();
            fields.write(g, item);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** {@code "name": {...}}, its fields written by {@code fields}. */
    public static void object(JsonGenerator g, String name, Body fields) throws IOException {
        g.writeObjectFieldStart(name);
        fields.write(g);
        g.writeEndObject();
    }

    /** A report's one object, indented one field a line: {@code fields} writes what stands between its braces. */
    public static String prettyObject(Body fields) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            g.useDefaultPrettyPrinter();
            object(fields).write(g);
        } catch (IOException e) {
            // a StringWriter does not fail: this is a fault of the report itself
            throw new UncheckedIOException(e);
        }
        return w + "\n";
    }

    /**
     * A report's one object, on one line, written into {@code out} as it is generated (a document of
     * megabytes is never held whole), then a newline; {@code out} is flushed, not closed.
     */
    public static void compactObject(Writer out, Body fields) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            object(fields).write(g);
        }
        out.write('\n');
        out.flush();
    }

    private static Body object(Body fields) {
        return g -> {
            g.writeStartObject();
            fields.write(g);
            g.writeEndObject();
        };
    }
}
