package io.patchpin.export;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The frame most formats share: one patch file a piece (a header, then the diff) and one list file that names
 * them in order, opened by a comment naming the origin. A format says only how its list reads.
 */
abstract class ListedPatches implements Layout {
    private final String listName;

    ListedPatches(String listName) {
        this.listName = listName;
    }

    @Override
    public final Map<String, byte[]> files(Tree t) {
        Map<String, byte[]> out = new TreeMap<>();
        StringBuilder list = new StringBuilder("# ").append(origin(t.origin())).append('\n');
        t.dependency().ifPresent(d -> list.append("# ").append(origin(d)).append('\n'));
        open(list);
        for (Piece p : t.pieces()) {
            byte[] patch = Layout.concat(header(p.meta()), p.diff());
            out.put(path(p), patch);
            line(list, t, p, patch);
        }
        close(list);
        out.put(listName, list.toString().getBytes(StandardCharsets.UTF_8));
        return out;
    }

    /** The origin as the list's comment shows it. */
    String origin(String origin) {
        return origin;
    }

    /** The patch's header; DEP-3 unless the format wants another. */
    String header(ExportMeta m) {
        return Dep3.header(m);
    }

    /** Where the patch file goes, relative to OUT. */
    String path(Piece p) {
        return p.fileName();
    }

    /** What the list carries after the origin line, before the first piece. */
    void open(StringBuilder list) {}

    /** The list's lines for one piece. */
    abstract void line(StringBuilder list, Tree t, Piece p, byte[] patch);

    /** What closes the list. */
    void close(StringBuilder list) {}
}
