package io.patchpin.verify;

import io.patchpin.patchset.Entry;
import java.util.Comparator;
import java.util.List;

/** One file of one component: the unit the overlay tracks. */
public record FileKey(String component, String file) implements Comparable<FileKey> {
    private static final Comparator<FileKey> ORDER =
            Comparator.comparing(FileKey::component).thenComparing(FileKey::file);

    /** The files {@code e} edits. */
    public static List<FileKey> of(Entry e) {
        return e.files().stream().map(f -> new FileKey(e.component(), f)).toList();
    }

    @Override
    public int compareTo(FileKey o) {
        return ORDER.compare(this, o);
    }

    @Override
    public String toString() {
        return component.equals(".") ? file : component + "/" + file;
    }
}
