package io.patchpin.apply;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes files one by one and, when any write fails, puts back every file
 * already written (its original bytes, or deletes a file that did not exist),
 * then rethrows: the tree ends as it began.
 */
final class Transaction {
    private record Done(Path path, byte[] original) {
    }

    private final FileWriter writer;
    private final List<Done> done = new ArrayList<>();

    Transaction(FileWriter writer) {
        this.writer = writer;
    }

    void write(Path path, byte[] original, byte[] content) {
        writer.write(path, content);
        done.add(new Done(path, original));
    }

    void rollback(RuntimeException cause) {
        for (int i = done.size() - 1; i >= 0; i--) {
            try {
                FileWriter.ATOMIC.write(done.get(i).path(), done.get(i).original());
            } catch (RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
        done.clear();
    }
}
