package io.patchpin.report;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.core.Hashes;
import io.patchpin.verify.Report;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The report for people: per patchset, entries grouped by component (sorted), one line each: verdict, id, file, detail.
 * Broken and review lines lead with a marker so they stand out in a long list.
 */
public final class TextReport {
    /** Wide enough for the longest verdict name, COMPONENT_MISSING. */
    private static final int VERDICT_WIDTH = Arrays.stream(Verdict.values())
            .mapToInt(v -> v.name().length())
            .max()
            .orElse(16);

    private TextReport() {}

    public static String render(Report r) {
        StringBuilder b = new StringBuilder();
        String where = r.rev() == null ? "work tree" : "revision " + r.rev().substring(0, 12);
        for (Report.SetReport s : r.patchsets()) {
            b.append("patchset " + s.name() + " (" + origin(s) + ") at " + where + ": " + counts(s.summary()) + "\n");
            int idWidth =
                    s.entries().stream().mapToInt(e -> e.id().length()).max().orElse(0);
            Map<String, List<EntryVerdict>> byComponent = s.entries().stream()
                    .collect(Collectors.groupingBy(EntryVerdict::component, TreeMap::new, Collectors.toList()));
            byComponent.forEach((component, verdicts) -> {
                b.append("  " + component + "\n");
                verdicts.forEach(v -> b.append(line(v, idWidth, s.theRock() == null ? v.detail() : v.reason()) + "\n"));
            });
        }
        return b + "summary: " + counts(r.summary()) + "\n";
    }

    /**
     * What the set's entries stand on: the user's base, or for TheRock's own patches their folder, read at the
     * revision checked (they have no base of their own, and are not the user's to seal).
     */
    private static String origin(Report.SetReport s) {
        return s.theRock() == null
                ? "base " + s.base().map(Hashes::abbrev).orElse("unknown")
                : "TheRock's " + s.theRock();
    }

    /** A TheRock patch is never sealed: its detail is without the "unsealed: " a user's entry would get. */
    private static String line(EntryVerdict v, int idWidth, String detail) {
        String mark =
                switch (v.verdictClass()) {
                    case OK -> "  ";
                    case REVIEW -> "? ";
                    case BROKEN -> "! ";
                    case SKIPPED -> "- ";
                };
        return "  " + mark + pad(v.verdict().name(), VERDICT_WIDTH) + " " + pad(v.id(), idWidth) + "  "
                + String.join(",", v.files()) + ": " + detail;
    }

    private static String counts(Report.Summary s) {
        return s.ok() + " ok, " + s.review() + " review, " + s.broken() + " broken"
                + (s.skipped() == 0 ? "" : ", " + s.skipped() + " not for this version");
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
