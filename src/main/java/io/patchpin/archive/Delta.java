package io.patchpin.archive;

import java.io.IOException;

/**
 * git's delta format (pack-format.txt): the base's size and the result's as
 * varints, then instructions that copy a range of the base or insert literal
 * bytes. Every size and range is checked against the buffers, so a corrupt
 * delta is an exception, never a wrong result.
 */
final class Delta {
    private Delta() {}

    /** The size of the object {@code delta} makes. */
    static long resultSize(byte[] delta) throws IOException {
        int[] at = {0};
        varint(delta, at);
        return varint(delta, at);
    }

    /** The object {@code delta} makes from {@code base}. */
    static byte[] apply(byte[] base, byte[] delta) throws IOException {
        int[] at = {0};
        if (varint(delta, at) != base.length) {
            throw new IOException("corrupt delta: its base is not " + base.length + " bytes");
        }
        long size = varint(delta, at);
        if (size > Integer.MAX_VALUE - 8) {
            throw new IOException("corrupt delta: result of " + size + " bytes");
        }
        byte[] out = new byte[(int) size];
        int p = at[0];
        int o = 0;
        try {
            while (p < delta.length) {
                int cmd = delta[p++] & 0xff;
                if ((cmd & 0x80) != 0) {
                    long from = 0;
                    int len = 0;
                    for (int bit = 0; bit < 4; bit++) {
                        if ((cmd & (1 << bit)) != 0) {
                            from |= (long) (delta[p++] & 0xff) << (8 * bit);
                        }
                    }
                    for (int bit = 0; bit < 3; bit++) {
                        if ((cmd & (0x10 << bit)) != 0) {
                            len |= (delta[p++] & 0xff) << (8 * bit);
                        }
                    }
                    if (len == 0) {
                        len = 0x10000;
                    }
                    if (from + len > base.length) {
                        throw new IOException("corrupt delta: copies past its base's end");
                    }
                    System.arraycopy(base, (int) from, out, o, len);
                    o += len;
                } else if (cmd != 0) {
                    System.arraycopy(delta, p, out, o, cmd);
                    p += cmd;
                    o += cmd;
                } else {
                    throw new IOException("corrupt delta: instruction 0");
                }
            }
        } catch (IndexOutOfBoundsException e) {
            throw new IOException("corrupt delta: it runs past its own end or its result's", e);
        }
        if (o != out.length) {
            throw new IOException("corrupt delta: makes " + o + " bytes, not " + out.length);
        }
        return out;
    }

    private static long varint(byte[] b, int[] at) throws IOException {
        long v = 0;
        int shift = 0;
        int c;
        do {
            if (at[0] >= b.length || shift > 56) {
                throw new IOException("corrupt delta: bad size");
            }
            c = b[at[0]++] & 0xff;
            v |= (long) (c & 0x7f) << shift;
            shift += 7;
        } while ((c & 0x80) != 0);
        return v;
    }
}
