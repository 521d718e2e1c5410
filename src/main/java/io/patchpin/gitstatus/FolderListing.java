package io.patchpin.gitstatus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Iterator;

/**
 * One folder's entries, read one at a time through java.nio, each with its lstat (POSIX attributes, links not followed)
 * on demand, relative to the open folder where the platform allows.
 */
final class FolderListing implements AutoCloseable {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
    private final DirectoryStream<Path> stream;
    private final Iterator<Path> entries;
    private Path path;
    private byte[] name;
    private PosixFileAttributes stat;

    @SuppressWarnings("StreamResourceLeak") // the listing owns the stream: close() closes it
    FolderListing(Path dir) throws IOException {
        this.stream = Files.newDirectoryStream(dir);
        this.entries = stream.iterator();
    }

    /** Moves to the next entry ("." and ".." are left out); false at the end. */
    public boolean next() {
        if (!entries.hasNext()) {
            return false;
        }
        path = entries.next();
        name = path.getFileName().toString().getBytes(StandardCharsets.UTF_8);
        stat = null;
        return true;
    }

    /** The entry's name, as the file system holds it. */
    public byte[] name() {
        return name;
    }

    public Path path() {
        return path;
    }

    public PosixFileAttributes lstat() throws IOException {
        if (stat == null) {
            PosixFileAttributeView view = stream instanceof SecureDirectoryStream<Path> secure
                    ? secure.getFileAttributeView(path.getFileName(), PosixFileAttributeView.class, NOFOLLOW)
                    : null;
            stat = view != null
                    ? view.readAttributes()
                    : Files.readAttributes(path, PosixFileAttributes.class, NOFOLLOW);
        }
        return stat;
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }
}
