package io.patchpin.gitstatus;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.safety.AtomicFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
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
    private static final int FIXED = 62;
    private static final int EXTENDED = 0x4000;
    private static final int SKIP_WORKTREE = 0x4000;
    private static final int ID = 20;

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
            Optional<byte[]> edited = withSkipWorktree(raw, bounds.get(), on);
            if (edited.isPresent()) {
                replace(index, edited.get(), fsync);
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
        if (!Files.exists(index)) {
            return;
        }
        try {
            unreadable(Files.readAllBytes(index)).ifPresent(why -> {
                throw new BadInputException(index.toString(), 0, why);
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + index, e);
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

    /** The index with the bit of the entry at {@code bounds} set or cleared; empty when it already is. */
    private static Optional<byte[]> withSkipWorktree(byte[] raw, IndexFile.Bounds bounds, boolean on) {
        int start = bounds.start();
        int next = bounds.next();
        int extensions = bounds.extensions();
        int flags = NB.decodeUInt16(raw, start + 60);
        if ((flags & EXTENDED) != 0) {
            int ext = NB.decodeUInt16(raw, start + 62);
            int now = on ? ext | SKIP_WORKTREE : ext & ~SKIP_WORKTREE;
            if (now == ext) {
                return Optional.empty();
            }
            byte[] out = raw.clone();
            out[start + FIXED] = (byte) (now >>> 8);
            out[start + FIXED + 1] = (byte) now;
            return Optional.of(checksummed(out));
        }
        if (!on) {
            return Optional.empty();
        }
        int version = NB.decodeInt32(raw, 4);
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length + 16);
        // the entries before, then this one's stat data, id, flags and the extended flags they now announce
        byte[] head = Arrays.copyOf(raw, start + FIXED + 2);
        NB.encodeInt32(head, 4, Math.max(version, 3));
        NB.encodeInt16(head, start + 60, flags | EXTENDED);
        NB.encodeInt16(head, start + FIXED, SKIP_WORKTREE);
        out.write(head, 0, head.length);
        if (version == 4) {
            out.write(raw, start + FIXED, next - start - FIXED);
        } else {
            int nul = start + FIXED;
            while (raw[nul] != 0) {
                nul++;
            }
            int pathLength = nul - start - FIXED;
            out.write(raw, start + FIXED, pathLength);
            int length = FIXED + 2 + pathLength;
            int padded = (length + 8) & ~7; // at least one NUL, to a multiple of 8
            out.write(new byte[padded - length], 0, padded - length);
        }
        out.write(raw, next, extensions - next);
        int limit = raw.length - ID;
        for (int at = extensions; at + 8 <= limit; ) {
            int len = NB.decodeInt32(raw, at + 4);
            String sig = new String(raw, at, 4, StandardCharsets.ISO_8859_1);
            if (!sig.equals("EOIE") && !sig.equals("IEOT")) { // offsets into the entries, now moved
                out.write(raw, at, 8 + len);
            }
            at += 8 + len;
        }
        out.write(new byte[ID], 0, ID);
        return Optional.of(checksummed(out.toByteArray()));
    }

    /** The trailing SHA-1 of everything before it, written in place. */
    private static byte[] checksummed(byte[] raw) {
        MessageDigest sha1 = Hashes.digest("SHA-1");
        sha1.update(raw, 0, raw.length - ID);
        System.arraycopy(sha1.digest(), 0, raw, raw.length - ID, ID);
        return raw;
    }

    /**
     * Replaces {@code index} as git does: {@code index.lock} created exclusively, written (flushed to disk when
     * {@code fsync}), renamed over it.
     */
    private static void replace(Path index, byte[] content, boolean fsync) throws IOException {
        Path lock = index.resolveSibling(index.getFileName() + ".lock");
        try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.wrap(content);
            while (b.hasRemaining()) {
                ch.write(b);
            }
            AtomicFiles.force(ch, fsync);
        } catch (FileAlreadyExistsException e) {
            throw new IOException(lock + " exists: another git process is writing the index", e);
        }
        try {
            Files.move(lock, index, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            Files.deleteIfExists(lock);
            throw e;
        }
    }
}
