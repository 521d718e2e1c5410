package io.patchpin.gitstatus;

import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.Collection;
import java.util.Optional;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheEditor;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.util.NB;

/**
 * Edits of a checkout's index made in this process, entry by entry, through JGit's {@link DirCache}: never through
 * {@code git update-index} or JGit's porcelain, so that no hook or {@code core.fsmonitor} of the user's runs, the other
 * entries keep their bits (skip-worktree, assume-unchanged), and files outside a sparse checkout stay out of the work
 * tree. An index this cannot read whole (a split or sparse index) is refused before anything is written.
 */
public final class IndexEdits {
    private static final int SIGNATURE = 0x44495243; // "DIRC"

    private IndexEdits() {}

    /** The index of {@code repo}, read; one patchpin cannot read whole is bad input, one line. */
    public static DirCache read(Repository repo) {
        refuseUnreadable(repo);
        try {
            return repo.readDirCache();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the index of " + repo.getDirectory(), e);
        }
    }

    /** The entry of {@code path} in {@code repo}'s index, if any. */
    public static Optional<DirCacheEntry> entry(Repository repo, String path) {
        return Optional.ofNullable(read(repo).getEntry(path));
    }

    /**
     * Sets or clears the skip-worktree bit of {@code path}'s entry; false when there is no such entry. JGit reads the
     * bit but cannot set it, so the index file's bytes are edited here: the bit flipped in the entry's extended flags,
     * or those flags added (the file then becomes version 3 at least, and the optional extensions that hold offsets
     * into it, EOIE and IEOT, are dropped, as git allows), and the checksum written anew; the file is replaced through
     * {@code index.lock}, as git replaces it, and flushed to disk when {@code fsync}.
     */
    public static boolean skipWorktree(Repository repo, String path, boolean on, boolean fsync) {
        refuseUnreadable(repo);
        Path index = repo.getIndexFile().toPath();
        try {
            if (!Files.exists(index)) {
                return false;
            }
            byte[] raw = Files.readAllBytes(index);
            Optional<IndexFile.Bounds> bounds = IndexFile.entryBounds(raw, path);
            if (bounds.isEmpty()) {
                return false;
            }
            Optional<byte[]> edited = IndexBits.skipWorktree(raw, bounds.get(), on);
            if (edited.isPresent()) {
                IndexBits.replace(index, edited.get(), fsync);
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot update the index of " + repo.getDirectory(), e);
        }
    }

    /**
     * Makes the entries of {@code files} what {@code commit}'s tree holds (removed when it holds none), with the work
     * tree's stat data, as {@code git reset -- FILES} then a refresh would leave them; every other entry is left as it
     * is.
     */
    public static void matchCommit(Repository repo, ObjectId commit, Collection<String> files) {
        refuseUnreadable(repo);
        try (RevWalk walk = new RevWalk(repo)) {
            var tree = walk.parseCommit(commit).getTree();
            DirCache dc = repo.lockDirCache();
            try {
                DirCacheEditor ed = dc.editor();
                for (String f : files) {
                    try (TreeWalk tw = TreeWalk.forPath(repo, f, tree)) {
                        if (tw == null || tw.getFileMode(0) == FileMode.TREE) {
                            ed.add(new DirCacheEditor.DeletePath(f));
                        } else {
                            ed.add(new AsCommitted(
                                    f,
                                    tw.getObjectId(0),
                                    tw.getFileMode(0),
                                    repo.getWorkTree().toPath().resolve(f)));
                        }
                    }
                }
                ed.finish();
                dc.write();
                if (!dc.commit()) {
                    throw new IOException("cannot replace the index of " + repo.getDirectory() + " (index.lock)");
                }
            } finally {
                dc.unlock();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot update the index of " + repo.getDirectory(), e);
        }
    }

    /**
     * One entry set to a committed blob. The stat data are the work tree file's only when it holds that blob: git takes
     * an entry whose recorded size differs from the file's for a modified file without reading it, so an entry stamped
     * with a file that is about to be put back (a rollback) must carry no size at all, as {@code git read-tree} leaves
     * it, and git then compares contents.
     */
    private static final class AsCommitted extends DirCacheEditor.PathEdit {
        private final ObjectId blob;
        private final FileMode mode;
        private final Path file;

        AsCommitted(String path, ObjectId blob, FileMode mode, Path file) {
            super(path);
            this.blob = blob;
            this.mode = mode;
            this.file = file;
        }

        @Override
        public void apply(DirCacheEntry ent) {
            ent.setObjectId(blob);
            ent.setFileMode(mode);
            ent.setLength(0);
            ent.setLastModified(Instant.EPOCH);
            try {
                BasicFileAttributes a =
                        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isRegularFile() && holdsBlob(file, blob)) {
                    ent.setLength(a.size());
                    ent.setLastModified(a.lastModifiedTime().toInstant());
                }
            } catch (NoSuchFileException e) {
                // not in the work tree (outside a sparse checkout): git compares nothing
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }

        private static boolean holdsBlob(Path file, ObjectId blob) throws IOException {
            byte[] bytes = Files.readAllBytes(file);
            try (ObjectInserter.Formatter f = new ObjectInserter.Formatter()) {
                return f.idFor(Constants.OBJ_BLOB, bytes).equals(blob);
            }
        }
    }

    /**
     * Refuses, in one line, an index that only git itself reads whole: a split index (its entries partly in a shared
     * file) or a sparse index (folders as entries). JGit, which patchpin reads and writes indexes with, does not know
     * these; what it would write back would lose entries.
     */
    public static void refuseUnreadable(Repository repo) {
        Path index = repo.getIndexFile().toPath();
        byte[] raw;
        try {
            raw = Files.exists(index) ? Files.readAllBytes(index) : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + index, e);
        }
        if (raw != null) {
            unreadable(raw).ifPresent(why -> {
                throw new BadInputException(index.toString(), 0, why);
            });
        }
    }

    /** Why patchpin cannot read this index whole, or empty when it can (or it is not an index at all). */
    static Optional<String> unreadable(byte[] raw) {
        if (raw.length < 12 + 20 || NB.decodeInt32(raw, 0) != SIGNATURE) {
            return Optional.empty();
        }
        int version = NB.decodeInt32(raw, 4);
        if (version < 2 || version > 4) {
            return Optional.of("index version " + version + ", which patchpin does not read (it reads 2 to 4)");
        }
        String required = IndexFile.requiredExtension(raw).orElse("");
        if (required.equals("link")) {
            return Optional.of("a split index (core.splitIndex), which patchpin cannot read whole: turn it off with"
                    + " git update-index --no-split-index, then run patchpin again");
        }
        if (required.equals("sdir")) {
            return Optional.of("a sparse index (index.sparse), which patchpin cannot read whole: turn it off with"
                    + " git sparse-checkout init --no-sparse-index, then run patchpin again");
        }
        if (!required.isEmpty()) {
            return Optional.of("an index extension '" + required + "' that patchpin does not know");
        }
        return Optional.empty();
    }
}
