package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Brings a copied work tree's index up to date with the copy's stat data, as {@code git update-index
 * --refresh} would, without a git run. A folder copy keeps each file's content, size and modification time
 * (to the microsecond) but gives it a new inode and change time, which git's index also records; an entry
 * whose file still has the recorded size and modification time (to the microsecond) is the file it was, so
 * it takes the file's inode, device, change and modification times. Anything else is left to git.
 */
final class IndexStat {
    private static final int S_IFMT = 0170000;
    private static final int S_IFREG = 0100000;
    private static final int S_IFLNK = 0120000;
    private static final int ENTRY_FIXED = 62;
    private static final int EXTENDED = 0x4000;
    private static final int NAME_MASK = 0xfff;
    private static final int SHA1 = 20;

    private IndexStat() {}

    /** Refreshes the index of {@code workTree} in process; false (index untouched) when git has to. */
    static boolean refresh(Path workTree) {
        try {
            Path index = gitDir(workTree).resolve("index");
            if (!Files.isRegularFile(index)) {
                return true;
            }
            byte[] bytes = Files.readAllBytes(index);
            if (!update(workTree, bytes)) {
                return false;
            }
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(bytes, 0, bytes.length - SHA1);
            System.arraycopy(sha1.digest(), 0, bytes, bytes.length - SHA1, SHA1);
            Files.write(index, bytes);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Rewrites each entry's stat data in {@code bytes}; false if an entry or the format is not one it knows. */
    private static boolean update(Path workTree, byte[] bytes) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        int version = b.getInt(4);
        if (bytes.length < 12 + SHA1 || b.getInt(0) != 0x44495243 || (version != 2 && version != 3)) {
            return false;
        }
        int pos = 12;
        for (int i = b.getInt(8); i > 0; i--) {
            int flags = b.getShort(pos + 60) & 0xffff;
            int name = pos + ENTRY_FIXED + ((flags & EXTENDED) != 0 ? 2 : 0);
            int length = flags & NAME_MASK;
            if (length == NAME_MASK) {
                return false;
            }
            int mode = b.getInt(pos + 24) & S_IFMT;
            if ((mode == S_IFREG || mode == S_IFLNK)
                    && !take(b, pos, workTree.resolve(new String(bytes, name, length, StandardCharsets.UTF_8)))) {
                return false;
            }
            pos += (name - pos + length + 8) & ~7;
        }
        return true;
    }

    /** Puts the file's stat data into the entry at {@code pos} if it is the file the entry recorded. */
    private static boolean take(ByteBuffer b, int pos, Path file) throws IOException {
        Map<String, Object> a =
                Files.readAttributes(file, "unix:size,lastModifiedTime,ctime,dev,ino", LinkOption.NOFOLLOW_LINKS);
        long mtime = ((FileTime) a.get("lastModifiedTime")).to(TimeUnit.NANOSECONDS);
        long ctime = ((FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS);
        boolean same = (int) (long) (Long) a.get("size") == b.getInt(pos + 36)
                && (int) (mtime / 1_000_000_000L) == b.getInt(pos + 8)
                && (mtime % 1_000_000_000L) / 1000 == (b.getInt(pos + 12) & 0xffffffffL) / 1000;
        if (!same) {
            return false;
        }
        b.putInt(pos, (int) (ctime / 1_000_000_000L));
        b.putInt(pos + 4, (int) (ctime % 1_000_000_000L));
        b.putInt(pos + 8, (int) (mtime / 1_000_000_000L));
        b.putInt(pos + 12, (int) (mtime % 1_000_000_000L));
        b.putInt(pos + 16, (int) (long) (Long) a.get("dev"));
        b.putInt(pos + 20, (int) (long) (Long) a.get("ino"));
        return true;
    }

    /** The git folder of a work tree: its {@code .git} folder, or where its {@code .git} file points. */
    private static Path gitDir(Path workTree) throws IOException {
        Path dotGit = workTree.resolve(".git");
        if (Files.isDirectory(dotGit)) {
            return dotGit;
        }
        String line = Files.readString(dotGit, StandardCharsets.UTF_8).strip();
        if (!line.startsWith("gitdir: ")) {
            throw new IOException(dotGit + ": not a gitdir link: " + line);
        }
        return workTree.resolve(line.substring("gitdir: ".length())).normalize();
    }
}
