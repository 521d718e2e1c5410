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
import java.nio.file.attribute.PosixFilePermission;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;

/**
 * One folder's entries, read one at a time through java.nio, each with its lstat on demand, relative to the open folder
 * where the platform allows.
 */
final class FolderListing implements AutoCloseable {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
    private final DirectoryStream<Path> stream;
    private final Iterator<Path> entries;
    private Path path;
    private byte[] name;
    private Lstat stat;

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

    /** Whether the entry is a folder (not a link to one). */
    public boolean isFolder() throws IOException {
        return lstat().isFolder();
    }

    public Lstat lstat() throws IOException {
        if (stat == null) {
            stat = Lstat.of(attributes());
        }
        return stat;
    }

    private PosixFileAttributes attributes() throws IOException {
        if (stream instanceof SecureDirectoryStream<Path> secure) {
            PosixFileAttributeView view =
                    secure.getFileAttributeView(path.getFileName(), PosixFileAttributeView.class, NOFOLLOW);
            if (view != null) {
                return view.readAttributes();
            }
        }
        return Files.readAttributes(path, PosixFileAttributes.class, NOFOLLOW);
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }

    /**
     * What a stat walk needs of one entry's lstat: its kind, the owner's execute bit, its size and its modification
     * time in nanoseconds since the epoch.
     */
    record Lstat(Kind kind, boolean executable, long size, long mtimeNanos) {
        /** The kinds of entry a work tree holds, as far as git tells them apart. */
        enum Kind {
            FILE,
            FOLDER,
            LINK,
            OTHER
        }

        static Lstat of(PosixFileAttributes a) {
            Kind kind = a.isRegularFile()
                    ? Kind.FILE
                    : a.isDirectory() ? Kind.FOLDER : a.isSymbolicLink() ? Kind.LINK : Kind.OTHER;
            boolean exec = kind == Kind.FILE && a.permissions().contains(PosixFilePermission.OWNER_EXECUTE);
            return new Lstat(kind, exec, a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS));
        }

        boolean isFolder() {
            return kind == Kind.FOLDER;
        }

        long mtimeMillis() {
            return Math.floorDiv(mtimeNanos, 1_000_000L);
        }
    }
}
