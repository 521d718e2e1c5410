package io.patchpin.archive;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NAR computed from git objects equals an independent encoder's NAR of
 * what C git puts on disk: {@code git archive | tar -x} for fetchFromGitHub,
 * a clone's work tree (without .git) for fetchgit.
 */
class NarTest {
    @TempDir
    Path tmp;

    @Test
    void exportOfAMixedTreeMatchesTheUnpackedArchive() throws Exception {
        Repo r = Trees.mixed(tmp.resolve("mixed"));
        assertExportMatches(r);
    }

    @Test
    void exportIgnoreNestedAttributesGitlinksAndEmptyTreesMatchTheUnpackedArchive() throws Exception {
        Repo sub = Repo.init(tmp.resolve("sub"));
        sub.write("lib.c", "int x;\n").commit("sub");
        Repo r = Repo.init(tmp.resolve("attrs"));
        r.write(
                        ".gitattributes",
                        "/tests export-ignore\n*.md export-ignore\nREADME.md -export-ignore\n"
                                + "vendor/ignored export-ignore\n")
                .write("README.md", "kept\n")
                .write("NOTES.md", "dropped\n")
                .write("tests/t1", "t\n")
                .write("src/.gitattributes", "gen/** export-ignore\n")
                .write("src/gen/x/y.c", "dropped\n")
                .write("src/main.c", "int main;\n");
        Trees.write(r, "tools/run", "#!/bin/sh\n".getBytes(StandardCharsets.UTF_8), true);
        Trees.symlink(r, "tools/link", "run");
        r.addSubmodule("vendor/kept", sub).addSubmodule("vendor/ignored", sub);
        r.commit("attributes");
        String head = Trees.withEmptyTree(r, "empty/nested");
        assertExportMatches(r, head);
    }

    @Test
    void checkoutKeepsExportIgnoredFilesAndDropsEmptyTrees() throws Exception {
        Repo r = Trees.mixed(tmp.resolve("mixed"));
        r.write(".gitattributes", "*.md export-ignore\n").commit("export-ignore is not a checkout rule");
        String head = Trees.withEmptyTree(r, "only/empty");
        Path checkout = tmp.resolve("checkout");
        Git.run(tmp, "clone", "-q", "--no-checkout", r.url(), checkout.toString());
        Git.run(checkout, "checkout", "-q", head);
        deleteGitFiles(checkout);
        try (Repository repo = Trees.open(r.dir())) {
            assertThat(nar(repo, head, ArchiveMode.CHECKOUT, Submodules.NONE)).isEqualTo(TestNar.of(checkout));
        }
    }

    @Test
    void submodulesAreInsertedRecursivelyAsARecursiveCloneHasThem() throws Exception {
        Repo leaf = Repo.init(tmp.resolve("leaf"));
        Trees.write(leaf, "leaf.sh", "#!/bin/sh\n".getBytes(StandardCharsets.UTF_8), true);
        leaf.commit("leaf");
        Repo mid = Repo.init(tmp.resolve("mid"));
        mid.write("mid.txt", "mid\n").linkSubmodule("deps/leaf", leaf).commit("mid", "mid.txt", ".gitmodules");
        Repo top = Repo.init(tmp.resolve("top"));
        top.write("top.txt", "top\n").linkSubmodule("third_party/mid", mid).commit("top", "top.txt", ".gitmodules");
        Path clone = tmp.resolve("clone");
        Git.run(tmp, "clone", "-q", "--recurse-submodules", top.url(), clone.toString());
        deleteGitFiles(clone);
        Map<String, Repository> opened = new HashMap<>();
        Submodules subs = (path, commit) ->
                opened.computeIfAbsent(path, p -> Trees.open(p.equals("third_party/mid") ? mid.dir() : leaf.dir()));
        try (Repository repo = Trees.open(top.dir())) {
            byte[] ours = nar(repo, top.head(), ArchiveMode.CHECKOUT, subs);
            assertThat(ours).isEqualTo(TestNar.of(clone));
            assertThat(SourceArchives.narHash(repo, ObjectId.fromString(top.head()), ArchiveMode.CHECKOUT, subs))
                    .isEqualTo(TestNar.sri(ours));
        } finally {
            opened.values().forEach(Repository::close);
        }
    }

    @Test
    void exportSubstThatWouldExpandIsRefusedAndOneThatWouldNotIsHashed() throws Exception {
        Repo r = Repo.init(tmp.resolve("subst"));
        r.write(".gitattributes", "version.txt export-subst\n")
                .write("version.txt", "plain\n")
                .commit("no placeholder");
        assertExportMatches(r);
        r.write("version.txt", "commit $Format:%H$\n").commit("placeholder");
        try (Repository repo = Trees.open(r.dir())) {
            ObjectId head = ObjectId.fromString(r.head());
            assertThatThrownBy(() -> SourceArchives.narHash(repo, head, ArchiveMode.EXPORT, Submodules.NONE))
                    .isInstanceOf(Refusal.class)
                    .hasMessageContaining("version.txt")
                    .hasMessageContaining("export-subst");
            // a checkout does not substitute
            assertThat(SourceArchives.narHash(repo, head, ArchiveMode.CHECKOUT, Submodules.NONE))
                    .startsWith("sha256-");
        }
    }

    private void assertExportMatches(Repo r) throws Exception {
        assertExportMatches(r, r.head());
    }

    private void assertExportMatches(Repo r, String commit) throws Exception {
        Path unpacked = Trees.extract(r.dir(), commit, tmp.resolve("unpacked-" + commit.substring(0, 8)));
        try (Repository repo = Trees.open(r.dir())) {
            byte[] ours = nar(repo, commit, ArchiveMode.EXPORT, Submodules.NONE);
            byte[] theirs = TestNar.of(unpacked);
            assertThat(TestNar.listing(ours)).isEqualTo(TestNar.listing(theirs));
            assertThat(ours).isEqualTo(theirs);
        }
    }

    private static byte[] nar(Repository repo, String commit, ArchiveMode mode, Submodules subs) throws Refusal {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SourceArchives.writeNar(repo, ObjectId.fromString(commit), mode, subs, out);
        return out.toByteArray();
    }

    private static void deleteGitFiles(Path dir) throws IOException {
        List<Path> gits;
        try (Stream<Path> s = Files.walk(dir)) {
            gits = s.filter(p -> p.getFileName().toString().equals(".git")).toList();
        }
        for (Path g : gits) {
            try (Stream<Path> s = Files.walk(g)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
