package io.patchpin.apply;

import io.patchpin.safety.ExecBit;
import io.patchpin.safety.Journal;
import io.patchpin.safety.UndoLog;
import io.patchpin.safety.Writes;
import io.patchpin.verify.FileKey;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/**
 * Changes files (content, then executable bits) and commits one step at a time and, when any step fails, undoes every
 * step already done, last first (original bytes back, a created file deleted, the old mode, the old HEAD), then
 * rethrows: the tree ends as it began. Each step is named in the journal before it is taken, so a process killed midway
 * is finished or rolled back by the next command; the journal goes when all is done or undone.
 */
final class Transaction {
    private final Writes writer;
    private final Journal journal;
    private final UndoLog undo = new UndoLog();

    Transaction(Journal journal) {
        this.writer = journal.writes();
        this.journal = journal;
    }

    /**
     * Names every file change in the journal at once, then replaces each in order, as {@link #write} does; the writer
     * may flush them together.
     */
    void writeAll(List<FileChange> changes) {
        journal.files(changes.stream()
                .map(c -> new Journal.Change(c.path(), c.original(), c.content(), c.originalSha(), c.contentSha()))
                .toList());
        writer.writeAll(
                changes.stream().map(FileChange::path).toList(),
                changes.stream().map(FileChange::content).toList(),
                i -> undo.done(() ->
                        Writes.atomic(changes.get(i).path(), changes.get(i).original(), writer.fsync())));
    }

    boolean fsync() {
        return writer.fsync();
    }

    void write(Path path, byte[] original, byte[] content) {
        journal.file(path, original, content);
        writer.write(path, content);
        undo.done(() -> Writes.atomic(path, original, writer.fsync()));
    }

    /** Gives {@code path} {@code content} (null: deletes it) as {@link #write} does, when it holds something else. */
    void replace(Path path, byte[] content) {
        byte[] was = read(path);
        if (!Arrays.equals(was, content)) {
            write(path, was, content);
        }
    }

    /** A file's bytes, or null when it is not a regular file. */
    static byte[] read(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Sets the executable bit; returns whether it changed (false too when modes are not supported). */
    boolean mode(Path path, boolean executable) {
        Boolean was = ExecBit.get(path).orElse(null);
        if (was == null || was == executable) {
            return false;
        }
        journal.mode(path, was, executable);
        writer.step("mode " + path);
        ExecBit.set(path, executable);
        undo.done(() -> ExecBit.set(path, was));
        return true;
    }

    /**
     * Names, before it happens, a move of {@code repo}'s HEAD to {@code to} (null: commits not made yet) with the work
     * tree following ({@code tree}) or only the index.
     */
    void head(Repository repo, boolean tree, ObjectId to) {
        try {
            Ref head = repo.exactRef(Constants.HEAD);
            ObjectId now = repo.resolve("HEAD^{commit}");
            String raw = head != null && head.isSymbolic()
                    ? "ref: " + head.getTarget().getName()
                    : now == null ? null : now.name();
            journal.head(
                    repo.getDirectory().toPath(),
                    repo.isBare() ? null : repo.getWorkTree().toPath(),
                    raw,
                    now == null ? null : now.name(),
                    to == null ? null : to.name(),
                    tree);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read HEAD of " + repo.getDirectory(), e);
        }
        writer.step((tree ? "reset " : "commit ") + repo.getDirectory());
    }

    /** Names, before it happens, a change of {@code repo}'s index alone (a flag). */
    void index(Repository repo) {
        journal.index(repo.getDirectory().toPath());
        writer.step("index " + repo.getDirectory());
    }

    /** How to undo a step done outside this class (a commit). */
    void done(UndoLog.Step undoStep) {
        undo.done(undoStep);
    }

    /** The journal of an apply or revert: under the superproject's git folder, naming the patchsets. */
    static Journal journal(Workspace ws, List<Path> dirs, String operation, Writes writer, boolean commits) {
        Path root = ws.requireWorkTree(operation).toAbsolutePath().normalize();
        String subject = dirs.stream()
                .map(d -> d.toAbsolutePath().normalize())
                .map(d -> d.startsWith(root) ? root.relativize(d).toString() : d.toString())
                .collect(Collectors.joining(", "));
        Journal j = new Journal(
                Journal.treeFile(ws.superRepository().getDirectory().toPath()), root, operation, subject, writer);
        return commits ? j.rollBackOnly() : j;
    }

    /**
     * Writes every change, then sets the executable bits, then runs {@code then} (the commits); on a failure anywhere
     * every step done is undone.
     */
    static List<String> write(
            List<FileChange> changes,
            Map<FileKey, Boolean> modes,
            SafeTree tree,
            Journal journal,
            Consumer<Transaction> then) {
        Transaction tx = new Transaction(journal);
        SortedSet<String> written = new TreeSet<>();
        try {
            tx.writeAll(changes);
            changes.forEach(c -> written.add(c.key().toString()));
            for (var m : modes.entrySet()) {
                if (tx.mode(tree.resolve(m.getKey().component(), m.getKey().file()), m.getValue())) {
                    written.add(m.getKey().toString());
                }
            }
            then.accept(tx);
        } catch (RuntimeException e) {
            tx.undo.rollback(e);
            // the journal goes only when every undo worked, else the next command retries
            if (e.getSuppressed().length == 0) {
                journal.finish();
            }
            throw e;
        }
        journal.finish();
        return List.copyOf(written);
    }
}
