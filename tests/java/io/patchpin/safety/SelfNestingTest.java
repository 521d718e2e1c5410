package io.patchpin.safety;

import static org.assertj.core.api.Assertions.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Submodules that nest without end: a repository holding itself (two such
 * submodules per level double the components at every level), and a chain
 * deeper than any real superproject. Both are refused, naming the chain.
 */
class SelfNestingTest {
    static final String SELF = "https://example.invalid/self.git";

    @TempDir
    Path tmp;

    /**
     * A chain of {@code levels} commits in one repository, each holding the
     * previous one at every path of {@code names}; {@code url} gives each
     * level's submodule URL. Every submodule's git directory is the repository
     * itself ({@code .git/modules/NAME -> ..}), so every level resolves.
     */
    Repo chain(int levels, List<String> names, IntFunction<String> url) throws IOException {
        Repo r = Repo.init(tmp.resolve("self"));
        r.git("config", "remote.origin.url", SELF);
        r.write("README", "level 0\n");
        String commit = r.commit("level 0");
        for (int level = 1; level <= levels; level++) {
            StringBuilder modules = new StringBuilder();
            for (String n : names) {
                modules.append("[submodule \"")
                        .append(n)
                        .append("\"]\n\tpath = ")
                        .append(n)
                        .append("\n\turl = ")
                        .append(url.apply(level))
                        .append('\n');
                r.gitlink(n, commit);
            }
            r.write(".gitmodules", modules.toString());
            r.write("README", "level " + level + "\n");
            commit = r.commit("level " + level, ".gitmodules", "README");
        }
        Path modulesDir = r.dir().resolve(".git/modules");
        Files.createDirectories(modulesDir);
        for (String n : names) {
            Files.createSymbolicLink(modulesDir.resolve(n), Path.of(".."));
        }
        return r;
    }

    @Test
    void aRepositoryHoldingItselfIsACycle() throws IOException {
        Repo r = chain(10, List.of("a", "b"), level -> SELF);

        Cli.Run run = Cli.run("lock", "--repo", r.dir());

        // before: 2,046 components resolved (doubling per level) and a lockfile of them all
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err())
                .contains("submodule cycle: component 'a' is repository " + SELF)
                .contains("as its ancestor '.'")
                .contains("(chain: . -> a)")
                .contains(".gitmodules of .");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aChainDeeperThan32LevelsIsRefused() throws IOException {
        Repo r = chain(34, List.of("n"), level -> "https://example.invalid/level-" + level + ".git");

        Cli.Run run = Cli.run("lock", "--repo", r.dir());

        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.err())
                .contains("submodules nested deeper than 32 levels at component '" + "n/".repeat(32) + "n'")
                .contains("(chain: . -> n -> n/n -> n/n/n");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void thirtyTwoLevelsStillResolve() throws IOException {
        Repo r = chain(32, List.of("n"), level -> "https://example.invalid/level-" + level + ".git");

        Cli.Run run = Cli.run("lock", "--repo", r.dir());

        assertThat(run.err()).doesNotContain("nested deeper");
        assertThat(run.out()).contains("n/".repeat(31) + "n");
    }
}
