package io.patchpin.archive;

import java.io.IOException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;

/**
 * What a {@link SourceWalker} reports, entry by entry, below the root tree. Paths are the raw bytes from the trees
 * ({@code a/b}, no trailing slash); {@code name} is the last segment.
 */
interface TreeVisitor {
    /** A directory (a tree, or a gitlink shown as a directory) is entered; {@code id} is its tree or commit. */
    void directory(byte[] path, byte[] name, ObjectId id) throws IOException;

    /** The directory last entered is complete. */
    void endDirectory() throws IOException;

    /** A regular file, its blob ready to stream. */
    void file(byte[] path, byte[] name, boolean executable, ObjectId id, ObjectLoader blob) throws IOException;

    /** A symbolic link and its target. */
    void symlink(byte[] path, byte[] name, ObjectId id, byte[] target) throws IOException;
}
