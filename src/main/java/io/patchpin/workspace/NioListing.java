package io.patchpin.workspace;

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

/** A folder listing through java.nio: an lstat per entry, relative to the open folder where the platform allows. */
final class NioListing implements FolderListing {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS}; // one array, not one per lstat
    private final DirectoryStream<Path> stream;
    private final Iterator<Path> entries;
    private Path path;
    private byte[] name;
    private Lstat stat;

    NioListing(Path dir) throws IOException {
        this.stream = Files.newDirectoryStream(dir);
        this.entries = stream.iterator();
    }

    @Override
    public boolean next() {
        if (!entries.hasNext()) {
            return false;
        }
        path = entries.next();
        name = path.getFileName().toString().getBytes(StandardCharsets.UTF_8);
        stat = null;
        return true;
    }

    @Override
    public byte[] name() {
        return name;
    }

    @Override
    public Path path() {
        return path;
    }

    @Override
    public boolean isFolder() throws IOException {
        return lstat().isFolder();
    }

    @Override
    public Lstat lstat() throws IOException {
        if (stat == null) {
            stat = Lstat.of(attributes());
        }
        return stat;
    }

    private PosixFileAttributes attributes() throws IOException {
        if (stream instanceof SecureDirectoryStream<Path> secure) {
            PosixFileAttributeView view = secure.getFileAttributeView(path.getFileName(), PosixFileAttributeView.class, NOFOLLOW);
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
}
