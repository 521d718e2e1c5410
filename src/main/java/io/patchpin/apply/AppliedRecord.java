package io.patchpin.apply;

import io.patchpin.verify.FileKey;
import io.patchpin.workspace.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What apply wrote to the work tree and revert has not undone yet: per file, the sha256 of what it held before the
 * first apply that wrote it (none: apply created it) and of what the last apply left (none: apply deleted it). Revert
 * touches only the files recorded here, so a file apply did not write (an untracked file that already held what an
 * entry creates, an edit made by hand before patchpin was used) is never deleted or rewritten because its content looks
 * like an entry's. Kept under the superproject's {@code .git/patchpin/}, beside the journal, and changed as one more
 * journaled step of the apply or revert, so a killed run leaves it as the files are. One record per file:
 * {@code before SP after SP component NUL file NUL}, a {@code -} for none, sorted.
 */
record AppliedRecord(Path file, SortedMap<FileKey, Change> files) {
    /** Before and after of one file, as sha256 (null: absent). */
    record Change(String before, String after) {}

    AppliedRecord {
        files = new TreeMap<>(files);
    }

    /** The workspace's record (empty when none is kept yet). */
    static AppliedRecord of(Workspace ws) {
        Path file =
                ws.superRepository().getDirectory().toPath().resolve("patchpin").resolve("applied");
        return new AppliedRecord(file, read(file));
    }

    boolean holds(FileKey key) {
        return files.containsKey(key);
    }

    /** The bytes of the record now (null when it would be empty: no file is kept). */
    byte[] bytes() {
        if (files.isEmpty()) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        files.forEach((k, c) -> b.append(Objects.requireNonNullElse(c.before(), "-"))
                .append(' ')
                .append(Objects.requireNonNullElse(c.after(), "-"))
                .append(' ')
                .append(k.component())
                .append('\0')
                .append(k.file())
                .append('\0'));
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The record after {@code changes} were written: the first before of each file is kept, the after is the last. */
    AppliedRecord written(List<FileChange> changes) {
        SortedMap<FileKey, Change> out = new TreeMap<>(files);
        for (FileChange c : changes) {
            Change was = out.get(c.key());
            String before = was != null ? was.before() : c.originalSha();
            String after = c.contentSha();
            if (Objects.equals(before, after)) {
                out.remove(c.key()); // back as it was before any apply: nothing left to undo
            } else {
                out.put(c.key(), new Change(before, after));
            }
        }
        return new AppliedRecord(file, out);
    }

    /** Writes the record as a step of {@code tx} (undone with the rest), when it changed. */
    void save(Transaction tx) {
        tx.replace(file, bytes());
    }

    private static SortedMap<FileKey, Change> read(Path file) {
        byte[] raw = Transaction.read(file);
        SortedMap<FileKey, Change> out = new TreeMap<>();
        if (raw == null) {
            return out;
        }
        String[] parts = new String(raw, StandardCharsets.UTF_8).split("\0", -1);
        for (int i = 0; i + 1 < parts.length; i += 2) {
            String[] head = parts[i].split(" ", 3);
            if (head.length != 3) {
                throw new IllegalStateException(
                        "damaged record of applied files " + file + " (remove it to start afresh)");
            }
            out.put(new FileKey(head[2], parts[i + 1]), new Change(none(head[0]), none(head[1])));
        }
        return out;
    }

    private static String none(String s) {
        return s.equals("-") ? null : s;
    }
}
