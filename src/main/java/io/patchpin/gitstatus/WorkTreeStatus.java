package io.patchpin.gitstatus;

import io.patchpin.workspace.RepositoryLocator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * One component's checkout, as audit and capture see it: its HEAD and the paths that differ from it (modified, staged,
 * deleted, untracked and not ignored). Like git status, it trusts the index stat data and hashes only files whose stat
 * changed (see StatWalk). Gitlinks are left out: nested components are audited on their own.
 *
 * @param head 40-hex HEAD commit, or "(none)"
 */
public record WorkTreeStatus(String head, List<String> changed) {
    /** Walkers at most: lstat-bound work gains little beyond a few. */
    private static final int MAX_THREADS = 4;

    public WorkTreeStatus {
        changed = List.copyOf(changed);
    }

    /** The status of the checkout at {@code dir}; reads only. */
    public static WorkTreeStatus of(Path dir) {
        try (Reading r = start(List.of(dir), null)) {
            return r.join().get(0);
        }
    }

    /**
     * Starts reading the status of each checkout in {@code dirs}, in the background. Checkouts and their folders are
     * walked on as many threads as there are processors (up to a few); the results do not depend on it. {@code open},
     * when not null, is an open repository to read one of them with instead of opening it again (JGit's repositories
     * may be read from several threads).
     */
    public static Reading start(List<Path> dirs, Repository open) {
        return new Reading(dirs, open);
    }

    /** Statuses being read; {@link #join} waits for them, {@link #close} lets the threads go. */
    public static final class Reading implements AutoCloseable {
        private final ForkJoinPool pool;
        private final List<One> tasks;
        private final ForkJoinTask<?> all;

        private Reading(List<Path> dirs, Repository open) {
            Path openDir = open == null || open.isBare()
                    ? null
                    : open.getWorkTree().toPath().toAbsolutePath().normalize();
            tasks = dirs.stream()
                    .map(d -> new One(d, d.toAbsolutePath().normalize().equals(openDir) ? open : null))
                    .toList();
            // threads start as tasks arrive: none for no checkout
            pool = new ForkJoinPool(
                    Math.max(1, Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors())));
            all = pool.submit(() -> ForkJoinTask.invokeAll(tasks));
        }

        /**
         * The statuses, in the order of the folders given; when several fail, the error is the first one's in that
         * order.
         */
        public List<WorkTreeStatus> join() {
            all.join();
            List<WorkTreeStatus> out = new ArrayList<>();
            for (One t : tasks) {
                if (t.failure instanceof IOException e) {
                    throw new UncheckedIOException("cannot read the status of " + t.dir, e);
                }
                if (t.failure != null) {
                    throw (RuntimeException) t.failure;
                }
                out.add(t.status);
            }
            return out;
        }

        @Override
        public void close() {
            pool.shutdownNow();
        }
    }

    /** One checkout's status, or the error reading it. */
    private static final class One extends RecursiveTask<Void> {
        private final Path dir;
        private final Repository open;
        private WorkTreeStatus status;
        private Exception failure;

        One(Path dir, Repository open) {
            this.dir = dir;
            this.open = open;
        }

        @Override
        protected Void compute() {
            try {
                if (open != null) {
                    status = of(open);
                } else {
                    try (Repository repo = RepositoryLocator.openCheckout(dir)
                            .orElseThrow(() -> new IOException("no git repository in " + dir))) {
                        status = of(repo);
                    }
                }
            } catch (IOException | RuntimeException e) {
                failure = e; // rethrown as it is by the caller: a join would wrap it
            }
            return null;
        }

        private static WorkTreeStatus of(Repository repo) throws IOException {
            SortedSet<String> out = StatWalk.changes(repo);
            ObjectId head = repo.resolve("HEAD^{commit}");
            return new WorkTreeStatus(head == null ? "(none)" : head.name(), List.copyOf(out));
        }
    }
}
