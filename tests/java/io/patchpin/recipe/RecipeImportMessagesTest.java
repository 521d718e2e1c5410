package io.patchpin.recipe;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What import says when a recipe meets a revision it does not fit, in the words verify uses. */
class RecipeImportMessagesTest {
    @TempDir
    Path tmp;

    private Path write(String name, String text) {
        return Folders.write(tmp.resolve(name), text);
    }

    /** A repository whose one commit holds {@code f.txt}: {@code one}. */
    private Repo oneLineRepo() {
        Repo repo = Repo.init(tmp.resolve("repo")).write("f.txt", "one\n");
        repo.commit("base");
        return repo;
    }

    /** The refusal's standard error, once it is sure the import exited 2 and wrote no set. */
    private String refused(Cli.Run in) {
        assertThat(in.exit()).as(in.err()).isEqualTo(2);
        assertThat(tmp.resolve("set")).doesNotExist();
        return in.err();
    }

    /** {@code import tmp/set --repo REPO --from RECIPE}, then the options given. */
    private Cli.Run importInto(Repo repo, Path recipe, Object... options) {
        return Cli.run(Stream.concat(
                        Stream.of("import", tmp.resolve("set"), "--repo", repo.dir(), "--from", recipe),
                        Stream.of(options))
                .toArray());
    }

    @Test
    void aPatchAlreadyUpstreamAtTheRevisionIsSaidToBeSo() throws IOException {
        Repo repo = Repo.init(tmp.resolve("repo")).write("f.txt", "one\nTWO\nthree\n");
        repo.commit("upstream took the fix");
        write("recipe/fix.patch", "--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n");
        Path spec = write("recipe/x.spec", "Name: x\nPatch0: fix.patch\n%prep\n%autosetup -p1\n");
        assertThat(refused(importInto(repo, spec))).contains("already upstream (reverse-applies)");
    }

    @Test
    void aFormatTheTextIsNotIsRefused() throws IOException {
        Repo repo = oneLineRepo();
        Path ebuild = write("recipe/x-1.0.ebuild", "EAPI=8\nPATCHES=( \"${FILESDIR}\"/fix.patch )\n");
        assertThat(refused(importInto(repo, ebuild, "--format", "nix")))
                .contains("x-1.0.ebuild")
                .contains("reads as ebuild, not nix");
    }

    @Test
    void aComponentNotAtTheBaseIsOneRefusalNamingTheOption() throws IOException {
        Repo repo = oneLineRepo();
        Path spec = write("recipe/x.spec", "Name: x\n%prep\nsed -i 's/one/ONE/' f.txt\nsed -i 's/one/uno/' f.txt\n");
        Cli.Run in = importInto(repo, spec, "--component", "nosuch");
        assertThat(refused(in))
                .isEqualTo("patchpin: --component: 'nosuch' is not a component at the base "
                        + repo.head().substring(0, 12) + "\n");
        assertThat(in.out()).isEmpty();
    }
}
