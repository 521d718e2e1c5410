package io.patchpin.export;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The frame most formats share: one patch file a piece (a header, then the diff) and one list file that names
 * them in order, opened by a comment naming the origin. A format says only how its list reads.
 *
 * @param folder where the patch files go inside OUT ("" or ending in '/')
 * @param open   what the list carries after the origin line, before the first piece
 * @param origin the origin as the list's comment shows it
 */
record ListedPatches(
        String listName,
        String folder,
        String open,
        Line line,
        String close,
        Function<ExportMeta, String> header,
        UnaryOperator<String> origin)
        implements Layout {

    /** The list's lines for one piece. */
    interface Line {
        void add(StringBuilder list, Tree t, Piece p, byte[] patch);
    }

    /** A list of DEP-3 headed patches with nothing around its lines. */
    ListedPatches(String listName, Line line) {
        this(listName, "", "", line, "", Dep3::header, UnaryOperator.identity());
    }

    @Override
    public Map<String, byte[]> files(Tree t) {
        Map<String, byte[]> out = new TreeMap<>();
        StringBuilder list =
                new StringBuilder("# ").append(origin.apply(t.origin())).append('\n');
        t.dependency().ifPresent(d -> list.append("# ").append(origin.apply(d)).append('\n'));
        list.append(open);
        for (Piece p : t.pieces()) {
            byte[] patch = Layout.concat(header.apply(p.meta()), p.diff());
            out.put(folder + p.fileName(), patch);
            line.add(list, t, p, patch);
        }
        list.append(close);
        out.put(listName, list.toString().getBytes(StandardCharsets.UTF_8));
        return out;
    }
}
