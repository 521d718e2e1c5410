package io.patchpin.export;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * Yocto: patches whose header carries the mandatory {@code Upstream-Status:}
 * line, and {@code patches.inc} adding them to {@code SRC_URI} in order
 * (bitbake applies them with -p1 at {@code ${S}}).
 */
final class Yocto implements Layout {
    @Override
    public Map<String, byte[]> files(Tree t) {
        Map<String, byte[]> out = new TreeMap<>();
        StringBuilder inc = new StringBuilder("# " + t.origin() + "\nSRC_URI += \" \\\n");
        for (Piece p : t.pieces()) {
            out.put(p.fileName(), Layout.concat(header(p.meta()), p.diff()));
            inc.append("    file://").append(p.fileName()).append(" \\\n");
        }
        out.put("patches.inc", inc.append("    \"\n").toString().getBytes(StandardCharsets.UTF_8));
        return out;
    }

    static String header(ExportMeta m) {
        StringBuilder b = new StringBuilder();
        Dep3.description(b, m);
        if (!m.author().isEmpty()) {
            b.append("Author: ").append(Dep3.oneLine(m.author())).append('\n');
        }
        return b.append('\n').append("Upstream-Status: ").append(status(m)).append("\n---\n").toString();
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
