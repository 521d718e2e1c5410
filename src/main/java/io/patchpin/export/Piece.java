package io.patchpin.export;

import io.patchpin.patchset.Entry;
import java.util.Locale;
import java.util.Objects;

/**
 * One entry as an export writes it: its metadata and the diff it makes at the base, after the entries before it.
 *
 * @param number 1-based position among the exported entries
 * @param prefix path of the entry's component inside the exported tree ("" at the tree's root, else ending in '/')
 * @param diff   git-style diff, paths {@code a/<prefix><file>}
 */
public record Piece(int number, Entry entry, ExportMeta meta, String prefix, byte[] diff) {
    public Piece {
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(meta, "meta");
        Objects.requireNonNull(prefix, "prefix");
        diff = diff.clone();
    }

    @Override
    public byte[] diff() {
        return diff.clone();
    }

    /** {@code NNNN-<id>.patch}: ids are letters, digits, '.', '_' and '-', so the name is safe anywhere. */
    public String fileName() {
        return String.format(Locale.ROOT, "%04d-%s.patch", number, entry.id());
    }
}
