package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.Hashes;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A patch entry's files list that does not match its patch is SEAL_BROKEN, never "applies, wrote nothing". */
class PatchFilesListTest {
    @TempDir
    Path tmp;

    private Repo repo;
    private Path ps;

    @BeforeEach
    void sealedPatchEntry() throws Exception {
        repo = Repo.init(tmp.resolve("work")).write("a.txt", "one\ntwo\n").write("b.txt", "uno\ndos\n");
        repo.commit("base");
        Files.writeString(
                tmp.resolve("a.patch"),
                "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n",
                StandardCharsets.UTF_8);
        ps = tmp.resolve("ps");
        Cli.ok("new", ps, "--repo", repo.dir());
        Entries.add("patch", ps, repo.dir(), "--component", ".", tmp.resolve("a.patch"), "--id", "p");
    }

    @Test
    void aPatchSwappedForAnotherFileWithItsHashUpdatedIsSealBroken() throws Exception {
        Path patch = onlyPatchFile();
        String old = Files.readString(patch, StandardCharsets.UTF_8);
        String swapped = "--- a/b.txt\n+++ b/b.txt\n@@ -1,2 +1,2 @@\n uno\n-dos\n+DOS\n";
        Files.writeString(patch, swapped, StandardCharsets.UTF_8);
        Path toml = ps.resolve("patchset.toml");
        String text = Files.readString(toml, StandardCharsets.UTF_8)
                .replace(
                        Hashes.sha256(old.getBytes(StandardCharsets.UTF_8)),
                        Hashes.sha256(swapped.getBytes(StandardCharsets.UTF_8)));
        Files.writeString(toml, text, StandardCharsets.UTF_8);
        expectSealBroken();
    }

    @Test
    void anUnsealedEntryListingOtherFilesIsSealBroken() throws Exception {
        Path toml = ps.resolve("patchset.toml");
        String text = Files.readString(toml, StandardCharsets.UTF_8);
        text = text.substring(0, text.indexOf("[entry.seal]")).replace("files = [\"a.txt\"]", "files = [\"c.txt\"]");
        Files.writeString(toml, text, StandardCharsets.UTF_8);
        expectSealBroken();
    }

    private void expectSealBroken() {
        Cli.Run verify = Cli.run("verify", ps, "--repo", repo.dir());
        assertThat(verify.exit()).as(verify.out() + verify.err()).isEqualTo(1);
        assertThat(verify.out()).contains("SEAL_BROKEN").contains("files");
        Cli.Run apply = Cli.run("apply", ps, "--repo", repo.dir());
        assertThat(apply.exit()).as(apply.out() + apply.err()).isEqualTo(1);
        assertThat(repo.read("a.txt")).isEqualTo("one\ntwo\n");
        assertThat(repo.read("b.txt")).isEqualTo("uno\ndos\n");
        assertThat(tmp.resolve("work/c.txt")).doesNotExist();
    }

    private Path onlyPatchFile() throws Exception {
        try (var s = Files.list(ps)) {
            return s.filter(p -> p.toString().endsWith(".patch")).findFirst().orElseThrow();
        }
    }
}
