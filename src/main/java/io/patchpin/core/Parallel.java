package io.patchpin.core;

import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The one way patchpin runs work on several threads: each item on a pool of daemon threads made for the call,
 * results in the items' order, and when several fail the first failure in that order, so that neither depends
 * on scheduling. Each use is justified by a figure in docs/performance.md.
 */
public final class Parallel {
    private Parallel() {}

    @FunctionalInterface
    public interface Work<T, R, E extends Exception> {
        R run(T item) throws E;
    }

    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** {@code work} on every item, at most {@code threads} at once (one: on the caller's thread). */
    public static <T, R, E extends Exception> List<R> map(List<T> items, int threads, Work<T, R, E> work)
            throws E, InterruptedIOException {
        List<R> out = new ArrayList<>(items.size());
        int n = Math.min(threads, items.size());
        if (n <= 1) {
            for (T item : items) {
                out.add(work.run(item));
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "patchpin-parallel");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<R>> results = new ArrayList<>(items.size());
            for (T item : items) {
                results.add(pool.submit(() -> work.run(item)));
            }
            for (Future<R> f : results) {
                out.add(await(f));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    @SuppressWarnings("unchecked") // the work's own exception type: nothing else is checked in a Work
    private static <R, E extends Exception> R await(Future<R> f) throws E, InterruptedIOException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw (E) e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for parallel work");
        }
    }
}
