package io.patchpin.gitstatus;

import io.patchpin.core.Hashes;
import io.patchpin.safety.AtomicFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Optional;
import org.eclipse.jgit.util.NB;

/** The skip-worktree bit, set in an index file's bytes (see {@link IndexEdits#skipWorktree}). */
final class IndexBits {
    private static final int FIXED = 62;
    private static final int EXTENDED = 0x4000;
    private static final int SKIP_WORKTREE = 0x4000;
    private static final int ID = 20;

    private IndexBits() {}

    /** The index with the bit of the entry at {@code bounds} set or cleared; empty when it already is. */
    static Optional<byte[]> skipWorktree(byte[] raw, IndexFile.Bounds bounds, boolean on) {
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
    static void replace(Path index, byte[] content, boolean fsync) throws IOException {
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
