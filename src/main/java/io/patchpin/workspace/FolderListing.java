package io.patchpin.workspace;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One folder's entries, read one at a time, each with its lstat on demand: through the C library where the
 * JVM has the foreign-function API and may use it (JDK 22 and later, with native access enabled), through
 * java.nio elsewhere. Both give the same entries and the same stat data; the first spends less time per
 * entry, and stats a folder or an untracked file only when asked, but costs some to set up.
 */
interface FolderListing extends AutoCloseable {
    /**
     * Whether a walk over a checkout of {@code entries} index entries should list natively: where this JVM
     * can, and the walk is large enough to pay for setting the call up (about 30 ms of a core, against about
     * 0.5 us saved per entry: an audit took 1.01x the time at 20,000 entries, 0.87x at 100,000; even at about
     * 26,000). The system property {@code patchpin.native-listing-from} moves the bound (0: always).
     */
    static boolean nativeFor(int entries) {
        return entries >= nativeFrom() && NativeListing.AVAILABLE;
    }

    /** The index entries from which a walk lists natively. */
    static int nativeFrom() {
        return Integer.getInteger("patchpin.native-listing-from", 32_000);
    }

    /** Opens {@code dir}, natively or through java.nio (see {@link #nativeFor}). */
    static FolderListing open(Path dir, boolean nativeListing) throws IOException {
        return nativeListing ? NativeListing.open(dir) : new NioListing(dir);
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
