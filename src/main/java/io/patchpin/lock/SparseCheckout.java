package io.patchpin.lock;

import io.patchpin.gitstatus.IndexEdits;
import io.patchpin.safety.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.stream.IntStream;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheEditor;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * A checkout that moves a clean component from its HEAD to another commit writing only the files that differ, and
 * leaving alone every path whose index entry carries the skip-worktree bit (outside a sparse checkout, or set by hand):
 * its entry follows the commit, keeping the bit, and its file stays out of the work tree. JGit's checkout knows
 * neither, and checked out every file of the commit. Used when the index holds such entries; HEAD ends detached at the
 * commit. A path the commit adds is checked out (the sparse patterns are git's to apply).
 */
final class SparseCheckout {
    private SparseCheckout() {}

    static boolean needed(Repository repo) {
        DirCache dc = IndexEdits.read(repo);
        return IntStream.range(0, dc.getEntryCount())
                .anyMatch(i -> dc.getEntry(i).isSkipWorkTree());
    }

    /** Moves {@code repo} from its HEAD commit to {@code to}, detached; files flushed to disk when {@code fsync}. */
    static void run(Repository repo, ObjectId to, boolean fsync) throws IOException {
        IndexEdits.refuseUnreadable(repo);
        ObjectId from = repo.resolve("HEAD^{commit}");
        Path top = repo.getWorkTree().toPath();
        DirCache dc = repo.lockDirCache();
        try (RevWalk walk = new RevWalk(repo);
                TreeWalk tw = new TreeWalk(repo)) {
            tw.addTree(walk.parseCommit(from).getTree());
            tw.addTree(walk.parseCommit(to).getTree());
            tw.setRecursive(true);
            tw.setFilter(TreeFilter.ANY_DIFF);
            DirCacheEditor ed = dc.editor();
            while (tw.next()) {
                String path = tw.getPathString();
                FileMode mode = tw.getFileMode(1);
                if (tw.getFileMode(0) == FileMode.GITLINK || mode == FileMode.GITLINK) {
                    continue; // a nested component: synced on its own
                }
                DirCacheEntry was = dc.getEntry(path);
                boolean skipped = was != null && was.isSkipWorkTree();
                Path file = top.resolve(path);
                if (mode == FileMode.MISSING) {
                    if (!skipped) {
                        Files.deleteIfExists(file);
                    }
                    ed.add(new DirCacheEditor.DeletePath(path));
                    continue;
                }
                ObjectId blob = tw.getObjectId(1);
                if (!skipped) {
                    write(repo, file, blob, mode, fsync);
                }
                ed.add(new DirCacheEditor.PathEdit(path) {
                    @Override
                    public void apply(DirCacheEntry ent) {
                        ent.setObjectId(blob);
                        ent.setFileMode(mode);
                        ent.setLength(0); // git compares the content once, then refreshes
                        ent.setLastModified(Instant.EPOCH);
                    }
                });
            }
            ed.finish();
            dc.write();
            if (!dc.commit()) {
                throw new IOException("cannot replace the index of " + repo.getDirectory());
            }
        } finally {
            dc.unlock();
        }
        RefUpdate head = repo.updateRef(Constants.HEAD, true);
        head.setNewObjectId(to);
        RefUpdate.Result r = head.forceUpdate();
        if (r != RefUpdate.Result.NEW && r != RefUpdate.Result.FORCED && r != RefUpdate.Result.NO_CHANGE) {
            throw new IOException("cannot detach HEAD at " + to.name() + ": " + r);
        }
    }

    private static void write(Repository repo, Path file, ObjectId blob, FileMode mode, boolean fsync)
            throws IOException {
        byte[] content = repo.open(blob, Constants.OBJ_BLOB).getBytes(Integer.MAX_VALUE);
        Files.deleteIfExists(file); // a symbolic link or a file in the way: replaced, never written through
        if (mode == FileMode.SYMLINK) {
            Files.createDirectories(file.getParent());
            Files.createSymbolicLink(file, Path.of(new String(content, StandardCharsets.UTF_8)));
            return;
        }
        AtomicFiles.write(file, content, fsync);
        if (Files.getFileStore(file).supportsFileAttributeView("posix") && !Files.isSymbolicLink(file)) {
            Files.setPosixFilePermissions(
                    file,
                    PosixFilePermissions.fromString(mode == FileMode.EXECUTABLE_FILE ? "rwxr-xr-x" : "rw-r--r--"));
        }
    }
}
