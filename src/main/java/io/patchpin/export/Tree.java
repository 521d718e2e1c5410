package io.patchpin.export;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a format writer gets: the exported entries in order and where they come from.
 *
 * @param patchset the patchset's name
 * @param base     40-hex base commit the diffs are made at
 * @param baseDate the base commit's date, YYYY-MM-DD in UTC (for formats that require a date)
 * @param root     the component the paths are relative to ("." for the superproject)
 * @param layers   the layers the patches go on top of, bottom first (empty: the base alone)
 */
public record Tree(
        String patchset, String base, String baseDate, String root, List<Piece> pieces, List<String> layers) {
    public Tree {
        Objects.requireNonNull(patchset, "patchset");
        Objects.requireNonNull(base, "base");
        pieces = List.copyOf(pieces);
        layers = List.copyOf(layers);
    }

    /**
     * A comment line naming what must be applied before these patches, bottom first; empty without layers.
     * The export carries the set's own entries only, so a packager learns of the layers here.
     */
    public Optional<String> dependency() {
        return layers.isEmpty()
                ? Optional.empty()
                : Optional.of(Dep3.oneLine("on top of its layers, which must be applied first, bottom first: "
                        + String.join(", ", layers))); // a name from a shared set must not end the comment
    }

    /** A comment line naming the source, the same bytes for the same patchset and base. */
    public String origin() {
        return "patchpin export of patchset " + patchset + " at base " + base
                + (root.equals(".") ? "" : ", paths relative to " + root);
    }
}
