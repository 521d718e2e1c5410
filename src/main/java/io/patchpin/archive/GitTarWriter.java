package io.patchpin.archive;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;

/**
 * The tar stream C git's {@code git archive --format tar <commit>} writes (archive-tar.c), byte for byte: a pax global
 * header holding the commit id, ustar headers with uid/gid 0, user and group "root", mtime the commit time, modes
 * 0664/0775 for files and 0775 for directories (tar.umask 002), directories and gitlinks as "path/" directory entries,
 * paths over 100 bytes split into prefix and name or else carried in a pax "path" record, link targets over 100 bytes
 * in a pax "linkpath" record, everything in 512-byte records, and the end padded to a 10240-byte block with at least
 * two zero records.
 */
final class GitTarWriter implements SourceWalker.Visitor {
    private static final int RECORD = 512;
    private static final int BLOCK = RECORD * 20;
    private static final long USTAR_MAX = 077777777777L;
    private static final int UMASK = 002;

    private final OutputStream out;
    private final long commitTime;
    /** The mtime of every entry: the commit time, clamped to what ustar holds (the pax header keeps the real one). */
    private final long time;

    /** A header's fields that are the same in every entry (owner, time, magic), encoded once. */
    private final byte[] template;

    private final byte[] zeros = new byte[RECORD];

    private long written;

    GitTarWriter(OutputStream out, long commitTime) {
        this.out = out;
        this.commitTime = commitTime;
        this.time = Math.min(commitTime, USTAR_MAX);
        this.template = template(time);
    }

    /** The pax global header with the commit id, as git writes when archiving a commit. */
    void begin(ObjectId commit) throws IOException {
        ByteArrayOutputStream ext = new ByteArrayOutputStream();
        rawRecord(ext, "comment", commit.name().getBytes(StandardCharsets.US_ASCII));
        if (commitTime > USTAR_MAX) {
            rawRecord(ext, "mtime", Long.toString(commitTime).getBytes(StandardCharsets.US_ASCII));
        }
        pax('g', "pax_global_header", ext.toByteArray());
    }

    /** A pax header of {@code type} ('g' global, 'x' for the next entry) named {@code name}, and its records. */
    private void pax(char type, String name, byte[] records) throws IOException {
        byte[] h = header(type, 0100666, records.length);
        put(h, 0, name.getBytes(StandardCharsets.US_ASCII), 100);
        checksum(h);
        blocked(h);
        blocked(records);
    }

    /** The trailer: zeros to the end of the 10240-byte block, plus a block more if fewer than two records fit. */
    void end() throws IOException {
        int tail = BLOCK - (int) (written % BLOCK);
        byte[] zeros = new byte[BLOCK];
        out.write(zeros, 0, tail);
        if (tail < 2 * RECORD) {
            out.write(zeros, 0, BLOCK);
        }
    }

    @Override
    public void directory(byte[] path, byte[] name, ObjectId id) throws IOException {
        byte[] p = Arrays.copyOf(path, path.length + 1);
        p[path.length] = '/';
        entry(p, id, ((040000 | 0777) & ~UMASK), '5', 0, null, null);
    }

    @Override
    public void endDirectory() {
        // tar has no end-of-directory record
    }

    @Override
    public void file(byte[] path, byte[] name, boolean executable, ObjectId id, ObjectLoader blob) throws IOException {
        int mode = (0100000 | (executable ? 0777 : 0666)) & ~UMASK;
        entry(path, id, mode, '0', blob.getSize(), blob, null);
    }

    @Override
    public void symlink(byte[] path, byte[] name, ObjectId id, byte[] target) throws IOException {
        entry(path, id, 0120777, '2', 0, null, target);
    }

    private void entry(byte[] path, ObjectId id, int mode, char type, long size, ObjectLoader blob, byte[] target)
            throws IOException {
        ByteArrayOutputStream extRaw = new ByteArrayOutputStream();
        byte[] h = header(type, mode, 0);
        if (path.length > 100) {
            int plen = prefixLength(path, 155);
            int rest = path.length - plen - 1;
            if (plen > 0 && rest <= 100) {
                System.arraycopy(path, 0, h, 345, plen);
                System.arraycopy(path, plen + 1, h, 0, rest);
            } else {
                put(h, 0, (id.name() + ".data").getBytes(StandardCharsets.US_ASCII), 100);
                rawRecord(extRaw, "path", path);
            }
        } else {
            System.arraycopy(path, 0, h, 0, path.length);
        }
        if (target != null) {
            if (target.length > 100) {
                put(h, 157, ("see " + id.name() + ".paxheader").getBytes(StandardCharsets.US_ASCII), 100);
                rawRecord(extRaw, "linkpath", target);
            } else {
                System.arraycopy(target, 0, h, 157, target.length);
            }
        }
        long sizeInHeader = size;
        if (type == '0' && size > USTAR_MAX) {
            sizeInHeader = 0;
            rawRecord(extRaw, "size", Long.toString(size).getBytes(StandardCharsets.US_ASCII));
        }
        octal(h, 124, 12, type == '0' ? sizeInHeader : 0, 11);
        checksum(h);
        if (extRaw.size() > 0) {
            pax('x', id.name() + ".paxheader", extRaw.toByteArray());
        }
        blocked(h);
        if (blob != null && size > 0) {
            blob.copyTo(out);
            written += size;
            padRecord();
        }
    }

    /** git's get_path_prefix: the last '/' within the first {@code max} bytes, ignoring a trailing one. */
    private static int prefixLength(byte[] path, int max) {
        int i = path.length;
        if (i > 1 && path[i - 1] == '/') {
            i--;
        }
        if (i > max) {
            i = max;
        }
        do {
            i--;
        } while (i > 0 && path[i] != '/');
        return i;
    }

    private byte[] header(char type, int mode, long size) {
        byte[] h = template.clone();
        octal(h, 100, 8, mode & 07777, 7);
        octal(h, 124, 12, size, 11);
        h[156] = (byte) type;
        return h;
    }

    private static byte[] template(long mtime) {
        byte[] h = new byte[RECORD];
        octal(h, 108, 8, 0, 7);
        octal(h, 116, 8, 0, 7);
        octal(h, 136, 12, mtime, 11);
        put(h, 257, "ustar\0".getBytes(StandardCharsets.US_ASCII), 6);
        put(h, 263, "00".getBytes(StandardCharsets.US_ASCII), 2);
        put(h, 265, "root".getBytes(StandardCharsets.US_ASCII), 32);
        put(h, 297, "root".getBytes(StandardCharsets.US_ASCII), 32);
        octal(h, 329, 8, 0, 7);
        octal(h, 337, 8, 0, 7);
        return h;
    }

    private static void checksum(byte[] h) {
        Arrays.fill(h, 148, 156, (byte) ' ');
        int sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        Arrays.fill(h, 148, 156, (byte) 0);
        octal(h, 148, 8, sum, 7);
    }

    /** printf("%0*o") into a field: {@code digits} octal digits (more if needed, as snprintf truncates) and a NUL. */
    private static void octal(byte[] h, int at, int field, long value, int digits) {
        int n = Math.max(digits, (64 - Long.numberOfLeadingZeros(value) + 2) / 3);
        Arrays.fill(h, at, at + field, (byte) 0);
        // the first field - 1 of the n digits, most significant first
        long v = value;
        for (int i = n - 1; i >= 0; i--) {
            if (i < field - 1) {
                h[at + i] = (byte) ('0' + (v & 7));
            }
            v >>>= 3;
        }
    }

    private static void put(byte[] h, int at, byte[] value, int field) {
        System.arraycopy(value, 0, h, at, Math.min(value.length, field));
    }

    /** A pax record "LEN key=value\n" where LEN counts itself. */
    private static void rawRecord(ByteArrayOutputStream buf, String key, byte[] value) {
        int len = 1 + 1 + key.length() + 1 + value.length + 1;
        for (int tmp = 1; len / 10 >= tmp; tmp *= 10) {
            len++;
        }
        buf.writeBytes((len + " " + key + "=").getBytes(StandardCharsets.US_ASCII));
        buf.writeBytes(value);
        buf.write('\n');
    }

    private void blocked(byte[] b) throws IOException {
        out.write(b);
        written += b.length;
        padRecord();
    }

    private void padRecord() throws IOException {
        int rem = (int) (written % RECORD);
        if (rem != 0) {
            out.write(zeros, 0, RECORD - rem);
            written += RECORD - rem;
        }
    }
}
