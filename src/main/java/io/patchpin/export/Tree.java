package io.patchpin.export;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a format writer gets: the exported entries in order and where they come from.
 *
 * @param base     40-hex base commit the diffs are made at
 * @param baseDate the base commit's date, YYYY-MM-DD in UTC (for formats that require a date)
 * @param root     the component the paths are relative to ("." for the superproject)
 * @param dependency a comment line naming the layers the patches go on top of ({@link LayerStack#comment()})
 */
public record Tree(
        String patchset, String base, String baseDate, String root, List<Piece> pieces, Optional<String> dependency) {
    public Tree {
        Objects.requireNonNull(patchset, "patchset");
        Objects.requireNonNull(base, "base");
        pieces = List.copyOf(pieces);
    }

    /** A comment line naming the source, the same bytes for the same patchset and base. */
    public String origin() {
        return "patchpin export of patchset " + patchset + " at base " + base
                + (root.equals(".") ? "" : ", paths relative to " + root);
    }
}
