package io.patchpin.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.patchpin.check.Drift;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.core.JsonText;
import java.io.IOException;

/** The {@code evidence} object of a verify JSON entry, so scripts never parse {@code detail}. */
final class EvidenceJson {
    private EvidenceJson() {}

    static void write(JsonGenerator g, EntryVerdict v) throws IOException {
        g.writeObjectFieldStart("evidence");
        g.writeBooleanField("sealed", v.sealed());
        if (v.evidence() instanceof Evidence.Matches m) {
            matches(g, m);
        } else if (v.evidence() instanceof Evidence.Hunks h) {
            JsonText.objects(g, "hunks", h.hunks(), EvidenceJson::hunk);
        }
        g.writeEndObject();
    }

    private static void hunk(JsonGenerator g, Evidence.HunkOutcome o) throws IOException {
        g.writeStringField("file", o.file());
        g.writeNumberField("index", o.index());
        g.writeNumberField("expected_line", o.expected());
        g.writeNumberField("applied_line", o.applied());
        g.writeNumberField("offset", o.offset());
        g.writeNumberField("fuzz", o.fuzz());
        g.writeStringField("failure", o.failureText());
    }

    private static void matches(JsonGenerator g, Evidence.Matches m) throws IOException {
        g.writeBooleanField("place_evidence", m.place().evidence());
        g.writeNumberField("matches_found", m.found());
        g.writeObjectField("matches_sealed", m.sealed() >= 0 ? m.sealed() : null);
        JsonText.ints(g, "edited_lines", m.lines());
        g.writeStringField(
                "drift",
                m.place().drift() == Drift.NONE ? "none" : m.place().drift().words());
        JsonText.strings(g, "matched_sealed", m.shown().matchedSealed());
        JsonText.strings(g, "matched_now", m.shown().matchedNow());
        JsonText.strings(g, "lines_now", m.shown().linesNow());
        JsonText.strings(g, "lines_after", m.shown().linesAfter());
        JsonText.strings(g, "lines_above", m.shown().linesAbove());
        g.writeObjectField("anchor_line", line(m.place().anchorLine()));
        g.writeObjectField("place_line", line(m.place().placeLine()));
        JsonText.ints(g, "lookalike_lines", m.place().lookalikes());
    }

    /** A 1-based line, or null for none (0). */
    private static Integer line(int line) {
        return line > 0 ? line : null;
    }
}
