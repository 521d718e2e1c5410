package io.patchpin.therock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Defect: an RFC 2047 encoded author ({@code =?UTF-8?q?Jos=C3=A9?=}, as format-patch writes a non-ASCII name)
 * stayed encoded in the commits {@code apply --commit --therock} made, so their ids differed from git am's.
 */
class NonAsciiAuthorCommitTest {
    static final String ENCODED = "From: =?UTF-8?q?Jos=C3=A9=20Mar=C3=ADa=20N=C3=BA=C3=B1ez?= <jose@example.org>";

    @TempDir
    Path tmp;

    @Test
    void rfc2047AuthorGivesTheCommitIdsOfGitAm() throws IOException {
        TheRockLayout layout = TheRockLayout.create(tmp);
        Repo am = layout.cloneWorkTree("am");
        encodeAuthors(layout.patchFiles(am));
        String expected = TheRockLayout.gitAmAsTheRock(am.dir().resolve(TheRockLayout.LLVM), layout.patchFiles(am));
        Path llvmAm = am.dir().resolve(TheRockLayout.LLVM);
        assertThat(Git.run(llvmAm, "log", "--format=%an", "-1")).isEqualTo("José María Núñez");

        Repo ws = layout.cloneWorkTree("ws");
        encodeAuthors(layout.patchFiles(ws));
        Path set = tmp.resolve("patchsets/mainline");
        ok("new", set, "--repo", ws.dir());
        ok("import", set, "--repo", ws.dir(), "--from", ws.dir().resolve("patches/amd-mainline"));
        assertThat(Files.readString(set.resolve("patchset.toml"), StandardCharsets.UTF_8))
                .contains("author = \"José María Núñez <jose@example.org>\"");
        ok("apply", set, "--repo", ws.dir(), "--commit", "--therock");
        assertThat(Git.run(ws.dir().resolve(TheRockLayout.LLVM), "rev-parse", "HEAD"))
                .isEqualTo(expected);
    }

    /** Every mail's From: line becomes the encoded word git format-patch writes for a non-ASCII name. */
    private static void encodeAuthors(List<Path> patches) throws IOException {
        for (Path p : patches) {
            String text = Files.readString(p, StandardCharsets.UTF_8);
            Files.writeString(p, text.replaceFirst("(?m)^From: .*$", ENCODED), StandardCharsets.UTF_8);
        }
    }
}
