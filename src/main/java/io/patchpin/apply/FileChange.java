package io.patchpin.apply;

import io.patchpin.core.Hashes;
import io.patchpin.core.Parallel;
import io.patchpin.verify.FileKey;
import io.patchpin.workspace.FileLookup;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One file to replace: where, what it held, what it gets (null: absent), and the sha256 of both (null: absent),
 * computed once here for the journal and the applied record alike. Apply and revert make the changes; the transaction
 * writes them and the applied record keeps their digests.
 */
record FileChange(FileKey key, Path path, byte[] original, byte[] content, String originalSha, String contentSha) {
    FileChange(FileKey key, Path path, byte[] original, byte[] content) {
        this(key, path, original, content, sha(original), sha(content));
    }

    private static String sha(byte[] bytes) {
        return bytes == null ? null : Hashes.sha256(bytes);
    }

    /**
     * The files whose content changes, in the overlay's order. Their sha256s are computed on every core: under the
     * launcher's C1-only JIT the JDK's SHA-256 runs at about 90 MB/s, and hashing every old and new content was the
     * largest part of a large apply's own work (0.35 s of CPU for the 449 files of an Electron-sized set).
     */
    static List<FileChange> between(Map<FileKey, FileLookup> before, Map<FileKey, FileLookup> after, SafeTree tree) {
        List<FileKey> changed = after.keySet().stream()
                .filter(k -> !Arrays.equals(bytes(before.get(k)), bytes(after.get(k))))
                .toList();
        try {
            return Parallel.map(
                    changed,
                    Parallel.cores(),
                    k -> new FileChange(
                            k, tree.resolve(k.component(), k.file()), bytes(before.get(k)), bytes(after.get(k))));
        } catch (InterruptedIOException e) {
            throw new UncheckedIOException("interrupted while hashing the changed files", e);
        }
    }

    /** A file's bytes as a change holds them: null when the file is absent. */
    static byte[] bytes(FileLookup f) {
        return f instanceof FileLookup.Found found ? found.content() : null;
    }
}
