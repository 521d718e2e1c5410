package io.patchpin.archive;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.Hashes;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tar stream is byte-identical to C git's {@code git archive --format tar}, so makepkg's checksum matches. */
class GitTarTest {
    @TempDir
    Path tmp;

    @Test
    void mixedTreeWithSymlinksExecutablesAndLongPathsIsByteIdentical() throws Exception {
        Repo r = Trees.mixed(tmp.resolve("mixed"));
        assertSameAsGit(r, r.head());
        assertSameAsGit(r, Trees.withEmptyTree(r, "empty/trees"));
    }

    @Test
    void emptyTreeIsByteIdentical() throws Exception {
        Repo r = Repo.init(tmp.resolve("empty"));
        assertSameAsGit(r, r.commit("nothing at all"));
    }

    @Test
    void everyTrailerLengthIsByteIdentical() throws Exception {
        // each file takes two records; 0..20 files walk the end across a whole 10240-byte block
        Repo r = Repo.init(tmp.resolve("trailers"));
        for (int n = 0; n <= 20; n++) {
            if (n > 0) {
                Trees.write(r, "f" + (100 + n), ("file " + n + "\n").getBytes(StandardCharsets.UTF_8), n % 3 == 0);
            }
            assertSameAsGit(r, r.commit("files: " + n));
        }
    }

    @Test
    void gitlinksAreEmptyDirectoryEntriesAndExportAttributesAreOff() throws Exception {
        Repo sub = Repo.init(tmp.resolve("sub"));
        sub.write("lib.c", "int x;\n").commit("sub");
        Repo r = Repo.init(tmp.resolve("super"));
        r.write(".gitattributes", "docs export-ignore\n*.in export-subst\n")
                .write("docs/guide.md", "guide\n")
                .write("version.in", "$Format:%H$\n");
        r.addSubmodule("third_party/sub", sub);
        String head = r.commit("super with a submodule");
        // makepkg's setting: the archive is of every file, unsubstituted
        Files.createDirectories(r.dir().resolve(".git/info"));
        Files.writeString(r.dir().resolve(".git/info/attributes"), "* -export-subst -export-ignore\n");
        assertSameAsGit(r, head);
    }

    @Test
    void exportIgnoreIsAppliedAsGitArchiveDoes() throws Exception {
        Repo sub = Repo.init(tmp.resolve("sub"));
        sub.write("lib.c", "int x;\n").commit("sub");
        Repo r = Repo.init(tmp.resolve("attrs"));
        r.write(
                        ".gitattributes",
                        "/tests export-ignore\n*.md export-ignore\nREADME.md -export-ignore\n"
                                + "build/ export-ignore\nvendor export-ignore\n[attr]drop export-ignore\n*.tmp drop\n")
                .write("README.md", "kept\n")
                .write("CHANGES.md", "dropped\n")
                .write("tests/t1", "t\n")
                .write("src/tests/kept", "only /tests is anchored\n")
                .write("src/a.tmp", "macro drops it\n")
                .write("build/out.o", "dir only\n")
                .write("src/build", "a file named build is kept\n")
                .write("src/.gitattributes", "local.txt export-ignore\n")
                .write("src/local.txt", "dropped\n")
                .write("src/keep.txt", "kept\n")
                .write("other/local.txt", "kept: other folder\n")
                .write("gen/.gitattributes", "** export-ignore\n")
                .write("gen/x/y.c", "all dropped, so no gen/\n");
        r.addSubmodule("vendor", sub);
        r.commit("attributes");
        String head = Trees.withEmptyTree(r, "empty/inside");
        try (Repository repo = Trees.open(r.dir())) {
            byte[] ours = Trees.ours(repo, head, ArchiveMode.EXPORT);
            byte[] theirs = Trees.gitArchive(r.dir(), head);
            assertThat(Trees.tarListing(ours)).isEqualTo(Trees.tarListing(theirs));
            assertThat(ours).isEqualTo(theirs);
        }
    }

    @Test
    void checksumIsSha256OfTheStream() throws Exception {
        Repo r = Trees.mixed(tmp.resolve("mixed"));
        try (Repository repo = Trees.open(r.dir())) {
            assertThat(SourceArchives.tarSha256(repo, ObjectId.fromString(r.head())))
                    .isEqualTo(Hashes.sha256(Trees.gitArchive(r.dir(), r.head())));
        }
    }

    @Test
    void crlfAndIdentConversionsAreRefusedNotHashedWrong() throws Exception {
        Repo r = Repo.init(tmp.resolve("eol"));
        r.write(".gitattributes", "*.bat text eol=crlf\n*.c ident\n")
                .write("run.bat", "echo hi\n")
                .commit("bat");
        try (Repository repo = Trees.open(r.dir())) {
            assertThatThrownBy(() -> SourceArchives.tarSha256(repo, ObjectId.fromString(r.head())))
                    .isInstanceOf(Refusal.class)
                    .hasMessageContaining("run.bat")
                    .hasMessageContaining("eol=crlf");
        }
        r.delete("run.bat");
        r.write("x.c", "/* $Id$ */\n");
        String head = r.commit("an ident");
        try (Repository repo = Trees.open(r.dir())) {
            assertThatThrownBy(() -> SourceArchives.tarSha256(repo, ObjectId.fromString(head)))
                    .isInstanceOf(Refusal.class)
                    .hasMessageContaining("x.c")
                    .hasMessageContaining("ident");
        }
        r.write("x.c", "/* no keyword */\n");
        String clean = r.commit("no keyword left");
        assertSameAsGit(r, clean);
    }

    @Test
    void missingCommitIsAMissingObjectsRefusal() throws Exception {
        Repo r = Trees.mixed(tmp.resolve("mixed"));
        try (Repository repo = Trees.open(r.dir())) {
            assertThatThrownBy(() -> SourceArchives.tarSha256(repo, ObjectId.fromString("1".repeat(40))))
                    .isInstanceOfSatisfying(
                            Refusal.class, e -> assertThat(e.missingObjects()).isTrue());
        }
    }

    /** C git archives the commit after patchpin read it: its run also proves git still finds the commit. */
    private static void assertSameAsGit(Repo r, String commit) throws IOException, Refusal {
        byte[] ours;
        try (Repository repo = Trees.open(r.dir())) {
            ours = Trees.ours(repo, commit, ArchiveMode.ARCHIVE);
        }
        byte[] theirs = Trees.gitArchive(r.dir(), commit);
        assertThat(Trees.tarListing(ours)).as("entries at " + commit).isEqualTo(Trees.tarListing(theirs));
        assertThat(ours.length).as("length at " + commit).isEqualTo(theirs.length);
        assertThat(ours).as("bytes at " + commit).isEqualTo(theirs);
    }
}
