package io.patchpin.gitstatus;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.util.NB;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the direct index reader leaves to JGit: flags it does not know, paths JGit's checks must judge,
 * extensions out of bounds; and the flags and cached trees it reads itself.
 */
class IndexFileMalformedTest {
    private static final int PATH = 12 + 62; // the first entry's path, in versions 2 and 3

    @TempDir
    Path tmp;

    /** A checkout with the one file {@code abcdef}, its index in {@code version}, with its cached tree. */
    private byte[] oneEntry(String version) throws Exception {
        Repo r = Repo.init(tmp.resolve("v" + version));
        r.write("abcdef", "x\n").commit("base");
        r.git("update-index", "--index-version", version);
        r.git("status", "--porcelain");
        return Files.readAllBytes(r.dir().resolve(".git/index"));
    }

    @Test
    void pathsJGitMustJudgeAreLeftToIt() throws Exception {
        byte[] raw = oneEntry("2");
        assertThat(IndexFile.parse(raw).orElseThrow().path(0)).isEqualTo("abcdef");
        for (String bad : new String[] {".git/a", ".GIT/a", "./abcd", "../abc", "/abcde", "abcde/", "a//bcd"}) {
            byte[] b = withPath(raw, bad);
            assertThat(IndexFile.parse(b)).as(bad).isEmpty();
            assertThat(IndexFile.entryBounds(b, bad)).as(bad).isPresent(); // edits still find it
        }
        for (String fine : new String[] {".gia/a", ".gat/a", ".hit/a", ".ga/ab", ".a/abc", ".gitxy"}) {
            assertThat(IndexFile.parse(withPath(raw, fine)).orElseThrow().path(0))
                    .as(fine)
                    .isEqualTo(fine);
        }
    }

    @Test
    void aFileWhoseChecksumDoesNotMatchIsDamagedAndLeftToJGit() throws Exception {
        byte[] raw = oneEntry("2");
        raw[PATH + 1] ^= 1; // one bit of the path flipped after git summed the file
        assertThat(IndexFile.parse(raw)).isEmpty();
        assertThat(IndexFile.entryBounds(raw, "abcdef")).isEmpty();
        assertThat(IndexFile.requiredExtension(raw)).isEmpty();
        assertThat(IndexFile.parse(rehashed(raw)).orElseThrow().path(0)).isEqualTo("accdef");
    }

    @Test
    void aNameLengthThatDisagreesWithThePathIsLeftToJGit() throws Exception {
        byte[] raw = oneEntry("2");
        raw[12 + 61] = 5; // the flags' name length says 5, the path has 6 bytes
        rehashed(raw);
        assertThat(IndexFile.parse(raw)).isEmpty();
        assertThat(IndexFile.entryBounds(raw, "abcdef")).isEmpty();
        assertThat(IndexFile.requiredExtension(raw)).isEmpty();
    }

    @Test
    void extendedFlagsAreReadOnlyWhereGitWritesThem() throws Exception {
        Repo r = Repo.init(tmp.resolve("ita"));
        r.write("abcdef", "x\n").commit("base");
        r.write("new", "n\n").git("add", "-N", "new");
        r.git("update-index", "--assume-unchanged", "abcdef");
        byte[] raw = Files.readAllBytes(r.dir().resolve(".git/index"));
        assertThat(NB.decodeInt32(raw, 4)).isEqualTo(3);
        IndexFile f = IndexFile.parse(raw).orElseThrow();
        assertThat(f.assumeValid(0)).isTrue();
        assertThat(f.assumeValid(1)).isFalse();
        assertThat(f.path(1)).isEqualTo("new");
        assertThat(f.skipWorkTree(1)).isFalse();
        int second = IndexFile.entryBounds(raw, "new").orElseThrow().start();
        byte[] v2 = raw.clone();
        v2[7] = 2; // extended flags in a version 2 file
        assertThat(IndexFile.parse(rehashed(v2))).isEmpty();
        byte[] unknown = raw.clone();
        unknown[second + 62] |= (byte) 0x80; // an extended bit git has not defined
        assertThat(IndexFile.parse(rehashed(unknown))).isEmpty();
        assertThat(IndexFile.parse(Arrays.copyOf(raw, second + 30))).isEmpty(); // cut short
        assertThat(IndexFile.entryBounds(Arrays.copyOf(raw, second + 70), "new"))
                .isEmpty();
        assertThat(IndexFile.requiredExtension(Arrays.copyOf(raw, second + 70))).isEmpty();
    }

    @Test
    void conflictStagesAreReadAndNotEditable() throws Exception {
        Repo r = Repo.init(tmp.resolve("conflict"));
        r.write("f.txt", "base\n").commit("base");
        r.git("checkout", "-q", "-b", "other");
        r.write("f.txt", "other\n").commit("other");
        r.git("checkout", "-q", "main");
        r.write("f.txt", "main\n").commit("main");
        assertThat(Git.tryRun(r.dir(), "merge", "-q", "other").exit()).isEqualTo(1);
        byte[] raw = Files.readAllBytes(r.dir().resolve(".git/index"));
        IndexFile f = IndexFile.parse(raw).orElseThrow();
        assertThat(f.count()).isEqualTo(3);
        assertThat(new int[] {f.stage(0), f.stage(1), f.stage(2)}).containsExactly(1, 2, 3);
        assertThat(IndexFile.entryBounds(raw, "f.txt")).isEmpty();
    }

    @Test
    void versionFourPathsThatStripTooMuchAreLeftToJGit() throws Exception {
        byte[] raw = oneEntry("4");
        assertThat(IndexFile.parse(raw).orElseThrow().path(0)).isEqualTo("abcdef");
        byte[] b = raw.clone();
        b[PATH] = 3; // strip 3 bytes of a previous path there is none of
        assertThat(IndexFile.parse(rehashed(b))).isEmpty();
        b[PATH] = (byte) 0x80; // a strip count that goes on past the file
        assertThat(IndexFile.parse(Arrays.copyOf(b, PATH + 1 + 20))).isEmpty();
    }

    @Test
    void extensionsOutOfBoundsAreLeftToJGit() throws Exception {
        byte[] raw = oneEntry("2");
        int ext = IndexFile.entryBounds(raw, "abcdef").orElseThrow().extensions();
        assertThat(IndexFile.parse(raw).orElseThrow().cachedTree()).isNotNull();
        assertThat(IndexFile.parse(withExtension(raw, ext, "TREE", -1, new byte[0])))
                .isEmpty();
        assertThat(IndexFile.parse(withExtension(raw, ext, "TREE", 100, new byte[4])))
                .isEmpty();
        byte[] trailing = withExtension(raw, ext, "TREE", 0, new byte[0]);
        byte[] longer = new byte[trailing.length + 4];
        System.arraycopy(trailing, 0, longer, 0, ext + 8);
        assertThat(IndexFile.parse(longer)).isEmpty(); // four bytes no extension can hold
        byte[] required = withExtension(raw, ext, "sdir", 0, new byte[0]);
        assertThat(IndexFile.requiredExtension(required)).contains("sdir");
        assertThat(IndexFile.requiredExtension(withExtension(raw, ext, "TREE", 0, new byte[0])))
                .isEmpty();
    }

    @Test
    void onlyAValidCachedTreeNamesARoot() throws Exception {
        byte[] raw = oneEntry("2");
        int ext = IndexFile.entryBounds(raw, "abcdef").orElseThrow().extensions();
        byte[] id = new byte[20];
        id[19] = 7;
        ObjectId expected = ObjectId.fromRaw(id);
        assertThat(cachedTree(raw, ext, tree("\0" + "1 0\n", id))).isEqualTo(expected);
        assertThat(cachedTree(raw, ext, tree("\0" + "-1 0\n", new byte[0]))).isNull();
        assertThat(cachedTree(raw, ext, new byte[0])).isNull();
        assertThat(cachedTree(raw, ext, tree("x1 0\n", id))).isNull();
        assertThat(cachedTree(raw, ext, tree("\0" + "1 0\n", new byte[10]))).isNull(); // id cut short
        assertThat(cachedTree(raw, ext, tree("\0", new byte[0]))).isNull();
    }

    @Test
    void notAnIndexAtAll() {
        byte[] dirc = "DIRC".getBytes(StandardCharsets.US_ASCII);
        assertThat(IndexFile.entryBounds(new byte[8], "a")).isEmpty();
        assertThat(IndexFile.entryBounds(new byte[40], "a")).isEmpty();
        assertThat(IndexFile.requiredExtension(new byte[8])).isEmpty();
        assertThat(IndexFile.requiredExtension(new byte[40])).isEmpty();
        for (int v : new int[] {1, 5}) {
            byte[] b = Arrays.copyOf(dirc, 40);
            b[7] = (byte) v;
            assertThat(IndexFile.entryBounds(b, "a")).isEmpty();
            assertThat(IndexFile.requiredExtension(b)).isEmpty();
        }
        byte[] many = Arrays.copyOf(dirc, 40);
        many[7] = 2;
        many[8] = (byte) 0x80; // a negative count
        assertThat(IndexFile.parse(many)).isEmpty();
        assertThat(IndexFile.entryBounds(many, "a")).isEmpty();
        assertThat(IndexFile.requiredExtension(many)).isEmpty();
        many[8] = 0;
        many[11] = 1; // one entry, no room for it
        assertThat(IndexFile.entryBounds(many, "a")).isEmpty();
        assertThat(IndexFile.parse(new byte[8])).isEmpty();
        assertThat(IndexFile.parse(new byte[40])).isEmpty();
    }

    @Test
    void pathOrderComparisons() throws Exception {
        Repo r = Repo.init(tmp.resolve("order"));
        r.write("a/b", "1\n").write("a/c", "2\n").write("ab", "3\n").commit("base");
        IndexFile f = IndexFile.parse(Files.readAllBytes(r.dir().resolve(".git/index")))
                .orElseThrow();
        byte[] c = "c".getBytes(StandardCharsets.UTF_8);
        assertThat(f.lowerBound(0, 2, 2, c)).isEqualTo(1);
        assertThat(f.pathEquals(1, 2, c)).isTrue();
        assertThat(f.pathEquals(2, 1, c)).isFalse();
        assertThat(f.startsWith(0, 0, "a/".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(f.startsWith(2, 0, "a/".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(f.startsWith(2, 0, "abc".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(f.compare(2, 0, "a".getBytes(StandardCharsets.UTF_8))).isPositive();
    }

    private static ObjectId cachedTree(byte[] raw, int ext, byte[] body) {
        return IndexFile.parse(withExtension(raw, ext, "TREE", body.length, body))
                .orElseThrow()
                .cachedTree();
    }

    private static byte[] tree(String head, byte[] id) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(id);
        return out.toByteArray();
    }

    /** {@code raw}'s entries, then one extension (signature, stated length, body), then a checksum's room. */
    private static byte[] withExtension(byte[] raw, int ext, String sig, int len, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(raw, 0, ext);
        out.writeBytes(sig.getBytes(StandardCharsets.US_ASCII));
        out.write(len >>> 24);
        out.write(len >>> 16);
        out.write(len >>> 8);
        out.write(len);
        out.writeBytes(body);
        out.writeBytes(new byte[20]);
        return out.toByteArray();
    }

    /** The single entry's six-byte path replaced. */
    private static byte[] withPath(byte[] raw, String path) {
        byte[] b = raw.clone();
        System.arraycopy(path.getBytes(StandardCharsets.US_ASCII), 0, b, PATH, 6);
        return rehashed(b);
    }

    /** {@code b} with its trailing checksum made again, as git would write the file: only its form is odd. */
    private static byte[] rehashed(byte[] b) {
        MessageDigest sha1 = Constants.newMessageDigest();
        sha1.update(b, 0, b.length - 20);
        System.arraycopy(sha1.digest(), 0, b, b.length - 20, 20);
        return b;
    }
}
