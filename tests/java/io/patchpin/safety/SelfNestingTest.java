package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.IntFunction;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.TreeFormatter;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
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
     * itself ({@code .git/modules/NAME -> ..}), so every level resolves. The
     * levels below the last are written as objects in one go (a commit through
     * the index costs a repository opened and a work tree read); the last one
     * is committed through the index, which it leaves staged.
     */
    Repo chain(int levels, List<String> names, IntFunction<String> url) throws IOException {
        Repo r = Repo.init(tmp.resolve("self"));
        r.config("remote.origin.url", SELF);
        r.write("README", "level 0\n");
        String commit = r.commit("level 0");
        try (Repository repository = new FileRepositoryBuilder()
                        .setGitDir(r.dir().resolve(".git").toFile())
                        .build();
                ObjectInserter inserter = repository.newObjectInserter()) {
            PersonIdent who = new PersonIdent("Pat Pin", "pat@example.org", Instant.EPOCH, ZoneOffset.UTC);
            for (int level = 1; level < levels; level++) {
                TreeFormatter tree = new TreeFormatter();
                tree.append(".gitmodules", FileMode.REGULAR_FILE, blob(inserter, modules(names, url.apply(level))));
                tree.append("README", FileMode.REGULAR_FILE, blob(inserter, "level " + level + "\n"));
                for (String n : names.stream().sorted().toList()) {
                    tree.append(n, FileMode.GITLINK, ObjectId.fromString(commit));
                }
                CommitBuilder c = new CommitBuilder();
                c.setTreeId(inserter.insert(tree));
                c.setParentId(ObjectId.fromString(commit));
                c.setAuthor(who);
                c.setCommitter(who);
                c.setMessage("level " + level + "\n");
                commit = inserter.insert(c).name();
            }
            inserter.flush();
            RefUpdate main = repository.updateRef("refs/heads/main");
            main.setNewObjectId(ObjectId.fromString(commit));
            main.setForceUpdate(true);
            main.update();
        }
        for (String n : names) {
            r.gitlink(n, commit);
        }
        r.write(".gitmodules", modules(names, url.apply(levels)));
        r.write("README", "level " + levels + "\n");
        r.commit("level " + levels, ".gitmodules", "README");
        Path modulesDir = r.dir().resolve(".git/modules");
        Files.createDirectories(modulesDir);
        for (String n : names) {
            Files.createSymbolicLink(modulesDir.resolve(n), Path.of(".."));
        }
        return r;
    }

    private static String modules(List<String> names, String url) {
        StringBuilder modules = new StringBuilder();
        for (String n : names) {
            modules.append("[submodule \"")
                    .append(n)
                    .append("\"]\n\tpath = ")
                    .append(n)
                    .append("\n\turl = ")
                    .append(url)
                    .append('\n');
        }
        return modules.toString();
    }

    private static ObjectId blob(ObjectInserter inserter, String text) throws IOException {
        return inserter.insert(Constants.OBJ_BLOB, text.getBytes(StandardCharsets.UTF_8));
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
