package io.patchpin.archive;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;

/**
 * Nix's archive format (NAR) of a directory tree: {@code nix-archive-1}, then nodes of
 * {@code (type regular|symlink|directory ...)}, directory entries in bytewise name order (the walker's
 * {@link SourceWalker.Order#NAME}), every string and file body preceded by its length as a little-endian u64 and padded
 * with zeros to a multiple of 8.
 */
final class NarWriter implements SourceWalker.Visitor {
    private final OutputStream out;
    private final byte[] scratch = new byte[8];

    NarWriter(OutputStream out) {
        this.out = out;
    }

    /** The root is a directory. */
    void begin() throws IOException {
        str("nix-archive-1", "(", "type", "directory");
    }

    void end() throws IOException {
        str(")");
    }

    @Override
    public void directory(byte[] path, byte[] name, ObjectId id) throws IOException {
        entry(name);
        str("type", "directory");
    }

    @Override
    public void endDirectory() throws IOException {
        str(")", ")");
    }

    @Override
    public void file(byte[] path, byte[] name, boolean executable, ObjectId id, ObjectLoader blob) throws IOException {
        entry(name);
        str("type", "regular");
        if (executable) {
            str("executable", "");
        }
        str("contents");
        long size = blob.getSize();
        length(size);
        blob.copyTo(out);
        pad(size);
        str(")", ")");
    }

    @Override
    public void symlink(byte[] path, byte[] name, ObjectId id, byte[] target) throws IOException {
        entry(name);
        str("type", "symlink", "target");
        bytes(target);
        str(")", ")");
    }

    private void entry(byte[] name) throws IOException {
        str("entry", "(", "name");
        bytes(name);
        str("node", "(");
    }

    /** NAR's tokens, each a string of its own. */
    private void str(String... tokens) throws IOException {
        for (String s : tokens) {
            bytes(s.getBytes(StandardCharsets.US_ASCII));
        }
    }

    private void bytes(byte[] b) throws IOException {
        length(b.length);
        out.write(b);
        pad(b.length);
    }

    private void length(long n) throws IOException {
        for (int i = 0; i < 8; i++) {
            scratch[i] = (byte) (n >>> (8 * i));
        }
        out.write(scratch, 0, 8);
    }

    private void pad(long n) throws IOException {
        int rem = (int) (n & 7);
        if (rem != 0) {
            Arrays.fill(scratch, (byte) 0);
            out.write(scratch, 0, 8 - rem);
        }
    }
}
