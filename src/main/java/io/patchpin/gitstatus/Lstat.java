package io.patchpin.gitstatus;

import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.concurrent.TimeUnit;

/**
 * What a stat walk needs of one entry's lstat: its kind, the owner's execute bit, its size and its modification time in
 * nanoseconds since the epoch.
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
