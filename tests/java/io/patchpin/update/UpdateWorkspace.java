package io.patchpin.update;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The workspace update is tried on: a superproject with a submodule ({@code lib}), 40 commits on main after
 * {@code c0}, the commit the lock holds and the set {@code patchsets/p} is sealed at. Entries: {@code beta}
 * on a.txt (gone at c32), {@code two} on b.txt (gone at c25, "c25 renames two"), {@code x3} in lib (lib moves
 * at c10, far from it). Tags v1.9 (c5), v1.10 (c20), v2.0 (c30). The pins file is {@code pins/p.toml}, root
 * ref main.
 *
 * @param dir     the superproject's work tree, holding pins/ and patchsets/ (excluded from git)
 * @param commits c0 to c40
 */
record UpdateWorkspace(Path dir, List<String> commits) {
    /** The release tags, by the commit they are made at. */
    private static final Map<Integer, String> TAGS = Map.of(5, "v1.9", 20, "v1.10", 30, "v2.0");

    UpdateWorkspace {
        commits = List.copyOf(commits);
    }

    static UpdateWorkspace build(Path shared) {
        List<String> commits = new ArrayList<>();
        Repo lib = Repo.init(shared.resolve("lib"));
        StringBuilder x = new StringBuilder();
        for (int i = 1; i <= 20; i++) {
            x.append('x').append(i).append('\n');
        }
        lib.write("x.txt", x.toString()).commit("L0");
        Repo sup = Repo.init(shared.resolve("super"));
        sup.write("a.txt", "alpha\nbeta\ngamma\n").write("b.txt", "one\ntwo\nthree\n");
        sup.addSubmodule("lib", lib);
        commits.add(sup.commit("c0"));
        String l1 = lib.write("x.txt", x + "x21\n").commit("L1");
        for (int i = 1; i <= 40; i++) {
            sup.write("n.txt", "noise " + i + "\n");
            if (i == 10) {
                sup.bumpSubmodule("lib", l1);
            }
            if (i == 25) {
                sup.write("b.txt", "one\ndeux\nthree\n");
            }
            if (i == 32) {
                sup.write("a.txt", "alpha\ngamma\n");
            }
            commits.add(sup.commit("c" + i + (i == 25 ? " renames two" : "")));
            if (TAGS.containsKey(i)) {
                sup.tag(TAGS.get(i));
            }
        }
        Path dir = sup.dir();
        write(dir.resolve(".git/info/exclude"), "pins/\npatchsets/\n");
        write(
                dir.resolve("pins/p.toml"),
                "format = 1\npatchsets = [\"p\"]\n\n[[root]]\nname = \"TheRock\"\n"
                        + "url = \"https://example.com/TheRock.git\"\nref = \"main\"\npath = \"..\"\n");
        String set = dir.resolve("patchsets/p").toString();
        String repo = dir.toString();
        ok("new", set, "--repo", repo, "--rev", commits.get(0));
        Entries.rewrite(set, repo, "a.txt", "beta", "BETA", "--id", "beta");
        Entries.rewrite(set, repo, "b.txt", "two", "TWO", "--id", "two");
        Entries.rewrite(set, repo, "x.txt", "x3", "X3", "--id", "x3", "--component", "lib");
        ok(
                "lock",
                "--repo",
                repo,
                "--pins",
                dir.resolve("pins/p.toml").toString(),
                "--rev",
                commits.get(0),
                "-o",
                dir.resolve("pins/p.lock.toml").toString());
        return new UpdateWorkspace(dir, commits);
    }

    private static void ok(String... args) {
        Cli.Run r = Cli.run(args);
        assertThat(r.exit()).as(String.join(" ", args) + "\n" + r.err()).isZero();
    }

    static void write(Path p, String text) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
