package io.patchpin.export;

import java.util.function.UnaryOperator;

/**
 * Yocto: patches whose header carries the mandatory {@code Upstream-Status:} line, and {@code patches.inc} adding them
 * to {@code SRC_URI} in order (bitbake applies them with -p1 at {@code ${S}}).
 */
final class Yocto {
    static final ListedPatches LAYOUT = new ListedPatches(
            "patches.inc",
            "",
            "SRC_URI += \" \\\n",
            (inc, t, p, patch) -> inc.append("    file://").append(p.fileName()).append(" \\\n"),
            "    \"\n",
            Yocto::header,
            UnaryOperator.identity());

    private Yocto() {}

    private static String header(ExportMeta m) {
        StringBuilder b = new StringBuilder();
        Dep3.description(b, m);
        if (!m.author().isEmpty()) {
            b.append("Author: ").append(Dep3.oneLine(m.author())).append('\n');
        }
        return b.append("\nUpstream-Status: " + status(m) + "\n---\n").toString();
    }

    /** Pending unless the entry says otherwise; a merged edit carried here is a backport. */
    static String status(ExportMeta m) {
        if (m.status().isEmpty()) {
            return "Pending";
        }
        return switch (m.status().get()) {
            case PENDING -> "Pending";
            case SUBMITTED -> "Submitted [" + Dep3.oneLine(m.where("upstream")) + "]";
            case MERGED, BACKPORT -> "Backport [" + Dep3.oneLine(m.where("upstream")) + "]";
            case INAPPROPRIATE -> "Inappropriate [" + Dep3.oneLine(m.url().orElse("configuration")) + "]";
        };
    }
}
