package io.patchpin.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The largest file or blob patchpin reads into memory: a share of the Java
 * heap, because checking a file holds it several times over (its bytes, its
 * lines, the result, and apply's second pass that tells entries' edits from a
 * user's). A larger one is refused up front as bad input naming it, rather
 * than running out of memory half-way. The system property
 * {@value #PROPERTY} sets the limit in bytes instead.
 *
 * @param bytes the most bytes one file or blob may have
 * @param set   whether {@value #PROPERTY} set it (the refusal then names the property)
 */
public record ReadLimit(long bytes, boolean set) {
    /** System property: the limit in bytes, overriding the heap's share. */
    public static final String PROPERTY = "patchpin.maxFileBytes";
    /** The heap holds this many times the largest file it reads. */
    public static final int HEAP_SHARE = 16;

    private static final long MB = 1024 * 1024;

    /**
     * The heap's share, the limit unless {@value #PROPERTY} is set; alone for patchpin's own files (TOML, a
     * patchset's files, the input files named), read where no run's settings travel.
     */
    public static ReadLimit heapShare() {
        return new ReadLimit(Runtime.getRuntime().maxMemory() / HEAP_SHARE, false);
    }

    /**
     * Refuses a file of {@code size} bytes above the limit (exit 2).
     *
     * @param name  what the user knows the file as: component and path, or a path on disk
     * @param where where it was read, e.g. "at revision 0123456789ab", or "" for the work tree
     */
    public void check(String name, String where, long size) {
        if (size <= bytes) {
            return;
        }
        String because = set
                ? "the limit set by -D" + PROPERTY + " is " + size(bytes)
                : "the limit is 1/" + HEAP_SHARE + " of the Java heap, " + size(bytes) + " of "
                        + size(Runtime.getRuntime().maxMemory());
        String remedy = set
                ? "raise it with a heap to match, e.g. PATCHPIN_JAVA_OPTS=-Xmx" + heapFor(size) + " -D" + PROPERTY + "="
                        + size
                : "give Java a larger heap, e.g. PATCHPIN_JAVA_OPTS=-Xmx" + heapFor(size);
        throw new BadInputException(
                name,
                0,
                (where.isEmpty() ? "" : where + ": ") + size(size) + " is too large to read into memory (" + because
                        + "); " + remedy);
    }

    /** The bytes of a file on disk, refused by its size (exit 2) before anything is read. */
    public byte[] readAllBytes(Path file) throws IOException {
        check(file.toString(), "", Files.size(file));
        return Files.readAllBytes(file);
    }

    /** Checks a file on disk by its size before it is read. */
    public void check(Path file, String name) {
        try {
            check(name, "", Files.size(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + file, e);
        }
    }

    /** A heap that would hold {@code size} within the limit, in whole gigabytes or quarter gigabytes below one. */
    static String heapFor(long size) {
        // maxMemory() is below -Xmx by a survivor space: an eighth more keeps the file within the share
        long needed = size * HEAP_SHARE / 8 * 9 + 64 * MB;
        if (needed <= 1024 * MB) {
            return ((needed + 256 * MB - 1) / (256 * MB)) * 256 + "m";
        }
        return (needed + 1024 * MB - 1) / (1024 * MB) + "g";
    }

    private static String size(long bytes) {
        if (bytes < 10 * 1024) {
            return bytes + " bytes";
        }
        if (bytes < 10 * MB) {
            return bytes / 1024 + " KB";
        }
        return bytes / MB + " MB";
    }
}
