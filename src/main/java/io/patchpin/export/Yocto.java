package io.patchpin.export;

/**
 * Yocto: patches whose header carries the mandatory {@code Upstream-Status:}
 * line, and {@code patches.inc} adding them to {@code SRC_URI} in order
 * (bitbake applies them with -p1 at {@code ${S}}).
 */
final class Yocto extends ListedPatches {
    Yocto() {
        super("patches.inc");
    }

    @Override
    void open(StringBuilder inc) {
        inc.append("SRC_URI += \" \\\n");
    }

    @Override
    void line(StringBuilder inc, Tree t, Piece p, byte[] patch) {
        inc.append("    file://").append(p.fileName()).append(" \\\n");
    }

    @Override
    void close(StringBuilder inc) {
        inc.append("    \"\n");
    }

    @Override
    String header(ExportMeta m) {
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
