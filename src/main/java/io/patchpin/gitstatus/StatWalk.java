package io.patchpin.gitstatus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jgit.ignore.IgnoreNode;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.util.SystemReader;

/**
 * The paths of a checkout that differ from its index or its HEAD, found as git status finds them: one lstat per tracked
 * entry compared with the index's stat data, file contents read only where size or time changed (or the entry is racily
 * clean), the HEAD tree read only when the index's cached tree does not already say it is HEAD's. Gitlinks and their
 * folders are left out; untracked files count unless ignored (.gitignore files, info/exclude, core.excludesFile).
 * Folders are walked as fork-join tasks, so the caller's pool decides how many run at once; the result is sorted either
 * way.
 */
final class StatWalk {
    private static final byte[] DOT_GIT = Constants.DOT_GIT.getBytes(StandardCharsets.UTF_8);
    private final Repository repo;
    private final Path root;
    private final IndexFile index;
    private final long indexMillis;
    private final Ignores ignores;
    private final boolean[] seen;
    private final SortedSet<String> changed = new TreeSet<>();
    private final AtomicReference<Exception> failure = new AtomicReference<>();

    private StatWalk(Repository repo, IndexFile index, long indexMillis) throws IOException {
        this.repo = repo;
        this.root = repo.getWorkTree().toPath();
        this.index = index;
        this.indexMillis = indexMillis;
        this.ignores = new Ignores(repo);
        this.seen = new boolean[index.count()];
    }

    /**
     * Every changed path of the checkout of {@code repo} (which has a work tree), sorted. Run in a fork-join pool, its
     * folders are walked in parallel; called from any other thread, they would go to the common pool.
     */
    static SortedSet<String> changes(Repository repo) throws IOException {
        Path indexFile = repo.getIndexFile().toPath();
        long indexMillis =
                Files.exists(indexFile) ? Files.getLastModifiedTime(indexFile).toMillis() : 0;
        Optional<IndexFile> direct = IndexFile.read(repo);
        if (direct.isEmpty()) {
            IndexEdits.refuseUnreadable(repo); // a split or sparse index: one line, not JGit's error
        }
        IndexFile index = direct.isPresent() ? direct.get() : IndexFile.of(repo.readDirCache());
        StatWalk w = new StatWalk(repo, index, indexMillis);
        w.stagedChanges();
        Folder top = w.new Folder(w.root, "", new IndexRange(0, 0, w.index.count()), null, false);
        top.invoke();
        if (w.failure.get() instanceof IOException e) {
            throw e;
        }
        if (w.failure.get() != null) {
            throw (RuntimeException) w.failure.get();
        }
        w.collect(top);
        w.missing();
        return w.changed;
    }

    /** Index against HEAD: nothing to do when the index's cached root tree is HEAD's tree. */
    private void stagedChanges() throws IOException {
        ObjectId head = repo.resolve(Constants.HEAD + "^{tree}");
        if (head != null && head.equals(index.cachedTree())) {
            return;
        }
        int i = 0;
        int n = index.count();
        if (head != null) {
            try (TreeWalk tw = new TreeWalk(repo);
                    RevWalk rw = new RevWalk(repo)) {
                tw.setRecursive(true);
                tw.addTree(rw.parseTree(head));
                while (tw.next()) {
                    byte[] path = tw.getRawPath();
                    for (; i < n && index.compare(i, 0, path) < 0; i++) {
                        addedToIndex(i);
                    }
                    FileMode a = tw.getFileMode(0);
                    if (i < n && index.pathEquals(i, 0, path)) {
                        FileMode b = index.fileMode(i);
                        if (a != FileMode.GITLINK
                                && b != FileMode.GITLINK
                                && (!a.equals(b) || !index.idEquals(i, tw.getObjectId(0)))) {
                            changed.add(tw.getPathString());
                        }
                        for (i++; i < n && index.pathEquals(i, 0, path); i++) {
                            // the other stages of a conflict: the path is already reported below
                        }
                    } else if (a != FileMode.GITLINK) {
                        changed.add(tw.getPathString()); // removed from the index
                    }
                }
            }
        }
        for (; i < n; i++) {
            addedToIndex(i);
        }
    }

    private void addedToIndex(int i) {
        if (index.fileMode(i) != FileMode.GITLINK) {
            changed.add(index.path(i));
        }
    }

    private void collect(Folder f) {
        changed.addAll(f.changed);
        for (Folder sub : f.subfolders) {
            collect(sub);
        }
    }

    /** One folder: {@code prefix} is its path with a trailing '/' (empty at the root), {@code below} its index entries. */
    private final class Folder extends RecursiveAction {
        private final Path dir;
        private final String prefix;
        private final IndexRange below;
        private final Ignores.Level parent;
        private final boolean ignoredDir;
        final List<String> changed = new ArrayList<>();
        final List<Folder> subfolders = new ArrayList<>();

        Folder(Path dir, String prefix, IndexRange below, Ignores.Level parent, boolean ignoredDir) {
            this.dir = dir;
            this.prefix = prefix;
            this.below = below;
            this.parent = parent;
            this.ignoredDir = ignoredDir;
        }

        @Override
        protected void compute() {
            try {
                walk();
            } catch (IOException | RuntimeException e) {
                failure.compareAndSet(null, e); // rethrown as it is by changes(): a join would wrap it
                return;
            }
            ForkJoinTask.invokeAll(subfolders);
        }

        /** One pass over the folder's entries, under the folder's ignore rules. */
        private void walk() throws IOException {
            int skip = below.skip();
            int lo = below.lo();
            int hi = below.hi();
            Ignores.Level level = ignores.enter(parent, dir, prefix);
            try (FolderListing entries = new FolderListing(dir)) {
                while (entries.next()) {
                    byte[] key = entries.name();
                    if (Arrays.equals(key, DOT_GIT)) {
                        continue;
                    }
                    int at = index.lowerBound(lo, hi, skip, key);
                    boolean tracked = at < hi && index.pathEquals(at, skip, key);
                    String path = prefix + new String(key, StandardCharsets.UTF_8);
                    if (entries.lstat().isDirectory()) { // a link to a folder is not one
                        if (tracked) {
                            seen[at] = true;
                            if (index.fileMode(at) != FileMode.GITLINK) {
                                changed.add(path); // a tracked file became a folder
                            }
                            continue; // a component of its own
                        }
                        IndexRange inside = inside(key, at);
                        boolean ignored = ignoredDir || level.ignored(path, true);
                        if (inside.lo() < inside.hi()) {
                            subfolders.add(new Folder(entries.path(), path + "/", inside, level, ignored));
                        } else if (!ignored) {
                            untrackedBelow(entries.path(), path, level);
                        }
                    } else if (tracked) {
                        seen[at] = true;
                        if (modified(at, entries)) {
                            changed.add(path);
                        }
                    } else if (!ignoredDir && !level.ignored(path, false)) {
                        changed.add(path);
                    }
                }
            }
        }

        /** The index entries below subfolder {@code key}, searched from {@code at} on. */
        private IndexRange inside(byte[] key, int at) {
            int skip = below.skip();
            int hi = below.hi();
            byte[] slash = Arrays.copyOf(key, key.length + 1);
            slash[key.length] = '/';
            int from = index.lowerBound(at, hi, skip, slash);
            int to = from;
            if (from < hi && index.startsWith(from, skip, slash)) {
                slash[key.length] = '/' + 1;
                to = index.lowerBound(from, hi, skip, slash);
            }
            return new IndexRange(skip + key.length + 1, from, to);
        }

        /** An untracked folder: every file in it that is not ignored; a folder holding a repository counts as one path. */
        private void untrackedBelow(Path sub, String path, Ignores.Level level) {
            if (Files.exists(sub.resolve(Constants.DOT_GIT), LinkOption.NOFOLLOW_LINKS)) {
                changed.add(path);
                return;
            }
            subfolders.add(new Folder(sub, path + "/", IndexRange.NONE, level, false));
        }
    }

    /**
     * The index entries {@code [lo, hi)} below a folder; {@code skip} is the length in bytes of the folder's prefix,
     * which their paths share.
     */
    private record IndexRange(int skip, int lo, int hi) {
        /** None: an untracked folder. */
        static final IndexRange NONE = new IndexRange(0, 0, 0);
    }

    /** Stat data first; contents only when size or time differ, or the entry is not older than the index. */
    private boolean modified(int i, FolderListing entry) throws IOException {
        if (index.assumeValid(i) || index.skipWorkTree(i)) {
            return false;
        }
        if (index.stage(i) != 0) {
            return true; // a merge conflict
        }
        FileMode mode = index.fileMode(i);
        if (mode == FileMode.GITLINK) {
            return false;
        }
        PosixFileAttributes a = entry.lstat();
        boolean link = a.isSymbolicLink();
        if (link != (mode == FileMode.SYMLINK)) {
            return true;
        }
        boolean executable = a.isRegularFile() && a.permissions().contains(PosixFilePermission.OWNER_EXECUTE);
        if (!link && (mode == FileMode.EXECUTABLE_FILE) != executable) {
            return true;
        }
        long mtimeNanos = a.lastModifiedTime().to(TimeUnit.NANOSECONDS);
        boolean sameStat = index.size(i) == (int) a.size()
                && mtimeNanos == index.mtimeSeconds(i) * 1_000_000_000L + index.mtimeNanos(i);
        if (sameStat && Math.floorDiv(mtimeNanos, 1_000_000L) < indexMillis) {
            return false;
        }
        return !index.idEquals(i, blobId(entry.path(), link, a.size()));
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
        for (int i = 0; i < seen.length; i++) {
            if (!seen[i] && index.fileMode(i) != FileMode.GITLINK && !index.skipWorkTree(i)) {
                changed.add(index.path(i));
            }
        }
    }

    /** .gitignore rules as a chain of folders, over info/exclude and core.excludesFile. */
    static final class Ignores {
        private final List<IgnoreNode> base = new ArrayList<>();

        Ignores(Repository repo) throws IOException {
            String excludes = repo.getConfig().getString("core", null, "excludesfile");
            // $HOME as git takes it (see workspace.GitConfigFiles), read through JGit's system reader
            SystemReader system = SystemReader.getInstance();
            String env = system.getenv("HOME");
            String home = env == null || env.isEmpty() ? system.getProperty("user.home") : env;
            if (excludes != null) {
                load(Path.of(excludes.startsWith("~/") ? home + excludes.substring(1) : excludes))
                        .ifPresent(base::add);
            } else {
                // git's default: $XDG_CONFIG_HOME/git/ignore, else ~/.config/git/ignore
                String xdg = system.getenv("XDG_CONFIG_HOME");
                Path config = xdg == null || xdg.isEmpty() ? Path.of(home, ".config") : Path.of(xdg);
                load(config.resolve("git").resolve("ignore")).ifPresent(base::add);
            }
            load(repo.getDirectory().toPath().resolve("info").resolve("exclude"))
                    .ifPresent(n -> base.add(0, n));
        }

        /** The rules of folder {@code dir} (path {@code prefix}), below those of {@code parent} (null at the top). */
        Level enter(Level parent, Path dir, String prefix) throws IOException {
            return new Level(prefix, load(dir.resolve(Constants.DOT_GIT_IGNORE)).orElse(null), parent, this);
        }

        private static Optional<IgnoreNode> load(Path file) throws IOException {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            IgnoreNode n = new IgnoreNode();
            try (InputStream in = Files.newInputStream(file)) {
                n.parse(in);
            }
            return Optional.of(n);
        }

        /** One folder's rules; asks the nearest folder with a matching rule first, as git does. */
        record Level(String prefix, IgnoreNode node, Level parent, Ignores all) {
            boolean ignored(String path, boolean dir) {
                for (Level l = this; l != null; l = l.parent) {
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
