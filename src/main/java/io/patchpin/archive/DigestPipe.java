package io.patchpin.archive;

import java.io.OutputStream;
import java.security.MessageDigest;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * An output stream whose bytes a second thread hashes while the writer goes on reading and inflating objects:
 * the two overlap on two cores as {@code git archive | sha256sum} overlaps in two processes. The writer gathers
 * the NAR or tar writers' many small writes (lengths, padding, tokens) into blocks of 64 KiB, which is also where
 * the digest's compiled multi-block loop pays, and hands each whole block over; a few blocks are in flight at
 * most, so memory stays bounded however large the tree. Use it in try-with-resources: closing it without
 * {@link #digest()} (the walk failed) stops the thread.
 */
final class DigestPipe extends OutputStream {
    private static final int BLOCK = 1 << 16;
    private static final int IN_FLIGHT = 4;

    /** A block handed over; an empty one ({@link #END}) ends the stream, as no other is empty. */
    private record Block(byte[] bytes, int length) {}

    private static final Block END = new Block(new byte[0], 0);

    private final MessageDigest md;
    private final BlockingQueue<Block> full = new ArrayBlockingQueue<>(IN_FLIGHT);
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(IN_FLIGHT + 2);
    private final Thread hasher;
    private byte[] buf = new byte[BLOCK];
    private int used;
    private boolean ended;
    private volatile RuntimeException failure;

    DigestPipe(MessageDigest md) {
        this.md = md;
        for (int i = 0; i < IN_FLIGHT + 1; i++) {
            free.add(new byte[BLOCK]);
        }
        this.hasher = new Thread(this::hashBlocks, "patchpin-sha256");
        hasher.setDaemon(true);
        hasher.start();
    }

    @Override
    public void write(int b) {
        if (used == BLOCK) {
            handOver();
        }
        buf[used++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        while (len > 0) {
            if (used == BLOCK) {
                handOver();
            }
            int n = Math.min(len, BLOCK - used);
            System.arraycopy(b, off, buf, used, n);
            used += n;
            off += n;
            len -= n;
        }
    }

    /** The digest of everything written; the stream is closed after it. */
    byte[] digest() {
        if (used > 0) {
            handOver();
        }
        end();
        if (failure != null) {
            throw failure;
        }
        return md.digest();
    }

    /** Stops the hashing thread if {@link #digest()} did not (the walk failed midway). */
    @Override
    public void close() {
        end();
    }

    private void handOver() {
        put(full, new Block(buf, used));
        buf = take(free);
        used = 0;
    }

    private void end() {
        if (ended) {
            return;
        }
        ended = true;
        put(full, END);
        try {
            hasher.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while hashing", e);
        }
    }

    private void hashBlocks() {
        try {
            for (Block b = take(full); b.length() > 0; b = take(full)) {
                md.update(b.bytes(), 0, b.length());
                put(free, b.bytes());
            }
        } catch (RuntimeException e) {
            failure = e;
            // keep taking so the writer never blocks on a thread that stopped hashing
            for (Block b = take(full); b.length() > 0; b = take(full)) {
                put(free, b.bytes());
            }
        }
    }

    private static <T> T take(BlockingQueue<T> q) {
        try {
            return q.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while hashing", e);
        }
    }

    private static <T> void put(BlockingQueue<T> q, T item) {
        try {
            q.put(item);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while hashing", e);
        }
    }
}
