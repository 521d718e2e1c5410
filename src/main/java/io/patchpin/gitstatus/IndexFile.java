package io.patchpin.gitstatus;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.dircache.DirCacheTree;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.util.NB;

/**
 * A checkout's index as the stat walk needs it: paths in index order and, per entry, mode, size, modification time,
 * stage, flags and blob id, in flat arrays (no object per entry). Versions 2 to 4 of git's index format are read
 * directly; a file whose checksum does not match (unless git wrote none: {@code index.skipHash}), or whose entries
 * would run past its end, is damaged, and like anything this reader does not know (another version, a required
 * extension such as a split or sparse index, an unusual path) it is left to JGit's reader, with JGit's errors.
 *
 * @param paths      the entries' paths, entry i's from {@code start[i]} to {@code end[i]}
 * @param stat       per entry, git's on-disk stat data, mode, size and id, entry i's from {@code at[i]} on, laid out as
 *                   in the index file
 * @param flags      per entry, the stage in the two low bits, then ASSUME_VALID, SKIP_WORKTREE
 * @param cachedTree the root tree id the index's cached tree records, or null when it has none valid
 */
record IndexFile(
        int count, byte[] paths, int[] start, int[] end, byte[] stat, int[] at, byte[] flags, ObjectId cachedTree) {
    private static final int SIGNATURE = 0x44495243; // "DIRC"
    private static final int TREE = 0x54524545; // "TREE"
    private static final int ID = 20;
    private static final int FIXED = 62; // stat data, id and flags before the path
    private static final byte ASSUME_VALID = 4;
    private static final byte SKIP_WORKTREE = 8;

    /**
     * The index of {@code repo} read straight from its file (no entries when it has none), or empty when this reader
     * does not know the file's form; {@link IndexEdits#refuseUnreadable} says whether any reader of patchpin's can.
     */
    static Optional<IndexFile> read(Repository repo) throws IOException {
        byte[] raw;
        try {
            raw = Files.readAllBytes(repo.getIndexFile().toPath());
        } catch (NoSuchFileException e) {
            return Optional.of(of(repo.readDirCache()));
        }
        return parse(raw);
    }

    /** JGit's reading, copied into the flat form. */
    static IndexFile of(DirCache dc) {
        int n = dc.getEntryCount();
        ByteArrayOutputStream paths = new ByteArrayOutputStream();
        int[] start = new int[n];
        int[] end = new int[n];
        byte[] stat = new byte[n * FIXED];
        int[] at = new int[n];
        byte[] flags = new byte[n];
        for (int i = 0; i < n; i++) {
            DirCacheEntry e = dc.getEntry(i);
            start[i] = paths.size();
            paths.writeBytes(e.getRawPath());
            end[i] = paths.size();
            at[i] = i * FIXED;
            Instant t = e.getLastModifiedInstant();
            NB.encodeInt32(stat, at[i] + 8, (int) t.getEpochSecond());
            NB.encodeInt32(stat, at[i] + 12, t.getNano());
            NB.encodeInt32(stat, at[i] + 24, e.getRawMode());
            NB.encodeInt32(stat, at[i] + 36, e.getLength());
            e.getObjectId().copyRawTo(stat, at[i] + 40);
            flags[i] = (byte)
                    (e.getStage() | (e.isAssumeValid() ? ASSUME_VALID : 0) | (e.isSkipWorkTree() ? SKIP_WORKTREE : 0));
        }
        DirCacheTree tree = dc.getCacheTree(false);
        ObjectId cached = tree != null && tree.isValid() ? tree.getObjectId() : null;
        return new IndexFile(n, paths.toByteArray(), start, end, stat, at, flags, cached);
    }

    /** The file read directly, or empty when it holds something only JGit's reader handles. */
    static Optional<IndexFile> parse(byte[] raw) {
        return entries(raw).flatMap(e -> Optional.ofNullable(read(raw, e)));
    }

    /**
     * The entries of an index this reader can walk: its checksum, signature, version and entry count are checked; empty
     * for a damaged file or one of another form.
     */
    private static Optional<Entries> entries(byte[] raw) {
        int limit = raw.length - ID; // the checksum follows
        if (limit < 12 || NB.decodeInt32(raw, 0) != SIGNATURE || !checksummed(raw, limit)) {
            return Optional.empty();
        }
        int version = NB.decodeInt32(raw, 4);
        int n = NB.decodeInt32(raw, 8);
        if (version < 2 || version > 4 || n < 0 || n > limit / FIXED) {
            return Optional.empty();
        }
        return Optional.of(new Entries(raw, limit, version, n));
    }

    /** Whether the trailing SHA-1 is the file's, or all zero bits as git writes it with {@code index.skipHash}. */
    private static boolean checksummed(byte[] raw, int limit) {
        byte[] sum = Arrays.copyOfRange(raw, limit, raw.length);
        if (Arrays.equals(sum, new byte[ID])) {
            return true;
        }
        MessageDigest sha1 = Constants.newMessageDigest();
        sha1.update(raw, 0, limit);
        return MessageDigest.isEqual(sha1.digest(), sum);
    }

    private static IndexFile read(byte[] raw, Entries e) {
        int pos = e.readAll();
        Extensions x = pos < 0 ? null : extensions(raw, pos, e.limit);
        if (x == null || x.required() != null) {
            return null; // a required extension (split or sparse index, ...) is JGit's
        }
        return new IndexFile(e.entry.length, e.paths, e.start, e.end, raw, e.entry, e.flags, x.tree());
    }

    /** What the extensions hold: the cached tree's root (null: none valid), the first required one's signature. */
    private record Extensions(ObjectId tree, String required) {}

    /** The extensions from {@code pos} on; null when one runs past the end. */
    private static Extensions extensions(byte[] raw, int pos, int limit) {
        ObjectId tree = null;
        int at = pos;
        while (at + 8 <= limit) {
            if (raw[at] < 'A' || raw[at] > 'Z') {
                return new Extensions(tree, new String(raw, at, 4, StandardCharsets.ISO_8859_1));
            }
            int len = NB.decodeInt32(raw, at + 4);
            if (len < 0 || len > limit - at - 8) {
                return null;
            }
            if (NB.decodeInt32(raw, at) == TREE) {
                tree = rootTree(raw, at + 8, at + 8 + len);
            }
            at += 8 + len;
        }
        return at == limit ? new Extensions(tree, null) : null;
    }

    /**
     * Where one entry lies in the raw index.
     *
     * @param start      its first byte
     * @param next       where the next entry (or the extensions) starts
     * @param extensions where the extensions start
     */
    record Bounds(int start, int next, int extensions) {}

    /** Where the entry of {@code path} lies; empty when the index cannot be walked here or holds no such entry. */
    static Optional<Bounds> entryBounds(byte[] raw, String path) {
        Entries e = entries(raw).orElse(null);
        if (e == null) {
            return Optional.empty();
        }
        e.anyPath = true;
        int pos = e.readAll();
        int n = e.entry.length;
        byte[] key = path.getBytes(StandardCharsets.UTF_8);
        int found = -1;
        for (int i = 0; pos >= 0 && i < n; i++) {
            if (Arrays.equals(e.paths, e.start[i], e.end[i], key, 0, key.length) && (e.flags[i] & 3) == 0) {
                found = i;
            }
        }
        if (pos < 0 || found < 0) {
            return Optional.empty();
        }
        return Optional.of(new Bounds(e.entry[found], found + 1 < n ? e.entry[found + 1] : pos, pos));
    }

    /**
     * The signature of the first required extension (lower-case first letter: a split index's "link", a sparse index's
     * "sdir") the index holds, when its entries can be walked; empty otherwise.
     */
    static Optional<String> requiredExtension(byte[] raw) {
        Entries e = entries(raw).orElse(null);
        if (e == null) {
            return Optional.empty();
        }
        e.anyPath = true; // a sparse index's folder entries end in '/'
        int pos = e.readAll();
        return Optional.ofNullable(pos < 0 ? null : extensions(raw, pos, e.limit))
                .map(Extensions::required);
    }

    /** The entries being read, one call of {@link #read} each, into the arrays IndexFile keeps. */
    private static final class Entries {
        private final byte[] raw;
        private final int limit;
        private final int version;
        final int[] entry;
        final int[] start;
        final int[] end;
        final byte[] flags;
        byte[] paths;
        boolean anyPath;
        private int written;

        Entries(byte[] raw, int limit, int version, int n) {
            this.raw = raw;
            this.limit = limit;
            this.version = version;
            this.entry = new int[n];
            this.start = new int[n];
            this.end = new int[n];
            this.flags = new byte[n];
            this.paths = version == 4 ? new byte[64] : raw;
        }

        /** Every entry: where the extensions start, or -1 when this reader leaves the file to JGit. */
        int readAll() {
            int pos = 12;
            for (int i = 0; i < entry.length && pos >= 0; i++) {
                pos = read(i, pos);
            }
            return pos;
        }

        /**
         * Entry {@code i}, at {@code pos}: where the next one starts, or -1 when this reader leaves the file to JGit
         * (including an entry that would run past the end).
         */
        int read(int i, int pos) {
            entry[i] = pos;
            if (pos > limit - FIXED) {
                return -1;
            }
            int fl = NB.decodeUInt16(raw, pos + 60);
            int at = pos + FIXED;
            int extended = 0;
            if ((fl & 0x4000) != 0) {
                if (at > limit - 2) {
                    return -1;
                }
                extended = NB.decodeUInt16(raw, at);
                if (version < 3 || (extended & ~0x6000) != 0) {
                    return -1; // an extended flag this reader does not know
                }
                at += 2;
            }
            int next;
            if (version < 4) {
                int stop = nul(raw, at, limit);
                if (stop < 0 || (fl & 0xFFF) != Math.min(stop - at, 0xFFF)) {
                    return -1;
                }
                start[i] = at;
                end[i] = stop;
                next = pos + ((stop - pos + 8) & ~7); // NUL-padded to a multiple of 8
            } else {
                next = readV4(i, at);
            }
            if (next < 0 || next > limit || !anyPath && !plain(paths, start[i], end[i])) {
                return -1;
            }
            flags[i] = (byte) ((fl >> 12 & 3)
                    | ((fl & 0x8000) != 0 ? ASSUME_VALID : 0)
                    | ((extended & 0x4000) != 0 ? SKIP_WORKTREE : 0));
            return next;
        }

        /** A version 4 path: the previous path less a number of bytes, then the bytes here. */
        private int readV4(int i, int at) {
            int strip = -1;
            int c = 128;
            while ((c & 128) != 0) {
                if (at >= limit || strip > 1 << 24) {
                    return -1;
                }
                c = raw[at++] & 0xff;
                strip = ((strip + 1) << 7) | (c & 127);
            }
            int stop = nul(raw, at, limit);
            int keep = (i == 0 ? 0 : end[i - 1] - start[i - 1]) - strip;
            if (stop < 0 || strip < 0 || keep < 0) {
                return -1;
            }
            int length = keep + stop - at;
            if (written + length > paths.length) {
                paths = Arrays.copyOf(paths, Math.max(paths.length * 2, written + length));
            }
            if (keep > 0) {
                System.arraycopy(paths, start[i - 1], paths, written, keep);
            }
            System.arraycopy(raw, at, paths, written + keep, stop - at);
            start[i] = written;
            end[i] = written + length;
            written += length;
            return stop + 1;
        }
    }

    /** The root of the cached-tree extension, when valid: "\0" count " " subtrees "\n" id. */
    private static ObjectId rootTree(byte[] raw, int from, int to) {
        if (from >= to || raw[from] != 0) {
            return null;
        }
        int at = from + 1;
        if (at < to && raw[at] == '-') {
            return null; // entry count -1: invalidated
        }
        int nl = at;
        while (nl < to && raw[nl] != '\n') {
            nl++;
        }
        return nl + 1 + ID <= to ? ObjectId.fromRaw(raw, nl + 1) : null;
    }

    /** No empty, ".", ".." or ".git" component and no leading or trailing slash (else JGit's checks speak). */
    private static boolean plain(byte[] paths, int s, int e) {
        int component = s;
        for (int at = s; at <= e; at++) {
            if (at == e || paths[at] == '/') {
                int len = at - component;
                if (len == 0
                        || (paths[component] == '.'
                                && (len == 1
                                        || (len == 2 && paths[component + 1] == '.')
                                        || (len == 4
                                                && (paths[component + 1] | 0x20) == 'g'
                                                && (paths[component + 2] | 0x20) == 'i'
                                                && (paths[component + 3] | 0x20) == 't')))) {
                    return false;
                }
                component = at + 1;
            }
        }
        return true;
    }

    String path(int i) {
        return new String(paths, start[i], end[i] - start[i], StandardCharsets.UTF_8);
    }

    FileMode fileMode(int i) {
        return FileMode.fromBits(NB.decodeInt32(stat, at[i] + 24));
    }

    int size(int i) {
        return NB.decodeInt32(stat, at[i] + 36);
    }

    int mtimeSeconds(int i) {
        return NB.decodeInt32(stat, at[i] + 8);
    }

    int mtimeNanos(int i) {
        return NB.decodeInt32(stat, at[i] + 12);
    }

    int stage(int i) {
        return flags[i] & 3;
    }

    boolean assumeValid(int i) {
        return (flags[i] & ASSUME_VALID) != 0;
    }

    boolean skipWorkTree(int i) {
        return (flags[i] & SKIP_WORKTREE) != 0;
    }

    boolean idEquals(int i, ObjectId id) {
        return id.compareTo(stat, at[i] + 40) == 0;
    }

    /**
     * The first entry in {@code [lo, hi)} whose path, from byte {@code skip} on (the bytes before are the same in the
     * whole range), is not less than {@code key}; {@code hi} when none.
     */
    int lowerBound(int lo, int hi, int skip, byte[] key) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (compare(mid, skip, key) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Whether entry {@code i}'s path, from byte {@code skip} on, is {@code key}. */
    boolean pathEquals(int i, int skip, byte[] key) {
        return Arrays.equals(paths, start[i] + skip, end[i], key, 0, key.length);
    }

    /** Whether entry {@code i}'s path, from byte {@code skip} on, starts with {@code key}. */
    boolean startsWith(int i, int skip, byte[] key) {
        int a = start[i] + skip;
        return end[i] - a >= key.length && Arrays.equals(paths, a, a + key.length, key, 0, key.length);
    }

    /** Byte order of entry {@code i}'s path from {@code skip} on against {@code key}, unsigned, as the index sorts. */
    int compare(int i, int skip, byte[] key) {
        return Arrays.compareUnsigned(paths, start[i] + skip, end[i], key, 0, key.length);
    }

    private static int nul(byte[] raw, int from, int limit) {
        for (int at = from; at < limit; at++) {
            if (raw[at] == 0) {
                return at;
            }
        }
        return -1;
    }
}
