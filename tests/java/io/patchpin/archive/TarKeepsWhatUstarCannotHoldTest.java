package io.patchpin.archive;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.eclipse.jgit.attributes.Attribute;
import org.eclipse.jgit.attributes.Attributes;
import org.eclipse.jgit.errors.LargeObjectException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectStream;
import org.junit.jupiter.api.Test;

/** The tar writer's edge cases (far-future commit time, long paths, a short last block) and git's byte conversions. */
class TarKeepsWhatUstarCannotHoldTest {
    private static final ObjectId ID = ObjectId.fromString("0123456789abcdef0123456789abcdef01234567");

    @Test
    void aCommitTimeBeyondUstarIsKeptInThePaxHeaderAndAShortLastBlockGetsAnother() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        GitTarWriter tar = new GitTarWriter(bytes, 1L << 34);
        tar.begin(ID);
        tar.file(
                "f".getBytes(StandardCharsets.UTF_8),
                "f".getBytes(StandardCharsets.UTF_8),
                false,
                ID,
                new ObjectLoader.SmallObject(Constants.OBJ_BLOB, new byte[8192]));
        tar.end();
        byte[] out = bytes.toByteArray();
        assertThat(text(out, 512, 512)).contains(" comment=" + ID.name() + "\n").contains(" mtime=17179869184\n");
        assertThat(text(out, 136, 11)).isEqualTo("77777777777");
        assertThat(out).hasSize(2 * 10240);
    }

    @Test
    void longPathsSplitIntoPrefixAndNameOrMoveToThePaxHeader() throws IOException {
        String dir = "d".repeat(60) + "/" + "e".repeat(60);
        String unsplittable = "x".repeat(120);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        GitTarWriter tar = new GitTarWriter(bytes, 1_700_000_000L);
        tar.directory(dir.getBytes(StandardCharsets.UTF_8), new byte[0], ID);
        tar.file(
                unsplittable.getBytes(StandardCharsets.UTF_8),
                new byte[0],
                true,
                ID,
                new ObjectLoader.SmallObject(Constants.OBJ_BLOB, new byte[0]));
        tar.end();
        byte[] out = bytes.toByteArray();
        assertThat(text(out, 0, 100)).isEqualTo("e".repeat(60) + "/");
        assertThat(text(out, 345, 155)).isEqualTo("d".repeat(60));
        assertThat(text(out, 512, 100)).isEqualTo(ID.name() + ".paxheader");
        assertThat(text(out, 1024, 512)).contains(" path=" + unsplittable + "\n");
        assertThat(text(out, 1536, 100)).isEqualTo(ID.name() + ".data");
    }

    @Test
    void conversionsGitWouldMakeAreNamed() throws IOException {
        ObjectLoader lf = blob("a\nb\n");
        assertThat(Conversions.check(new Attributes(), ArchiveMode.EXPORT, lf)).isNull();
        assertThat(Conversions.check(attrs(new Attribute("filter", "lfs")), ArchiveMode.CHECKOUT, lf))
                .startsWith("filter=lfs ");
        assertThat(Conversions.check(attrs(new Attribute("working-tree-encoding", "UTF-16")), ArchiveMode.CHECKOUT, lf))
                .isEqualTo("working-tree-encoding=UTF-16 re-encodes it");
        assertThat(Conversions.check(
                        attrs(new Attribute("working-tree-encoding", "UTF-16")), ArchiveMode.CHECKOUT, blob("")))
                .isNull();
        assertThat(Conversions.check(attrs(new Attribute("working-tree-encoding", "utf8")), ArchiveMode.CHECKOUT, lf))
                .isNull();
        Attributes crlf = attrs(new Attribute("eol", "crlf"));
        assertThat(Conversions.check(crlf, ArchiveMode.CHECKOUT, lf)).startsWith("eol=crlf turns");
        assertThat(Conversions.check(crlf, ArchiveMode.CHECKOUT, blob("\n"))).startsWith("eol=crlf turns");
        assertThat(Conversions.check(crlf, ArchiveMode.CHECKOUT, blob("a\r\nb\r\n")))
                .isNull();
        Attributes binary = attrs(new Attribute("eol", "crlf"), new Attribute("text", Attribute.State.UNSET));
        assertThat(Conversions.check(binary, ArchiveMode.CHECKOUT, lf)).isNull();
        Attributes subst = attrs(new Attribute("export-subst", Attribute.State.SET));
        assertThat(Conversions.check(subst, ArchiveMode.EXPORT, blob("v $Format:%H$")))
                .startsWith("export-subst expands");
        assertThat(Conversions.check(subst, ArchiveMode.ARCHIVE, blob("v $Format:%H$")))
                .isNull();
        assertThat(Conversions.check(
                        attrs(new Attribute("ident", Attribute.State.SET)), ArchiveMode.CHECKOUT, blob("$Id$")))
                .isEqualTo("ident expands its $Id$");
        ObjectLoader huge = new ObjectLoader() {
            @Override
            public int getType() {
                return Constants.OBJ_BLOB;
            }

            @Override
            public long getSize() {
                return 1L << 30;
            }

            @Override
            public boolean isLarge() {
                return true;
            }

            @Override
            public byte[] getCachedBytes() {
                throw new LargeObjectException();
            }

            @Override
            public ObjectStream openStream() {
                throw new UnsupportedOperationException("a size only");
            }
        };
        assertThat(Conversions.check(crlf, ArchiveMode.CHECKOUT, huge)).startsWith("too large to check");
    }

    private static Attributes attrs(Attribute... a) {
        return new Attributes(a);
    }

    private static ObjectLoader blob(String text) {
        return new ObjectLoader.SmallObject(Constants.OBJ_BLOB, text.getBytes(StandardCharsets.UTF_8));
    }

    private static String text(byte[] b, int at, int len) {
        byte[] field = Arrays.copyOfRange(b, at, at + len);
        int end = 0;
        while (end < field.length && field[end] != 0) {
            end++;
        }
        return new String(field, 0, end, StandardCharsets.US_ASCII);
    }
}
