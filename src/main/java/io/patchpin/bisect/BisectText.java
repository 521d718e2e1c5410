package io.patchpin.bisect;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/** Text and JSON renderings of a {@link BisectResult}. */
public final class BisectText {
    private BisectText() {
    }

    public static String text(BisectResult r) {
        return "entry " + r.entry() + " first breaks at " + r.commit() + "\n"
                + "  subject: " + r.subject() + "\n"
                + "  author:  " + r.author() + "\n"
                + "  date:    " + r.date() + "\n"
                + "  " + r.component() + ": " + shortId(r.componentBefore()) + " -> " + shortId(r.componentAfter()) + "\n"
                + "  verdict: " + r.verdict() + (r.detail().isEmpty() ? "" : ": " + r.detail()) + "\n"
                + "  " + r.checks() + " verifications over " + r.candidates() + " first-parent commits\n";
    }

    public static String json(BisectResult r) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("entry", r.entry());
            g.writeStringField("commit", r.commit());
            g.writeStringField("subject", r.subject());
            g.writeStringField("author", r.author());
            g.writeStringField("date", r.date());
            g.writeStringField("component", r.component());
            g.writeStringField("component_before", r.componentBefore());
            g.writeStringField("component_after", r.componentAfter());
            g.writeStringField("verdict", r.verdict());
            g.writeStringField("detail", r.detail());
            g.writeNumberField("candidates", r.candidates());
            g.writeNumberField("checks", r.checks());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w + "\n";
    }

    private static String shortId(String id) {
        return id == null ? "(absent)" : id.substring(0, 12);
    }
}
