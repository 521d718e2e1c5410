package io.patchpin.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/** One JSON document written to a string, ending in a newline: the frame every JSON report shares. */
public final class JsonText {
    private static final JsonFactory FACTORY = new JsonFactory();

    /** What a report writes into the generator. */
    @FunctionalInterface
    public interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    private JsonText() {
    }

    /** Indented, one field a line. */
    public static String pretty(Body body) {
        return write(true, body);
    }

    /** On one line. */
    public static String compact(Body body) {
        return write(false, body);
    }

    private static String write(boolean pretty, Body body) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            if (pretty) {
                g.useDefaultPrettyPrinter();
            }
            body.write(g);
        } catch (IOException e) {
            // a StringWriter does not fail: this is a fault of the report itself
            throw new UncheckedIOException(e);
        }
        return w + "\n";
    }
}
