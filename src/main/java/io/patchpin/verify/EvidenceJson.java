package io.patchpin.verify;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Drift;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.util.List;

/** The {@code evidence} object of a verify JSON entry, so scripts never parse {@code detail}. */
final class EvidenceJson {
    private EvidenceJson() {
    }

    static void write(JsonGenerator g, EntryVerdict v) throws IOException {
        g.writeObjectFieldStart("evidence");
        g.writeBooleanField("sealed", v.sealed());
        if (v.evidence() instanceof Evidence.Matches m) {
            matches(g, m);
        } else if (v.evidence() instanceof Evidence.Hunks h) {
            g.writeArrayFieldStart("hunks");
            for (Evidence.HunkOutcome o : h.hunks()) {
                g.writeStartObject();
                g.writeStringField("file", o.file());
                g.writeNumberField("index", o.index());
                g.writeNumberField("expected_line", o.expected());
                g.writeNumberField("applied_line", o.applied());
                g.writeNumberField("offset", o.offset());
                g.writeNumberField("fuzz", o.fuzz());
                g.writeStringField("failure", o.failureText());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void matches(JsonGenerator g, Evidence.Matches m) throws IOException {
        g.writeBooleanField("place_evidence", m.placeEvidence());
        g.writeNumberField("matches_found", m.found());
        if (m.sealed() >= 0) {
            g.writeNumberField("matches_sealed", m.sealed());
        } else {
            g.writeNullField("matches_sealed");
        }
        ints(g, "edited_lines", m.lines());
        g.writeStringField("drift", m.drift() == Drift.NONE ? "none" : m.drift().words());
        strings(g, "matched_sealed", m.matchedSealed());
        strings(g, "matched_now", m.matchedNow());
        strings(g, "lines_now", m.linesNow());
        strings(g, "lines_after", m.linesAfter());
        strings(g, "lines_above", m.linesAbove());
        nullableLine(g, "anchor_line", m.anchorLine());
        nullableLine(g, "place_line", m.placeLine());
        ints(g, "lookalike_lines", m.lookalikes());
    }

    private static void nullableLine(JsonGenerator g, String name, int line) throws IOException {
        if (line > 0) {
            g.writeNumberField(name, line);
        } else {
            g.writeNullField(name);
        }
    }

    private static void ints(JsonGenerator g, String name, List<Integer> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (int i : values) {
            g.writeNumber(i);
        }
        g.writeEndArray();
    }

    private static void strings(JsonGenerator g, String name, List<String> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String s : values) {
            g.writeString(s);
        }
        g.writeEndArray();
    }
}
