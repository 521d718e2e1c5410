package io.patchpin.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.patchpin.check.Drift;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.core.JsonText;
import io.patchpin.verify.Report;
import java.io.IOException;

/** The JSON report exactly as DESIGN fixes it; fields in a fixed order, one document. */
public final class JsonReport {
    private JsonReport() {}

    public static String render(Report r) {
        return JsonText.prettyObject(g -> {
            g.writeStringField("rev", r.rev());
            JsonText.objects(g, "patchsets", r.patchsets(), JsonReport::writeSet);
            writeSummary(g, r.summary());
        });
    }

    public static void writeSummary(JsonGenerator g, Report.Summary s) throws IOException {
        g.writeObjectFieldStart("summary");
        g.writeNumberField("ok", s.ok());
        g.writeNumberField("review", s.review());
        g.writeNumberField("broken", s.broken());
        g.writeNumberField("skipped", s.skipped()); // added: not for the version here (the entry's when)
        g.writeEndObject();
    }

    private static void writeSet(JsonGenerator g, Report.SetReport s) throws IOException {
        g.writeStringField("name", s.name());
        g.writeStringField("base", s.base().orElse(null));
        if (s.theRock() != null) {
            // added, for TheRock's own patches only: where they are read, since they have no base of their own
            g.writeStringField("therock", s.theRock());
        }
        JsonText.objects(g, "entries", s.entries(), JsonReport::writeEntry);
    }

    private static void writeEntry(JsonGenerator g, EntryVerdict v) throws IOException {
        g.writeStringField("id", v.id());
        g.writeStringField("kind", v.kind().word());
        g.writeStringField("component", v.component());
        JsonText.strings(g, "files", v.files());
        g.writeStringField("verdict", v.verdict().name());
        g.writeStringField("class", v.verdictClass().word());
        g.writeStringField("detail", v.detail());
        writeEvidence(g, v);
    }

    /** The {@code evidence} object of an entry, so scripts never parse {@code detail}. */
    private static void writeEvidence(JsonGenerator g, EntryVerdict v) throws IOException {
        g.writeObjectFieldStart("evidence");
        g.writeBooleanField("sealed", v.sealed());
        if (v.evidence() instanceof Evidence.Matches m) {
            matches(g, m);
        } else if (v.evidence() instanceof Evidence.Hunks h) {
            JsonText.objects(g, "hunks", h.hunks(), JsonReport::hunk);
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
