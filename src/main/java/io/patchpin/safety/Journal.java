package io.patchpin.safety;

import io.patchpin.core.Hashes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The intent record of a write in progress, so a process killed midway can be
 * finished or rolled back by the next one (see {@link JournalFile} for the
 * format and the recovery). Before each step the journal names it: every file
 * to be replaced with the sha256 of its old and new content and where both are
 * kept (copies in the folder {@code <journal>.d/}), every mode bit, every HEAD
 * or ref to move with its old value, every submodule initialised. The journal
 * is written atomically (temp file, flushed, renamed) before the step, and
 * removed last, when the whole operation is done or undone.
 */
public final class Journal {
    /** The journal of a tree operation, under the superproject's git folder. */
    public static Path treeFile(Path gitDir) {
        return gitDir.resolve("patchpin").resolve("journal");
    }

    /** The journal of a patchset rewrite, in the patchset's own folder (no patchset file, never in a digest). */
    public static Path patchsetFile(Path patchsetDir) {
        return patchsetDir.resolve(PATCHSET_JOURNAL);
    }

    public static final String PATCHSET_JOURNAL = ".patchpin-journal";

    /** The journal of a rewrite of the patchset in {@code dir}, kept in that folder. */
    public static Journal ofPatchset(Path dir, String operation, Writes writes) {
        Path abs = dir.toAbsolutePath().normalize();
        return new Journal(patchsetFile(abs), abs, operation, String.valueOf(dir), writes);
    }

    private final Path file;
    private final Path data;
    private final Path base;
    private final String operation;
    private final String subject;
    private final Writes writes;
    private final List<JournalFile.Record> records = new ArrayList<>();
    private final Set<Path> journaled = new HashSet<>();
    private int copies;
    private boolean finishable = true;

    /**
     * A journal at {@code file} of paths relative to {@code base}; {@code operation} ("apply") and {@code subject}
     * ("patchsets/gfx1103") name it in the recovery's message.
     */
    public Journal(Path file, Path base, String operation, String subject, Writes writes) {
        this.file = file.toAbsolutePath().normalize();
        this.data = JournalFile.dataOf(this.file);
        this.base = base.toAbsolutePath().normalize();
        this.operation = operation;
        this.subject = subject;
        this.writes = writes;
    }

    /** Steps will follow that recovery cannot redo (commits, resets): a killed run is rolled back, never finished. */
    public Journal rollBackOnly() {
        finishable = false;
        return this;
    }

    public Writes writes() {
        return writes;
    }

    /**
     * One file to change: where, what it holds (null: absent), what it gets (null: deleted), and the sha256 of
     * each when the caller has them already (null: computed here, if the change is journaled).
     */
    public record Change(Path path, byte[] before, byte[] after, String beforeSha, String afterSha) {
        public Change(Path path, byte[] before, byte[] after) {
            this(path, before, after, null, null);
        }
    }

    /**
     * Replaces the files of {@code changes} all or nothing: every change named first (old and new content kept),
     * then written one by one; a failure puts back every file written, a killed process is finished by the next
     * command from the journal. The journal goes last.
     */
    public void replaceFiles(List<Change> changes) {
        UndoLog undo = new UndoLog();
        try {
            files(changes);
            for (Change c : changes) {
                writes.write(c.path(), c.after());
                undo.done(() -> Writes.atomic(c.path(), c.before(), writes.fsync()));
            }
        } catch (RuntimeException e) {
            undo.rollback(e);
            if (e.getSuppressed().length == 0) {
                finish();
            }
            throw e;
        }
        finish();
    }

    /** Names the file changes (keeping old and new content), then writes the journal. */
    public void files(List<Change> changes) {
        List<JournalFile.Record> add = new ArrayList<>();
        List<Path> copied = new ArrayList<>();
        for (Change c : changes) {
            Path p = c.path().toAbsolutePath().normalize();
            if (!journaled.add(p)) {
                continue;
            }
            add.add(new JournalFile.FileRecord(
                    rel(p),
                    sha(c.before(), c.beforeSha()),
                    sha(c.after(), c.afterSha()),
                    copy("old", c.before(), copied),
                    copy("new", c.after(), copied)));
        }
        flush(copied); // all at once, before the journal that names them
        append(add);
    }

    public void file(Path path, byte[] before, byte[] after) {
        files(List.of(new Change(path, before, after)));
    }

    public void mode(Path path, boolean before, boolean after) {
        append(List.of(new JournalFile.ModeRecord(rel(path.toAbsolutePath().normalize()), before, after)));
    }

    /**
     * Names a move of a repository's HEAD (and the branch it names): its old value as HEAD read
     * ({@code ref: refs/heads/x} or an id), the old commit, the commit it goes to (null: not known yet),
     * and whether the work tree follows ({@code tree}, as a checkout or hard reset) or only the index
     * (kept as a copy, as a commit does).
     */
    public void head(Path gitDir, Path workTree, String oldHead, String oldCommit, String newCommit, boolean tree) {
        List<JournalFile.Record> add = new ArrayList<>();
        if (!tree) {
            add.add(indexRecord(gitDir));
        }
        add.add(new JournalFile.HeadRecord(
                rel(gitDir), workTree == null ? null : rel(workTree), oldHead, oldCommit, newCommit, tree));
        append(add);
    }

    /** Names a change of a repository's index alone (a flag set by git update-index): a copy of it is kept. */
    public void index(Path gitDir) {
        append(List.of(indexRecord(gitDir)));
    }

    private JournalFile.IndexRecord indexRecord(Path gitDir) {
        Path index = gitDir.resolve("index");
        if (!Files.isRegularFile(index)) {
            return new JournalFile.IndexRecord(rel(gitDir), null);
        }
        List<Path> copied = new ArrayList<>();
        String copy;
        try {
            copy = copy("index", Files.readAllBytes(index), copied);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + index, e);
        }
        flush(copied);
        return new JournalFile.IndexRecord(rel(gitDir), copy);
    }

    /** Names a temp folder about to be built and renamed into place: recovery removes it when it is still there. */
    public void temp(Path dir) {
        append(List.of(new JournalFile.TempRecord(rel(dir.toAbsolutePath().normalize()))));
    }

    /** Names a submodule about to be initialised: its folder and git folder, whether they existed, its parent. */
    public void init(Path dir, boolean dirExisted, Path gitDir, boolean gitDirExisted, Path parentGitDir, String name) {
        append(List.of(
                new JournalFile.InitRecord(rel(dir), dirExisted, rel(gitDir), gitDirExisted, rel(parentGitDir), name)));
    }

    /** The operation is done (or fully undone): the journal goes, then its copies. */
    public void finish() {
        if (records.isEmpty() && copies == 0) {
            return;
        }
        try {
            Files.deleteIfExists(file);
            JournalFile.deleteTree(data);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the journal " + file, e);
        }
        records.clear();
        journaled.clear();
    }

    private void append(List<JournalFile.Record> add) {
        if (add.isEmpty()) {
            return;
        }
        writes.step("journal " + operation);
        records.addAll(add);
        byte[] text = new JournalFile(operation, subject, finishable, records)
                .render()
                .getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(file, text, writes.fsync());
        syncFolder(file.getParent(), writes.fsync());
    }

    private void flush(List<Path> copies) {
        try {
            AtomicFiles.forceAll(copies, writes.fsync());
        } catch (IOException e) {
            throw failure(e);
        }
    }

    /** The journal's folder is the one being written (a patchset folder, a .git): read-only is bad input. */
    private RuntimeException failure(IOException e) {
        return AtomicFiles.failure(
                data.getParent(), "cannot write the journal of " + operation + " into this folder", e);
    }

    /** Keeps a copy of {@code bytes} beside the journal, not yet flushed: its path is added to {@code copied}. */
    private String copy(String kind, byte[] bytes, List<Path> copied) {
        if (bytes == null) {
            return null;
        }
        String name = String.format(Locale.ROOT, "%s-%05d", kind, ++copies);
        Path p = data.resolve(name);
        try {
            Files.createDirectories(data);
            Files.write(p, bytes);
            copied.add(p);
        } catch (IOException e) {
            throw failure(e);
        }
        return name;
    }

    private String rel(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(base) ? base.relativize(abs).toString() : abs.toString();
    }

    private static String sha(byte[] bytes, String known) {
        return bytes == null ? null : known != null ? known : Hashes.sha256(bytes);
    }

    /** Flushes a folder's entries (the rename of the journal) to disk when {@code fsync}. */
    static void syncFolder(Path dir, boolean fsync) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            AtomicFiles.force(ch, fsync);
        } catch (IOException | UnsupportedOperationException e) {
            // not every file system lets a folder be opened; the rename itself is still atomic
        }
    }
}
