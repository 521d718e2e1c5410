package io.patchpin.lock;

import io.patchpin.core.BadInputException;
import io.patchpin.core.BusyException;
import io.patchpin.core.RealDirs;
import io.patchpin.safety.Journal;
import io.patchpin.safety.UndoLog;
import io.patchpin.safety.Writes;
import io.patchpin.workspace.RemoteUrl;
import io.patchpin.workspace.RepositoryLocator;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * Checks out every component of a lock at its pinned commit (detached), parent before child, from local objects,
 * fetching only what is missing. All or nothing: uncommitted changes anywhere refuse the sync before anything is
 * touched; a failure midway undoes every step taken, newest first.
 */
public final class Syncer {
    private final Path root;
    private final LockRepositories repositories;
    private UndoLog undo = new UndoLog();
    private final List<String> changed = new ArrayList<>();
    private final Journal journal;
    private final Writes writes;
    private final UrlGate urls;

    private Syncer(Workspace workspace, Lock lock, Path lockFile, Writes writes) {
        this.root = workspace.requireWorkTree("sync");
        this.repositories = new LockRepositories(workspace, List.of(lock));
        this.urls = new UrlGate(workspace.superRepository().getConfig(), lockFile);
        this.writes = writes;
        Path gitDir = workspace.superRepository().getDirectory().toPath();
        this.journal = new Journal(Journal.treeFile(gitDir), root, "sync", "", writes).rollBackOnly();
    }

    /**
     * @param components the paths to sync ({@code --component}); all of the lock's when empty
     * @param keepGoing  each component all or nothing on its own: one that fails is put back and named, its nested
     *                   ones left, the others synced ({@code --keep-going}); by default the whole sync is
     */
    public record Scope(List<String> components, boolean keepGoing) {
        public Scope {
            components = List.copyOf(components);
        }
    }

    /**
     * Syncs the components of {@code scope}, each checkout and initialisation named in the journal before it is done,
     * so a sync killed midway is rolled back by the next command; {@code writes} sees every step.
     *
     * @param lockFile where {@code lock} was read, named when one of its URLs is refused (null: unknown)
     */
    public static SyncResult sync(Workspace workspace, Lock lock, Path lockFile, Writes writes, Scope scope) {
        return new Syncer(workspace, lock, lockFile, writes).run(select(lock, lockFile, scope), scope.keepGoing());
    }

    private static Lock select(Lock lock, Path lockFile, Scope scope) {
        if (scope.components().isEmpty()) {
            return lock;
        }
        Set<String> wanted = new TreeSet<>();
        for (String c : scope.components()) {
            String path = c.equals("") ? "." : c.replaceAll("/+$", "");
            if (lock.component(path).isEmpty()) {
                throw new BadInputException(
                        "--component",
                        0,
                        "'" + c + "' is not a component of " + (lockFile == null ? "the lock" : lockFile.toString()));
            }
            wanted.add(path);
        }
        return lock.only(wanted);
    }

    private SyncResult run(Lock lock, boolean keepGoing) {
        SortedMap<String, List<String>> dirty = dirty(lock);
        if (!dirty.isEmpty()) {
            return new SyncResult(List.of(), dirty, Optional.empty());
        }
        refuseHeldIndexes(lock);
        SortedMap<String, String> failures = new TreeMap<>();
        for (LockEntry e : lock.components()) {
            Optional<String> failedParent = failures.keySet().stream()
                    .filter(f -> !f.equals(".") && e.path().startsWith(f + "/") || f.equals(".") && !e.isSuperproject())
                    .findFirst();
            if (failedParent.isPresent()) {
                failures.put(e.path(), "left as it is: " + failedParent.get() + " could not be synced");
                continue;
            }
            if (keepGoing) {
                undo = new UndoLog(); // each component all or nothing on its own
            }
            try {
                syncOne(e);
                if (keepGoing) {
                    undo.commit();
                }
            } catch (ComponentCheckout.Failure f) {
                if (!keepGoing) {
                    rollback(f);
                    return new SyncResult(
                            List.of(), new TreeMap<>(), Optional.of(new SyncResult.Failure(f.path(), f.getMessage())));
                }
                putBack(e, f);
                failures.put(e.path(), f.getMessage());
            } catch (RuntimeException ex) {
                rollback(ex);
                throw ex;
            }
        }
        journal.finish();
        return new SyncResult(changed, new TreeMap<>(), Optional.empty(), failures);
    }

    /** With --keep-going, a component that failed is put back on its own. */
    private void putBack(LockEntry e, ComponentCheckout.Failure f) {
        undo.rollback(f);
        changed.remove(e.path());
        if (f.getSuppressed().length > 0) {
            throw new IllegalStateException(
                    "sync of " + e.path() + " failed (" + f.getMessage() + ") and could not be put back: "
                            + f.getSuppressed()[0].getMessage(),
                    f);
        }
    }

    private SortedMap<String, List<String>> dirty(Lock lock) {
        SortedMap<String, List<String>> out = new TreeMap<>();
        forEachCheckout(lock, (e, r) -> {
            SortedSet<String> files = ComponentCheckout.dirtyFiles(r);
            if (!files.isEmpty()) {
                out.put(e.path(), List.copyOf(files));
            }
        });
        return out;
    }

    private void forEachCheckout(Lock lock, BiConsumer<LockEntry, Repository> each) {
        for (LockEntry e : lock.components()) {
            Optional<Repository> repo = ComponentCheckout.open(RealDirs.resolve(root, e.path()));
            if (repo.isPresent()) {
                try (Repository r = repo.get()) {
                    each.accept(e, r);
                }
            }
        }
    }

    /** A component whose index.lock is held would fail midway, after its parents moved: refuse first. */
    private void refuseHeldIndexes(Lock lock) {
        forEachCheckout(lock, (e, r) -> {
            Path held = r.getDirectory().toPath().resolve("index.lock");
            if (Files.exists(held, LinkOption.NOFOLLOW_LINKS)
                    && !ComponentCheckout.isAt(r, ObjectId.fromString(e.commit()))) {
                throw new BusyException("component '" + e.path() + "': " + held + " is held (a git running"
                        + " there, or one that died); sync refused, nothing touched: wait for it, or remove"
                        + " the lock if no git runs there");
            }
        });
    }

    private void syncOne(LockEntry e) {
        Path dir = RealDirs.resolve(root, e.path());
        ObjectId commit = ObjectId.fromString(e.commit());
        Optional<Repository> opened = ComponentCheckout.open(dir);
        if (opened.isEmpty() && e.fromTopology()) {
            return; // an optional source set TheRock was not asked to fetch: synced once it is there
        }
        if (opened.isEmpty()) {
            initialise(e, dir, commit);
            return;
        }
        try (Repository repo = opened.get()) {
            if (ComponentCheckout.isAt(repo, commit)) {
                return;
            }
            String restore = restorePoint(repo);
            ComponentCheckout.ensureCommit(
                    repo, commit, sources(e, repo.getDirectory().toPath(), commit), e.path(), urls.check(e));
            journal.head(
                    repo.getDirectory().toPath(),
                    dir,
                    restore.startsWith("refs/") ? "ref: " + restore : restore,
                    ComponentCheckout.head(repo).map(ObjectId::name).orElse(null),
                    commit.name(),
                    true);
            writes.step("checkout " + e.path());
            undo.done(() -> {
                try (Repository r = ComponentCheckout.open(dir).orElseThrow()) {
                    // forced: the component was clean before the sync, so only the sync's own changes are overwritten
                    ComponentCheckout.checkout(r, restore, true, e.path(), writes.fsync());
                }
            });
            ComponentCheckout.checkout(repo, commit.name(), false, e.path(), writes.fsync());
            changed.add(e.path());
        }
    }

    private void initialise(LockEntry e, Path dir, ObjectId commit) {
        if (e.isSuperproject()) {
            throw new ComponentCheckout.Failure(e.path(), "the superproject is not a checkout");
        }
        String parentPath = e.parent().orElseThrow();
        Optional<Repository> parent = ComponentCheckout.open(RealDirs.resolve(root, parentPath));
        if (parent.isEmpty()) {
            throw new ComponentCheckout.Failure(e.path(), "its parent " + parentPath + " is not checked out");
        }
        try (Repository p = parent.get()) {
            Path parentGitDir = p.getDirectory().toPath();
            Path gitDir = parentGitDir.resolve("modules").resolve(e.name()).normalize();
            if (!gitDir.startsWith(parentGitDir.resolve("modules"))) {
                throw new ComponentCheckout.Failure(
                        e.path(), "submodule name '" + e.name() + "' escapes the modules folder");
            }
            requireEmpty(e, dir);
            // one look at what is there, so that the journal and the undo restore the same state
            boolean dirExisted = Files.exists(dir);
            boolean gitDirExisted = Files.exists(gitDir);
            journal.init(dir, dirExisted, gitDir, gitDirExisted, parentGitDir, e.name());
            writes.step("initialise " + e.path());
            undo.done(() -> ComponentCheckout.uninitialise(
                    e.path(), dir, dirExisted, gitDir, gitDirExisted, parentGitDir, e.name()));
            try (Repository repo = attach(e, dir, gitDir, commit)) {
                ComponentCheckout.ensureCommit(repo, commit, sources(e, gitDir, commit), e.path(), urls.check(e));
                ComponentCheckout.checkoutInitialised(repo, commit, e.path());
            }
            ComponentCheckout.markInitialised(p, e.name(), e.url());
            changed.add(e.path());
        } catch (IOException ex) {
            throw new ComponentCheckout.Failure(e.path(), "cannot initialise: " + ex.getMessage(), ex);
        }
    }

    /** The component's repository at {@code gitDir}, cloned from local objects or the URL when not there yet. */
    private Repository attach(LockEntry e, Path dir, Path gitDir, ObjectId commit) throws IOException {
        if (Files.isDirectory(gitDir)) {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(".git"), "gitdir: " + dir.relativize(gitDir) + "\n");
            return ComponentCheckout.open(dir)
                    .orElseThrow(() -> new ComponentCheckout.Failure(e.path(), "cannot open " + gitDir));
        }
        List<String> sources = sources(e, null, commit);
        if (sources.isEmpty()) {
            throw new ComponentCheckout.Failure(
                    e.path(), "no local objects hold " + commit.name() + " and the lock names no URL");
        }
        return ComponentCheckout.cloneInto(sources.get(0), gitDir, dir, e.url(), e.path(), urls.check(e));
    }

    /** Where a missing commit can come from: local repositories holding it (a mirror), then the URL. */
    private List<String> sources(LockEntry e, Path except, ObjectId commit) {
        List<String> out = new ArrayList<>();
        repositories.candidates(e.path()).stream()
                .filter(r -> !r.getDirectory().toPath().equals(except) && RepositoryLocator.has(r, commit))
                .forEach(r -> out.add(r.getDirectory().toPath().toString()));
        e.url().ifPresent(out::add);
        return out;
    }

    private static void requireEmpty(LockEntry e, Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) {
                    throw new ComponentCheckout.Failure(
                            e.path(), "folder is not empty but not a checkout; move it away first");
                }
            }
        } else if (Files.exists(dir)) {
            throw new ComponentCheckout.Failure(e.path(), "a file is in the way of the component's folder");
        }
    }

    private static String restorePoint(Repository repo) {
        try {
            String full = repo.getFullBranch();
            return full == null
                    ? ComponentCheckout.head(repo).map(ObjectId::name).orElseThrow()
                    : full;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read HEAD of " + repo.getDirectory(), e);
        }
    }

    /**
     * Undoes every step, newest first, even past a step that cannot be undone. A failure to undo is a fault: it is
     * thrown, the original failure as its cause carrying the undo failures.
     */
    private void rollback(RuntimeException cause) {
        undo.rollback(cause);
        changed.clear();
        if (cause.getSuppressed().length == 0) {
            journal.finish();
        } else {
            throw new IllegalStateException(
                    "sync failed (" + cause.getMessage() + ") and could not put every component" + " back: "
                            + cause.getSuppressed()[0].getMessage(),
                    cause);
        }
    }

    /**
     * Whether a component's URL may be fetched or cloned from: its shape, then git's {@code protocol.<name>.allow} of
     * the superproject's configuration. Local repositories sync finds itself (modules folders, a mirror) always pass. A
     * refused URL is bad input at its line of the lockfile.
     */
    private record UrlGate(Config config, Path lockFile) {
        /** The check for sources of {@code e}: only its URL is looked at. */
        Consumer<String> check(LockEntry e) {
            return source -> {
                if (!e.url().filter(source::equals).isPresent()) {
                    return;
                }
                Optional<String> why = RemoteUrl.refusal(source).or(() -> RemoteUrl.fetchRefusal(config, source));
                if (why.isPresent()) {
                    String message = "component '" + e.path() + "': " + RemoteUrl.message(source, why.get());
                    throw lockFile == null
                            ? new BadInputException("lockfile", 0, message)
                            : LockFile.urlError(lockFile, e.path(), message);
                }
            };
        }
    }
}
