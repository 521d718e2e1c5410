package io.patchpin.workspace;

import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.dircache.DirCacheIterator;
import org.eclipse.jgit.dircache.DirCacheTree;
import org.eclipse.jgit.ignore.IgnoreNode;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The paths of a checkout that differ from its index or its HEAD, found as
 * git status finds them: one lstat per work-tree entry compared with the
 * index's stat data, file contents read only where size or time changed (or
 * the entry is racily clean), the HEAD tree read only when the index's cached
 * tree does not already say it is HEAD's. Gitlinks and their folders are left
 * out; untracked files count unless ignored (.gitignore files, info/exclude,
 * core.excludesFile).
 */
final class StatWalk {
    private final Repository repo;
    private final Path root;
    private final DirCache index;
    private final long indexMillis;
    private final Ignores ignores;
    private final BitSet seen;
    private final SortedSet<String> changed = new TreeSet<>();

    private StatWalk(Repository repo, DirCache index, long indexMillis) throws IOException {
        this.repo = repo;
        this.root = repo.getWorkTree().toPath();
        this.index = index;
        this.indexMillis = indexMillis;
        this.ignores = new Ignores(repo);
        this.seen = new BitSet(index.getEntryCount());
    }

    /** Every changed path of the checkout of {@code repo} (which has a work tree), sorted. */
    static SortedSet<String> changes(Repository repo) throws IOException {
        Path indexFile = repo.getIndexFile().toPath();
        long indexMillis = Files.exists(indexFile) ? Files.getLastModifiedTime(indexFile).toMillis() : 0;
        StatWalk w = new StatWalk(repo, repo.readDirCache(), indexMillis);
        w.stagedChanges();
        w.walk(w.root, "", false);
        w.missing();
        return w.changed;
    }

    /** Index against HEAD: nothing to do when the index's cached root tree is HEAD's tree. */
    private void stagedChanges() throws IOException {
        ObjectId head = repo.resolve(Constants.HEAD + "^{tree}");
        DirCacheTree cached = index.getCacheTree(false);
        if (head != null && cached != null && cached.isValid() && head.equals(cached.getObjectId())) {
            return;
        }
        try (TreeWalk tw = new TreeWalk(repo)) {
            tw.setRecursive(true);
            if (head == null) {
                tw.addTree(new org.eclipse.jgit.treewalk.EmptyTreeIterator());
            } else {
                try (RevWalk rw = new RevWalk(repo)) {
                    tw.addTree(rw.parseTree(head));
                }
            }
            tw.addTree(new DirCacheIterator(index));
            while (tw.next()) {
                FileMode a = tw.getFileMode(0);
                FileMode b = tw.getFileMode(1);
                if (a == FileMode.GITLINK || b == FileMode.GITLINK) {
                    continue;
                }
                if (!a.equals(b) || !tw.idEqual(0, 1)) {
                    changed.add(tw.getPathString());
                }
            }
        }
    }

    /** Walks folder {@code dir} ({@code prefix} is its path with a trailing '/', or empty at the root). */
    private void walk(Path dir, String prefix, boolean ignoredDir) throws IOException {
        Ignores.Level level = ignores.enter(dir, prefix);
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                if (name.equals(Constants.DOT_GIT)) {
                    continue;
                }
                String path = prefix + name;
                PosixFileAttributes a = Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                int at = index.findEntry(path);
                if (a.isDirectory()) {
                    if (at >= 0) {
                        seen.set(at);
                        if (index.getEntry(at).getFileMode() != FileMode.GITLINK) {
                            changed.add(path); // a tracked file became a folder
                        }
                        continue; // a component of its own
                    }
                    boolean ignored = ignoredDir || level.ignored(path, true);
                    if (hasTrackedBelow(path + "/")) {
                        walk(p, path + "/", ignored);
                    } else if (!ignored) {
                        untrackedBelow(p, path);
                    }
                } else if (at >= 0) {
                    seen.set(at);
                    if (modified(index.getEntry(at), p, a)) {
                        changed.add(path);
                    }
                } else if (!ignoredDir && !level.ignored(path, false)) {
                    changed.add(path);
                }
            }
        } finally {
            ignores.leave(level);
        }
    }

    /** An untracked folder: every file in it that is not ignored; a folder holding a repository counts as one path. */
    private void untrackedBelow(Path dir, String path) throws IOException {
        if (Files.exists(dir.resolve(Constants.DOT_GIT), LinkOption.NOFOLLOW_LINKS)) {
            changed.add(path);
            return;
        }
        walk(dir, path + "/", false);
    }

    private boolean hasTrackedBelow(String dirPrefix) {
        int at = index.findEntry(dirPrefix);
        int next = at >= 0 ? at : -(at + 1);
        return next < index.getEntryCount() && index.getEntry(next).getPathString().startsWith(dirPrefix);
    }

    /** Stat data first; contents only when size or time differ, or the entry is not older than the index. */
    private boolean modified(DirCacheEntry e, Path p, PosixFileAttributes a) throws IOException {
        FileMode mode = e.getFileMode();
        if (e.isAssumeValid() || e.isSkipWorkTree()) {
            return false;
        }
        if (e.getStage() != DirCacheEntry.STAGE_0) {
            return true; // a merge conflict
        }
        if (mode == FileMode.GITLINK) {
            return false;
        }
        boolean link = a.isSymbolicLink();
        if (link != (mode == FileMode.SYMLINK)) {
            return true;
        }
        if (!link && (mode == FileMode.EXECUTABLE_FILE) != a.permissions().contains(PosixFilePermission.OWNER_EXECUTE)) {
            return true;
        }
        long millis = a.lastModifiedTime().toMillis();
        boolean sameStat = e.getLength() == (int) a.size()
                && e.getLastModifiedInstant().equals(a.lastModifiedTime().toInstant());
        if (sameStat && millis < indexMillis) {
            return false;
        }
        return !e.getObjectId().equals(blobId(p, link, a.size()));
    }

    private static ObjectId blobId(Path p, boolean link, long size) throws IOException {
        try (ObjectInserter.Formatter f = new ObjectInserter.Formatter()) {
            if (link) {
                byte[] target = Files.readSymbolicLink(p).toString().getBytes(StandardCharsets.UTF_8);
                return f.idFor(Constants.OBJ_BLOB, target);
            }
            try (InputStream in = Files.newInputStream(p)) {
                return f.idFor(Constants.OBJ_BLOB, size, in);
            }
        }
    }

    /** Index entries (not gitlinks) whose file the walk did not meet. */
    private void missing() {
        for (int i = seen.nextClearBit(0); i < index.getEntryCount(); i = seen.nextClearBit(i + 1)) {
            DirCacheEntry e = index.getEntry(i);
            if (e.getFileMode() != FileMode.GITLINK && !e.isSkipWorkTree()) {
                changed.add(e.getPathString());
            }
        }
    }

    /** .gitignore rules as a stack of folders, over info/exclude and core.excludesFile. */
    static final class Ignores {
        private final List<IgnoreNode> base = new ArrayList<>();
        private final List<Level> stack = new ArrayList<>();

        Ignores(Repository repo) throws IOException {
            String excludes = repo.getConfig().getString("core", null, "excludesfile");
            String home = System.getProperty("user.home");
            if (excludes != null) {
                load(Path.of(excludes.startsWith("~/") ? home + excludes.substring(1) : excludes)).ifPresent(base::add);
            } else {
                // git's default: $XDG_CONFIG_HOME/git/ignore, else ~/.config/git/ignore
                String xdg = System.getenv("XDG_CONFIG_HOME");
                Path config = xdg == null || xdg.isEmpty() ? Path.of(home, ".config") : Path.of(xdg);
                load(config.resolve("git").resolve("ignore")).ifPresent(base::add);
            }
            load(repo.getDirectory().toPath().resolve("info").resolve("exclude")).ifPresent(n -> base.add(0, n));
        }

        Level enter(Path dir, String prefix) throws IOException {
            Level l = new Level(prefix, load(dir.resolve(Constants.DOT_GIT_IGNORE)).orElse(null), this);
            stack.add(l);
            return l;
        }

        void leave(Level l) {
            stack.remove(stack.size() - 1);
        }

        private static java.util.Optional<IgnoreNode> load(Path file) throws IOException {
            if (!Files.isRegularFile(file)) {
                return java.util.Optional.empty();
            }
            IgnoreNode n = new IgnoreNode();
            try (InputStream in = Files.newInputStream(file)) {
                n.parse(in);
            }
            return java.util.Optional.of(n);
        }

        /** One folder's rules; asks the nearest folder with a matching rule first, as git does. */
        record Level(String prefix, IgnoreNode node, Ignores all) {
            boolean ignored(String path, boolean dir) {
                for (int i = all.stack.size() - 1; i >= 0; i--) {
                    Level l = all.stack.get(i);
                    if (l.node != null) {
                        Boolean r = l.node.checkIgnored(path.substring(l.prefix.length()), dir);
                        if (r != null) {
                            return r;
                        }
                    }
                }
                for (IgnoreNode n : all.base) {
                    Boolean r = n.checkIgnored(path, dir);
                    if (r != null) {
                        return r;
                    }
                }
                return false;
            }
        }
    }
}
