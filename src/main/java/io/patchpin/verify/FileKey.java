package io.patchpin.verify;

import java.util.Comparator;

/** One file of one component: the unit the overlay tracks. */
public record FileKey(String component, String file) implements Comparable<FileKey> {
    private static final Comparator<FileKey> ORDER =
            Comparator.comparing(FileKey::component).thenComparing(FileKey::file);

    @Override
    public int compareTo(FileKey o) {
        return ORDER.compare(this, o);
    }

    @Override
    public String toString() {
        return component.equals(".") ? file : component + "/" + file;
    }
}
