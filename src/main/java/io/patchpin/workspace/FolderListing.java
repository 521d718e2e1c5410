package io.patchpin.workspace;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One folder's entries, read one at a time, each with its lstat on demand: through the C library where the
 * JVM has the foreign-function API and may use it (JDK 22 and later, with native access enabled), through
 * java.nio elsewhere. Both give the same entries and the same stat data; the first spends a fraction of the
 * time per entry, and stats a folder or an untracked file only when asked.
 */
interface FolderListing extends AutoCloseable {
    /** Opens {@code dir} with the best reader this JVM has. */
    static FolderListing open(Path dir) throws IOException {
        return NativeListing.AVAILABLE ? NativeListing.open(dir) : new NioListing(dir);
    }

    /** Moves to the next entry ("." and ".." are left out); false at the end. */
    boolean next() throws IOException;

    /** The entry's name, as the file system holds it. */
    byte[] name();

    /** The entry's path. */
    Path path();

    /** Whether the entry is a folder (not a link to one). */
    boolean isFolder() throws IOException;

    /** The entry's lstat. */
    Lstat lstat() throws IOException;

    @Override
    void close() throws IOException;
}
